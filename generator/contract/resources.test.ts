// The resource table (resources.ts) without a build: every API path a client
// may request resolves to the one resource it names, with its parameters;
// paths are filled as given; stored files are placed by the layout; model
// code keys are placed in buckets by a pinned hash; each entry carries its
// media type, cache policy and per-device behaviour, and each endpoint how it
// is answered, what its parameter names and the name it downloads under. Against a real build:
// test/architecture/resources.test.ts; the spread of shards: derive/layout.test.ts.
import { describe, expect, it } from "vitest";
import { API_CACHE, IMMUTABLE, MEDIA } from "./media.ts";
import {
  API,
  DEVICE_RESOURCES,
  FLAT,
  PAGES,
  PER_DEVICE,
  STORAGE,
  identifierBucketOf,
  matchResource,
  pathOf,
  resolveApiPath,
  shardOf,
  type ApiResource,
  type ApiResourceName,
  type Resource,
} from "./resources.ts";

describe("resolveApiPath", () => {
  it.each([
    ["/api/v1/devices", "list", {}],
    ["/api/devices", "legacyList", {}],
    ["/api/v1/devices/alpha-phone", "record", { device_slug: "alpha-phone" }],
    ["/api/v1/devices/alpha-phone/evidence", "evidence", { device_slug: "alpha-phone" }],
    ["/api/v1/devices.ndjson", "devicesNdjson", {}],
    ["/api/v1/dataset", "dataset", {}],
    ["/api/v1/dataset/2029.csv", "datasetYear", { year: "2029" }],
    ["/api/v1/dataset.sqlite", "datasetSqlite", {}],
    ["/api/v1/identifiers/SM-A525F", "identifier", { identifier: "SM-A525F" }],
    ["/api/v1/identifiers/iPhone15%2C4", "identifier", { identifier: "iPhone15%2C4" }], // still percent-encoded
    ["/api/v1/badge/alpha-phone", "badge", { device_slug: "alpha-phone" }],
    ["/api/v1/shields/alpha-phone", "shields", { device_slug: "alpha-phone" }],
    ["/api/v1/calendar/alpha-phone.ics", "deviceCalendar", { device_slug: "alpha-phone" }],
    ["/api/v1/calendar/no-alarms/alpha-phone.ics", "deviceCalendarNoAlarms", { device_slug: "alpha-phone" }],
    ["/api/v1/calendar/manufacturers/example-maker.ics", "manufacturerCalendar", { manufacturer: "example-maker" }],
    ["/api/v1/calendar/no-alarms/manufacturers/example-maker.ics", "manufacturerCalendarNoAlarms", { manufacturer: "example-maker" }],
    ["/api/v1/feed/manufacturers/example-maker.xml", "manufacturerFeed", { manufacturer: "example-maker" }],
    ["/api/v1/feed/manufacturers/example-maker/archive/2026-10.xml", "manufacturerFeedArchive", { manufacturer: "example-maker", month: "2026-10" }],
    ["/feed.xml", "feed", {}],
    ["/api/v1/feed/archive/2026-10.xml", "feedArchive", { month: "2026-10" }],
    ["/support-calendar.ics", "supportCalendar", {}],
    ["/support-calendar-no-alarms.ics", "supportCalendarNoAlarms", {}],
    ["/api/v1/schema/device-record.json", "recordSchema", {}],
    ["/api/v1/openapi.json", "openapi", {}],
  ])("%s is %s %j", (pathname, name, params) => expect(resolveApiPath(pathname)).toEqual({ name, params }));

  it.each([
    "/api/v1/devices/", // a trailing slash names nothing
    "/api/v1/devices/alpha-phone/evidence/x",
    "/api/v1/calendar/alpha-phone",
    "/api/v1/badge/",
    "/api/v2/devices",
    "/API/v1/devices",
    "/api/v1/dataset.csv",
  ])("%s resolves to nothing", (pathname) => expect(resolveApiPath(pathname)).toBeNull());
});

