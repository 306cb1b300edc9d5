// Where the site lives and what day it is: the only inputs besides the records.
import { API, API_ROOT, PAGES, pathOf, type Params, type Resource } from "../contract/resources.ts";
import { LICENSE } from "../contract/license.ts";

export interface Site {
  /** {site_url}: origin of the human pages, no trailing slash. */
  siteUrl: string;
  /** {base_url}: origin of the API, no trailing slash. */
  baseUrl: string;
  /** The as-of day (YYYY-MM-DD) every verdict and "upcoming" is computed for. */
  now: string;
  /** A deploy that is not the production site (a Netlify deploy preview or branch deploy): search engines are asked not to index it. */
  noindex?: boolean;
}

/** The two origins alone: what links and the attribution depend on (not the day). */
export type Origins = Pick<Site, "siteUrl" | "baseUrl">;

export const DEFAULT_ORIGIN = "http://localhost:8080";

/** An origin the pages and routes can be built on: http(s), a host, no path (every route is absolute). */
function origin(name: string, value: string): string {
  const u = URL.canParse(value) ? new URL(value) : null;
  if (!u || !/^https?:$/.test(u.protocol) || u.pathname !== "/" || u.search || u.hash || u.username || u.password) {
    throw new Error(`${name} must be an origin such as https://devices.example (http or https, no path); got "${value}"`);
  }
  return u.origin;
}

/**
 * Where a Netlify build's origin comes from (docs.netlify.com, "Build
 * environment variables"): the production context publishes at URL (the
 * site's main address); deploy previews and branch deploys at
 * DEPLOY_PRIME_URL (the address shared by that branch's or pull request's
 * deploys). Null outside Netlify (NETLIFY=true).
 */
function netlifyDeploy(env: Record<string, string | undefined>): { name: "URL" | "DEPLOY_PRIME_URL"; value?: string; production: boolean } | null {
  if (env.NETLIFY !== "true") return null;
  const production = env.CONTEXT === "production";
  const name = production ? "URL" : "DEPLOY_PRIME_URL";
  return { name, value: env[name], production };
}

/**
 * The site from the environment: SITE_URL and BASE_URL when set; else, on
 * Netlify, the deploy's own address; else `fallback` (a local build). A
 * Netlify build with no origin at all is refused by name: a deployed site
 * that links to localhost is broken. Throws a message naming the variable.
 */
export function siteFromEnv(env: Record<string, string | undefined>, now: string, fallback = DEFAULT_ORIGIN): Site {
  const deploy = netlifyDeploy(env);
  let siteUrl: string;
  if (env.SITE_URL) siteUrl = origin("SITE_URL", env.SITE_URL);
  else if (deploy?.value) siteUrl = origin(deploy.name, deploy.value);
  else if (deploy) {
    throw new Error(
      `${deploy.name} is not set: a Netlify build (NETLIFY=true, CONTEXT=${env.CONTEXT || "unset"}) takes its origin from ${deploy.name}; set it, or SITE_URL`,
    );
  } else siteUrl = origin("SITE_URL", fallback);
  const site: Site = { siteUrl, baseUrl: env.BASE_URL ? origin("BASE_URL", env.BASE_URL) : siteUrl, now };
  return deploy && !deploy.production ? { ...site, noindex: true } : site;
}

/** The site's URL builders, made once per Site (they are called for every record of every output). */
export const urls = (site: Origins) => {
  let u = urlsBySite.get(site);
  if (!u) urlsBySite.set(site, (u = urlBuilders(site)));
  return u;
};

const urlsBySite = new WeakMap<Origins, ReturnType<typeof urlBuilders>>();

/** The absolute URL of a resource of the table on this site's origin for it. */
export function urlOf<P extends string>(site: Origins, r: Resource<P>, params: Params<P>): string {
  return `${r.origin === "api" ? site.baseUrl : site.siteUrl}${pathOf(r, params)}`;
}

