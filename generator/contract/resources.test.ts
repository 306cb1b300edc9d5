// The resource table (resources.ts) without a build: every API path a client
// may request resolves to the one resource it names, with its parameters;
// paths are filled as given; stored files are placed by the layout; model
// code keys become distinct ASCII file names; each entry carries its media
// type, cache policy and per-device behaviour. Against a real build:
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
  identifierFileName,
  matchResource,
  pathOf,
  resolveApiPath,
  shardOf,
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

  it("identifier files nest a folder per shard digit", () => {
    const layout = { shardDigits: 2 };
    const [a, b] = shardOf("IPHONE15,4", layout);
    expect(API.identifier.file({ identifier: "IPHONE15,4" }, layout)).toBe(`/api/v1/identifiers/${a}/${b}/IPHONE15,4.json`);
    expect(API.identifier.file({ identifier: "IPHONE15,4" }, FLAT)).toBe("/api/v1/identifiers/IPHONE15,4.json");
  });
});

describe("identifierFileName", () => {
  it.each([
    ["SMA525F", "SMA525F"],
    ["IPHONE15,4", "IPHONE15,4"],
    ["É1", "_c9_1"],
    ["華為P30", "_83ef__70ba_P30"],
    ["٣", "_663_"], // a non-ASCII digit
  ])("%s → %s", (key, name) => expect(identifierFileName(key)).toBe(name));
  it("gives distinct keys distinct ASCII names", () => {
    const keys = ["A", "_41_", "É", "E", "華為", "華", "為"];
    const names = keys.map(identifierFileName);
    expect(new Set(names).size).toBe(keys.length);
    for (const n of names) expect(n).toMatch(/^[\x20-\x7e]+$/);
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
