// The identifier importers' disk access: a source folder's files (only those
// the importer reads), the README's commit, and the catalog's files as
// written.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { snapshotFromReadme } from "./endoflife-import.ts";
import type { SourceFile } from "./identifiers-appledb.ts";
import type { IdentifierImporter } from "./identifiers-import.ts";
import type { CatalogFile } from "./identifiers-merge.ts";
import type { LoadedRecord } from "../load/validate.ts";

const READS: Record<IdentifierImporter, RegExp> = {
  samsung: /^products\/samsung-[^/]+\.md$/,
  appledb: /^(deviceFiles\/(Apple Watch|iPad|iPhone)\/[^/]+\.json|supplement-[^/]+\.json)$/,
  sofa: /^(v2\/(ios|watchos)_data_feed\.json|data\/models\/sources\/(ios|ipados|watchos)_devices\.json)$/,
  android: /^(devices|package)\.json$/,
  surface: /^surface\/surface-system-sku-reference\.md$/,
  aer: /^aer-devices\.md$/,
  eprel: /^eprel_smartphones_tous_les_modeles\.csv$/,
};

function walk(dir: string, rel = ""): string[] {
  return readdirSync(path.join(dir, rel))
    .sort()
    .flatMap((n) => {
      const r = rel ? `${rel}/${n}` : n;
      return statSync(path.join(dir, r)).isDirectory() ? walk(dir, r) : [r];
    });
}

export function readSourceFolder(
  importer: IdentifierImporter,
  dir: string,
): { files: SourceFile[]; recorded?: { commit: string; commitDate: string }; version?: string } {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return { files: [] };
  const files = walk(dir)
    .filter((rel) => READS[importer].test(rel))
    .map((rel) => ({ rel, path: path.join(dir, rel), text: readFileSync(path.join(dir, rel), "utf8") }));
  const readme = path.join(dir, "README.md");
  const pkg = files.find((f) => f.rel === "package.json");
  let version: string | undefined;
  try {
    version = pkg ? (JSON.parse(pkg.text).version as string) : undefined;
  } catch {
    version = undefined;
  }
  return { files, recorded: existsSync(readme) ? snapshotFromReadme(readFileSync(readme, "utf8")) : undefined, version };
}

/** The loaded catalog with each file's JSON as written. */
export function withRaw(records: LoadedRecord[]): CatalogFile[] {
  return records.map((l) => ({ ...l, raw: JSON.parse(readFileSync(l.file, "utf8")) }));
}
