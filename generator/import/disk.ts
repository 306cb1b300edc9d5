// The importer's only disk access: reading an endoflife.date snapshot folder
// and writing what runImport decided. The catalog is read by load/read.ts,
// as every command reads it.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SourceProblem } from "./front-matter.ts";
import { snapshotFromReadme, type ProductText } from "./endoflife-import.ts";

export interface SnapshotFolder {
  products: ProductText[];
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
  return {
    products: names.map((name) => ({ name, path: path.join(productsDir, name), text: readFileSync(path.join(productsDir, name), "utf8") })),
    recorded: existsSync(readme) ? snapshotFromReadme(readFileSync(readme, "utf8")) : undefined,
    problems,
  };
}

export function writeUnder(dataDir: string, writes: { path: string; text: string }[]): void {
  for (const w of writes) {
    const target = path.join(dataDir, w.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, w.text);
  }
}
