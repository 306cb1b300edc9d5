// Entity tags: strong, a hash of the bytes and nothing else, so the same bytes
// have the same ETag whichever layer produced them (a static file, the edge
// function, the preview). Runs under Node and Deno (WebCrypto).

/** The strong ETag of a body: its SHA-1, in hex, quoted. */
export async function etagOf(body: string | Uint8Array): Promise<string> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", bytes as Uint8Array<ArrayBuffer>));
  return `"${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

/** RFC 9110 If-None-Match: a list of entity tags or `*`, compared weakly. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => opaque(t) === opaque(etag));
}

/**
 * Files of at least this many bytes get their ETag from the build's manifest
 * (STORAGE.etagManifest, written last by emit/edge-files.ts), so the edge function never
 * hashes more than this per request: Netlify allows it about 50 ms of CPU, and
 * the whole-catalog CSV is tens of megabytes at 50,000 devices.
 */
export const MANIFEST_MIN_BYTES = 256 * 1024;

/** The manifest: stored file path → its ETag and its size in bytes (the Content-Length a streamed answer carries and its byte ranges count from). */
export type EtagManifest = Record<string, { etag: string; size: number }>;
