// The response headers of every answer our code gives on the API's paths.
// Netlify applies no _headers rule to an edge function's response, and netlify
// dev adds the _headers values of any name the function leaves unset, so the
// edge function sets every header itself: the generated _headers only serves
// what the CDN answers alone (pages, assets, storage files; derive/routes.ts).
import { API, PAGES, pathOf, type ApiResource, type ApiResourceName } from "./resources.ts";

/** On every response, page or API: no content sniffing, no framing, no full URLs leaked to other sites. */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * The response fields a script on another origin may read besides the
 * CORS-safelisted ones: validators, links, the rate limit, deprecation, and a
 * download's name and size (Content-Disposition, Content-Length).
 */
const EXPOSED =
  "ETag, Link, Location, Retry-After, RateLimit, RateLimit-Policy, Deprecation, Sunset, Content-Disposition, Content-Length, Content-Range, Accept-Ranges";

/** Programs on any origin may read every API answer, and these of its fields. */
export const CORS_HEADERS = { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED };

/**
 * The request fields a preflight allows: the conditional and range requests
 * a cache or a download manager sends, and what browsers and fetch libraries
 * commonly add (a `fetch` with `cache: "no-cache"` sends Cache-Control and
 * Pragma; many clients send Content-Type and Accept-Language on every GET).
 * The API reads only the conditional and range fields; the rest are allowed
 * so that a request carrying them is not refused before it is sent.
 */
export const ALLOWED_REQUEST_HEADERS =
  "Accept, Accept-Language, Content-Language, Content-Type, Cache-Control, Pragma, If-None-Match, If-Modified-Since, If-Match, If-Unmodified-Since, If-Range, Range, X-Requested-With";

/** The methods every API path answers: it is read-only (the Allow field of a 405, the preflight's methods). */
export const API_METHODS = "GET, HEAD, OPTIONS";

/** The preflight's answer (a 204 on every API path): methods, allowed request fields, and a day before asking again. */
export const PREFLIGHT_HEADERS = {
  "Access-Control-Allow-Methods": API_METHODS,
  "Access-Control-Allow-Headers": ALLOWED_REQUEST_HEADERS,
  "Access-Control-Max-Age": "86400",
};

/** An API answer is data, not a page: opened on its own it may load and run nothing, and nothing may frame it. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
/** An SVG opened on its own is a document: it may style itself and nothing more. */
const BADGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * The deprecated /api/devices (docs/list.md#legacy-endpoint). Deprecated since
 * the v1 list's introduction (2026-09-06, RFC 9745 `@<unix seconds>`); a
 * Sunset field (RFC 8594) is sent only once `sunset` (YYYY-MM-DD) is set.
 */
export const LEGACY_API = (() => {
  const deprecatedOn = "2026-09-06";
  const sunset: string | null = null;
  const headers: Record<string, string> = {
    Deprecation: `@${Date.parse(`${deprecatedOn}T00:00:00Z`) / 1000}`,
    Link: `<${API.list.path}>; rel="successor-version", <${pathOf(PAGES.doc, { name: "list" })}#legacy-endpoint>; rel="deprecation"`,
  };
  if (sunset) headers.Sunset = new Date(`${sunset}T00:00:00Z`).toUTCString();
  return { deprecatedOn, sunset, headers };
})();

/** The exports' license, relative so one value serves every deployment (the license page is on the same site). */
export const LICENSE_LINK = `<${PAGES.license.path}>; rel="license"`;

/** What every answer at an API path carries, whatever its status: errors on the legacy list are marked deprecated too. */
export function apiHeaders(pathname: string): Record<string, string> {
  return { ...SECURITY_HEADERS, ...CORS_HEADERS, "Content-Security-Policy": API_POLICY, ...(pathname === API.legacyList.path ? LEGACY_API.headers : {}) };
}

/**
 * The headers of a resource's answer: its media type and cache policy as the
 * resource table gives them; a download (the table names the file it is saved
 * under) comes under the dataset license.
 */
export function resourceHeaders(name: ApiResourceName, params: Record<string, string>): Record<string, string> {
  const r: ApiResource = API[name];
  const headers = { ...apiHeaders(pathOf(r, params)), "Content-Type": r.media, "Cache-Control": r.cache };
  if (r.download) return { ...headers, "Content-Disposition": `attachment; filename="${r.download(params)}"`, Link: LICENSE_LINK };
  if (name === "badge") return { ...headers, "Content-Security-Policy": BADGE_POLICY };
  return headers;
}
