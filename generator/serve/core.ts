// The edge function's request core: what our code answers on every path the
// Netlify Edge Function serves (serve/edge-paths.ts). It decides the status,
// the media type, every header, the ETag, conditional requests and HEAD
// itself, so Netlify's CDN, netlify dev, the preview and the Deno harness
// cannot disagree: it reads stored files through context.next() with a
// request for the file itself (never a rewrite whose miss might not be a 404)
// and asks the CDN's redirect rules only whether a slug moved (301) or was
// withdrawn (410). No Node built-ins: it runs under Deno on Netlify's edge.
import { API_CACHE, MEDIA } from "../contract/media.ts";
import { identifierKeys } from "../contract/identifiers.ts";
import { DATASET_YEARS, parseDatasetYear } from "../contract/dataset-years.ts";
import { SLUG_PATTERN } from "../contract/list-params.ts";
import { OS_RELEASE_ID_PATTERN, OS_RELEASE_OSES } from "../contract/os-releases.ts";
import {
  API,
  DEVICE_RESOURCES,
  PAGES,
  STORAGE,
  identifierBucketOf,
  matchResource,
  resolveApiPath,
  type ApiResourceName,
  type IdentifierLayout,
  type Layout,
} from "../contract/resources.ts";
import { shieldsEndpointOf, UNKNOWN_DEVICE_BADGE, UNKNOWN_DEVICE_BADGE_SVG } from "../derive/badges.ts";
import { parseListIndex } from "../derive/list-index.ts";
import { etagOf, type EtagManifest } from "../derive/etags.ts";
import { API_METHODS, apiHeaders, PREFLIGHT_HEADERS, resourceHeaders } from "../contract/headers.ts";
import { handleList, itemReader, type ListSource } from "./list.ts";
import { isListPath } from "../derive/list.ts";
import { identifierFromBucket } from "../derive/identifiers.ts";
import { finish, problemResponse, textResponse } from "./respond.ts";
import { jsonText } from "../contract/json-text.ts";

/** The part of Netlify's Context the core uses (no dependency on @netlify/edge-functions). */
export interface EdgeContext {
  /** The request answered by the CDN alone: its redirect rules and static files, no edge function. */
  next(request: Request): Promise<Response>;
}

export interface EdgeOptions {
  /** A same-origin fetch, for the stored files an isolate keeps between requests (list index, record files, ETag manifest). */
  fetch(url: URL): Promise<Response>;
}

/** Resources a former slug redirects from and a withdrawn record answers 410 at (derive/routes.ts). */
const PER_DEVICE = new Set<ApiResourceName>(DEVICE_RESOURCES);

/** Resources named by a manufacturer's slug. */
const PER_MANUFACTURER = new Set<ApiResourceName>(["manufacturerCalendar", "manufacturerCalendarNoAlarms", "manufacturerFeed"]);

/** The shields endpoint's 404 body: the unknown-device badge's words, as an error badge. */
const UNKNOWN_DEVICE_SHIELDS = jsonText(shieldsEndpointOf(UNKNOWN_DEVICE_BADGE, { error: true }));

/** A path segment as the client meant it; as sent when its percent-encoding is malformed (`%zz`, `%c0%af`). */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A CORS preflight (If-None-Match is not a CORS-safelisted header, so a conditional fetch from another origin is preflighted). */
function preflight(pathname: string): Response {
  return new Response(null, { status: 204, headers: { ...apiHeaders(pathname), ...PREFLIGHT_HEADERS } });
}

function yearProblem(request: Request, text: string): Promise<Response> {
  const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
  return problemResponse(request, "invalid-year", `year must be a four-digit year from ${DATASET_YEARS.first} to ${DATASET_YEARS.last}; got "${shown}".`);
}

