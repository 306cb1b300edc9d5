// The public rate limit (spec section 8) in numbers, and how an answer states
// it (the RateLimit and RateLimit-Policy fields): shared by the limiter, the
// CDN rules, the stored problem body and the OpenAPI document.
export const RATE_LIMIT = {
  /** Requests allowed per client in any window. */
  limit: 20,
  /** Window length in seconds (sliding, as Netlify's rate limiter). */
  windowSeconds: 60,
  /** Name of the policy in the RateLimit and RateLimit-Policy fields. */
  policy: "public",
} as const;

export interface RateLimitResult {
  ok: boolean;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Seconds until a request is allowed again (when !ok) or the window frees a slot. */
  resetSeconds: number;
}

/**
 * The rate-limited problem's detail. Where our own limiter answers (the
 * request chain) it knows the seconds to wait; the stored body Netlify's
 * limiter rewrites to (`null`) cannot, and points at Retry-After instead.
 */
export function rateLimitedDetail(retryAfterSeconds: number | null): string {
  const retry = retryAfterSeconds === null ? "the number of seconds in Retry-After" : `${retryAfterSeconds} s`;
  return `More than ${RATE_LIMIT.limit} requests in ${RATE_LIMIT.windowSeconds} seconds from this client. Retry after ${retry}.`;
}

/** The fields of draft-ietf-httpapi-ratelimit-headers-10 (structured-field form). */
export function rateLimitFields(r: RateLimitResult): Record<string, string> {
  return {
    "RateLimit-Policy": `"${RATE_LIMIT.policy}";q=${RATE_LIMIT.limit};w=${RATE_LIMIT.windowSeconds}`,
    RateLimit: `"${RATE_LIMIT.policy}";r=${r.remaining};t=${r.resetSeconds}`,
  };
}
