// The resource table: every public path of the API and the site, named once,
// beside the file the build stores it in, with what every layer must agree on
// about it: its media type and cache policy, and for a resource named by a
// device's slug, how a rename and a withdrawal answer. A path pattern's {name}
// placeholders each stand for part of one path segment
// (`/api/v1/calendar/{device_slug}.ics`). `file` maps the same parameters to
// the stored file, so the storage layout can change here without changing a
// public URL. The per-device resources take the build's Layout as well:
// past Netlify's limit of entries per folder their files are spread over
// subfolders (docs/API.md#storage-layout). Everything else (URL builders, emitters, the generated
// _redirects and _headers, the edge function's headers and misses, the OpenAPI
// document, the templates) takes its paths and these properties from here.
// It imports only contract/media.ts: it runs under Node and Deno alike.
import { API_CACHE, IMMUTABLE, MEDIA } from "./media.ts";

type Names<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | Names<Rest> : never;
export type Params<P extends string> = { [K in Names<P>]: string };

export interface Resource<P extends string = string> {
  /** {base_url} for the API and the feeds programs fetch, {site_url} for the pages people read. */
  origin: "api" | "site";
  /** The public path pattern. */
  path: P;
  /** The media type of its answer; absent on the site's files, which the CDN types by their extension. */
  media?: string;
  /** The Cache-Control of its answer; absent where Netlify's default holds (a page: revalidated at each view). */
  cache?: string;
  /** Set on a resource named by a device's slug (derive/routes.ts writes its rules, serve/answers/stored.ts follows them on a miss). */
  device?: PerDevice;
  /** What its path's parameter names: a name that can name nothing is refused unread, and a miss says what was not found (serve/answers/). */
  named?: Named;
}

/** What a path's parameter names: a device's slug, a manufacturer's, a month (YYYY-MM), a year (YYYY), an OS release ("android/15"). */
export type Named = "device" | "manufacturer" | "month" | "year" | "release";

/**
 * How the edge function answers an API resource (serve/answers/): "stored"
 * with the file the table names for it (placed by the layout), else, for a
 * device's slug, with where it moved or that it was withdrawn; "list"
 * computed over the list's index and the record files, or from a stored page
 * of a plain walk; "lookup" computed from the bucket of the key the rest of
 * the path names.
 */
export type Answered = "stored" | "list" | "lookup";

/** An API endpoint: a resource with its media type and cache policy, and how it is answered. */
export interface ApiResource<P extends string = string> extends Resource<P> {
  media: string;
  cache: string;
  answered: Answered;
  /** The file name a download is saved under (contract/headers.ts: Content-Disposition); absent, the answer is shown inline. */
  download?(params: Params<P>): string;
}

/**
 * How a resource named by a device's slug answers for a slug that is no
 * record's current one. A former slug (a record's formerSlugs) answers 301 with
 * the same resource under the current slug, at every such resource alike; a
 * withdrawn record's slug answers 410 with the stored body `withdrawn` names.
 */
export interface PerDevice {
  /** The stored file a withdrawn record's path answers with 410. */
  withdrawn(slug: string): string;
  /** Whether that body, and the 404 of an unknown slug, are in the resource's own format (an image tag, shields' server, a page) rather than a problem document. */
  ownErrors: boolean;
}

/** What a stored API answer may add to its resource: what its parameter names, and the name it downloads under. */
interface Stored<P extends string> {
  named?: Named;
  download?(params: Params<P>): string;
}

/** An API answer stored as a file: every API answer is cached the API's five minutes (docs/API.md). */
const answer = <R extends StoredResource>(
  media: string,
  r: R,
  stored: Stored<R["path"]> = {},
): R & Stored<R["path"]> & { media: string; cache: string; answered: "stored" } => ({
  ...r,
  ...stored,
  media,
  cache: API_CACHE,
  answered: "stored",
});

/** An API answer the edge function computes ("list", "lookup"): no file stands for it. */
const computed = <R extends Resource>(
  answered: Exclude<Answered, "stored">,
  media: string,
  r: R,
): R & { media: string; cache: string; answered: Answered } => ({
  ...r,
  media,
  cache: API_CACHE,
  answered,
});