/** The answer for an API path that names nothing stored: JSON (or the badge an image tag expects), never an HTML 404. */
function miss(request: Request, name: ApiResourceName | null, params: Record<string, string>): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (name === "badge") return textResponse(request, UNKNOWN_DEVICE_BADGE_SVG, 404, resourceHeaders("badge", params));
  if (name === "shields") return textResponse(request, UNKNOWN_DEVICE_SHIELDS, 404, resourceHeaders("shields", params));
  if (name === "dataset" || name === "datasetYear") {
    return problemResponse(
      request,
      "not-found",
      `No published record has an OS or security end, a dated minimum commitment or an announced ceiling in ${params.year}. The whole catalog is at ${API.dataset.path}.`,
      { members: { year: Number(params.year) } },
    );
  }
  const detail =
    name && PER_DEVICE.has(name)
      ? `No published device has the slug "${decodedSegment(params.device_slug!)}". Search with ${API.list.path}?q=...`
      : name && PER_MANUFACTURER.has(name)
        ? `No published device has a manufacturer with the slug "${decodedSegment(params.manufacturer!)}". Each record names its own as links.manufacturerCalendar.`
        : name === "osRelease"
          ? `No OS release record is named "${decodedSegment(params.os!)}/${decodedSegment(params.release!)}". ${API.osList.path} lists every OS (${OS_RELEASE_OSES.join(", ")}) and its releases.`
          : name === "feedArchive" || name === "manufacturerFeedArchive"
            ? `No archive of this feed holds the month "${decodedSegment(params.month!)}". Walk the archives from the feed's prev-archive link (${API.feed.path}, or the manufacturer's feed).`
            : `No API resource exists at ${pathname}. See ${PAGES.docs.path} for the endpoints.`;
  return problemResponse(request, "not-found", detail);
}

/** The identifier lookup's path up to the identifier, which may hold a "/" of its own (SM-A525F/DS). */
const IDENTIFIERS_PREFIX = API.identifier.path.slice(0, API.identifier.path.indexOf("{"));

/** Per isolate (an isolate serves one deploy): the list's index and items, and the ETag manifest, read once. */
function isolateCache(fetch: EdgeOptions["fetch"], origin: string) {
  const text = async (path: string) => {
    const r = await fetch(new URL(path, origin));
    if (!r.ok) throw new Error(`${path} answered ${r.status}`);
    return r.text();
  };
  /** A promise kept once it succeeds; a failure is tried again by the next request. */
  const once = <T>(load: () => Promise<T>) => {
    let kept: Promise<T> | null = null;
    return () => {
      if (!kept) {
        const loading = (kept = load());
        loading.catch(() => kept === loading && (kept = null));
      }
      return kept;
    };
  };
  const layout = once(async () => JSON.parse(await text(STORAGE.layout)) as Layout);
  const list: ListSource = {
    index: once(() => text(STORAGE.listIndex).then(parseListIndex)),
    items: itemReader(async (slug) => text(API.record.file({ device_slug: slug }, await layout()))),
  };
  const manifest = once(async () => JSON.parse(await text(STORAGE.etagManifest)) as EtagManifest);
  const identifierLayout = once(async () => JSON.parse(await text(STORAGE.identifierLayout)) as IdentifierLayout);
  return { origin, list, manifest, layout, identifierLayout };
}

