// The resource table: every public path of the API and the site, named once,
// beside the file the build stores it in. A path pattern's {name}
// placeholders each stand for part of one path segment
// (`/api/v1/calendar/{device_slug}.ics`). `file` maps the same parameters to
// the stored file, so the storage layout can change here without changing a
// public URL. Everything else (URL builders, emitters, the generated
// _redirects, the edge function, the OpenAPI document, the templates) takes
// its paths from here. No imports: it runs under Node and Deno alike.

type Names<P extends string> = P extends `${string}{${infer N}}${infer Rest}` ? N | Names<Rest> : never;
export type Params<P extends string> = { [K in Names<P>]: string };

export interface Resource<P extends string = string> {
  /** {base_url} for the API and the feeds programs fetch, {site_url} for the pages people read. */
  origin: "api" | "site";
  /** The public path pattern. */
  path: P;
}

/** A resource the build writes as a file. */
export interface StoredResource<P extends string = string> extends Resource<P> {
  /** The stored file answering it, as a path from the build's root. */
  file(params: Params<P>): string;
}

function resource<P extends string>(origin: Resource["origin"], path: P): Resource<P>;
function resource<P extends string>(origin: Resource["origin"], path: P, file: (params: Params<P>) => string): StoredResource<P>;
function resource<P extends string>(origin: Resource["origin"], path: P, file?: (params: Params<P>) => string): Resource<P> | StoredResource<P> {
  return file ? { origin, path, file } : { origin, path };
}

/** Every API path starts here (the edge function's and the CORS rules' scope). */
export const API_ROOT = "/api/";

/** The public endpoints of the API (docs/API.md#endpoints). */
export const API = {
  list: resource("api", "/api/v1/devices"),
  legacyList: resource("api", "/api/devices"),
  record: resource("api", "/api/v1/devices/{device_slug}", (p) => `/api/v1/devices/${p.device_slug}.json`),
  evidence: resource("api", "/api/v1/devices/{device_slug}/evidence", (p) => `/api/v1/evidence/${p.device_slug}.json`),
  dataset: resource("api", "/api/v1/dataset", () => "/api/v1/dataset.csv"),
  datasetYear: resource("api", "/api/v1/dataset/{year}.csv", (p) => `/api/v1/dataset/${p.year}.csv`),
  badge: resource("api", "/api/v1/badge/{device_slug}", (p) => `/api/v1/badge/${p.device_slug}.svg`),
  deviceCalendar: resource("api", "/api/v1/calendar/{device_slug}.ics", (p) => `/api/v1/calendar/${p.device_slug}.ics`),
  manufacturerCalendar: resource("api", "/api/v1/calendar/manufacturers/{manufacturer}.ics", (p) => `/api/v1/calendar/manufacturers/${p.manufacturer}.ics`),
  /** One manufacturer's record changes (Atom), linked from its manufacturer page. */
  manufacturerFeed: resource("api", "/api/v1/feed/manufacturers/{manufacturer}.xml", (p) => `/api/v1/feed/manufacturers/${p.manufacturer}.xml`),
  feed: resource("api", "/feed.xml", () => "/feed.xml"),
  supportCalendar: resource("api", "/support-calendar.ics", () => "/support-calendar.ics"),
  recordSchema: resource("api", "/api/v1/schema/device-record.json", () => "/api/v1/schema/device-record.json"),
  openapi: resource("api", "/api/v1/openapi.json", () => "/api/v1/openapi.json"),
};

export type ApiResourceName = keyof typeof API;

/** The human pages. */
export const PAGES = {
  home: resource("site", "/", () => "/index.html"),
  device: resource("site", "/devices/{device_slug}", (p) => `/devices/${p.device_slug}.html`),
  /** A withdrawn record's notice; also the 410 body of its device page. */
  withdrawal: resource("site", "/withdrawn/{device_slug}", (p) => `/withdrawn/${p.device_slug}.html`),
  browse: resource("site", "/browse/", () => "/browse/index.html"),
  /** The A–Z pages after the first, numbered from 2. */
  browsePage: resource("site", "/browse/{number}", (p) => `/browse/${p.number}.html`),
  license: resource("site", "/license", () => "/license.html"),
  corrections: resource("site", "/corrections", () => "/corrections.html"),
  correctionsThanks: resource("site", "/corrections/thanks", () => "/corrections/thanks.html"),
  docs: resource("site", "/docs", () => "/docs/index.html"),
  /** A document of docs/ published as a page (api, list, exports, ...). */
  doc: resource("site", "/docs/{name}", (p) => `/docs/${p.name}.html`),
  apiReference: resource("site", "/docs/reference", () => "/docs/reference.html"),
  problemTypes: resource("site", "/docs/problems", () => "/docs/problems.html"),
  asset: resource("site", "/assets/{file}", (p) => `/assets/${p.file}`),
  /** Every manufacturer, linking its pages, calendar and feed. */
  manufacturers: resource("site", "/manufacturers/", () => "/manufacturers/index.html"),
  /** A manufacturer's devices: the first page of them (newest first) as charts beside tables. */
  manufacturer: resource("site", "/manufacturers/{manufacturer}", (p) => `/manufacturers/${p.manufacturer}.html`),
  /** A manufacturer's later pages, numbered from 2 (a folder per manufacturer, so /manufacturers/ holds two entries per manufacturer). */
  manufacturerPage: resource("site", "/manufacturers/{manufacturer}/{number}", (p) => `/manufacturers/${p.manufacturer}/${p.number}.html`),
  /**
   * A file of the site search's static index (derive/search-files.ts names
   * them; docs/search.md). Here `{file}` is a relative path that may hold
   * slashes: the index nests its files in folders of bounded size.
   */
  searchIndex: resource("site", "/search-index/v1/{file}", (p) => `/search-index/v1/${p.file}`),
};

/**
 * Files the build writes that are not endpoints: the edge function reads them
 * itself, the CDN answers with them, or the rate limiter rewrites to them.
 */
export const STORAGE = {
  /** The list's compact index (derive/list-index.ts). */
  listIndex: "/api/v1/list/index.txt",
  /** The plain walk's pages, named by the cursor that leads to them (null: the first page). */
  listPage: (cursor: string | null) => `/api/v1/list/pages/${cursor ?? "first"}.json`,
  /** Build-time ETags of the large files, so the edge function never hashes megabytes (serve/etags.ts). */
  etagManifest: "/api/v1/list/etags.json",
  /** The 410 body of a withdrawn record. */
  goneProblem: (slug: string) => `/api/v1/problems/gone/${slug}.json`,
  /** The 404 body of a storage path that names no file. */
  notFoundProblem: "/api/v1/problems/not-found.json",
  /** The 429 body the platform's rate limiter rewrites to. */
  rateLimitedProblem: "/api/v1/problems/rate-limited.json",
  /** The badge of a withdrawn record; the underscore keeps it out of the slug namespace. */
  withdrawnBadge: "/api/v1/badge/_withdrawn.svg",
  /** The badge a rate-limited badge request gets where our code answers it (serve/chain.ts). */
  rateLimitedBadge: "/api/v1/badge/_rate-limited.svg",
  /** The site's page for a path that names nothing. */
  notFoundPage: "/404.html",
  /** The site's page for a method a page does not answer. */
  methodNotAllowedPage: "/405.html",
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
    const source = r.path.split(/(\{[a-z_]+\})/).map((part) => (/^\{[a-z_]+\}$/.test(part) ? `(?<${part.slice(1, -1)}>[^/]+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
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
