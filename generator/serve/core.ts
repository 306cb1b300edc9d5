// The request core shared by the preview server and the Netlify edge
// function: what to answer when no static file can.
import { UNKNOWN_DEVICE_BADGE_SVG } from "../derive/badges.ts";
import { DATASET_YEARS, parseDatasetYear } from "../derive/dataset-rows.ts";
import { etagOf, problemResponse } from "./respond.ts";
import { headerRules, headersFor } from "./routes.ts";

export const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

/** An image tag keeps working for a mistyped slug: a neutral "unknown device" badge, status 404. */
async function unknownBadge(request: Request): Promise<Response> {
  const headers = new Headers(headersFor(headerRules, new URL(request.url).pathname));
  headers.set("ETag", await etagOf(UNKNOWN_DEVICE_BADGE_SVG, ".svg"));
  return new Response(request.method === "HEAD" ? null : UNKNOWN_DEVICE_BADGE_SVG, { status: 404, headers });
}

/** The `year` a dataset request names and found no file for, or null for other paths. */
function missedDatasetYear(url: URL): string | null {
  if (url.pathname === "/api/v1/dataset") return url.searchParams.get("year");
  const m = /^\/api\/v1\/dataset\/([^/]*?)(\.csv)?$/.exec(url.pathname);
  return m ? m[1]! : null;
}

function datasetYearMiss(request: Request, text: string): Promise<Response> {
  // The dataset paths' rules make a CSV a download; a problem is shown, not saved as a .csv.
  const headers = { "Content-Disposition": "inline" };
  const year = parseDatasetYear(text);
  if (year === null) {
    const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
    return problemResponse(request, "invalid-year", `year must be a four-digit year from ${DATASET_YEARS.first} to ${DATASET_YEARS.last}; got "${shown}".`, { headers });
  }
  return problemResponse(
    request,
    "not-found",
    `No published record has an OS or security end, another recorded support date or a dated minimum commitment in ${year}. The whole catalog is at /api/v1/dataset.`,
    { headers, members: { year } },
  );
}

/** The answer for an /api path with no file behind it: JSON (or the badge an image tag expects), never an HTML 404. */
export function answerApiMiss(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const { pathname } = url;
  if (/^\/api\/v1\/badge\/[^/]+$/.test(pathname)) return unknownBadge(request);
  const year = missedDatasetYear(url);
  if (year !== null) return datasetYearMiss(request, year);
  const device = /^\/api\/v1\/devices\/([^/]+)(\/evidence)?$/.exec(pathname) ?? /^\/api\/v1\/calendar\/([^/]+)\.ics$/.exec(pathname);
  const detail = device
    ? `No published device has the slug "${decodeURIComponent(device[1]!)}". Search with /api/v1/devices?q=...`
    : `No API resource exists at ${pathname}. See /docs for the endpoints.`;
  return problemResponse(request, "not-found", detail);
}
