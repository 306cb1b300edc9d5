// The request core shared by the preview server and the Netlify edge
// function: what to answer when no static file can.
import { UNKNOWN_DEVICE_BADGE_SVG } from "../derive/badges.ts";
import { DATASET_YEARS, parseDatasetYear } from "../derive/dataset-rows.ts";
import { API, API_ROOT, PAGES, matchResource } from "../contract/resources.ts";
import { etagOf, problemResponse } from "./respond.ts";
import { headerRules, headersFor } from "./routes.ts";

export const isApiPath = (pathname: string) => pathname === API_ROOT.slice(0, -1) || pathname.startsWith(API_ROOT);

/** What programs fetch across origins: the API, the feed and the calendar (their header rules allow any origin). */
export const isCrossOriginPath = (pathname: string) => isApiPath(pathname) || pathname === API.feed.path || pathname === API.supportCalendar.path;

/**
 * Any method but GET and HEAD: a CORS preflight on the cross-origin paths
 * (If-None-Match is not a CORS-safelisted header, so a conditional fetch from
 * another origin is preflighted), 405 everywhere else. Null for GET and HEAD.
 */
export async function answerMethod(request: Request): Promise<Response | null> {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const { pathname } = new URL(request.url);
  if (request.method === "OPTIONS" && isCrossOriginPath(pathname)) {
    const headers = new Headers(headersFor(headerRules, pathname));
    for (const name of ["Content-Type", "Content-Disposition", "Link"]) headers.delete(name);
    headers.set("Access-Control-Allow-Methods", "GET, HEAD, OPTIONS");
    headers.set("Access-Control-Allow-Headers", "If-None-Match");
    headers.set("Access-Control-Max-Age", "86400");
    return new Response(null, { status: 204, headers });
  }
  return problemResponse(request, "method-not-allowed", "This is a read-only API: use GET or HEAD.", { headers: { Allow: "GET, HEAD, OPTIONS" } });
}

/** An image tag keeps working for a mistyped slug: a neutral "unknown device" badge, status 404. */
async function unknownBadge(request: Request): Promise<Response> {
  const headers = new Headers(headersFor(headerRules, new URL(request.url).pathname));
  headers.set("ETag", await etagOf(UNKNOWN_DEVICE_BADGE_SVG, ".svg"));
  return new Response(request.method === "HEAD" ? null : UNKNOWN_DEVICE_BADGE_SVG, { status: 404, headers });
}

/** The `year` a dataset request names and found no file for, or null for other paths. */
function missedDatasetYear(url: URL): string | null {
  if (url.pathname === API.dataset.path) return url.searchParams.get("year");
  return matchResource(API.datasetYear, url.pathname)?.year ?? null;
}

function datasetYearMiss(request: Request, text: string): Promise<Response> {
  const year = parseDatasetYear(text);
  if (year === null) {
    const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
    return problemResponse(request, "invalid-year", `year must be a four-digit year from ${DATASET_YEARS.first} to ${DATASET_YEARS.last}; got "${shown}".`);
  }
  return problemResponse(
    request,
    "not-found",
    `No published record has an OS or security end, another recorded support date or a dated minimum commitment in ${year}. The whole catalog is at ${API.dataset.path}.`,
    { members: { year } },
  );
}

/** A path segment as the client meant it; as sent when its percent-encoding is malformed (`%zz`, `%c0%af`). */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The answer for an /api path with no file behind it: JSON (or the badge an image tag expects), never an HTML 404. */
export function answerApiMiss(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const { pathname } = url;
  if (matchResource(API.badge, pathname)) return unknownBadge(request);
  const year = missedDatasetYear(url);
  if (year !== null) return datasetYearMiss(request, year);
  const device = [API.record, API.evidence, API.deviceCalendar].map((r) => matchResource(r, pathname)).find((p) => p !== null);
  const detail = device
    ? `No published device has the slug "${decodedSegment(device.device_slug)}". Search with ${API.list.path}?q=...`
    : `No API resource exists at ${pathname}. See ${PAGES.docs.path} for the endpoints.`;
  return problemResponse(request, "not-found", detail);
}