/** A site file the CDN answers with a cache policy of its own (derive/routes.ts writes it into _headers). */
const cached = <R extends Resource>(cache: string, r: R): R & { cache: string } => ({ ...r, cache });

/** A resource the build writes as a file. */
export interface StoredResource<P extends string = string> extends Resource<P> {
  /** The stored file answering it, as a path from the build's root; only a per-device resource's depends on the layout. */
  file(params: Params<P>, layout?: Layout): string;
}

/** A resource of which the build writes one file per published device, placed by the layout. */
export interface DeviceResource<P extends string = string> extends StoredResource<P> {
  file(params: Params<P>, layout: Layout): string;
}

/** The site search's static index, by its format's version (docs/search.md). */
const SEARCH_INDEX_ROOT = "/search-index/v2/";

function resource<P extends string>(origin: Resource["origin"], path: P): Resource<P>;
function resource<P extends string>(origin: Resource["origin"], path: P, file: (params: Params<P>) => string): StoredResource<P>;
function resource<P extends string>(origin: Resource["origin"], path: P, file?: (params: Params<P>) => string): Resource<P> | StoredResource<P> {
  return file ? { origin, path, file } : { origin, path };
}

/**
 * How the per-device files are spread over folders. Netlify refuses a deploy
 * with a folder of more than 54,000 entries, so a catalog too large for one
 * folder per family puts each device's files in one of 16^shardDigits
 * subfolders named by a hash of its slug (derive/layout.ts chooses the
 * digits; the build stores its choice at STORAGE.layout for the edge function).
 */
export interface Layout {
  shardDigits: number;
}

/** One folder per family: every catalog that fits. */
export const FLAT: Layout = { shardDigits: 0 };

/**
 * The subfolder of a slug's files: the first `shardDigits` hex digits of the
 * slug's 32-bit FNV-1a hash (with MurmurHash3's finalizer), "" when flat.
 * Written out because it must be synchronous and import-free (Node, Deno and
 * the build agree) and spread similar slugs ("samsung-galaxy-…") evenly; it is
 * a placement, not a security hash.
 */
export function shardOf(slug: string, layout: Layout): string {
  if (layout.shardDigits === 0) return "";
  return placementHash(slug).toString(16).padStart(8, "0").slice(0, layout.shardDigits);
}

/** The unsigned 32-bit hash shardOf places a slug by (and identifierBucketOf a key by). */
export function placementHash(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), 0x01000193);
  // MurmurHash3's finalizer: FNV-1a alone leaves the high digits of similar slugs unevenly spread.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A resource stored as `<folder>/[<shard>/]<param><extension>`, placed by the hash of its parameter `param`. */
function shardedResource<P extends string>(origin: Resource["origin"], path: P, folder: string, extension: string, param: Names<P>): DeviceResource<P> {
  return {
    origin,
    path,
    file: (params, layout) => {
      const value = (params as Record<string, string>)[param]!;
      const shard = shardOf(value, layout);
      return `${folder}/${shard ? `${shard}/` : ""}${value}${extension}`;
    },
  };
}

/** A per-device resource stored as `<folder>/[<shard>/]<slug><extension>`, answering a rename and a withdrawal as `device` says. */
const deviceResource = <P extends string>(origin: Resource["origin"], path: P, folder: string, extension: string, device: PerDevice) => ({
  ...shardedResource(origin, path, folder, extension, "device_slug" as Names<P>),
  device,
  named: "device" as const,
});

/** A withdrawn record's API resources answer 410 with its gone problem, except the badges, which answer in their own format. */
const GONE_PROBLEM: PerDevice = { withdrawn: (slug) => STORAGE.goneProblem(slug), ownErrors: false };

/**
 * How the identifier lookup's documents are stored: in `buckets` files (a
 * power of two, derive/identifiers.ts chooses it from the catalog's size and
 * the build stores it at STORAGE.identifierLayout), each key in the bucket
 * its placementHash names, so a key moves only when the count doubles.
 */
export interface IdentifierLayout {
  buckets: number;
}

