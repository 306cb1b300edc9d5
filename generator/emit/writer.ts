// The one place emitters write through: counts files and bytes for the build
// summary and the benchmarks, and creates each folder once.
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";

export class OutputWriter {
  files = 0;
  bytes = 0;
  private readonly dirs = new Set<string>();

  constructor(readonly root: string) {}

  write(relPath: string, content: string | Uint8Array): void {
    writeFileSync(this.prepare(relPath), content);
    this.files += 1;
    this.bytes += typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
  }

  /** A large file written piece by piece, never joined into one string (the catalog CSV, the calendar). */
  writeParts(relPath: string, parts: Iterable<string>): void {
    const fd = openSync(this.prepare(relPath), "w");
    try {
      for (const part of parts) this.bytes += writeSync(fd, part);
    } finally {
      closeSync(fd);
    }
    this.files += 1;
  }

  private prepare(relPath: string): string {
    const abs = path.join(this.root, relPath);
    const dir = path.dirname(abs);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    return abs;
  }

  /**
   * Empty a folder an emitter owns whole (list pages, year files), so that a
   * watch-mode rebuild in place leaves no file of an earlier catalog behind.
   */
  clearDir(relPath: string): void {
    const abs = path.join(this.root, relPath);
    rmSync(abs, { recursive: true, force: true });
    for (const d of this.dirs) if (d === abs || d.startsWith(abs + path.sep)) this.dirs.delete(d);
  }

  json(relPath: string, value: unknown): void {
    this.write(relPath, `${JSON.stringify(value, null, 2)}\n`);
  }
}
