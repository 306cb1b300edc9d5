// A stored answer: the file the resource table names for the resource
// (placed by the build's layout), streamed with its build-time ETag when it
// is large, hashed as it passes otherwise. A device's slug with no file asks
// the CDN's redirect rules whether it moved (301) or was withdrawn (410);
// anything else missing is a miss.
import { API_CACHE, MEDIA } from "../../contract/media.ts";
import { DATASET_YEARS, parseDatasetYear } from "../../contract/dataset-years.ts";
import { SLUG_PATTERN } from "../../contract/list-params.ts";
import { OS_RELEASE_ID_PATTERN, OS_RELEASE_OSES } from "../../contract/os-releases.ts";
import { API, type ApiResource, type Named, type StoredResource } from "../../contract/resources.ts";
import { apiHeaders, resourceHeaders } from "../../contract/headers.ts";
import { etagOf, type EtagManifest } from "../../derive/etags.ts";
import { finish, problemResponse } from "../respond.ts";
import { readStored, type Asked } from "./asked.ts";
import { miss } from "./miss.ts";

/** Names that can name no stored file, refused without a read. */
const NAMES_NOTHING: Partial<Record<Named, (p: Record<string, string>) => boolean>> = {
  device: (p) => !SLUG_PATTERN.test(p.device_slug!),
  release: (p) => !((OS_RELEASE_OSES as readonly string[]).includes(p.os!) && OS_RELEASE_ID_PATTERN.test(p.release!)),
};

function yearProblem(request: Request, text: string): Promise<Response> {
  const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
  return problemResponse(request, "invalid-year", `year must be a four-digit year from ${DATASET_YEARS.first} to ${DATASET_YEARS.last}; got "${shown}".`);
}

/** The stored file, or null when there is none. */
async function fileAnswer({ request, context, stores, name, params }: Asked, file: string): Promise<Response | null> {
  const stored = await readStored(context, request, file);
  if (stored.status !== 200) {
    await stored.body?.cancel();
    return null;
  }
  const headers = resourceHeaders(name, params);
  const known = (await stores.manifest().catch((): EtagManifest => ({})))[file];
  // A large file streams through with its build-time ETag and size; a small one is hashed as it passes. Either may be asked for a byte range.
  if (known) return finish(request, { status: 200, headers, body: stored.body, etag: known.etag, length: known.size, ranges: true });
  const bytes = new Uint8Array(await stored.arrayBuffer());
  return finish(request, { status: 200, headers, body: bytes, etag: await etagOf(bytes), ranges: true });
}

/** A slug with no stored file: the CDN's redirect rules say whether it moved (301) or was withdrawn (410). */
async function movedOrGone({ request, context, name, params }: Asked): Promise<Response | null> {
  const url = new URL(request.url);
  const routed = await context.next(new Request(url));
  if (routed.status === 301 && routed.headers.has("location")) {
    await routed.body?.cancel();
    const to = new URL(routed.headers.get("location")!, url);
    const location = to.origin === url.origin ? to.pathname + to.search : to.href;
    return new Response(null, { status: 301, headers: { ...apiHeaders(url.pathname), "Cache-Control": API_CACHE, Location: location } });
  }
  if (routed.status !== 410) {
    await routed.body?.cancel();
    return null;
  }
  const body = new Uint8Array(await routed.arrayBuffer());
  // The badges answer in their own format (an image tag, shields' server), with the status saying which (contract/resources.ts PerDevice).
  const headers = API[name].device?.ownErrors
    ? resourceHeaders(name, params)
    : { ...apiHeaders(url.pathname), "Content-Type": MEDIA.problem, "Cache-Control": API_CACHE };
  return finish(request, { status: 410, headers, body, etag: await etagOf(body) });
}

export async function storedAnswer(asked: Asked): Promise<Response> {
  const { request } = asked;
  let { name, params } = asked;
  const named = (API[name] as ApiResource).named;
  if (named && NAMES_NOTHING[named]?.(params)) return miss(request, name, params);
  // A year named by the query answers as the year's own file does.
  if (named === "year") {
    const year = params.year ?? new URL(request.url).searchParams.get("year");
    if (year !== null) {
      if (parseDatasetYear(year) === null) return yearProblem(request, year);
      [name, params] = ["datasetYear", { year }];
    }
  }
  const file = (API[name] as StoredResource).file(params, await asked.stores.layout());
  const now: Asked = { ...asked, name, params };
  return (await fileAnswer(now, file)) ?? (API[name].device ? await movedOrGone(now) : null) ?? (await miss(request, name, params));
}
