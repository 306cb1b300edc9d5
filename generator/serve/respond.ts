// Finishing an answer the same way wherever it is computed (the edge function,
// the static layer, the rate limit): a strong ETag, a 304 when If-None-Match
// matches a 200, no body for HEAD. Web-standard Request and Response only.
import { API_CACHE, MEDIA } from "../contract/media.ts";
import { problem, type ProblemCode } from "../contract/problems.ts";
import { etagMatches, etagOf } from "../derive/etags.ts";
import { apiHeaders } from "../contract/headers.ts";
import { jsonText } from "../contract/json-text.ts";

export interface Answer {
  status: number;
  /** Every header but ETag, Content-Length, Accept-Ranges and Content-Range. */
  headers: Record<string, string>;
  /** Bytes (their length is sent as Content-Length), or a stream of a stored file too large to hold. */
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null;
  etag: string;
  /** A stream's length in bytes, when the stored file's answer gave it. */
  length?: number;
  /** A stored file: a GET may ask for a byte range of it, as of any file the CDN serves (206, 416). */
  ranges?: boolean;
}

/**
 * The one byte range a Range header asks of a body of `length` bytes (RFC
 * 9110 section 14.1.2): null when there is none to honour (absent,
 * malformed, or several ranges, which are answered whole: a server may
 * ignore Range), "unsatisfiable" when it starts past the end.
 */
export function byteRange(header: string | null, length: number): { start: number; end: number } | "unsatisfiable" | null {
  const m = header ? /^bytes=[ \t]*(\d*)-(\d*)[ \t]*$/i.exec(header) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    return suffix === 0 || length === 0 ? "unsatisfiable" : { start: Math.max(0, length - suffix), end: length - 1 };
  }
  const start = Number(m[1]);
  const last = m[2] === "" ? Number.POSITIVE_INFINITY : Number(m[2]);
  if (last < start) return null;
  return start >= length ? "unsatisfiable" : { start, end: Math.min(last, length - 1) };
}

/** The bytes start..end (inclusive) of a stream, read no further than needed. */
function sliceStream(body: ReadableStream<Uint8Array>, start: number, end: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const from = Math.max(start - offset, 0);
        const to = Math.min(end + 1 - offset, chunk.byteLength);
        offset += chunk.byteLength;
        if (from < to) controller.enqueue(chunk.subarray(from, to));
        if (offset > end) controller.terminate();
      },
    }),
  );
}

/**
 * The response to `request`: 304 (the same headers, no Content-Type, no body)
 * when it already holds this 200; for a stored file, 206 with the one range
 * a GET asks for (unless If-Range names another version) or 416 when it lies
 * past the end; no body for HEAD.
 */
export function finish(request: Request, a: Answer): Response {
  const headers = new Headers(a.headers);
  headers.set("ETag", a.etag);
  const notModified = a.status === 200 && etagMatches(request.headers.get("If-None-Match"), a.etag);
  const length = a.body instanceof Uint8Array ? a.body.byteLength : a.length;
  if (length !== undefined && !notModified) headers.set("Content-Length", String(length));
  if (notModified || request.method === "HEAD") {
    if (a.body instanceof ReadableStream) void a.body.cancel();
    if (notModified) headers.delete("Content-Type");
    else if (a.ranges && a.status === 200 && length !== undefined) headers.set("Accept-Ranges", "bytes");
    return new Response(null, { status: notModified ? 304 : a.status, headers });
  }
  if (!a.ranges || a.status !== 200 || length === undefined || !a.body) return new Response(a.body, { status: a.status, headers });
  headers.set("Accept-Ranges", "bytes");
  const ifRange = request.headers.get("If-Range");
  const range = request.method === "GET" && (ifRange === null || ifRange === a.etag) ? byteRange(request.headers.get("Range"), length) : null;
  if (!range) return new Response(a.body, { status: 200, headers });
  if (range === "unsatisfiable") {
    if (a.body instanceof ReadableStream) void a.body.cancel();
    headers.set("Content-Range", `bytes */${length}`);
    headers.set("Content-Length", "0");
    return new Response(null, { status: 416, headers });
  }
  headers.set("Content-Range", `bytes ${range.start}-${range.end}/${length}`);
  headers.set("Content-Length", String(range.end - range.start + 1));
  const part = a.body instanceof Uint8Array ? a.body.slice(range.start, range.end + 1) : sliceStream(a.body, range.start, range.end);
  return new Response(part, { status: 206, headers });
}

/** A text body (JSON as the build writes it, an SVG, ...) finished with its content hash as ETag. */
export async function textResponse(request: Request, body: string, status: number, headers: Record<string, string>): Promise<Response> {
  const bytes = new TextEncoder().encode(body);
  return finish(request, { status, headers, body: bytes, etag: await etagOf(bytes) });
}

/** An RFC 9457 problem at an API path: the path's headers, problem+json, the five-minute cache unless `headers` says otherwise. */
export function problemResponse(
  request: Request,
  code: ProblemCode,
  detail: string,
  extra: { headers?: Record<string, string>; members?: Record<string, unknown> } = {},
) {
  const url = new URL(request.url);
  const body = problem(code, detail, { instance: url.pathname + url.search, ...extra.members });
  const headers = { ...apiHeaders(url.pathname), "Content-Type": MEDIA.problem, "Cache-Control": API_CACHE, ...extra.headers };
  return textResponse(request, jsonText(body), body.status, headers);
}
