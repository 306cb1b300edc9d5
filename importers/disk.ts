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
import { readAppleBuilds, readSofaFeed } from "./apple-sources.ts";
import type { SourceFile } from "./identifiers-appledb.ts";
import { APPLEDB_BUILDS, MAC_FOLDERS, SOFA_FEED, SOFA_TABLE } from "./macs-models.ts";
import { MODELS_FILE, NEWEST_FOLDER, SAMPLES_FILE, type ChromeSources } from "./chromeos-models.ts";
import { SUPPORTED_OS_FILE, WINDOWS_FILE } from "./surface-windows.ts";
import { commitsFromReadme, XIAOMI_FILES } from "./xiaomi-sources.ts";

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

/**
 * SOFA's v2 feeds and AppleDB's os-builds.json, for the Apple cross-check:
 * none when either folder is missing (the cross-check is skipped); a file
 * that is missing, not JSON or of another shape is a problem (file:line).
 */
export function readAppleSources(
  sofaDir: string,
  appledbDir: string,
): { apple?: { sofa: Record<string, SofaFeed>; builds: AppleBuild[]; appledbDate: string }; problems: SourceProblem[] } {
  const buildsFile = path.join(appledbDir, APPLEDB_BUILDS);
  if (!existsSync(path.join(sofaDir, "v2")) || !existsSync(buildsFile)) return { problems: [] };
  const problems: SourceProblem[] = [];
  const sofa: Record<string, SofaFeed> = {};
  for (const os of ["ios", "watchos", "macos"]) {
    const file = path.join(sofaDir, "v2", `${os}_data_feed.json`);
    if (!existsSync(file)) {
      problems.push({ file, line: 1, message: "not found: SOFA's v2 feed of this OS is needed for the Apple cross-check" });
      continue;
    }
    const read = readSofaFeed(file, readFileSync(file, "utf8"));
    problems.push(...read.problems);
    if (read.feed) sofa[os] = read.feed;
  }
  const builds = readAppleBuilds(buildsFile, readFileSync(buildsFile, "utf8"));
  problems.push(...builds.problems);
  if (problems.length || !builds.builds) return { problems };
  return { apple: { sofa, builds: builds.builds.builds, appledbDate: builds.builds.date }, problems };
}

export function writeUnder(dataDir: string, writes: { path: string; text: string }[]): void {
  for (const w of writes) {
    const target = path.join(dataDir, w.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, w.text);
  }
}

/**
 * The Mac importer's files in a sources folder (as ../shared/sources): AppleDB's
 * Mac device files and builds, SOFA's macOS feed and model table, endoflife.date's
 * os/macos.md, and the commits the folders' READMEs record. A missing file is a problem.
 */
export function readMacFolder(dir: string): {
  appledb: { deviceFiles: SourceFile[]; builds?: SourceFile; recorded?: { commit: string; commitDate: string } };
  sofa: { feed?: SourceFile; table?: SourceFile; recorded?: { commit: string; commitDate: string } };
  endoflife: { macos?: OsText; recorded?: { commit: string; commitDate: string } };
  problems: SourceProblem[];
} {
  const problems: SourceProblem[] = [];
  const file = (folder: string, rel: string): SourceFile | undefined => {
    const p = path.join(dir, folder, rel);
    if (existsSync(p)) return { rel, path: p, text: readFileSync(p, "utf8") };
    problems.push({ file: p, line: 1, message: "not found" });
    return undefined;
  };
  const recorded = (folder: string) => {
    const readme = path.join(dir, folder, "README.md");
    const r = existsSync(readme) ? snapshotFromReadme(readFileSync(readme, "utf8")) : undefined;
    if (!r) problems.push({ file: readme, line: 1, message: "does not record the commit and date the files are from" });
    return r;
  };
  const deviceFiles = MAC_FOLDERS.flatMap((folder) => {
    const full = path.join(dir, "appledb", folder);
    if (!existsSync(full)) {
      problems.push({ file: full, line: 1, message: "not found: expected AppleDB's Mac device files" });
      return [];
    }
    return readdirSync(full)
      .filter((n) => n.endsWith(".json"))
      .sort()
      .map((n) => file("appledb", `${folder}/${n}`)!);
  });
  const macos = file("endoflife.date", "os/macos.md");
  return {
    appledb: { deviceFiles, builds: file("appledb", APPLEDB_BUILDS), recorded: recorded("appledb") },
    sofa: { feed: file("sofa", SOFA_FEED), table: file("sofa", SOFA_TABLE), recorded: recorded("sofa") },
    endoflife: { ...(macos ? { macos: { name: "macos.md", path: macos.path, text: macos.text } } : {}), recorded: recorded("endoflife.date") },
    problems,
  };
}

