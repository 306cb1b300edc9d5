// Test helpers for the endoflife.date importer: the hand-made snapshot and
// catalog under importers/fixtures/endoflife/, read as the CLI reads them.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { readProductFile } from "../../importers/endoflife-releases.ts";
import { readRelease, type ReleaseReading } from "../../importers/endoflife-readings.ts";
import { readAppleSources, readReleaseDataFolder, readSnapshotFolder } from "../../importers/disk.ts";
import { readOsFile, type OsFile } from "../../importers/endoflife-os.ts";
import type { DeviceRecord } from "../../generator/schema/record.ts";

export const ENDOFLIFE_FIXTURES = path.resolve(import.meta.dirname, "../../importers/fixtures/endoflife");
export const SNAPSHOT = path.join(ENDOFLIFE_FIXTURES, "snapshot");
export const FIXTURE_DATA = path.join(ENDOFLIFE_FIXTURES, "data");
/** Beside the snapshot, where the CLI looks for release-data by default (as ../shared/sources holds both). */
export const FIXTURE_RELEASE_DATA = path.join(ENDOFLIFE_FIXTURES, "endoflife-release-data");
/** The pinned, licensed copies of the sources (shared/sources beside the repository, as CI has it). */
export const PINNED_SOURCES = path.resolve(import.meta.dirname, "../../../shared/sources");
export const REAL_SNAPSHOT = path.join(PINNED_SOURCES, "endoflife.date");
export const REAL_RELEASE_DATA = path.join(PINNED_SOURCES, "endoflife-release-data");

/** The pinned snapshot as the CLI reads it by default: product and OS files, and the release-data beside them. */
export function realSources() {
  const folder = readSnapshotFolder(REAL_SNAPSHOT);
  const releaseData = readReleaseDataFolder(REAL_RELEASE_DATA);
  const apple = readAppleSources(path.join(REAL_SNAPSHOT, "..", "sofa"), path.join(REAL_SNAPSHOT, "..", "appledb")).apple!;
  return { folder, input: { products: folder.products, osFiles: folder.osFiles, releaseData: { files: releaseData.files, ...releaseData.recorded! }, apple } };
}

/** The hand-made snapshot and release-data as the CLI reads them by default: runImport's input without the catalog. */
export function fixtureSources() {
  const { products, osFiles } = readSnapshotFolder(SNAPSHOT);
  const releaseData = readReleaseDataFolder(FIXTURE_RELEASE_DATA);
  return { products, osFiles, releaseData: { files: releaseData.files, ...releaseData.recorded! } };
}

/** The fixture snapshot's commit, and the day the tests pretend to read it. */
export const CONTEXT = { commit: "1111111111111111111111111111111111111111", commitDate: "2026-08-22", checked: "2026-11-24", state: "draft" as const };

/** The reading of one fixture release. */
export function fixtureReading(file: string, cycle: string): ReleaseReading {
  const { product, problems } = readProductFile(file, file, readFileSync(path.join(SNAPSHOT, "products", file), "utf8"));
  if (!product) throw new Error(problems.map((p) => `${p.file}:${p.line}: ${p.message}`).join("\n"));
  const release = product.releases.find((r) => r.cycle === cycle);
  if (!release) throw new Error(`${file} has no release ${cycle}`);
  return readRelease(product, release, { ...CONTEXT, osFiles: fixtureOsFiles() });
}

/** The fixture snapshot's OS files (os/*.md), read as the importer reads them. */
export function fixtureOsFiles(): Map<string, OsFile> {
  return new Map(readSnapshotFolder(SNAPSHOT).osFiles.map((o) => [o.name, readOsFile(o).os!]));
}

/** A curated fixture record, as a fresh object a test may change. */
export const fixtureRecord = (slug: string): DeviceRecord => JSON.parse(readFileSync(path.join(FIXTURE_DATA, "devices", `${slug}.json`), "utf8"));

const ROOT = path.resolve(import.meta.dirname, "../..");
/** `npm run import`'s script, run as the command line runs it. */
export const IMPORT_COMMAND = path.join(ROOT, "importers/cli/import.ts");

/** `npm run import -- ...args` in a process of its own: the exit status the shell sees, and what it writes. */
export function importCli(args: string[]): { status: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, ["--import", "tsx", IMPORT_COMMAND, ...args], { cwd: ROOT, encoding: "utf8", stdio: "pipe" });
    return { status: 0, stdout, stderr: "" };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { status: err.status, stdout: err.stdout, stderr: err.stderr };
  }
}
