// Where the Netlify Edge Function runs, and its rate limit: the public
// endpoints (every API path, the feed and the calendar) minus the stored files
// the function reads itself, whose reads must neither run the function again
// nor count against the client's limit. netlify/edge-functions/api.ts exports
// EDGE_CONFIG as its `config`; the request chain runs the core for the same paths.
import { API, API_ROOT, FLAT, PAGES, RATE_LIMITED_PATH, STORAGE, type Layout } from "../contract/resources.ts";
import { RATE_LIMIT } from "../contract/rate-limit.ts";

const folderOf = (file: string) => file.slice(0, file.lastIndexOf("/"));

export const EDGE_CONFIG = {
  path: [`${API_ROOT}*`, API.feed.path, API.supportCalendar.path, API.supportCalendarNoAlarms.path],
  excludedPath: [
    // The record files the list core cuts its items from.
    `${folderOf(API.record.file({ device_slug: "x" }, FLAT))}/*.json`,
    // The list index, the static list pages and the ETag manifest.
    `${folderOf(STORAGE.listIndex)}/*`,
    // The problem documents, the rate limiter's target among them.
    `${folderOf(STORAGE.rateLimitedProblem)}/*`,
  ],
  rateLimit: {
    windowLimit: RATE_LIMIT.limit,
    windowSize: RATE_LIMIT.windowSeconds,
    aggregateBy: ["ip", "domain"],
    action: "rewrite",
    to: RATE_LIMITED_PATH,
  },
};

/** The device pages' path pattern, for the pages edge function (netlify/edge-functions/pages.ts). */
export const DEVICE_PAGES_PATH = PAGES.device.path.replace("{device_slug}", "*");

/**
 * The edge function declarations a build adds through Netlify's Frameworks
 * API (.netlify/v1/config.json): the pages function on the device pages, only
 * when their files are sharded. A flat build's pages are the CDN's alone, so
 * viewing one costs no invocation.
 */
export function netlifyDeployConfig(layout: Layout): { edge_functions: { function: string; path: string }[] } | null {
  return layout.shardDigits ? { edge_functions: [{ function: "pages", path: DEVICE_PAGES_PATH }] } : null;
}

/**
 * A URLPattern pathname whose only wildcard is `*` (any characters), as a
 * RegExp; like Netlify's edge bundler, a trailing slash may follow.
 */
const patternRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split("*")
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}\\/?$`,
  );
const RUNS = EDGE_CONFIG.path.map(patternRegExp);
const SKIPS = EDGE_CONFIG.excludedPath.map(patternRegExp);

const PAGES_RUN = patternRegExp(DEVICE_PAGES_PATH);
/** Whether the pages edge function runs for this path, where a sharded build declares it. */
export const runsPagesEdge = (pathname: string) => PAGES_RUN.test(pathname);

/** Whether Netlify runs the edge function (and counts the request against the limit) for this path. */
export const runsEdge = (pathname: string) => RUNS.some((re) => re.test(pathname)) && !SKIPS.some((re) => re.test(pathname));
