// The fleet check's static index (fleet-index.ts) over the fixture catalog:
// one file holding, in the list index's order, each record's verdict, its
// documented ends as the source gives them and its upcoming ends as the
// calendars have them, and every model code with the records that carry it.
// Matching exports against it: fleet-match.test.ts.
import { describe, expect, it } from "vitest";
import { fixtureRecords, TEST_SITE } from "../../test/helpers/records.ts";
import { upcomingEnds } from "./calendar-events.ts";
import { catalogOf } from "./catalog.ts";
import { deviceSummary } from "./documents.ts";
import { FLEET_INDEX_FORMAT } from "./fleet-files.ts";
import { fleetIndex } from "./fleet-index.ts";
import { formatListIndex, parseListIndex } from "./list-index.ts";

const site = { ...TEST_SITE };
const published = catalogOf(fixtureRecords()).published;
const fleet = fleetIndex(published, site);
const at = (slug: string) => published.findIndex((r) => r.slug === slug);

describe("the fleet index", () => {
  it("names its format, the device pages' address, the attribution and the license", () => {
    expect(fleet).toMatchObject({
      format: FLEET_INDEX_FORMAT,
      pages: "https://devices.example/devices/",
      attribution: expect.stringContaining("Device Lifecycle Records (https://devices.example)"),
      license: expect.stringMatching(/^https:\/\/devices\.example\//),
    });
  });

  it("holds the list's own compact index, so names rank as the list ranks them", () => {
    expect(fleet.index).toBe(formatListIndex(published, site));
    expect(parseListIndex(fleet.index).slugs).toEqual(published.map((r) => r.slug));
    expect(fleet.devices).toHaveLength(published.length);
  });

  it.each(["alpha-phone", "gamma-phone", "kappa-phone", "theta-watch"])("%s: name, maker and verdict as its record document gives them", (slug) => {
    const r = published[at(slug)]!;
    const [name, manufacturer, code, headline] = fleet.devices[at(slug)]!;
    const { verdict } = deviceSummary(r, site);
    expect([name, manufacturer, code, headline]).toEqual([r.name, r.manufacturer, verdict.code, verdict.headline]);
  });

  it("keeps each documented end's value and precision as the source gives them, with what it covers", () => {
    const [, , , , security, os] = fleet.devices[at("gamma-phone")]!;
    expect(security).toEqual([
      ["2027-Q2", "quarter", "models G-US; regions US", null, null],
      ["2028-06-30", "day", "models G-EU; regions DE, FR", null, null],
    ]);
    expect(os).toEqual([["2024-03", "month", "all variants", null, null]]);
  });

  it("keeps a minimum commitment beside the end, never in its place, with its own precision", () => {
    const [, , , , security] = fleet.devices[at("beta-tablet")]!;
    expect(security.map(([end, , , minimum, precision]) => [end, minimum, precision])).toContainEqual([null, "2029", "year"]);
  });

  it("names the last OS version the hardware takes, where its record documents one", () => {
    expect(fleet.devices[at("kappa-phone")]![7]).toBe("iOS 16");
    expect(fleet.devices[at("alpha-phone")]![7]).toBeNull();
  });

  it("an end the source leaves undated stays null, never a guessed date", () => {
    const [, , , , security, os] = fleet.devices[at("iota-phone")]!;
    expect([...security, ...os].every(([value, precision]) => value === null && precision === null)).toBe(true);
  });

  it("lists the upcoming ends as the device calendar has them", () => {
    const r = published[at("alpha-phone")]!;
    expect(fleet.devices[at("alpha-phone")]![6]).toEqual(upcomingEnds(r, site).map((e) => [e.uid, e.start, e.endExclusive, e.summary, e.stamp]));
    expect(fleet.devices[at("alpha-phone")]![6].map((e) => e[1])).toEqual(["2030-10-01", "2031-10-01"]);
  });

  it.each([
    ["SMA525F", ["alpha-phone"]],
    ["IPHONE99,1", ["alpha-phone"]],
    ["GX100E", ["gamma-phone"]],
    ["EXB700", ["beta-tablet", "epsilon-laptop"]], // a code the source says two devices share
  ])("the code key %s leads to %j", (key, slugs) => {
    expect(fleet.identifiers[key]!.map((i) => published[i]!.slug)).toEqual(slugs);
  });

  it("lists identifier keys in order, each record once", () => {
    const keys = Object.keys(fleet.identifiers);
    expect(keys).toEqual([...keys].sort());
    for (const positions of Object.values(fleet.identifiers)) expect(new Set(positions).size).toBe(positions.length);
  });

  it("does not hold the build day: a later day changes only what the day changes", () => {
    const later = fleetIndex(published, { ...site, now: "2026-11-23" });
    expect(JSON.stringify(later)).toBe(JSON.stringify(fleet));
    expect(JSON.stringify(fleet)).not.toContain(site.now);
  });
});