const urlBuilders = (site: Origins) => {
  const bySlug = (r: Resource) => (slug: string) => urlOf(site, r, { device_slug: slug });
  const only = (r: Resource) => () => urlOf(site, r, {});
  return {
    page: bySlug(PAGES.device),
    /** A withdrawn record's notice: also served, with 410, at page(slug). */
    withdrawal: bySlug(PAGES.withdrawal),
    record: bySlug(API.record),
    evidence: bySlug(API.evidence),
    badge: bySlug(API.badge),
    deviceCalendar: bySlug(API.deviceCalendar),
    deviceCalendarNoAlarms: bySlug(API.deviceCalendarNoAlarms),
    manufacturerCalendar: (maker: string) => urlOf(site, API.manufacturerCalendar, { manufacturer: maker }),
    manufacturerCalendarNoAlarms: (maker: string) => urlOf(site, API.manufacturerCalendarNoAlarms, { manufacturer: maker }),
    manufacturerFeed: (maker: string) => urlOf(site, API.manufacturerFeed, { manufacturer: maker }),
    manufacturerFeedArchive: (maker: string, month: string) => urlOf(site, API.manufacturerFeedArchive, { manufacturer: maker, month }),
    manufacturers: only(PAGES.manufacturers),
    /** A manufacturer's page; its devices run over several pages when there are many (page 1 is the plain address). */
    manufacturerPage: (maker: string, page = 1) =>
      page > 1 ? urlOf(site, PAGES.manufacturerPage, { manufacturer: maker, number: String(page) }) : urlOf(site, PAGES.manufacturer, { manufacturer: maker }),
    /** The folder of the site search's static index files (derive/search-files.ts names the files in it). */
    searchIndex: () => urlOf(site, PAGES.searchIndex, { file: "" }),
    /** The fleet check page, and the folder of its static index files (derive/fleet-index.ts). */
    fleet: only(PAGES.fleet),
    fleetIndex: () => urlOf(site, PAGES.fleetIndex, { file: "" }),
    apiRoot: () => `${site.baseUrl}${API_ROOT}`,
    list: only(API.list),
    dataset: only(API.dataset),
    datasetYear: (year: number) => urlOf(site, API.datasetYear, { year: String(year) }),
    feed: only(API.feed),
    feedArchive: (month: string) => urlOf(site, API.feedArchive, { month }),
    supportCalendar: only(API.supportCalendar),
    supportCalendarNoAlarms: only(API.supportCalendarNoAlarms),
    schema: only(API.recordSchema),
    openapi: only(API.openapi),
    home: only(PAGES.home),
    /** The A–Z pages; page 1 is the plain address. */
    browse: (page = 1) => (page > 1 ? urlOf(site, PAGES.browsePage, { number: String(page) }) : urlOf(site, PAGES.browse, {})),
    /** The A–Z pages of one device type; page 1 is the plain address. */
    browseType: (type: string, page = 1) =>
      page > 1 ? urlOf(site, PAGES.browseTypePage, { type, number: String(page) }) : urlOf(site, PAGES.browseType, { type }),
    license: only(PAGES.license),
    corrections: only(PAGES.corrections),
    /** The corrections form with a device named (its script fills the device field from `device`). */
    correction: (slug: string) => `${urlOf(site, PAGES.corrections, {})}?device=${encodeURIComponent(slug)}`,
    docs: only(PAGES.docs),
    doc: (name: string) => urlOf(site, PAGES.doc, { name }),
    apiReference: only(PAGES.apiReference),
    problemTypes: only(PAGES.problemTypes),
    asset: (file: string) => urlOf(site, PAGES.asset, { file }),
    sitemap: only(PAGES.sitemap),
    sitemapPart: (number: number) => urlOf(site, PAGES.sitemapPart, { number: String(number) }),
    siteImage: only(PAGES.siteImage),
    manufacturerImage: (maker: string) => urlOf(site, PAGES.manufacturerImage, { manufacturer: maker }),
  };
};

const inSiteByOrigins = new WeakMap<Origins, Origins>();

/**
 * The origins as the site's own pages link with them: root-relative (so a
 * build serves from any origin: a deploy preview, the netlify.app address, a
 * www alias), and absolute only for an API on another origin. Only for links
 * between pages and to the API; what leaves the site (canonical, feeds,
 * calendars, attribution, embed code) takes the Site itself.
 */
export function inSite(site: Origins): Origins {
  let local = inSiteByOrigins.get(site);
  if (!local) inSiteByOrigins.set(site, (local = { siteUrl: "", baseUrl: site.baseUrl === site.siteUrl ? "" : site.baseUrl }));
  return local;
}

/** The site's host name without a port: the authority of calendar UIDs and feed entry ids. */
export const siteHost = (site: Origins) => new URL(site.siteUrl).hostname;

export function attribution(site: Origins) {
  return {
    text: `Device lifecycle data from Device Lifecycle Records (${site.siteUrl}), public dataset license v1`,
    license: { ...LICENSE, url: urls(site).license() },
    requirements:
      "Show this attribution and link each reused fact to its canonical device record. Keep model, region, evidence, date-precision and source context. Do not imply that this service or a cited authority certifies your product or service.",
  };
}
