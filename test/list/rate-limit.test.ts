// The public rate limit: 20 requests a minute per client, enforced by the
// preview server by default, declared for Netlify in the edge function.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTo, servePreview, type Preview } from "../helpers/build.ts";
import { RATE_LIMIT, RATE_LIMIT_EXCLUDED_PATHS, RATE_LIMITED_PATHS, SlidingWindowLimiter, isRateLimitedPath, rateLimitFields } from "../../generator/serve/rate-limit.ts";
import { headerRules, headersFor } from "../../generator/serve/routes.ts";
import { config } from "../../netlify/edge-functions/api.ts";
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
      expect(isRateLimitedPath(p), p).toBe(true);
    }
    for (const p of ["/", "/devices/alpha-phone", "/docs", "/api/v1/devices/alpha-phone.json", "/api/v1/list/index.txt", "/api/v1/problems/rate-limited"]) {
      expect(isRateLimitedPath(p), p).toBe(false);
    }
  });

  it("the edge function declares the same paths and numbers for Netlify", () => {
    expect(config.path).toEqual(RATE_LIMITED_PATHS);
    expect(config.excludedPath).toEqual(RATE_LIMIT_EXCLUDED_PATHS);
    expect(config.rateLimit).toMatchObject({ windowLimit: RATE_LIMIT.limit, windowSize: RATE_LIMIT.windowSeconds, aggregateBy: ["ip", "domain"] });
  });

  it("the static 429 Netlify rewrites to carries the preview's fields", () => {
    const h = headersFor(headerRules, config.rateLimit.to);
    expect(h).toMatchObject({ ...rateLimitFields({ ok: false, remaining: 0, resetSeconds: RATE_LIMIT.windowSeconds }), "Retry-After": String(RATE_LIMIT.windowSeconds), "Cache-Control": "no-store" });
  });
});

describe("the preview server enforces it by default", () => {
  let preview: Preview;
  beforeAll(async () => {
    const { outDir } = await buildTo();
    preview = await servePreview(outDir, { rateLimit: true });
  });
  afterAll(() => preview?.close());

  it("the 21st request in a minute is 429 problem+json, not cached, with Retry-After and RateLimit fields", async () => {
    const paths = ["/api/v1/devices", "/api/v1/devices?q=alpha", "/api/v1/devices/alpha-phone", "/feed.xml", "/api/devices", "/api/v1/devices/nope"];
    for (let i = 0; i < 20; i++) {
      const res = await fetch(preview.url + paths[i % paths.length]);
      expect(res.status, `request ${i + 1}`).not.toBe(429);
      await res.arrayBuffer();
    }
    // Pages and files the limit does not cover still answer.
    expect((await fetch(`${preview.url}/devices/alpha-phone`)).status).not.toBe(429);
    const res = await fetch(`${preview.url}/api/v1/devices`);
    const body = await expectProblem(res, 429, "rate-limited");
    expect(body.detail).toMatch(/20 requests in 60 seconds/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const retry = Number(res.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(res.headers.get("ratelimit-policy")).toBe('"public";q=20;w=60');
    expect(res.headers.get("ratelimit")).toBe(`"public";r=0;t=${retry}`);
    expect((await fetch(`${preview.url}/feed.xml`)).status).toBe(429);
  });
});
