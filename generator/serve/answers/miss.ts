// The answer for an API path that names nothing stored: a problem document
// saying what was not found, by what the path's parameter names (the resource
// table's `named`), or the resource's own format where an image tag or
// shields' server expects one; never an HTML 404.
import { OS_RELEASE_OSES } from "../../contract/os-releases.ts";
import { noResourceDetail } from "../../contract/problems.ts";
import { API, type ApiResource, type ApiResourceName, type Named } from "../../contract/resources.ts";
import { resourceHeaders } from "../../contract/headers.ts";
import { jsonText } from "../../contract/json-text.ts";
import { shieldsEndpointOf, UNKNOWN_DEVICE_BADGE, UNKNOWN_DEVICE_BADGE_SVG } from "../../derive/badges.ts";
import { problemResponse, textResponse } from "../respond.ts";

/** A path segment as the client meant it; as sent when its percent-encoding is malformed (`%zz`, `%c0%af`). */
export function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The 404 bodies of the resources that answer in their own format (contract/resources.ts PerDevice ownErrors). */
const OWN_MISS: Partial<Record<ApiResourceName, string>> = {
  badge: UNKNOWN_DEVICE_BADGE_SVG,
  // The unknown-device badge's words, as an error badge.
  shields: jsonText(shieldsEndpointOf(UNKNOWN_DEVICE_BADGE, { error: true })),
};

/** What a miss says, by what the path's parameter names. */
const NOT_FOUND: Record<Named, (p: Record<string, string>) => { detail: string; members?: Record<string, unknown> }> = {
  device: (p) => ({ detail: `No published device has the slug "${decodedSegment(p.device_slug!)}". Search with ${API.list.path}?q=...` }),
  manufacturer: (p) => ({
    detail: `No published device has a manufacturer with the slug "${decodedSegment(p.manufacturer!)}". Each record names its own as links.manufacturerCalendar.`,
  }),
  month: (p) => ({
    detail: `No archive of this feed holds the month "${decodedSegment(p.month!)}". Walk the archives from the feed's prev-archive link (${API.feed.path}, or the manufacturer's feed).`,
  }),
  year: (p) => ({
    detail: `No published record has an OS or security end, a dated minimum commitment or an announced ceiling in ${p.year}. The whole catalog is at ${API.dataset.path}.`,
    members: { year: Number(p.year) },
  }),
  release: (p) => ({
    detail: `No OS release record is named "${decodedSegment(p.os!)}/${decodedSegment(p.release!)}". ${API.osList.path} lists every OS (${OS_RELEASE_OSES.join(", ")}) and its releases.`,
  }),
};

/** The 404 of `name` (null: a path no resource's pattern matches) for these parameters. */
export function miss(request: Request, name: ApiResourceName | null, params: Record<string, string>): Promise<Response> {
  const own = name && OWN_MISS[name];
  if (own) return textResponse(request, own, 404, resourceHeaders(name, params));
  const named = name && (API[name] as ApiResource).named;
  if (!named) return problemResponse(request, "not-found", noResourceDetail(new URL(request.url).pathname));
  const { detail, members } = NOT_FOUND[named](params);
  return problemResponse(request, "not-found", detail, members ? { members } : {});
}
