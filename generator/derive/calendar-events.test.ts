// Upcoming documented ends as calendar events (calendar-events.ts): a period
// end spans its whole period and says so, a day end is one day, minimums are
// never events, ends leave on the day they pass, reminders only ahead, UIDs
// stable, and the description carries the sources, caveats and attribution.
import { describe, expect, it } from "vitest";
import { fixtureRecord, TEST_SITE } from "../../test/helpers/records.ts";
import type { Commitment, DeviceRecord, PartialDate } from "../schema/record.ts";
import { bySoonest, remindersOf, upcomingEnds, upcomingSupportEnds } from "./calendar-events.ts";

const site = { ...TEST_SITE };
const commitment = (id: string, dates: Partial<Pick<Commitment, "end" | "minimum">>, scope: Commitment["scope"] = {}): Commitment => ({
  id,
  scope,
  ...dates,
  meaning: "as the maker says",
  evidenceLevel: "manufacturer-dated",
  sourceIds: ["maker-policy"],
});
/** Alpha Phone with one security commitment and no OS one. */
const withSecurity = (...security: Commitment[]): DeviceRecord =>
  fixtureRecord("alpha-phone", { support: { os: [], security }, caveats: [] } as Partial<DeviceRecord>);

describe("the all-day span of a documented end", () => {
  it.each([
    [{ value: "2030-10-15", precision: "day" }, "2030-10-15", "2030-10-16", "end 2030-10-15"],
    [{ value: "2030-10", precision: "month" }, "2030-10-01", "2030-11-01", "end 2030-10 (month precision)"],
    [{ value: "2028-02", precision: "month" }, "2028-02-01", "2028-03-01", "end 2028-02 (month precision)"], // leap February
    [{ value: "2030-Q4", precision: "quarter" }, "2030-10-01", "2031-01-01", "end 2030-Q4 (quarter precision)"],
    [{ value: "2030", precision: "year" }, "2030-01-01", "2031-01-01", "end 2030 (year precision)"],
  ] as [PartialDate, string, string, string][])("%j: from %s to (exclusive) %s, summary %j", (end, start, endExclusive, words) => {
    const [e] = upcomingEnds(withSecurity(commitment("sec", { end })), site);
    expect(e).toMatchObject({ start, endExclusive, kind: "security" });
    expect(e!.summary).toBe(`Alpha Phone: security updates ${words}`);
  });

  it("a period end says in its description that the source gives no day", () => {
    const [e] = upcomingEnds(withSecurity(commitment("sec", { end: { value: "2030-10", precision: "month" } })), site);
    expect(e!.description).toContain("the source gives a month, not a day. Support ends on some day from 2030-10-01 to 2030-10-31");
  });
});

describe("what is not an event", () => {
  it.each([
    ["a minimum commitment", commitment("sec", { minimum: { value: "2030-10", precision: "month" } })],
    ["an unknown end", commitment("sec", { end: { precision: "unknown" } })],
    ["no end at all", commitment("sec", {})],
    ["an end already past", commitment("sec", { end: { value: "2026-10", precision: "month" } })],
  ])("%s", (_, c) => expect(upcomingEnds(withSecurity(c), site)).toEqual([]));

  it.each([
    ["2026-11-30", 1], // the month's last day: the end may still fall today
    ["2026-12-01", 0], // the month is over: gone the day the commitment has ended
  ])("a November 2026 month end on %s: %d event(s)", (now, count) => {
    const r = withSecurity(commitment("sec", { end: { value: "2026-11", precision: "month" } }));
    expect(upcomingEnds(r, { ...site, now })).toHaveLength(count);
  });
});

