// The verdict's plain headline (verdict-headline.ts): one case per security
// status, with the precision of each date kept in its wording, the maker
// named where it is the maker's word, and "(unconfirmed)" where no maker or
// regulator stands behind it.
import { describe, expect, it } from "vitest";
import type { Commitment, DeviceRecord } from "../schema/record.ts";
import { verdictOf } from "./verdict.ts";
import { verdictHeadline } from "./verdict-headline.ts";

const TODAY = "2026-11-28";
const commitment = (c: Partial<Commitment>): Commitment => ({
  id: "s",
  scope: {},
  meaning: "as the source says",
  evidenceLevel: "manufacturer-dated",
  sourceIds: ["src"],
  ...c,
});
const headline = (security: Partial<Commitment>[], os: Partial<Commitment>[] = [{ id: "o", end: { precision: "unknown" } }], regions = ["US", "DE"]) => {
  const r = {
    manufacturer: "Apple",
    support: { security: security.map((c, i) => commitment({ id: `s${i}`, ...c })), os: os.map((c) => commitment(c)) },
    variants: [{ model: "M", regions }],
  } as Pick<DeviceRecord, "manufacturer" | "support" | "variants">;
  return verdictHeadline(verdictOf(r as DeviceRecord, TODAY), r);
};

describe("the headline says what a person needs first", () => {
  it.each([
    ["a documented end ahead", [{ end: { value: "2029-10", precision: "month" } }], "Gets security updates until October 2029"],
    ["a documented end passed", [{ end: { value: "2025-10-14", precision: "day" } }], "No security updates since 14 October 2025"],
    ["an end within six months", [{ end: { value: "2027-Q1", precision: "quarter" } }], "Security updates end soon, in Q1 2027"],
    [
      "ended with a last update seen",
      [{ ended: true, lastUpdate: { value: "2020-11-12", precision: "day" } }],
      "No security updates; the last one seen came on 12 November 2020",
    ],
    ["ended, no date", [{ ended: true }], "No security updates; when they ended is not documented"],
    ["listed as continuing", [{ supportedOn: "2026-08-22" }], "Gets security updates; Apple names no end date"],
    [
      "a promise",
      [{ minimum: { value: "2031-11", precision: "month" }, evidenceLevel: "manufacturer-policy" }],
      "Gets security updates; Apple promises them at least until November 2031",
    ],
    ["an aim", [{ ceiling: { value: "2030", precision: "year" } }], "Gets security updates; Apple aims to give them up to 2030, not a promise"],
    ["a promise run out", [{ minimum: { value: "2025-03", precision: "month" } }], "Current status not documented: Apple's promise ran out in March 2025"],
    ["a listing over a year old", [{ supportedOn: "2025-08-22" }], "Current status not documented: last listed as getting security updates on 22 August 2025"],
    ["nothing sourced", [{ end: { precision: "unknown" }, sourceIds: [] }], "Not known: no source gives an end date or a promise"],
    [
      "regions that differ",
      [
        { end: { value: "2029-10", precision: "month" }, scope: { regions: ["US"] } },
        { ended: true, scope: { regions: ["DE"] } },
      ],
      "Depends on the region or model: see the details",
    ],
    [
      "regions that agree on an end but not its date",
      [
        { end: { value: "2029-10", precision: "month" }, scope: { regions: ["US"] } },
        { end: { value: "2030-01", precision: "month" }, scope: { regions: ["DE"] } },
      ],
      "Gets security updates until a date that varies by region or model",
    ],
    [
      "a third party's listing",
      [{ supportedOn: "2026-08-22", evidenceLevel: "third-party" }],
      "Gets security updates; no end date is documented (unconfirmed)",
    ],
  ] as [string, Partial<Commitment>[], string][])("%s: %j", (_, security, text) => expect(headline(security)).toBe(text));

  it("says when OS upgrades have ended while security updates go on", () => {
    expect(headline([{ end: { value: "2029-10", precision: "month" } }], [{ id: "o", end: { value: "2025-09", precision: "month" } }])).toBe(
      "Gets security updates until October 2029; no more OS upgrades",
    );
  });
});

describe("a record that dates parts of its software separately is worded by its OS part", () => {
  const firmware = { component: "firmware and drivers", end: { value: "2021-11-13", precision: "day" as const } };
  it.each([
    [
      "Windows listed, firmware ended",
      [firmware, { component: "Windows", supportedOn: "2026-08-22" }],
      "Gets Windows security updates; Apple names no end date",
    ],
    [
      "Windows ended",
      [firmware, { component: "Windows", end: { value: "2025-10-14", precision: "day" as const } }],
      "No Windows security updates since 14 October 2025",
    ],
    [
      "Windows not documented",
      [firmware, { component: "Windows", end: { precision: "unknown" as const } }],
      "Not known: no source here says when Windows updates end",
    ],
  ] as const)("%s", (_, security, text) => expect(headline([...security])).toBe(text));
});

describe("statements that name some markets speak for those markets only", () => {
  const ended = (regions: string[]) => ({ ended: true as const, scope: { regions } });
  it("a phone sold everywhere, ended in India, Russia and Turkey: no single verdict", () => {
    const security = [ended(["IN", "RU"]), ended(["TR"])];
    expect(headline(security, undefined, ["GLOBAL"])).toBe(
      "Depends on the market: Apple's statements cover India, Russia and Türkiye only; elsewhere not documented",
    );
    const r = {
      manufacturer: "Apple",
      support: { security: security.map((c, i) => commitment({ id: `s${i}`, ...c })), os: [] },
      variants: [{ model: "M", regions: ["GLOBAL"] }],
    };
    const v = verdictOf(r as unknown as DeviceRecord, TODAY);
    expect([v.code, v.label, v.security.status]).toEqual([
      "varies",
      "in IN, RU, TR: no security updates; end date not documented; other markets not documented",
      "varies",
    ]);
  });
  it("the same statements for a phone sold only where they speak: the verdict stands", () => {
    expect(headline([ended(["IN", "RU"]), ended(["TR"])], undefined, ["IN", "RU", "TR"])).toBe("No security updates; when they ended is not documented");
  });
  it("a statement scoped to every market (GLOBAL) speaks for all of them", () => {
    expect(headline([ended(["GLOBAL"]), ended(["IN"])], undefined, ["US"])).toBe("No security updates; when they ended is not documented");
  });
  it("a statement for every market decides alone", () => {
    expect(headline([{ ended: true }, ended(["IN"])], undefined, ["GLOBAL"])).toBe("No security updates; when they ended is not documented");
  });
});
