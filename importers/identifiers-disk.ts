// The identifier importers' disk access: a source folder's files (only those
// the importer reads), the README's commit, and the catalog's files as
// written.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { snapshotFromReadme } from "./endoflife-import.ts";
import type { SourceFile } from "./identifiers-appledb.ts";
import { IDENTIFIER_SOURCES, type IdentifierImporter } from "./identifiers-import.ts";
import type { CatalogFile } from "./identifiers-merge.ts";
import type { LoadedRecord } from "../generator/load/validate.ts";

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
    .filter((rel) => IDENTIFIER_SOURCES[importer].reads.test(rel))
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