export function createEdgeHandler({ fetch }: EdgeOptions) {
  let cache: ReturnType<typeof isolateCache> | null = null;
  const cacheFor = (origin: string) => (cache?.origin === origin ? cache : (cache = isolateCache(fetch, origin)));

  /** A stored file, by a plain GET for the file itself: 200 with its bytes, or anything else when it is not there. */
  const read = (context: EdgeContext, request: Request, file: string) => context.next(new Request(new URL(file, request.url)));

  async function fileAnswer(
    request: Request,
    context: EdgeContext,
    name: ApiResourceName,
    params: Record<string, string>,
    file: string,
  ): Promise<Response | null> {
    const stored = await read(context, request, file);
    if (stored.status !== 200) {
      await stored.body?.cancel();
      return null;
    }
    const headers = resourceHeaders(name, params);
    const known = (
      await cacheFor(new URL(request.url).origin)
        .manifest()
        .catch((): EtagManifest => ({}))
    )[file];
    // A large file streams through with its build-time ETag and size; a small one is hashed as it passes. Either may be asked for a byte range.
    if (known) return finish(request, { status: 200, headers, body: stored.body, etag: known.etag, length: known.size, ranges: true });
    const bytes = new Uint8Array(await stored.arrayBuffer());
    return finish(request, { status: 200, headers, body: bytes, etag: await etagOf(bytes), ranges: true });
  }

  /** A slug with no stored file: the CDN's redirect rules say whether it moved (301) or was withdrawn (410). */
  async function movedOrGone(request: Request, context: EdgeContext, name: ApiResourceName, params: Record<string, string>): Promise<Response | null> {
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

  /**
   * GET /api/v1/identifiers/<identifier>: the answer of the identifier's key
   * (case and separators ignored), else of its family's ("SM-A525F/DS" →
   * SMA525F), else a 404 problem. The identifier is the rest of the path,
   * percent-encoded or not, so a code with a "/" needs no encoding. A key's
   * answer is rebuilt from its bucket (derive/identifiers.ts) and hashed as
   * it passes, as a stored file of its size would be.
   */
  async function identifierAnswer(request: Request, context: EdgeContext, written: string): Promise<Response> {
    const keys = identifierKeys(written);
    if (keys.length) {
      const layout = await cacheFor(new URL(request.url).origin).identifierLayout();
      for (const key of keys) {
        const stored = await read(context, request, STORAGE.identifierBucket(identifierBucketOf(key, layout)));
        if (stored.status !== 200) {
          await stored.body?.cancel();
          continue;
        }
        const found = identifierFromBucket(await stored.text(), key);
        if (!found) continue;
        const bytes = new TextEncoder().encode(jsonText(found));
        return finish(request, {
          status: 200,
          headers: resourceHeaders("identifier", { identifier: key }),
          body: bytes,
          etag: await etagOf(bytes),
          ranges: true,
        });
      }
    }
    const shown = written.length > 60 ? `${written.slice(0, 60)}...` : written;
    const compared = keys.length ? ` (compared as ${keys.join(", then its family ")})` : ", which has no letters or digits";
    return problemResponse(
      request,
      "not-found",
      `No published device carries the identifier "${shown}"${compared}. Search names and codes with ${API.list.path}?q=...`,
    );
  }

  return async function handler(request: Request, context: EdgeContext): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "OPTIONS") return preflight(url.pathname);
    if (request.method !== "GET" && request.method !== "HEAD") {
      return problemResponse(request, "method-not-allowed", "This is a read-only API: use GET or HEAD.", { headers: { Allow: API_METHODS } });
    }
    if (isListPath(url.pathname)) {
      return handleList(request, cacheFor(url.origin).list, async (file) => {
        const page = await read(context, request, file);
        if (page.status === 200) return page.text();
        await page.body?.cancel();
        return null;
      });
    }
    if (url.pathname.startsWith(IDENTIFIERS_PREFIX) && url.pathname.length > IDENTIFIERS_PREFIX.length) {
      return identifierAnswer(request, context, decodedSegment(url.pathname.slice(IDENTIFIERS_PREFIX.length)));
    }
    const resolved = resolveApiPath(url.pathname);
    if (!resolved) return miss(request, null, {});
    let { name, params } = resolved;
    if (PER_DEVICE.has(name) && !SLUG_PATTERN.test(params.device_slug!)) return miss(request, name, params);
    if (name === "osRelease" && !((OS_RELEASE_OSES as readonly string[]).includes(params.os!) && OS_RELEASE_ID_PATTERN.test(params.release!)))
      return miss(request, name, params);
    // A year named by the query answers as the year's own file does.
    const year = name === "dataset" ? url.searchParams.get("year") : name === "datasetYear" ? params.year! : null;
    if (year !== null) {
      if (parseDatasetYear(year) === null) return yearProblem(request, year);
      [name, params] = ["datasetYear", { year }];
    }
    const resource = API[name];
    if (!("file" in resource)) return miss(request, name, params);
    const file = resource.file(params as never, await cacheFor(url.origin).layout());
    return (
      (await fileAnswer(request, context, name, params, file)) ??
      (PER_DEVICE.has(name) ? await movedOrGone(request, context, name, params) : null) ??
      (await miss(request, name, params))
    );
  };
}

/**
 * The pages edge function (netlify/edge-functions/pages.ts): a device page,
 * /devices/<slug>, from its file under the build's layout. Netlify runs it
 * only where a sharded build declares it (edge-paths.ts netlifyDeployConfig);
 * the request chain runs it on every device page, and on a flat build it
 * passes the request on unchanged. A slug with no page file (a former slug, a
 * withdrawn record, a typo) is passed on too, so the CDN's redirect rules and
 * 404 page answer it as they answer any page.
 */
export function createPageHandler({ fetch }: EdgeOptions) {
  let cache: { origin: string; layout: () => Promise<Layout> } | null = null;
  return async function pageHandler(request: Request, context: EdgeContext): Promise<Response> {
    const url = new URL(request.url);
    const params = matchResource(PAGES.device, url.pathname.replace(/(.)\/$/, "$1"));
    if (!params || !SLUG_PATTERN.test(params.device_slug)) return context.next(request);
    if (cache?.origin !== url.origin) cache = { origin: url.origin, layout: isolateCache(fetch, url.origin).layout };
    const layout = await cache.layout().catch(() => null);
    if (!layout?.shardDigits) return context.next(request);
    const page = await context.next(new Request(new URL(PAGES.device.file(params, layout), url), request));
    if (page.status === 200 || page.status === 304) return page;
    await page.body?.cancel();
    return context.next(request);
  };
}
