// The static 429 Netlify's own rate limiter rewrites a refused request to
// (config.rateLimit.to, answered from _redirects and _headers), read through
// the chain over the fixture build. The limiter and its numbers:
// generator/serve/rate-limit.test.ts.
import { describe, expect, inject, it } from "vitest";
import { RATE_LIMIT, rateLimitFields } from "../../generator/contract/rate-limit.ts";
import { config } from "../../netlify/edge-functions/api.ts";
import { chainTarget } from "../helpers/targets.ts";
import { expectProblem } from "../list/contract.ts";

describe("Netlify's rate limiter", () => {
  it("the static 429 it rewrites to carries the chain's fields at zero remaining", async () => {
    const t = await chainTarget(inject("fixtureDist"));
    const res = await t.fetch(config.rateLimit.to);
    await expectProblem(res, 429, "rate-limited");
    expect(Object.fromEntries(["cache-control", "retry-after", "ratelimit-policy", "ratelimit"].map((h) => [h, res.headers.get(h)]))).toEqual({
      "cache-control": "no-store",
      "retry-after": String(RATE_LIMIT.windowSeconds),
      ...Object.fromEntries(
        Object.entries(rateLimitFields({ ok: false, remaining: 0, resetSeconds: RATE_LIMIT.windowSeconds })).map(([k, v]) => [k.toLowerCase(), v]),
      ),
    });
  });
});
