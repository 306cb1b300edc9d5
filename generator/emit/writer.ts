// The one place emitters write through: counts files and bytes for the build
// summary and the benchmarks, and creates each folder once.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export class OutputWriter {
  files = 0;
  bytes = 0;
  private readonly dirs = new Set<string>();

  constructor(readonly root: string) {}

  write(relPath: string, content: string | Uint8Array): void {
    const abs = path.join(this.root, relPath);
    const dir = path.dirname(abs);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    writeFileSync(abs, content);
    this.files += 1;
    this.bytes += typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
  }

  json(relPath: string, value: unknown): void {
    this.write(relPath, `${JSON.stringify(value, null, 2)}\n`);
  }
}
