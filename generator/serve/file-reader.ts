// The file reader the static layer serves a build through, over node:fs
// (which Deno provides too, so the preview and the Deno harness share it).
// Each file is known by its version (modification time and size): its ETag is
// computed once per version, and small files are kept in memory (the most
// recently read, up to a total), so a hot record costs one stat.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { etagOf } from "../derive/etags.ts";
import type { FileReader, StoredFile } from "./static-layer.ts";

/** Files up to this size are kept, up to KEPT_BYTES in all. */
const KEEP_MAX_FILE = 64 * 1024;
const KEPT_BYTES = 16 * 1024 * 1024;

export function fileReader(root: string): FileReader {
  const base = path.resolve(root);
  const known = new Map<string, { version: string; file: StoredFile | { etag: string } }>();
  let kept = 0;
  const keep = (abs: string, version: string, file: StoredFile) => {
    const small = file.body.byteLength <= KEEP_MAX_FILE;
    const old = known.get(abs);
    if (old && "body" in old.file) kept -= old.file.body.byteLength;
    known.delete(abs);
    known.set(abs, { version, file: small ? file : { etag: file.etag } });
    if (small) kept += file.body.byteLength;
    for (const [key, entry] of known) {
      if (kept <= KEPT_BYTES) break;
      if ("body" in entry.file) {
        kept -= entry.file.body.byteLength;
        known.set(key, { version: entry.version, file: { etag: entry.file.etag } });
      }
    }
  };
  return {
    async read(p) {
      // Never outside the build (a decoded "%2e%2e%2f" is "../"), never a name the file system refuses.
      const abs = path.resolve(base, `.${p}`);
      if (p.includes("\0") || !abs.startsWith(base + path.sep)) return null;
      const info = await stat(abs).catch(() => null);
      if (!info?.isFile()) return null;
      const version = `${info.mtimeMs}:${info.size}`;
      const hit = known.get(abs);
      if (hit?.version === version && "body" in hit.file) return hit.file;
      const body = new Uint8Array(await readFile(abs));
      const file = { body, etag: hit?.version === version ? hit.file.etag : await etagOf(body) };
      keep(abs, version, file);
      return file;
    },
  };
}
