// The public rate limit's parts: the limiter, the paths it covers (the edge
// function's), the Netlify config, and the static 429 Netlify rewrites to.
// Enforced over HTTP on three targets: test/http/rate-limit.ts.
import { describe, expect, inject, it } from "vitest";
import { RATE_LIMIT, SlidingWindowLimiter, rateLimitFields } from "../../generator/serve/rate-limit.ts";
import { EDGE_CONFIG, runsEdge } from "../../generator/serve/edge-paths.ts";
import { config } from "../../netlify/edge-functions/api.ts";
import { chainTarget } from "../helpers/targets.ts";
import { expectProblem } from "./contract.ts";

describe("SlidingWindowLimiter", () => {
  it("allows 20 in any 60 s window per client, then answers with the seconds until a slot frees", () => {
    let now = 1_000_000;
    const l = new SlidingWindowLimiter(20, 60, () => now);
    for (let i = 0; i < 20; i++) {
      expect(l.take("a")).toMatchObject({ ok: true, remaining: 19 - i });
      now += 1000;
    }
    expect(l.take("a")).toEqual({ ok: false, remaining: 0, resetSeconds: 40 });
    expect(l.take("b").ok).toBe(true); // another client has its own window
    now += 40_000; // the first request leaves the window
    expect(l.take("a")).toMatchObject({ ok: true, remaining: 0 });
    expect(l.take("a").ok).toBe(false);
  });
});

describe("which paths are limited", () => {
  it("every public endpoint, not the files the edge function reads itself", () => {
    for (const p of ["/api/v1/devices", "/api/devices", "/api/v1/devices/alpha-phone", "/api/v1/devices/x/evidence", "/api/v1/dataset", "/api/v1/badge/x", "/feed.xml", "/support-calendar.ics", "/api/nope"]) {
      expect(runsEdge(p), p).toBe(true);
    }
    for (const p of ["/", "/devices/alpha-phone", "/docs", "/api/v1/devices/alpha-phone.json", "/api/v1/list/index.txt", "/api/v1/list/etags.json", "/api/v1/problems/rate-limited"]) {
      expect(runsEdge(p), p).toBe(false);
    }
  });

  it("the edge function declares these paths and numbers for Netlify", () => {
    expect(config).toBe(EDGE_CONFIG);
    expect(config.rateLimit).toMatchObject({ windowLimit: RATE_LIMIT.limit, windowSize: RATE_LIMIT.windowSeconds, aggregateBy: ["ip", "domain"], action: "rewrite" });
  });

  it("the static 429 Netlify's limiter rewrites to carries the chain's fields at zero remaining", async () => {
    const t = await chainTarget(inject("fixtureDist"));
    const res = await t.fetch(config.rateLimit.to);
    await expectProblem(res, 429, "rate-limited");
    expect(Object.fromEntries(["cache-control", "retry-after", "ratelimit-policy", "ratelimit"].map((h) => [h, res.headers.get(h)]))).toEqual({
      "cache-control": "no-store",
      "retry-after": String(RATE_LIMIT.windowSeconds),
      ...Object.fromEntries(Object.entries(rateLimitFields({ ok: false, remaining: 0, resetSeconds: RATE_LIMIT.windowSeconds })).map(([k, v]) => [k.toLowerCase(), v])),
    });
  });
});