/** The name (hex) of the bucket (STORAGE.identifierBucket) that holds an identifier key's answer. */
export const identifierBucketOf = (key: string, layout: IdentifierLayout) => (placementHash(key) % layout.buckets).toString(16);

/** Every API path starts here (the edge function's and the CORS rules' scope). */
export const API_ROOT = "/api/";

/** The public endpoints of the API (docs/API.md#endpoints). */
export const API = {
  list: computed("list", MEDIA.json, resource("api", "/api/v1/devices")),
  legacyList: computed("list", MEDIA.json, resource("api", "/api/devices")),
  record: answer(MEDIA.json, deviceResource("api", "/api/v1/devices/{device_slug}", "/api/v1/devices", ".json", GONE_PROBLEM)),
  evidence: answer(MEDIA.json, deviceResource("api", "/api/v1/devices/{device_slug}/evidence", "/api/v1/evidence", ".json", GONE_PROBLEM)),
  /** The whole catalog; `?year=` names a year, answered as the year's own file. */
  dataset: answer(
    MEDIA.csv,
    resource("api", "/api/v1/dataset", () => "/api/v1/dataset.csv"),
    {
      named: "year",
      download: () => "device-lifecycle-dataset.csv",
    },
  ),
  datasetYear: answer(
    MEDIA.csv,
    resource("api", "/api/v1/dataset/{year}.csv", (p) => `/api/v1/dataset/${p.year}.csv`),
    {
      named: "year",
      download: (p) => `device-lifecycle-dataset-${p.year}.csv`,
    },
  ),
  /** Every published record as the record endpoint answers it, one JSON document per line (docs/dumps.md). */
  devicesNdjson: answer(
    MEDIA.ndjson,
    resource("api", "/api/v1/devices.ndjson", () => "/api/v1/devices.ndjson"),
    {
      download: () => "device-lifecycle-records.ndjson",
    },
  ),
  /** The catalog as a SQLite database (docs/dumps.md). */
  datasetSqlite: answer(
    MEDIA.sqlite,
    resource("api", "/api/v1/dataset.sqlite", () => "/api/v1/dataset.sqlite"),
    {
      download: () => "device-lifecycle-dataset.sqlite",
    },
  ),
  /**
   * The devices that carry a model code. `{identifier}` is the code as a
   * client writes it; the edge function turns it into its key
   * (contract/identifiers.ts) and builds the answer from the key's bucket
   * (STORAGE.identifierBucket), so no file stands for one code.
   */
  identifier: computed("lookup", MEDIA.json, resource("api", "/api/v1/identifiers/{identifier}")),
  badge: answer(
    MEDIA.svg,
    deviceResource("api", "/api/v1/badge/{device_slug}", "/api/v1/badge", ".svg", { withdrawn: () => STORAGE.withdrawnBadge, ownErrors: true }),
  ),
  /** The badge's words as shields.io's endpoint JSON, for a shields badge that shields' own CDN caches. */
  shields: answer(
    MEDIA.json,
    deviceResource("api", "/api/v1/shields/{device_slug}", "/api/v1/shields", ".json", { withdrawn: () => STORAGE.withdrawnShields, ownErrors: true }),
  ),
  /** The calendars carry reminders (contract/subscriptions.ts REMINDER_DAYS); each has a twin without them under `no-alarms`. */
  deviceCalendar: answer(MEDIA.ics, deviceResource("api", "/api/v1/calendar/{device_slug}.ics", "/api/v1/calendar", ".ics", GONE_PROBLEM)),
  deviceCalendarNoAlarms: answer(
    MEDIA.ics,
    deviceResource("api", "/api/v1/calendar/no-alarms/{device_slug}.ics", "/api/v1/calendar/no-alarms", ".ics", GONE_PROBLEM),
  ),
  manufacturerCalendar: answer(
    MEDIA.ics,
    resource("api", "/api/v1/calendar/manufacturers/{manufacturer}.ics", (p) => `/api/v1/calendar/manufacturers/${p.manufacturer}.ics`),
    { named: "manufacturer" },
  ),
  manufacturerCalendarNoAlarms: answer(
    MEDIA.ics,
    resource("api", "/api/v1/calendar/no-alarms/manufacturers/{manufacturer}.ics", (p) => `/api/v1/calendar/no-alarms/manufacturers/${p.manufacturer}.ics`),
    { named: "manufacturer" },
  ),
  /** One manufacturer's record changes (Atom), linked from its manufacturer page and from /feed.xml. */
  manufacturerFeed: answer(
    MEDIA.atom,
    resource("api", "/api/v1/feed/manufacturers/{manufacturer}.xml", (p) => `/api/v1/feed/manufacturers/${p.manufacturer}.xml`),
    { named: "manufacturer" },
  ),
  /** An archive document (RFC 5005 §4) of a manufacturer's feed: its entries dated in one month (YYYY-MM). */
  manufacturerFeedArchive: answer(
    MEDIA.atom,
    resource(
      "api",
      "/api/v1/feed/manufacturers/{manufacturer}/archive/{month}.xml",
      (p) => `/api/v1/feed/manufacturers/${p.manufacturer}/archive/${p.month.slice(0, 4)}/${p.month}.xml`,
    ),
    { named: "month" },
  ),
  /** The subscription document of the change feed: the newest entries of the months not yet archived, linking the newest month document. */
  feed: answer(
    MEDIA.atom,
    resource("api", "/feed.xml", () => "/feed.xml"),
  ),
  /**
   * An archive document (RFC 5005 §4) of /feed.xml: its entries dated in one month (YYYY-MM); before the month is
   * archived, its older entries the subscription document has no room for. Stored in a folder
   * per year (as a manufacturer's archives), so no folder of the output grows with the years beyond twelve files.
   */
  feedArchive: answer(
    MEDIA.atom,
    resource("api", "/api/v1/feed/archive/{month}.xml", (p) => `/api/v1/feed/archive/${p.month.slice(0, 4)}/${p.month}.xml`),
    { named: "month" },
  ),
  supportCalendar: answer(
    MEDIA.ics,
    resource("api", "/support-calendar.ics", () => "/support-calendar.ics"),
  ),
  supportCalendarNoAlarms: answer(
    MEDIA.ics,
    resource("api", "/support-calendar-no-alarms.ics", () => "/support-calendar-no-alarms.ics"),
  ),
  /** The operating systems with release records, each with its releases in brief (docs/os.md). */
  osList: answer(
    MEDIA.json,
    resource("api", "/api/v1/os", () => "/api/v1/os.json"),
  ),
  /** One release of an operating system: its latest version, whether it still gets security updates and until when (docs/os.md). */
  osRelease: answer(
    MEDIA.json,
    resource("api", "/api/v1/os/{os}/{release}", (p) => `/api/v1/os/${p.os}/${p.release}.json`),
    { named: "release" },
  ),
  recordSchema: answer(
    MEDIA.json,
    resource("api", "/api/v1/schema/device-record.json", () => "/api/v1/schema/device-record.json"),
  ),
  openapi: answer(
    MEDIA.json,
    resource("api", "/api/v1/openapi.json", () => "/api/v1/openapi.json"),
  ),
};

