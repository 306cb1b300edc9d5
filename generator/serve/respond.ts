// Finishing an answer the same way wherever it is computed (the edge function,
// the static layer, the rate limit): a strong ETag, a 304 when If-None-Match
// matches a 200, no body for HEAD. Web-standard Request and Response only.
import { API_CACHE, MEDIA } from "../contract/media.ts";
import { problem, type ProblemCode } from "../contract/problems.ts";
import { etagMatches, etagOf } from "./etags.ts";
import { apiHeaders } from "./headers.ts";

export interface Answer {
  status: number;
  /** Every header but ETag and Content-Length. */
  headers: Record<string, string>;
  /** Bytes (their length is sent as Content-Length), or a stream of a stored file too large to hold. */
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null;
  etag: string;
}

/** The response to `request`: 304 (the same headers, no Content-Type, no body) when it already holds this 200; no body for HEAD. */
export function finish(request: Request, a: Answer): Response {
  const headers = new Headers(a.headers);
  headers.set("ETag", a.etag);
  const notModified = a.status === 200 && etagMatches(request.headers.get("If-None-Match"), a.etag);
  if (a.body instanceof Uint8Array && !notModified) headers.set("Content-Length", String(a.body.byteLength));
  if (notModified || request.method === "HEAD") {
    if (a.body instanceof ReadableStream) void a.body.cancel();
    if (notModified) headers.delete("Content-Type");
    return new Response(null, { status: notModified ? 304 : a.status, headers });
  }
  return new Response(a.body, { status: a.status, headers });
}

/** A text body (JSON as the build writes it, an SVG, ...) finished with its content hash as ETag. */
export async function textResponse(request: Request, body: string, status: number, headers: Record<string, string>): Promise<Response> {
  const bytes = new TextEncoder().encode(body);
  return finish(request, { status, headers, body: bytes, etag: await etagOf(bytes) });
}

/** The one JSON serializer of every file and answer, so static and computed bodies match byte for byte. */
export const jsonText = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

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
