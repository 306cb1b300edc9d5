// Measurement 3: the write floor. Plain Node writing the same files (same
// relative paths, same sizes) as a finished build, with no rendering: sync
// writes, one mkdir per folder. Listing the build's files is not timed.
// Run directly, it is the child: writes into outDir and prints one JSON line.
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isMain, measured, runChild, type Usage } from "./lib.ts";

export interface FloorResult extends Usage {
  files: number;
  bytes: number;
}

export async function measureWriteFloor(builtDir: string, outDir: string): Promise<FloorResult> {
  const { json } = await runChild<FloorResult>(import.meta.filename, [builtDir, outDir]);
  if (!json) throw new Error("write-floor child printed no result");
  return json;
}

function listFiles(root: string): { rel: string; size: number }[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const abs = path.join(e.parentPath, e.name);
      return { rel: path.relative(root, abs), size: statSync(abs).size };
    });
}

if (isMain(import.meta.filename)) {
  const [builtDir, outDir] = process.argv.slice(2) as [string, string];
  const files = listFiles(builtDir);
  const content = Buffer.alloc(
    files.reduce((m, f) => Math.max(m, f.size), 0),
    "x",
  );
  const { usage } = await measured(() => {
    const made = new Set<string>();
    for (const f of files) {
      const abs = path.join(outDir, f.rel);
      const dir = path.dirname(abs);
      if (!made.has(dir)) {
        mkdirSync(dir, { recursive: true });
        made.add(dir);
      }
      writeFileSync(abs, content.subarray(0, f.size));
    }
  });
  console.log(JSON.stringify({ ...usage, files: files.length, bytes: files.reduce((n, f) => n + f.size, 0) }));
}
