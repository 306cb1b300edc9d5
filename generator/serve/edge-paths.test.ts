// Where the edge function runs and the platform's rate limit counts
// (edge-paths.ts): every API path, the feed and the calendars, minus the
// stored files the function reads itself; the pages function only where a
// sharded build declares it. The chain runs the core on the same paths
// (test/http); the limiter itself: rate-limit.test.ts.
import { describe, expect, it } from "vitest";
import { config } from "../../netlify/edge-functions/api.ts";
import { API, FLAT, RATE_LIMITED_PATH, STORAGE } from "../contract/resources.ts";
import { RATE_LIMIT } from "../contract/rate-limit.ts";
import { encodeCursor } from "../derive/list.ts";
import { DEVICE_PAGES_PATH, EDGE_CONFIG, netlifyDeployConfig, runsEdge, runsPagesEdge } from "./edge-paths.ts";

describe("which paths are limited", () => {
  it.each([
    "/api/v1/devices",
    "/api/devices",
    "/api/v1/devices/alpha-phone",
    "/api/v1/devices/x/evidence",
    "/api/v1/dataset",
    "/api/v1/badge/x",
    "/feed.xml",
    "/support-calendar.ics",
    "/api/nope",
  ])("%s: the edge function's, limited", (p) => expect(runsEdge(p), p).toBe(true));
  it.each([
    "/",
    "/devices/alpha-phone",
    "/docs",
    "/api/v1/devices/alpha-phone.json",
    "/api/v1/list/index.txt",
    "/api/v1/list/etags.json",
    "/api/v1/problems/rate-limited",
  ])("%s: a file the CDN serves, not limited", (p) => expect(runsEdge(p), p).toBe(false));

  it("the edge function declares these paths and numbers for Netlify", () => {
    expect(config).toBe(EDGE_CONFIG);
    expect(config.rateLimit).toMatchObject({
      windowLimit: RATE_LIMIT.limit,
      windowSize: RATE_LIMIT.windowSeconds,
      aggregateBy: ["ip", "domain"],
      action: "rewrite",
    });
  });
});

describe("runsEdge at the edges of its patterns", () => {
  const cursor = encodeCursor(null, { tier: 0, slug: "delta-watch" });
  it.each([
    ["a trailing slash on an API path", "/api/v1/devices/", true],
    ["a trailing slash on the feed", "/feed.xml/", true],
    ["the calendar without alarms", "/support-calendar-no-alarms.ics", true],
    ["a manufacturer's feed archive", "/api/v1/feed/manufacturers/acme/archive/2026-10.xml", true],
    ["a name that only starts like the feed", "/feed.xml.bak", false],
    ["a name that only starts like the API", "/apiary", false],
    ["the API root without its slash", "/api", false],
    ["a record file, flat", API.record.file({ device_slug: "alpha-phone" }, FLAT), false],
    ["a record file, sharded", API.record.file({ device_slug: "alpha-phone" }, { shardDigits: 2 }), false],
    ["the list index", STORAGE.listIndex, false],
    ["a stored first page", STORAGE.listPage(null), false],
    ["a stored type's first page", STORAGE.listPage(null, "phone"), false],
    ["a stored page after a cursor", STORAGE.listPage(cursor), false],
    ["a withdrawn record's problem", STORAGE.goneProblem("eta-phone"), false],
    ["the not-found problem", STORAGE.notFoundProblem, false],
    ["the rate-limited problem", STORAGE.rateLimitedProblem, false],
  ])("%s (%s): %s", (_, pathname, runs) => expect(runsEdge(pathname)).toBe(runs));

  it("sends a limited client to a path the function does not run on, so the 429 is the CDN's", () => {
    expect(EDGE_CONFIG.rateLimit.to).toBe(RATE_LIMITED_PATH);
    expect(runsEdge(RATE_LIMITED_PATH)).toBe(false);
    expect(EDGE_CONFIG.rateLimit.windowLimit).toBe(20);
    expect(EDGE_CONFIG.rateLimit.windowSize).toBe(60);
  });
});

describe("the pages function", () => {
  it.each([
    ["/devices/alpha-phone", true],
    ["/devices/alpha-phone/", true],
    ["/devices", false],
    ["/manufacturers/acme", false],
    ["/api/v1/devices/alpha-phone", false],
    ["/", false],
  ])("%s: %s", (pathname, runs) => expect(runsPagesEdge(pathname)).toBe(runs));

  it.each([
    ["a flat build: the CDN's alone", FLAT, null],
    ["16 shards", { shardDigits: 1 }, { edge_functions: [{ function: "pages", path: "/devices/*" }] }],
    ["256 shards", { shardDigits: 2 }, { edge_functions: [{ function: "pages", path: "/devices/*" }] }],
  ])("is declared by %s", (_, layout, declared) => {
    expect(netlifyDeployConfig(layout)).toEqual(declared);
    expect(DEVICE_PAGES_PATH).toBe("/devices/*");
  });
});
