// The public rate limit's pure parts (rate-limit.ts): the limiter and the
// header fields. The paths it covers (the edge function's) and the numbers
// Netlify is given: edge-paths.test.ts. The static 429 Netlify rewrites to:
// test/http/netlify-rate-limit.test.ts; the limit over HTTP on three targets:
// test/http/rate-limit.ts.
import { describe, expect, it } from "vitest";
import { SlidingWindowLimiter } from "./rate-limit.ts";
import { rateLimitFields } from "../contract/rate-limit.ts";

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

  // A limit of 2 in 10 s; each row: milliseconds since the first request, and the answer then.
  it.each([
    [
      "two at once, then refused until the first leaves",
      [
        [0, true, 1, 10],
        [0, true, 0, 10],
        [0, false, 0, 10],
        [9_999, false, 0, 1],
        [10_000, true, 1, 10],
      ],
    ],
    [
      "spread out, never refused",
      [
        [0, true, 1, 10],
        [6_000, true, 0, 4],
        [10_000, true, 0, 6],
        [16_000, true, 0, 4],
      ],
    ],
    [
      "refusals take no slot",
      [
        [0, true, 1, 10],
        [1_000, true, 0, 9],
        [2_000, false, 0, 8],
        [5_000, false, 0, 5],
        [10_000, true, 0, 1],
      ],
    ],
    [
      "a fraction of a second rounds up, never to 0",
      [
        [0, true, 1, 10],
        [0, true, 0, 10],
        [9_500, false, 0, 1],
      ],
    ],
  ] as [string, [number, boolean, number, number][]][])("%s", (_, steps) => {
    let now = 0;
    const l = new SlidingWindowLimiter(2, 10, () => now);
    for (const [at, ok, remaining, resetSeconds] of steps) {
      now = at;
      expect(l.take("client"), `at ${at} ms`).toEqual({ ok, remaining, resetSeconds });
    }
  });

  it("forgets idle clients, and a client's window after it", () => {
    let now = 0;
    const l = new SlidingWindowLimiter(1, 1, () => now);
    for (let i = 0; i < 999; i++) l.take(`c${i}`);
    now = 5_000;
    expect(l.take("c0").ok).toBe(true); // the 1000th call prunes every idle log
    expect((l as unknown as { hits: Map<string, number[]> }).hits.size).toBe(1);
  });
});

describe("the RateLimit fields", () => {
  it.each([
    [{ ok: true, remaining: 19, resetSeconds: 60 }, '"public";r=19;t=60'],
    [{ ok: true, remaining: 0, resetSeconds: 1 }, '"public";r=0;t=1'],
    [{ ok: false, remaining: 0, resetSeconds: 40 }, '"public";r=0;t=40'],
  ])("%o: RateLimit %s", (result, field) => {
    expect(rateLimitFields(result)).toEqual({ "RateLimit-Policy": '"public";q=20;w=60', RateLimit: field });
  });
});