describe("pathOf and matchResource", () => {
  it.each([
    [API.record, { device_slug: "alpha-phone" }, "/api/v1/devices/alpha-phone"],
    [API.deviceCalendar, { device_slug: "alpha-phone" }, "/api/v1/calendar/alpha-phone.ics"],
    [API.manufacturerFeedArchive, { manufacturer: "example-maker", month: "2026-10" }, "/api/v1/feed/manufacturers/example-maker/archive/2026-10.xml"],
    [PAGES.device, { device_slug: "alpha-phone" }, "/devices/alpha-phone"],
    [PAGES.browseTypePage, { type: "laptop", number: "2" }, "/browse/laptop/2"],
  ] as [Parameters<typeof pathOf>[0], Record<string, string>, string][])("%o with %j is %s, and matches back", (r, params, path) => {
    expect(pathOf(r, params as never)).toBe(path);
    expect(matchResource(r, path)).toEqual(params);
  });
  it("a placeholder never spans a slash", () => expect(matchResource(PAGES.device, "/devices/a/b")).toBeNull());
  it("the regular expression's own characters in a path are literal", () =>
    expect(matchResource(API.deviceCalendar, "/api/v1/calendar/alpha-phoneXics")).toBeNull());
});

describe("stored files", () => {
  it.each([
    [API.record.file({ device_slug: "alpha-phone" }, FLAT), "/api/v1/devices/alpha-phone.json"],
    [API.evidence.file({ device_slug: "alpha-phone" }, FLAT), "/api/v1/evidence/alpha-phone.json"],
    [API.badge.file({ device_slug: "alpha-phone" }, FLAT), "/api/v1/badge/alpha-phone.svg"],
    [PAGES.device.file({ device_slug: "alpha-phone" }, FLAT), "/devices/alpha-phone.html"],
    [API.dataset.file({}), "/api/v1/dataset.csv"],
    [API.feedArchive.file({ month: "2026-10" }), "/api/v1/feed/archive/2026/2026-10.xml"], // a folder per year
    [API.manufacturerFeedArchive.file({ manufacturer: "m", month: "2025-01" }), "/api/v1/feed/manufacturers/m/archive/2025/2025-01.xml"],
    [PAGES.home.file({}), "/index.html"],
    [STORAGE.listPage(null), "/api/v1/list/pages/first.json"],
    [STORAGE.listPage(null, "phone"), "/api/v1/list/pages/first.phone.json"],
    [STORAGE.listPage("abc"), "/api/v1/list/pages/abc.json"],
  ])("%s", (file, expected) => expect(file).toBe(expected));

  it("a sharded layout puts a device's files in the subfolder of its slug's hash, the same for every family", () => {
    const layout = { shardDigits: 2 };
    const shard = shardOf("alpha-phone", layout);
    expect(shard).toMatch(/^[0-9a-f]{2}$/);
    expect(API.record.file({ device_slug: "alpha-phone" }, layout)).toBe(`/api/v1/devices/${shard}/alpha-phone.json`);
    expect(PAGES.device.file({ device_slug: "alpha-phone" }, layout)).toBe(`/devices/${shard}/alpha-phone.html`);
  });
});

describe("identifier buckets", () => {
  // The build (Node) writes a key into its bucket and the edge function (Deno) reads it back from there: the hash
  // is part of the storage contract, so these values are pinned.
  it.each([
    ["SMA525F", "2", "2a2", "2a2"],
    ["IPHONE15,4", "1", "41", "441"],
    ["A2442", "8", "138", "538"],
    ["ÉCLAIR日", "b", "2eb", "2eb"],
  ])("puts %s in bucket %s of 16, %s of 1,024, %s of 2,048", (key, of16, of1024, of2048) => {
    expect([16, 1024, 2048].map((buckets) => identifierBucketOf(key, { buckets }))).toEqual([of16, of1024, of2048]);
    expect(identifierBucketOf(key, { buckets: 1 })).toBe("0");
    expect(STORAGE.identifierBucket(of1024)).toBe(`/api/v1/identifiers/${of1024}.json`);
  });
  it("moves a key only when the count doubles, and then to the bucket n or n + half", () => {
    const keys = Array.from({ length: 2_000 }, (_, i) => `SM${i.toString(36).toUpperCase()}F`);
    const bucket = (key: string, buckets: number) => Number.parseInt(identifierBucketOf(key, { buckets }), 16);
    expect(keys.filter((key) => bucket(key, 1024) !== bucket(key, 512) && bucket(key, 1024) !== bucket(key, 512) + 512)).toEqual([]);
    expect(keys.filter((key) => bucket(key, 1024) !== bucket(key, 512)).length).toBeGreaterThan(0);
    // ...and spreads them: every one of 64 buckets used, none by more than twice its share.
    const counts = new Map<string, number>();
    for (const bucket of keys.map((key) => identifierBucketOf(key, { buckets: 64 }))) counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    expect(counts.size).toBe(64);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual((2 * keys.length) / 64);
  });
});

