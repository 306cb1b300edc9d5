// A folder's whole content as one digest: every file's path and bytes.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export function treeDigest(dir: string): string {
  const hash = createHash("sha256");
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
  for (const f of files) hash.update(`${f}\0`).update(readFileSync(path.join(dir, f))).update("\0");
  return `${files.length} files, sha256 ${hash.digest("hex")}`;
}
