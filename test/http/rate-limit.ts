// The public rate limit where our code enforces it (the request chain, so the
// preview and the Deno harness too; on Netlify the platform does, and netlify
// dev does not emulate it: docs/list.md#rate-limit). One client's 21st request
// in a minute to the API (the identifier lookup included), the feed or the calendar is a 429 with Retry-After;
// CORS preflights are not counted; a badge's 429 is still an image; pages and
// the static indexes the site's own pages read (the search index, the fleet
// index) are neither counted nor limited.
import { expect, it } from "vitest";
import { PAGES, pathOf } from "../../generator/contract/resources.ts";
import { FLEET_INDEX_FILE } from "../../generator/derive/fleet-files.ts";
import { RATE_LIMIT } from "../../generator/contract/rate-limit.ts";
import { expectProblem } from "../list/contract.ts";
import type { HttpTarget } from "../helpers/targets.ts";

/** What the live search and the fleet check read instead of the API. */
const STATIC_INDEXES = [pathOf(PAGES.searchIndex, { file: "root.json" }), pathOf(PAGES.fleetIndex, { file: FLEET_INDEX_FILE })];

export function rateLimitSuite(target: () => HttpTarget) {
  it("the 21st request in a minute is 429, never stored, with Retry-After and RateLimit fields; preflights, pages and the site's indexes do not count", async () => {
    const t = target();
    const readIndexes = async (times: number) => {
      for (let i = 0; i < times; i++)
        for (const path of STATIC_INDEXES) {
          const res = await t.fetch(path);
          expect(res.status, `${path}, read ${i + 1}`).toBe(200);
          await res.arrayBuffer();
        }
    };
    // More index reads than the limit allows API requests: had they counted, the API requests below would meet a 429 early.
    await readIndexes(RATE_LIMIT.limit + 5);
    const paths = [
      "/api/v1/devices",
      "/api/v1/devices?q=alpha",
      "/api/v1/devices/alpha-phone",
      "/feed.xml",
      "/api/devices",
      "/api/v1/devices/nope",
      "/api/v1/identifiers/SM-A525F",
    ];
    for (let i = 0; i < 10; i++) expect((await t.fetch("/api/v1/devices/alpha-phone", { method: "OPTIONS" })).status, `preflight ${i + 1}`).toBe(204);
    for (let i = 0; i < RATE_LIMIT.limit; i++) {
      const res = await t.fetch(paths[i % paths.length]!);
      expect(res.status, `request ${i + 1}`).not.toBe(429);
      await res.arrayBuffer();
    }
    expect((await t.fetch("/devices/alpha-phone")).status).toBe(200);
    expect((await t.fetch("/api/v1/devices/alpha-phone", { method: "OPTIONS" })).status).toBe(204);
    await readIndexes(2);

    const res = await t.fetch("/api/v1/devices");
    const body = await expectProblem(res, 429, "rate-limited");
    expect(body.detail).toMatch(/20 requests in 60 seconds/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const retry = Number(res.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(res.headers.get("ratelimit-policy")).toBe('"public";q=20;w=60');
    expect(res.headers.get("ratelimit")).toBe(`"public";r=0;t=${retry}`);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect((await t.fetch("/feed.xml")).status).toBe(429);
    await expectProblem(await t.fetch("/api/v1/identifiers/SM-A525F"), 429, "rate-limited");
    // Over the limit, the site's pages and indexes still answer.
    await readIndexes(1);

    const badge = await t.fetch("/api/v1/badge/alpha-phone");
    expect(badge.status).toBe(429);
    expect(badge.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(badge.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await badge.text()).toMatch(/^<svg [^>]*role="img" aria-label="support: busy, reload in a minute"/);
  });
}
