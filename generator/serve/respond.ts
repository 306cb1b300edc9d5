// Building responses the same way in the preview server and the edge function:
// Web-standard Response objects, strong content-hash ETags, conditional GETs.
import { MEDIA, headersFor, headerRules } from "./routes.ts";
import { problem, type ProblemCode } from "./problems.ts";

/**
 * A strong ETag of the body, in serve-handler's form (sha1 of the extension,
 * a dash and the bytes), so a computed body and the identical static file
 * carry the same ETag.
 */
export async function etagOf(body: string | Uint8Array, extension: string): Promise<string> {
  const content = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const prefix = new TextEncoder().encode(`${extension}-`);
  const bytes = new Uint8Array(prefix.length + content.length);
  bytes.set(prefix);
  bytes.set(content, prefix.length);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", bytes));
  return `"${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

/** RFC 9110 If-None-Match: a list of entity tags or `*`, compared weakly. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => opaque(t) === opaque(etag));
}

interface ResponseInit {
  status?: number;
  headers?: Record<string, string>;
  contentType?: string;
}

/** A JSON value as the build writes it to a file: the one serializer, so static and computed bodies match. */
export async function jsonResponse(request: Request, value: unknown, init: ResponseInit = {}): Promise<Response> {
  return jsonTextResponse(request, `${JSON.stringify(value, null, 2)}\n`, init);
}

/** An already serialized JSON body, with the route table's headers, an ETag and 304 handling. */
export async function jsonTextResponse(request: Request, body: string, init: ResponseInit = {}): Promise<Response> {
  const etag = await etagOf(body, ".json");
  const headers = new Headers({ ...headersFor(headerRules, new URL(request.url).pathname), ...init.headers });
  headers.set("Content-Type", init.contentType ?? MEDIA.json);
  headers.set("ETag", etag);
  const status = init.status ?? 200;
  if (status === 200 && etagMatches(request.headers.get("If-None-Match"), etag)) {
    // A 304 has no body to describe (RFC 9110 15.4.5), and answers as the static file's 304 does.
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  return new Response(request.method === "HEAD" ? null : body, { status, headers });
}

export function problemResponse(request: Request, code: ProblemCode, detail: string, extra: { headers?: Record<string, string>; members?: Record<string, unknown> } = {}) {
  const body = problem(code, detail, { instance: new URL(request.url).pathname + new URL(request.url).search, ...extra.members });
  // Inline whatever the path's rules say: on the dataset paths they make a CSV a download, and a problem is read, not saved as a .csv.
  const headers = { ...extra.headers, "Content-Disposition": "inline" };
  return jsonResponse(request, body, { status: body.status, headers, contentType: MEDIA.problem });
}
