// Reading the catalog from disk. Everything else in load/ is pure.
import { existsSync, readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { OsReleaseFile } from "../schema/os-release.ts";
import { validateOsReleases } from "./os-releases.ts";
import { validateFiles, type LoadedRecord, type Problem, type RawFile, type ValidationCache } from "./validate.ts";

export async function readCatalog(dataDir: string, cache?: ValidationCache): Promise<{ records: LoadedRecord[]; problems: Problem[] }> {
  const dir = path.join(dataDir, "devices");
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".json")).sort();
  } catch {
    return { records: [], problems: [{ file: dir, path: "", message: "directory not found (expected one JSON file per device)" }] };
  }
  // One file at a time: tens of thousands of concurrent opens exhaust file descriptors (EMFILE).
  const files: RawFile[] = names.map((n) => ({
    file: path.join(dir, n),
    slug: n.slice(0, -".json".length),
    text: readFileSync(path.join(dir, n), "utf8"),
  }));
  return validateFiles(files, cache);
}

/** The OS release records, data/os/<os>.json; a data folder without os/ has none (a test catalog, the synthetic one). */
export async function readOsReleases(dataDir: string): Promise<{ files: OsReleaseFile[]; problems: Problem[] }> {
  const dir = path.join(dataDir, "os");
  if (!existsSync(dir)) return { files: [], problems: [] };
  const names = (await readdir(dir)).filter((n) => n.endsWith(".json")).sort();
  return validateOsReleases(names.map((n) => ({ file: path.join(dir, n), name: n.slice(0, -".json".length), text: readFileSync(path.join(dir, n), "utf8") })));
}