export type ApiResourceName = keyof typeof API;

/** A withdrawn record's notice; also the 410 body of its device page. */
const withdrawal = resource("site", "/withdrawn/{device_slug}", (p) => `/withdrawn/${p.device_slug}.html`);

/** The human pages. */
export const PAGES = {
  home: resource("site", "/", () => "/index.html"),
  device: deviceResource("site", "/devices/{device_slug}", "/devices", ".html", {
    withdrawn: (slug) => withdrawal.file({ device_slug: slug }),
    ownErrors: true,
  }),
  withdrawal,
  browse: resource("site", "/browse/", () => "/browse/index.html"),
  /** The A–Z pages after the first, numbered from 2. */
  browsePage: resource("site", "/browse/{number}", (p) => `/browse/${p.number}.html`),
  /** The A–Z pages of one device type (a value of the schema's deviceType, as the list's type= takes it). */
  browseType: resource("site", "/browse/{type}/", (p) => `/browse/${p.type}/index.html`),
  /** A type's A–Z pages after the first, numbered from 2. */
  browseTypePage: resource("site", "/browse/{type}/{number}", (p) => `/browse/${p.type}/${p.number}.html`),
  license: resource("site", "/license", () => "/license.html"),
  corrections: resource("site", "/corrections", () => "/corrections.html"),
  correctionsThanks: resource("site", "/corrections/thanks", () => "/corrections/thanks.html"),
  docs: resource("site", "/docs", () => "/docs/index.html"),
  /** A document of docs/ published as a page (api, list, exports, ...). */
  doc: resource("site", "/docs/{name}", (p) => `/docs/${p.name}.html`),
  apiReference: resource("site", "/docs/reference", () => "/docs/reference.html"),
  problemTypes: resource("site", "/docs/problems", () => "/docs/problems.html"),
  /** Named by a hash of their content (emit/assets.ts): a changed file is a new address. */
  asset: cached(
    IMMUTABLE,
    resource("site", "/assets/{file}", (p) => `/assets/${p.file}`),
  ),
  /** Every manufacturer, linking its pages, calendar and feed. */
  manufacturers: resource("site", "/manufacturers/", () => "/manufacturers/index.html"),
  /** A manufacturer's devices: the first page of them (newest first) as charts beside tables. */
  manufacturer: resource("site", "/manufacturers/{manufacturer}", (p) => `/manufacturers/${p.manufacturer}.html`),
  /** A manufacturer's later pages, numbered from 2 (a folder per manufacturer, so /manufacturers/ holds two entries per manufacturer). */
  manufacturerPage: resource("site", "/manufacturers/{manufacturer}/{number}", (p) => `/manufacturers/${p.manufacturer}/${p.number}.html`),
  /**
   * A file of the site search's static index (derive/search-files.ts names
   * them; docs/search.md). Here `{file}` is a relative path that may hold
   * slashes: the index nests its files in folders of bounded size. The
   * folder's version changes with the index's format (SEARCH_INDEX_FORMAT).
   * Read by the pages, not part of the API, and cached as the API is.
   */
  searchIndex: cached(
    API_CACHE,
    resource("site", `${SEARCH_INDEX_ROOT}{file}`, (p) => `${SEARCH_INDEX_ROOT}${p.file}`),
  ),
  /** The fleet check: a fleet's export matched against the catalog in the browser (docs/fleet.md). */
  fleet: resource("site", "/fleet", () => "/fleet.html"),
  /** A file of the fleet check's static index (derive/fleet-index.ts names them; docs/fleet.md), cached as the search index is. */
  fleetIndex: cached(
    API_CACHE,
    resource("site", "/fleet-index/v1/{file}", (p) => `/fleet-index/v1/${p.file}`),
  ),
  /** For crawlers: robots.txt, and the sitemap, an index naming its parts (derive/sitemap.ts). */
  robots: resource("site", "/robots.txt", () => "/robots.txt"),
  sitemap: resource("site", "/sitemap.xml", () => "/sitemap.xml"),
  sitemapPart: resource("site", "/sitemaps/{number}.xml", (p) => `/sitemaps/${p.number}.xml`),
  /** Sharing images (Open Graph, PNG): the site's, and each manufacturer's for its pages and its devices' (emit/share-images.ts). */
  siteImage: resource("site", "/share/site.png", () => "/share/site.png"),
  manufacturerImage: resource("site", "/share/manufacturers/{manufacturer}.png", (p) => `/share/manufacturers/${p.manufacturer}.png`),
};

