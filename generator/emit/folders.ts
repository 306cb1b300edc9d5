// The folder sizes of a written build, checked against the CDN's limit before
// the build replaces the last one: derive/layout.ts spreads the per-device
// files, and this catches any other folder that would outgrow the limit.
import { readdir } from "node:fs/promises";
import path from "node:path";

export interface FolderSize {
  /** The folder, relative to the build's root ("" for the root itself). */
  folder: string;
  entries: number;
}

/** Every folder under `root` with its number of entries (files and subfolders), largest first. */
export async function folderSizes(root: string): Promise<FolderSize[]> {
  const sizes: FolderSize[] = [];
  const visit = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true });
    sizes.push({ folder: path.relative(root, dir), entries: entries.length });
    for (const e of entries) if (e.isDirectory()) await visit(path.join(dir, e.name));
  };
  await visit(root);
  return sizes.sort((a, b) => b.entries - a.entries || (a.folder < b.folder ? -1 : 1));
}
