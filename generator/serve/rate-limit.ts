// The public rate limit (spec section 8: 20 requests a minute per client) over
// the edge function's paths (serve/edge-paths.ts), as the request chain
// enforces it. On Netlify the same numbers are the edge function's
// `config.rateLimit`, which the platform enforces (docs/list.md#rate-limit).
// Pure: no Node built-ins, the clock is injected.
import { NO_STORE } from "../contract/media.ts";
import { RATE_LIMIT, rateLimitedDetail, rateLimitFields, type RateLimitResult } from "../contract/rate-limit.ts";
import { resourceHeaders } from "../contract/headers.ts";
import { finish, problemResponse } from "./respond.ts";
import { etagOf } from "../derive/etags.ts";

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

/**
 * 429, never stored, with Retry-After and the RateLimit fields: problem+json,
 * or on a badge's path the "try again later" badge (`badge`), so an image tag
 * still shows an image.
 */
export async function rateLimitedResponse(
  request: Request,
  r: RateLimitResult,
  badge: { svg: Uint8Array<ArrayBuffer>; params: Record<string, string> } | null,
): Promise<Response> {
  const fields = { ...rateLimitFields(r), "Retry-After": String(r.resetSeconds), "Cache-Control": NO_STORE };
  if (badge)
    return finish(request, { status: 429, headers: { ...resourceHeaders("badge", badge.params), ...fields }, body: badge.svg, etag: await etagOf(badge.svg) });
  return problemResponse(request, "rate-limited", rateLimitedDetail(r.resetSeconds), { headers: fields });
}