/** The API's resources named by a device's slug, in table order (serve/answers/: their misses, renames and withdrawals). */
export const DEVICE_RESOURCES = (Object.keys(API) as ApiResourceName[]).filter((name) => API[name].device);

/** Every resource named by a device's slug, the API's and the device page, in table order (derive/routes.ts writes their 301 and 410 rules). */
export const PER_DEVICE = ([...Object.values(API), ...Object.values(PAGES)] as Resource[]).filter(
  (r): r is Resource & { device: PerDevice } => r.device !== undefined,
);

/**
 * Files the build writes that are not endpoints: the edge function reads them
 * itself, the CDN answers with them on the API's paths, or the rate limiter
 * rewrites to them. One emitter writes them all (emit/edge/).
 */
export const STORAGE = {
  /** The list's compact index (derive/list-index.ts). */
  listIndex: "/api/v1/list/index.txt",
  /**
   * The plain walks' pages (every record, and each device type's), named by the
   * cursor that leads to them (it binds the type); null: a walk's first page,
   * "first.<type>" for a type's (a cursor holds no ".").
   */
  listPage: (cursor: string | null, type: string | null = null) => `/api/v1/list/pages/${cursor ?? (type ? `first.${type}` : "first")}.json`,
  /** The build's Layout of the per-device files, as JSON. */
  layout: "/api/v1/list/layout.json",
  /** The IdentifierLayout of the identifier lookup's buckets, as JSON. */
  identifierLayout: "/api/v1/list/identifier-layout.json",
  /** One bucket of the identifier lookup: many keys' devices (derive/identifiers.ts IdentifierBucket), found by identifierBucketOf. */
  identifierBucket: (bucket: string) => `/api/v1/identifiers/${bucket}.json`,
  /** Build-time ETags of the large files, so the edge function never hashes megabytes (derive/etags.ts). */
  etagManifest: "/api/v1/list/etags.json",
  /** The 410 body of a withdrawn record. */
  goneProblem: (slug: string) => `/api/v1/problems/gone/${slug}.json`,
  /** The 404 body of a storage path that names no file. */
  notFoundProblem: "/api/v1/problems/not-found.json",
  /** The 429 body the platform's rate limiter rewrites to. */
  rateLimitedProblem: "/api/v1/problems/rate-limited.json",
  /** The badge of a withdrawn record; the underscore keeps it out of the slug namespace. */
  withdrawnBadge: "/api/v1/badge/_withdrawn.svg",
  /** The shields endpoint JSON of a withdrawn record (the 410 body); the underscore keeps it out of the slug namespace. */
  withdrawnShields: "/api/v1/shields/_withdrawn.json",
  /** The badge a rate-limited badge request gets where our code answers it (serve/chain.ts). */
  rateLimitedBadge: "/api/v1/badge/_rate-limited.svg",
};

