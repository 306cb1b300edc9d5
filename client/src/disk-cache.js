// The on-disk ETag cache (`--cache DIR`): the last good answer of each URL
// survives the process, so a CI job that cannot reach the service still
// answers from its previous run. Two files per URL, named by the SHA-256 of
// the URL: <hash>.body (the bytes as received) and <hash>.json (the URL asked, the
// URL answering, the ETag, when the service last confirmed it and the headers kept). Each is
// written to a temporary name and renamed, so a killed run never leaves a
// half-written entry; an unreadable entry is a miss, never an error.
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * @param {string} dir Created on first write.
 * @returns {import("./index.js").Cache}
 */
export function diskCache(dir) {
  const base = (url) => path.join(dir, createHash("sha256").update(url).digest("hex"));
  const put = async (file, data) => {
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  };
  return {
    async get(url) {
      try {
        const { key, ...meta } = JSON.parse(await readFile(`${base(url)}.json`, "utf8"));
        if (key !== url) return undefined;
        const body = new Uint8Array(await readFile(`${base(url)}.body`));
        return { ...meta, body };
      } catch {
        return undefined;
      }
    },
    async set(url, entry) {
      await mkdir(dir, { recursive: true });
      const { body, ...meta } = entry;
      await put(`${base(url)}.body`, body);
      await put(`${base(url)}.json`, JSON.stringify({ key: url, ...meta }));
    },
    async delete(url) {
      await rm(`${base(url)}.json`, { force: true });
      await rm(`${base(url)}.body`, { force: true });
    },
  };
}
