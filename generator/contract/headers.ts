// The response headers of every answer our code gives on the API's paths.
// Netlify applies no _headers rule to an edge function's response, and netlify
// dev adds the _headers values of any name the function leaves unset, so the
// edge function sets every header itself: the generated _headers only serves
// what the CDN answers alone (pages, assets, storage files; derive/routes.ts).
import { API_CACHE, MEDIA } from "./media.ts";
import { API, PAGES, pathOf, type ApiResourceName, type Resource } from "./resources.ts";

/** On every response, page or API: no content sniffing, no framing, no full URLs leaked to other sites. */
export const SECURITY_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

const EXPOSED = "ETag, Link, Location, Retry-After, RateLimit, RateLimit-Policy, Deprecation, Sunset";

/** Programs on any origin may read every API answer, and these of its fields. */
export const CORS_HEADERS = { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED };

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

const MEDIA_OF: Record<ApiResourceName, string> = {
  list: MEDIA.json,
  legacyList: MEDIA.json,
  record: MEDIA.json,
  evidence: MEDIA.json,
  identifier: MEDIA.json,
  dataset: MEDIA.csv,
  datasetYear: MEDIA.csv,
  badge: MEDIA.svg,
  deviceCalendar: MEDIA.ics,
  deviceCalendarNoAlarms: MEDIA.ics,
  manufacturerCalendar: MEDIA.ics,
  manufacturerCalendarNoAlarms: MEDIA.ics,
  manufacturerFeed: MEDIA.atom,
  manufacturerFeedArchive: MEDIA.atom,
  feed: MEDIA.atom,
  feedArchive: MEDIA.atom,
  supportCalendar: MEDIA.ics,
  supportCalendarNoAlarms: MEDIA.ics,
  recordSchema: MEDIA.json,
  openapi: MEDIA.json,
};

/** A CSV download, named for the whole catalog or for one support year. */
const download = (year?: string) => ({
  "Content-Disposition": `attachment; filename="device-lifecycle-dataset${year ? `-${year}` : ""}.csv"`,
  Link: LICENSE_LINK,
});

/** The headers of a resource's answer (its body, in the media type of its kind), with the spec's five-minute cache. */
export function resourceHeaders(name: ApiResourceName, params: Record<string, string>): Record<string, string> {
  const headers = { ...apiHeaders(pathOf(API[name] as Resource, params)), "Content-Type": MEDIA_OF[name], "Cache-Control": API_CACHE };
  if (name === "dataset") return { ...headers, ...download() };
  if (name === "datasetYear") return { ...headers, ...download(params.year) };
  if (name === "badge") return { ...headers, "Content-Security-Policy": BADGE_POLICY };
  return headers;
}