describe("a record's events", () => {
  const gamma = fixtureRecord("gamma-phone");
  const events = upcomingEnds(gamma, site);

  it("one per commitment scope still ahead, soonest first, with UIDs from the record alone", () => {
    // Gamma's OS end (2024-03) has passed; its two regional security ends remain.
    expect(events.map((e) => [e.uid, e.start, e.coverage])).toEqual([
      ["gamma-phone/security-us/security@devices.example", "2027-04-01", "models G-US; regions US"],
      ["gamma-phone/security-eu/security@devices.example", "2028-06-30", "models G-EU; regions DE, FR"],
    ]);
    expect(upcomingEnds(gamma, { ...site, now: "2027-01-01" }).map((e) => e.uid)).toEqual(events.map((e) => e.uid));
  });

  it("names the scope in the summary when the commitment covers only some variants", () => {
    expect(events[0]!.summary).toBe("Gamma Phone (models G-US; regions US): security updates end 2027-Q2 (quarter precision)");
  });

  it("the description carries the meaning, evidence, sources, caveats, page link and attribution", () => {
    const d = events[0]!.description;
    expect(d).toContain("Meaning in the source's terms: 5 years from launch");
    expect(d).toContain("Evidence level: manufacturer-dated.");
    expect(d).toContain('- Example Maker, "Software update policy": https://maker.example/policy (checked 2026-11-01)');
    expect(d).toContain("- Carrier builds may arrive weeks later (regions US; carriers ExampleCarrier)");
    expect(d).toContain("Scope, evidence and uncertainty: https://devices.example/");
    expect(d).toContain("Device lifecycle data from Device Lifecycle Records (https://devices.example)");
  });

  it("stamps each event with the record's latest revision day, not the build day", () => {
    const alpha = fixtureRecord("alpha-phone");
    expect(upcomingEnds(alpha, site).map((e) => e.stamp)).toEqual(["2026-11-01", "2026-11-01"]);
    expect(upcomingEnds(alpha, { ...site, now: "2027-05-05" }).map((e) => e.stamp)).toEqual(["2026-11-01", "2026-11-01"]);
  });

  it("upcomingSupportEnds gives the same ends in the same order, without the texts", () => {
    expect(upcomingSupportEnds(gamma, site).map((e) => e.uid)).toEqual(events.map((e) => e.uid));
    expect(upcomingSupportEnds(gamma, site)[0]).not.toHaveProperty("summary");
  });
});

describe("reminders", () => {
  const end = (start: string, precision: PartialDate["precision"]) => ({
    start,
    end: { value: precision === "day" ? start : start.slice(0, 7), precision } as PartialDate,
    url: "https://devices.example/devices/x/",
  });
  it.each([
    ["2026-11-22", [90, 30, 7]],
    ["2027-01-01", [90, 30, 7]], // 90 days before 2027-04-01 is 2027-01-01: still today
    ["2027-01-02", [30, 7]],
    ["2027-03-25", [7]],
    ["2027-03-26", []],
  ])("for an end starting 2027-04-01, on %s: %j days before", (now, days) => {
    expect(remindersOf(end("2027-04-01", "day"), "S", now).map((r) => r.days)).toEqual(days);
  });
  it("a period's reminder says it counts from the earliest day the end can fall on", () => {
    const [r] = remindersOf(end("2027-04-01", "month"), "S", "2026-11-22");
    expect(r!.description).toMatch(/^In 90 days the month of this documented end begins \(2027-04-01, the earliest day it can fall on\): S\./);
  });
  it("a day end's reminder is plain", () => {
    expect(remindersOf(end("2027-04-01", "day"), "S", "2026-11-22")[2]!.description).toBe(
      "In 7 days: S. Scope, evidence and uncertainty: https://devices.example/devices/x/",
    );
  });
});

describe("bySoonest", () => {
  it("orders by first day, then by UID", () => {
    const e = (uid: string, start: string) => ({ uid, start }) as Parameters<typeof bySoonest>[0];
    const sorted = [e("b", "2030-01-01"), e("c", "2029-01-01"), e("a", "2030-01-01")].sort(bySoonest);
    expect(sorted.map((x) => x.uid)).toEqual(["c", "a", "b"]);
  });
});