/**
 * The site's error pages, which the CDN answers with on the site's paths:
 * pages in the site's layout, rendered with the others (templates/404.njk,
 * 405.njk); the edge function never reads them.
 */
export const ERROR_PAGES = {
  /** The page for a path that names nothing (Netlify's own name for it). */
  notFound: "/404.html",
  /** The page for a method a page does not answer. */
  methodNotAllowed: "/405.html",
};

/** Where Netlify's rate limiter rewrites a refused request (the edge function's config.rateLimit.to). */
export const RATE_LIMITED_PATH = "/api/v1/problems/rate-limited";

/** The public path of a resource for these parameters, inserted as given (slugs, years and names need no escaping). */
export function pathOf<P extends string>(r: Resource<P>, params: Params<P>): string {
  return r.path.replace(/\{([a-z_]+)\}/g, (_, name: string) => (params as Record<string, string>)[name]!);
}

const patterns = new WeakMap<Resource, RegExp>();

/** The parameters (as they appear in the path, still percent-encoded) if `pathname` is this resource's path, or null. */
export function matchResource<P extends string>(r: Resource<P>, pathname: string): Params<P> | null {
  let re = patterns.get(r);
  if (!re) {
    const source = r.path
      .split(/(\{[a-z_]+\})/)
      .map((part) => (/^\{[a-z_]+\}$/.test(part) ? `(?<${part.slice(1, -1)}>[^/]+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    patterns.set(r, (re = new RegExp(`^${source.join("")}$`)));
  }
  const m = re.exec(pathname);
  return m ? ({ ...m.groups } as Params<P>) : null;
}

/** The first API resource whose path pattern `pathname` matches, with its parameters. */
export function resolveApiPath(pathname: string): { name: ApiResourceName; params: Record<string, string> } | null {
  for (const name of Object.keys(API) as ApiResourceName[]) {
    const params = matchResource(API[name] as Resource, pathname);
    if (params) return { name, params };
  }
  return null;
}
