// Where the Netlify Edge Function runs, and its rate limit: the public
// endpoints (every API path, the feed and the calendar) minus the stored files
// the function reads itself, whose reads must neither run the function again
// nor count against the client's limit. netlify/edge-functions/api.ts exports
// EDGE_CONFIG as its `config`; the request chain runs the core for the same paths.
import { API, API_ROOT, RATE_LIMITED_PATH, STORAGE } from "../contract/resources.ts";
import { RATE_LIMIT } from "./rate-limit.ts";

const folderOf = (file: string) => file.slice(0, file.lastIndexOf("/"));

export const EDGE_CONFIG = {
  path: [`${API_ROOT}*`, API.feed.path, API.supportCalendar.path],
  excludedPath: [
    // The record files the list core cuts its items from.
    `${folderOf(API.record.file({ device_slug: "x" }))}/*.json`,
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

/**
 * A URLPattern pathname whose only wildcard is `*` (any characters), as a
 * RegExp; like Netlify's edge bundler, a trailing slash may follow.
 */
const patternRegExp = (pattern: string) => new RegExp(`^${pattern.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}\\/?$`);
const RUNS = EDGE_CONFIG.path.map(patternRegExp);
const SKIPS = EDGE_CONFIG.excludedPath.map(patternRegExp);

/** Whether Netlify runs the edge function (and counts the request against the limit) for this path. */
export const runsEdge = (pathname: string) => RUNS.some((re) => re.test(pathname)) && !SKIPS.some((re) => re.test(pathname));