describe("what each entry carries", () => {
  it("every API resource has a media type the API promises and the API's cache", () => {
    for (const r of Object.values(API)) {
      expect(Object.values(MEDIA)).toContain(r.media);
      expect(r.cache).toBe(API_CACHE);
    }
  });

  it("the site's files keep Netlify's default cache but for the assets (immutable) and the search and fleet indexes (as the API)", () => {
    const cached = Object.entries(PAGES as Record<string, Resource>).flatMap(([name, r]) => (r.cache ? [[name, r.cache]] : []));
    expect(cached).toEqual([
      ["asset", IMMUTABLE],
      ["searchIndex", API_CACHE],
      ["fleetIndex", API_CACHE],
    ]);
  });

  it("the per-device resources are the API's six named by a slug and the device page, each with its 410 body", () => {
    expect(DEVICE_RESOURCES).toEqual(["record", "evidence", "badge", "shields", "deviceCalendar", "deviceCalendarNoAlarms"]);
    expect(PER_DEVICE).toEqual([...DEVICE_RESOURCES.map((name) => API[name]), PAGES.device]);
    for (const r of PER_DEVICE) expect(r.path).toContain("{device_slug}");
    expect(PER_DEVICE.map((r) => [r.path, r.device.withdrawn("old-watch"), r.device.ownErrors])).toEqual([
      [API.record.path, STORAGE.goneProblem("old-watch"), false],
      [API.evidence.path, STORAGE.goneProblem("old-watch"), false],
      [API.badge.path, STORAGE.withdrawnBadge, true],
      [API.shields.path, STORAGE.withdrawnShields, true],
      [API.deviceCalendar.path, STORAGE.goneProblem("old-watch"), false],
      [API.deviceCalendarNoAlarms.path, STORAGE.goneProblem("old-watch"), false],
      [PAGES.device.path, PAGES.withdrawal.file({ device_slug: "old-watch" }), true],
    ]);
  });
});

describe("how each endpoint is answered", () => {
  const names = Object.keys(API) as ApiResourceName[];
  const by = <K extends keyof ApiResource>(key: K) =>
    Object.fromEntries(names.flatMap((n) => ((API[n] as ApiResource)[key] ? [[n, (API[n] as ApiResource)[key]]] : [])));

  it("computes the list and the identifier lookup, and stores every other endpoint as a file", () => {
    expect(names.filter((n) => API[n].answered !== "stored").map((n) => [n, API[n].answered])).toEqual([
      ["list", "list"],
      ["legacyList", "list"],
      ["identifier", "lookup"],
    ]);
    for (const n of names) expect("file" in API[n], n).toBe(API[n].answered === "stored");
  });

  it("says what a stored endpoint's parameter names: a device, a manufacturer, a month, a year or an OS release", () => {
    expect(by("named")).toEqual({
      ...Object.fromEntries(DEVICE_RESOURCES.map((n) => [n, "device"])),
      dataset: "year",
      datasetYear: "year",
      manufacturerCalendar: "manufacturer",
      manufacturerCalendarNoAlarms: "manufacturer",
      manufacturerFeed: "manufacturer",
      manufacturerFeedArchive: "month",
      feedArchive: "month",
      osRelease: "release",
    });
  });

  it("names the file each download is saved under", () => {
    const saved = Object.fromEntries(Object.entries(by("download")).map(([n, f]) => [n, (f as (p: Record<string, string>) => string)({ year: "2029" })]));
    expect(saved).toEqual({
      dataset: "device-lifecycle-dataset.csv",
      datasetYear: "device-lifecycle-dataset-2029.csv",
      devicesNdjson: "device-lifecycle-records.ndjson",
      datasetSqlite: "device-lifecycle-dataset.sqlite",
    });
  });
});
