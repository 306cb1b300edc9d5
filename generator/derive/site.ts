// Where the site lives and what day it is: the only inputs besides the records.
export interface Site {
  /** {site_url}: origin of the human pages, no trailing slash. */
  siteUrl: string;
  /** {base_url}: origin of the API, no trailing slash. */
  baseUrl: string;
  /** The as-of day (YYYY-MM-DD) every verdict and "upcoming" is computed for. */
  now: string;
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

/** The site from SITE_URL and BASE_URL (throws a message naming the variable when one is not an origin). */
export function siteFromEnv(env: Record<string, string | undefined>, now: string, fallback = DEFAULT_ORIGIN): Site {
  const siteUrl = origin("SITE_URL", env.SITE_URL || fallback);
  return { siteUrl, baseUrl: env.BASE_URL ? origin("BASE_URL", env.BASE_URL) : siteUrl, now };
}

/** The site's URL builders, made once per Site (they are called for every record of every output). */
export const urls = (site: Origins) => {
  let u = urlsBySite.get(site);
  if (!u) urlsBySite.set(site, (u = urlBuilders(site)));
  return u;
};

const urlsBySite = new WeakMap<Origins, ReturnType<typeof urlBuilders>>();

const urlBuilders = (site: Origins) => ({
  page: (slug: string) => `${site.siteUrl}/devices/${slug}`,
  record: (slug: string) => `${site.baseUrl}/api/v1/devices/${slug}`,
  evidence: (slug: string) => `${site.baseUrl}/api/v1/devices/${slug}/evidence`,
  badge: (slug: string) => `${site.baseUrl}/api/v1/badge/${slug}`,
  deviceCalendar: (slug: string) => `${site.baseUrl}/api/v1/calendar/${slug}.ics`,
  manufacturerCalendar: (maker: string) => `${site.baseUrl}/api/v1/calendar/manufacturers/${maker}.ics`,
  manufacturerFeed: (maker: string) => `${site.baseUrl}/api/v1/feed/manufacturers/${maker}.xml`,
  manufacturers: () => `${site.siteUrl}/manufacturers/`,
  /** A manufacturer's page; its devices run over several pages when there are many (page 1 is the plain address). */
  manufacturerPage: (maker: string, page = 1) => `${site.siteUrl}/manufacturers/${maker}${page > 1 ? `/${page}` : ""}`,
  /** The folder of the site search's static index files (derive/search-chunks.ts). */
  searchIndex: () => `${site.siteUrl}/search-index/v1/`,
  dataset: () => `${site.baseUrl}/api/v1/dataset`,
  datasetYear: (year: number) => `${site.baseUrl}/api/v1/dataset/${year}.csv`,
  feed: () => `${site.baseUrl}/feed.xml`,
  supportCalendar: () => `${site.baseUrl}/support-calendar.ics`,
  license: () => `${site.siteUrl}/license`,
  docs: () => `${site.siteUrl}/docs`,
  schema: () => `${site.baseUrl}/api/v1/schema/device-record.json`,
});

/** The file under the output folder that answers a URL the builders give (its path, without the leading "/"). */
export const filePath = (url: string) => new URL(url).pathname.slice(1);

/** The site's host name without a port: the authority of calendar UIDs and feed entry ids. */
export const siteHost = (site: Origins) => new URL(site.siteUrl).hostname;

/** The dataset license (spec: "public dataset license, version 1, effective 6 September 2026"). */
export const LICENSE = {
  name: "Device Lifecycle Records public dataset license",
  version: "1",
  effective: "2026-09-06",
} as const;

export function attribution(site: Origins) {
  return {
    text: `Device lifecycle data from Device Lifecycle Records (${site.siteUrl}), public dataset license v1`,
    license: { ...LICENSE, url: urls(site).license() },
    requirements:
      "Show this attribution and link each reused fact to its canonical device record. Keep model, region, evidence, date-precision and source context. Do not imply that this service or a cited authority certifies your product or service.",
  };
}
