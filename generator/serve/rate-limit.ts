// The public rate limit (spec section 8: 20 requests a minute per client), as
// the preview server enforces it. On Netlify the same numbers are declared in
// the edge function's `rateLimit` config (netlify/edge-functions/api.ts), where
// the platform enforces them. Pure: no Node built-ins, the clock is injected.
import { problemResponse } from "./respond.ts";

export const RATE_LIMIT = {
  /** Requests allowed per client in any window. */
  limit: 20,
  /** Window length in seconds (sliding, as Netlify's rate limiter). */
  windowSeconds: 60,
  /** Name of the policy in the RateLimit and RateLimit-Policy fields. */
  policy: "public",
} as const;

/**
 * Paths the limit applies to: every public endpoint. The same patterns are the
 * edge function's `path` and `excludedPath` (checked by test/list/edge-config).
 * Excluded: the storage files the edge function itself reads (record files,
 * list index and pages) and the rate-limit answer.
 */
export const RATE_LIMITED_PATHS = ["/api/*", "/feed.xml", "/support-calendar.ics"];
export const RATE_LIMIT_EXCLUDED_PATHS = ["/api/v1/devices/*.json", "/api/v1/list/*", "/api/v1/problems/*"];

/** A URLPattern-style path (where `*` stands for any characters: the subset the config uses) as a RegExp. */
const patternRegExp = (pattern: string) => new RegExp(`^${pattern.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);

export const pathPatternMatches = (pattern: string, pathname: string) => patternRegExp(pattern).test(pathname);

const LIMITED = RATE_LIMITED_PATHS.map(patternRegExp);
const EXCLUDED = RATE_LIMIT_EXCLUDED_PATHS.map(patternRegExp);
export const isRateLimitedPath = (pathname: string) => LIMITED.some((re) => re.test(pathname)) && !EXCLUDED.some((re) => re.test(pathname));

export interface RateLimitResult {
  ok: boolean;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Seconds until a request is allowed again (when !ok) or the window frees a slot. */
  resetSeconds: number;
}

/** A sliding-window log: a client may make `limit` requests in any `windowSeconds`. */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();
  private calls = 0;

  constructor(
    readonly limit: number = RATE_LIMIT.limit,
    readonly windowSeconds: number = RATE_LIMIT.windowSeconds,
    private readonly now: () => number = Date.now,
  ) {}

  take(client: string): RateLimitResult {
    const t = this.now();
    const windowMs = this.windowSeconds * 1000;
    if (++this.calls % 1000 === 0) this.prune(t - windowMs);
    let log = this.hits.get(client);
    if (!log) this.hits.set(client, (log = []));
    while (log.length && log[0]! <= t - windowMs) log.shift();
    const reset = (oldest: number) => Math.max(1, Math.ceil((oldest + windowMs - t) / 1000));
    if (log.length >= this.limit) return { ok: false, remaining: 0, resetSeconds: reset(log[0]!) };
    log.push(t);
    return { ok: true, remaining: this.limit - log.length, resetSeconds: reset(log[0]!) };
  }

  private prune(before: number) {
    for (const [k, log] of this.hits) if (!log.length || log[log.length - 1]! <= before) this.hits.delete(k);
  }
}

/** The fields of draft-ietf-httpapi-ratelimit-headers-10 (structured-field form). */
export function rateLimitFields(r: RateLimitResult): Record<string, string> {
  return {
    "RateLimit-Policy": `"${RATE_LIMIT.policy}";q=${RATE_LIMIT.limit};w=${RATE_LIMIT.windowSeconds}`,
    RateLimit: `"${RATE_LIMIT.policy}";r=${r.remaining};t=${r.resetSeconds}`,
  };
}

/** 429 as problem+json: never cached, with Retry-After and the RateLimit fields. */
export function rateLimitedResponse(request: Request, r: RateLimitResult): Promise<Response> {
  return problemResponse(
    request,
    "rate-limited",
    `More than ${RATE_LIMIT.limit} requests in ${RATE_LIMIT.windowSeconds} seconds from this client. Retry after ${r.resetSeconds} s.`,
    { headers: { ...rateLimitFields(r), "Retry-After": String(r.resetSeconds), "Cache-Control": "no-store" } },
  );
}
