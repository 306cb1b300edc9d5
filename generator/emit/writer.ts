// The one place emitters write through: counts files and bytes for the build
// summary and the benchmarks, creates each folder once, and keeps the ETag of
// every large file it writes for the build's manifest (derive/etags.ts).
import { createHash, type Hash } from "node:crypto";
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import { MANIFEST_MIN_BYTES, type EtagManifest } from "../derive/etags.ts";
import { jsonText } from "../contract/json-text.ts";

/** The ETag derive/etags.ts computes, from a running hash (SHA-1 hex, quoted). */
const etagFrom = (hash: Hash) => `"${hash.digest("hex")}"`;

/** Characters of a file written piece by piece (writeParts) gathered into one write. */
const WRITE_BATCH = 1 << 20;

export class OutputWriter {
  files = 0;
  bytes = 0;
  /** ETags and sizes of the files of at least MANIFEST_MIN_BYTES written, by path from the root ("/api/v1/dataset.csv"). */
  readonly etags: EtagManifest = {};
  private readonly dirs = new Set<string>();

  constructor(readonly root: string) {}

  write(relPath: string, content: string | Uint8Array): void {
    writeFileSync(this.prepare(relPath), content);
    const size = typeof content === "string" ? Buffer.byteLength(content) : content.byteLength;
    this.files += 1;
    this.bytes += size;
    if (size >= MANIFEST_MIN_BYTES) this.keepEtag(relPath, size, etagFrom(createHash("sha1").update(content)));
  }

  /** A large file written piece by piece, never joined into one string (the catalog CSV, the calendar). */
  writeParts(relPath: string, parts: Iterable<string>): void {
    const fd = openSync(this.prepare(relPath), "w");
    const hash = createHash("sha1");
    let size = 0;
    // Parts are joined into batches of about WRITE_BATCH characters: one system call per batch, not per part (a CSV record's rows).
    let batch: string[] = [];
    let length = 0;
    const flush = () => {
      const text = batch.join("");
      size += writeSync(fd, text);
      hash.update(text);
      batch = [];
      length = 0;
    };
    try {
      for (const part of parts) {
        batch.push(part);
        length += part.length;
        if (length >= WRITE_BATCH) flush();
      }
      if (length) flush();
    } finally {
      closeSync(fd);
    }
    this.files += 1;
    this.bytes += size;
    this.keepEtag(relPath, size, etagFrom(hash));
  }

  private keepEtag(relPath: string, size: number, etag: string): void {
    if (size >= MANIFEST_MIN_BYTES) this.etags[`/${relPath.replace(/^\//, "")}`] = { etag, size };
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
    const under = `/${relPath.replace(/^\/|\/$/g, "")}/`;
    for (const file of Object.keys(this.etags)) if (file.startsWith(under)) delete this.etags[file];
    for (const d of this.dirs) if (d === abs || d.startsWith(abs + path.sep)) this.dirs.delete(d);
  }

  /** Remove a file an earlier build wrote here that this one does not (watch mode's rebuilds in place), and its ETag. */
  remove(relPath: string): void {
    rmSync(path.join(this.root, relPath), { force: true });
    delete this.etags[`/${relPath.replace(/^\//, "")}`];
  }

  json(relPath: string, value: unknown): void {
    this.write(relPath, jsonText(value));
  }
}
