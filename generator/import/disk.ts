// The importer's only disk access: reading an endoflife.date snapshot folder
// and writing what runImport decided. The catalog is read by load/read.ts,
// as every command reads it.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SourceProblem } from "./front-matter.ts";
import { snapshotFromReadme, type ProductText } from "./endoflife-import.ts";
import type { OsText } from "./endoflife-os.ts";
import type { ReleaseDataText } from "./endoflife-release-data.ts";
import type { AppleBuild, SofaFeed } from "./apple-crosscheck.ts";

export interface SnapshotFolder {
  products: ProductText[];
  /** os/*.md, when the folder has them. */
  osFiles: OsText[];
  /** The commit the folder's README says the files are from, if it says. */
  recorded?: { commit: string; commitDate: string };
  problems: SourceProblem[];
}

export function readSnapshotFolder(dir: string): SnapshotFolder {
  const productsDir = path.join(dir, "products");
  const problems: SourceProblem[] = [];
  if (!existsSync(path.join(dir, "LICENSE")))
    problems.push({ file: path.join(dir, "LICENSE"), line: 1, message: "not found: endoflife.date's MIT license must come with its files" });
  let names: string[] = [];
  try {
    names = readdirSync(productsDir)
      .filter((n) => n.endsWith(".md"))
      .sort();
  } catch {
    problems.push({ file: productsDir, line: 1, message: "not found: expected endoflife.date's products/*.md files" });
  }
  if (!names.length && !problems.length) problems.push({ file: productsDir, line: 1, message: "holds no .md product file" });
  const readme = path.join(dir, "README.md");
  const osDir = path.join(dir, "os");
  const osNames = existsSync(osDir)
    ? readdirSync(osDir)
        .filter((n) => n.endsWith(".md"))
        .sort()
    : [];
  return {
    products: names.map((name) => ({ name, path: path.join(productsDir, name), text: readFileSync(path.join(productsDir, name), "utf8") })),
    osFiles: osNames.map((name) => ({ name, path: path.join(osDir, name), text: readFileSync(path.join(osDir, name), "utf8") })),
    recorded: existsSync(readme) ? snapshotFromReadme(readFileSync(readme, "utf8")) : undefined,
    problems,
  };
}

/** endoflife.date's release-data folder: releases/*.json and the commit its README records. */
export function readReleaseDataFolder(dir: string): { files: ReleaseDataText[]; recorded?: { commit: string; commitDate: string }; problems: SourceProblem[] } {
  const releases = path.join(dir, "releases");
  if (!existsSync(releases))
    return { files: [], problems: [{ file: releases, line: 1, message: "not found: expected endoflife.date release-data's releases/*.json" }] };
  const readme = path.join(dir, "README.md");
  const recorded = existsSync(readme) ? snapshotFromReadme(readFileSync(readme, "utf8")) : undefined;
  const names = readdirSync(releases)
    .filter((n) => n.endsWith(".json"))
    .sort();
  return {
    files: names.map((name) => ({ name, path: path.join(releases, name), text: readFileSync(path.join(releases, name), "utf8") })),
    recorded,
    problems: recorded ? [] : [{ file: readme, line: 1, message: "does not record the commit and date the release-data files are from" }],
  };
}

/** SOFA's v2 feeds and AppleDB's os-builds.json, for the Apple cross-check (undefined when either folder is missing). */
export function readAppleSources(
  sofaDir: string,
  appledbDir: string,
): { sofa: Record<string, SofaFeed>; builds: AppleBuild[]; appledbDate: string } | undefined {
  const builds = path.join(appledbDir, "os-builds.json");
  if (!existsSync(path.join(sofaDir, "v2")) || !existsSync(builds)) return undefined;
  const sofa = Object.fromEntries(
    ["ios", "watchos", "macos"].map((os) => [os, JSON.parse(readFileSync(path.join(sofaDir, "v2", `${os}_data_feed.json`), "utf8")) as SofaFeed]),
  );
  const appledb = JSON.parse(readFileSync(builds, "utf8")) as { date: string; builds: AppleBuild[] };
  return { sofa, builds: appledb.builds, appledbDate: appledb.date };
}

export function writeUnder(dataDir: string, writes: { path: string; text: string }[]): void {
  for (const w of writes) {
    const target = path.join(dataDir, w.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, w.text);
  }
}