/**
 * The ChromeOS importer's files in the chromeos-update-directory copy:
 * models.json, aue-samples.json, images-newest/*.json and the commit its
 * README records. A missing file (or LICENSE) is a problem.
 */
export function readChromeosFolder(dir: string): { sources?: ChromeSources; recorded?: { commit: string; commitDate: string }; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  const file = (rel: string) => {
    const p = path.join(dir, rel);
    if (existsSync(p)) return { path: p, text: readFileSync(p, "utf8") };
    problems.push({ file: p, line: 1, message: "not found" });
    return undefined;
  };
  if (!existsSync(path.join(dir, "LICENSE")))
    problems.push({ file: path.join(dir, "LICENSE"), line: 1, message: "not found: the Apache-2.0 license must come with the files" });
  const readme = path.join(dir, "README.md");
  const recorded = existsSync(readme) ? snapshotFromReadme(readFileSync(readme, "utf8")) : undefined;
  if (!recorded) problems.push({ file: readme, line: 1, message: "does not record the commit and date the files are from" });
  const models = file(MODELS_FILE);
  const samples = file(SAMPLES_FILE);
  const newestDir = path.join(dir, NEWEST_FOLDER);
  const newest = existsSync(newestDir)
    ? readdirSync(newestDir)
        .filter((n) => n.endsWith(".json"))
        .sort()
        .map((n) => ({ path: path.join(newestDir, n), text: readFileSync(path.join(newestDir, n), "utf8") }))
    : [];
  if (!newest.length) problems.push({ file: newestDir, line: 1, message: "not found or empty: expected each recovery image's newest data.json" });
  return { ...(models && samples ? { sources: { models, samples, newest } } : {}), ...(recorded ? { recorded } : {}), problems };
}

/**
 * The surface-windows importer's files in a sources folder (as
 * ../shared/sources): Microsoft's Surface supported-OS table and
 * endoflife.date's os/windows.md, each with the commit its README records.
 */
export function readSurfaceWindowsFolder(dir: string): {
  supportedOs?: { path: string; text: string };
  windows?: { path: string; text: string };
  devicesDocs?: { commit: string; commitDate: string };
  endoflife?: { commit: string; commitDate: string };
  problems: SourceProblem[];
} {
  const problems: SourceProblem[] = [];
  const read = (rel: string) => {
    const file = path.join(dir, rel);
    if (existsSync(file)) return { path: file, text: readFileSync(file, "utf8") };
    problems.push({ file, line: 1, message: "not found" });
    return undefined;
  };
  const commitOf = (folder: string) => {
    const readme = read(`${folder}/README.md`);
    const recorded = readme && snapshotFromReadme(readme.text);
    if (readme && !recorded) problems.push({ file: readme.path, line: 1, message: "does not record the commit and date its files are from" });
    return recorded;
  };
  const out = {
    supportedOs: read(SUPPORTED_OS_FILE),
    windows: read(WINDOWS_FILE),
    devicesDocs: commitOf("microsoft-devices-docs"),
    endoflife: commitOf("endoflife.date"),
  };
  return { ...out, problems };
}

/**
 * The Xiaomi importer's files (../shared/sources/xiaomi-devices): Xiaomi's two
 * lists, their histories, Google Play's Xiaomi rows, and the commit of each
 * saved file as the README's table gives it. A missing file is a problem.
 */
export function readXiaomiFolder(dir: string): {
  files?: Record<keyof typeof XIAOMI_FILES, SourceFile>;
  commits: Record<string, { commit: string; commitDate: string }>;
  problems: SourceProblem[];
} {
  const problems: SourceProblem[] = [];
  const files = Object.fromEntries(
    Object.entries(XIAOMI_FILES).map(([k, rel]) => {
      const p = path.join(dir, rel);
      if (!existsSync(p)) problems.push({ file: p, line: 1, message: "not found" });
      return [k, { rel, path: p, text: existsSync(p) ? readFileSync(p, "utf8") : "" }];
    }),
  ) as Record<keyof typeof XIAOMI_FILES, SourceFile>;
  if (!existsSync(path.join(dir, "LICENSE")))
    problems.push({ file: path.join(dir, "LICENSE"), line: 1, message: "not found: the GPL-3.0 license must come with the saved lists" });
  const readme = path.join(dir, "README.md");
  const commits = existsSync(readme) ? commitsFromReadme(readFileSync(readme, "utf8")) : {};
  for (const rel of [XIAOMI_FILES.aer, XIAOMI_FILES.eol, XIAOMI_FILES.gplay])
    if (!commits[rel]) problems.push({ file: readme, line: 1, message: `does not record the commit and date ${rel} is from` });
  return { ...(problems.length ? {} : { files }), commits, problems };
}
