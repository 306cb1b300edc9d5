// The file reader the static layer serves a build through, over node:fs
// (which Deno provides too, so the preview and the Deno harness share it).
// ETags are kept per file version (modification time and size): a rebuild in
// place gets new ones.
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { etagOf } from "./etags.ts";
import type { FileReader } from "./static-layer.ts";

export function fileReader(root: string): FileReader {
  const base = path.resolve(root);
  const etags = new Map<string, { version: string; etag: string }>();
  return {
    async read(p) {
      // Never outside the build (a decoded "%2e%2e%2f" is "../"), never a name the file system refuses.
      const abs = path.resolve(base, `.${p}`);
      if (p.includes("\0") || !abs.startsWith(base + path.sep)) return null;
      const info = await stat(abs).catch(() => null);
      if (!info?.isFile()) return null;
      const body = new Uint8Array(await readFile(abs));
      const version = `${info.mtimeMs}:${info.size}`;
      let known = etags.get(abs);
      if (known?.version !== version) etags.set(abs, (known = { version, etag: await etagOf(body) }));
      return { body, etag: known.etag };
    },
  };
}
