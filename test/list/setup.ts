// Synthetic catalogs for the list tests: written by the synth CLI into a
// temporary folder, then built like any catalog.
import { execFileSync } from "node:child_process";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { buildTo, tempDir } from "../helpers/build.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A catalog of `count` synthetic records (seeded) in a fresh folder; returns the folder. */
export function synthCatalog(count: number, seed: number): string {
  const dir = tempDir("dl-list-synth-");
  execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "generator/cli/synth.ts"), "--count", String(count), "--out", dir, "--seed", String(seed)],
    { cwd: ROOT, stdio: "pipe" },
  );
  return dir;
}

/** Synthesize and build; returns the catalog and dist folders. */
export async function synthBuild(count: number, seed: number): Promise<{ data: string; dist: string }> {
  const data = synthCatalog(count, seed);
  const { outDir } = await buildTo(data, "2026-11-22", path.join(data, "dist"));
  return { data, dist: outDir };
}

export const recordFiles = (data: string) => readdirSync(path.join(data, "devices")).filter((f) => f.endsWith(".json"));

export const removeRecord = (data: string, file: string) => rmSync(path.join(data, "devices", file));
