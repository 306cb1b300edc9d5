// Verdicts on hand-picked days around each boundary and precision (periods themselves: dates.test.ts).
import { describe, expect, it } from "vitest";
import { commitmentStatus, verdictOf } from "./verdict.ts";
import { SOON_DAYS } from "../contract/verdicts.ts";
import { addDays } from "./dates.ts";
import type { Commitment, DeviceRecord, PartialDate } from "../schema/record.ts";

const c = (end?: PartialDate, minimum?: PartialDate, scope: Commitment["scope"] = {}, id = "c"): Commitment => ({
  id,
  scope,
  ...(end ? { end } : {}),
  ...(minimum ? { minimum } : {}),
  meaning: "test",
  evidenceLevel: "manufacturer-dated",
  sourceIds: ["s"],
});
const month = (value: string): PartialDate => ({ value, precision: "month" });
// Sold where its statements speak (every market, if one is unscoped): the markets rule has tests of its own (verdict-headline.test.ts).
const soldWhereStated = (security: Commitment[]) => [{ model: "X", regions: [...new Set(security.flatMap((c) => c.scope.regions ?? ["GLOBAL"]))] }];
const rec = (os: Commitment[], security: Commitment[]): DeviceRecord =>
  ({ slug: "x", name: "X", support: { os, security }, variants: soldWhereStated(security) }) as unknown as DeviceRecord;

describe("commitment status around an October 2030 month-precision end", () => {
  const oct = c(month("2030-10"));
  it.each([
    ["2030-04-03", "continuing"], // more than SOON_DAYS before the month starts
    [addDays("2030-10-01", -SOON_DAYS), "ending-soon"],
    ["2030-09-30", "ending-soon"],
    ["2030-10-01", "ending-soon"], // within the month: ending this month, not yet ended
    ["2030-10-31", "ending-soon"],
    ["2030-11-01", "ended"],
  ])("on %s it is %s", (today, status) => expect(commitmentStatus(oct, today)).toBe(status));
});

describe("day, quarter and year precision", () => {
  it("a day-precision end has ended the day after", () => {
    const d = c({ value: "2027-03-15", precision: "day" });
    expect(commitmentStatus(d, "2027-03-15")).toBe("ending-soon");
    expect(commitmentStatus(d, "2027-03-16")).toBe("ended");
  });
  it("a year-precision 2027 end is not ended on 2027-12-31, ended on 2028-01-01", () => {
    const y = c({ value: "2027", precision: "year" });
    expect(commitmentStatus(y, "2027-12-31")).toBe("ending-soon");
    expect(commitmentStatus(y, "2028-01-01")).toBe("ended");
  });
  it("a quarter-precision end covers the whole quarter", () => {
    const q = c({ value: "2027-Q2", precision: "quarter" });
    expect(commitmentStatus(q, "2027-06-30")).toBe("ending-soon");
    expect(commitmentStatus(q, "2027-07-01")).toBe("ended");
  });
});

describe("minimum commitments are never ends", () => {
  const m = c(undefined, month("2030-10"));
  it("before and during the month: minimum-commitment", () => {
    expect(commitmentStatus(m, "2025-01-01")).toBe("minimum-commitment");
    expect(commitmentStatus(m, "2030-10-31")).toBe("minimum-commitment");
  });
  it("after the month: minimum passed, past its last commitment (not ended, not unknown)", () => {
    expect(commitmentStatus(m, "2030-11-01")).toBe("minimum-passed");
    expect(verdictOf(rec([m], [m]), "2030-11-01")).toMatchObject({
      code: "commitment-passed",
      label: "past its last commitment, 2030-10 (month); current status not documented",
    });
  });
  it("an end date wins over a minimum for the status", () => {
    expect(commitmentStatus(c(month("2031-06"), month("2030-10")), "2030-11-01")).toBe("continuing");
  });
  it("unknown end and no minimum: unknown", () => expect(commitmentStatus(c({ precision: "unknown" }), "2026-01-01")).toBe("unknown"));
});

describe("the period a verdict holds", () => {
  const soon = addDays("2030-10-01", -SOON_DAYS);
  const alpha = rec([c(month("2030-10"), undefined, {}, "os")], [c(month("2031-10"), undefined, {}, "security")]);
  it.each([
    // today, validFrom, validUntil
    ["2026-11-22", null, addDays(soon, -1)], // continuing since records began, until the OS end comes within 180 days
    [soon, soon, "2030-10-31"],
    ["2030-11-01", "2030-11-01", addDays(addDays("2031-10-01", -SOON_DAYS), -1)], // OS ended: security only
    ["2031-11-01", "2031-11-01", null], // everything ended: nothing ahead
  ])("on %s it holds from %s to %s", (today, from, until) => {
    expect(verdictOf(alpha, today)).toMatchObject({ validFrom: from, validUntil: until });
  });

  it("is the same verdict on every day of its period, and a different one either side", () => {
    const v = verdictOf(alpha, "2030-06-15");
    const core = (x: ReturnType<typeof verdictOf>) => JSON.stringify({ ...x, validFrom: 0, validUntil: 0 });
    for (const d of [v.validFrom!, "2030-06-15", v.validUntil!]) expect(core(verdictOf(alpha, d))).toBe(core(v));
    expect(core(verdictOf(alpha, addDays(v.validFrom!, -1)))).not.toBe(core(v));
    expect(core(verdictOf(alpha, addDays(v.validUntil!, 1)))).not.toBe(core(v));
  });

  it("a transition that changes nothing the verdict says is not a boundary", () => {
    // Two scopes with the same end: the second's transition days coincide with the first's.
    const twin = rec(
      [c(month("2030-10"), undefined, {}, "os")],
      [c(month("2031-10"), undefined, { regions: ["US"] }, "us"), c(month("2031-10"), undefined, { regions: ["DE"] }, "de")],
    );
    expect(verdictOf(twin, "2026-11-22").validUntil).toBe(addDays(soon, -1));
  });
});

describe("announced ceilings are never ends", () => {
  const ceiling = (value: PartialDate, minimum?: PartialDate): Commitment => ({ ...c(undefined, minimum), ceiling: value });
  const aim = ceiling(month("2028-07"));
  it.each([
    ["2025-01-01", "announced-ceiling"],
    [addDays("2028-07-01", -SOON_DAYS), "announced-ceiling"], // never "ending-soon"
    ["2028-07-31", "announced-ceiling"], // within the month: never "ended" or "ending-soon"
    ["2028-08-01", "ceiling-passed"], // passed: unknown, not ended
  ])("on %s an up-to 2028-07 ceiling is %s", (today, status) => expect(commitmentStatus(aim, today)).toBe(status));

  it("a minimum still holding is the stronger statement; past it, the ceiling still ahead speaks", () => {
    const both = ceiling({ value: "2031", precision: "year" }, month("2029-12"));
    expect(commitmentStatus(both, "2029-12-31")).toBe("minimum-commitment");
    expect(commitmentStatus(both, "2030-01-01")).toBe("announced-ceiling");
    expect(commitmentStatus(both, "2032-01-01")).toBe("ceiling-passed");
  });

  it("the verdict says 'up to …, announced', and unknown once the ceiling has passed", () => {
    const osAim = { ...aim, id: "os" };
    expect(verdictOf(rec([osAim], [aim]), "2026-11-22")).toMatchObject({ code: "announced-ceiling", label: "updates up to 2028-07 (month), announced" });
    expect(verdictOf(rec([osAim], [aim]), "2026-11-22").reason).toContain("no documented end; announced up to 2028-07 (month) (a ceiling, not a commitment)");
    const passed = verdictOf(rec([osAim], [aim]), "2028-08-01");
    expect(passed).toMatchObject({ code: "commitment-passed", label: "past its last commitment, 2028-07 (month); current status not documented" });
    expect(passed.reason).toContain("the announced ceiling (2028-07 (month)) has passed");
  });

  it("with OS ended it is security-only, still 'up to'", () => {
    const osEnded = c(month("2024-03"), undefined, {}, "os");
    expect(verdictOf(rec([osEnded], [aim]), "2026-11-22")).toMatchObject({
      code: "security-only",
      label: "security updates only up to 2028-07 (month), announced",
    });
  });
});

describe("device verdicts", () => {
  it("the label carries ', unconfirmed' when security rests on third-party or unverified evidence (the badge says the label)", () => {
    const weak = { ...c(month("2029-06")), evidenceLevel: "third-party" as const };
    expect(verdictOf(rec([c(month("2028-01"), undefined, {}, "os")], [weak]), "2026-11-22").label).toBe("updates until 2029-06 (month), unconfirmed");
    expect(verdictOf(rec([weak], [{ ...weak, end: { precision: "unknown" } }]), "2026-11-22").label).toBe("support status unknown");
  });
  const osEnd = c(month("2024-03"), undefined, {}, "os");
  const secEnd = c(month("2029-06"), undefined, {}, "security");
  it("OS ended while security continues: security-only", () => {
    const v = verdictOf(rec([osEnd], [secEnd]), "2026-11-22");
    // In force since the OS month ended; changes when the security end comes within 180 days (2028-12-03).
    expect(v).toMatchObject({ code: "security-only", label: "security updates only until 2029-06 (month)", validFrom: "2024-04-01", validUntil: "2028-12-02" });
    expect(v.reason).toContain("OS updates: ended 2024-03 (month)");
  });
  it("both ended: security-ended", () => {
    expect(verdictOf(rec([osEnd], [c(month("2025-01"))]), "2026-11-22").code).toBe("security-ended");
  });
  it("regions that disagree are not collapsed into one answer", () => {
    const us = c(month("2025-01"), undefined, { regions: ["US"] }, "us");
    const eu = c(month("2030-01"), undefined, { regions: ["DE"] }, "eu");
    const v = verdictOf(rec([osEnd], [us, eu]), "2026-11-22");
    expect(v.code).toBe("varies");
    expect(v.security.status).toBe("varies");
    expect(v.reason).toMatch(/regions US: ended 2025-01 \(month\); regions DE: documented end 2030-01 \(month\)/);
  });
  it("never says secure, in any verdict", () => {
    const samples = [
      [osEnd, secEnd],
      [osEnd, c(month("2025-01"))],
      [osEnd, c(undefined, month("2031-01"))],
      [osEnd, c({ precision: "unknown" })],
    ];
    for (const [o, s] of samples) {
      const v = verdictOf(rec([o!], [s!]), "2026-11-22");
      expect(`${v.label} ${v.reason}`).not.toMatch(/secure\b/i);
    }
  });
});

describe("what a source says without a documented end", () => {
  const base = c();
  const ended = { ...base, ended: true as const };
  const observed = { ...ended, lastUpdate: { value: "2019-07-22", precision: "day" as const } };
  const listed = { ...base, supportedOn: "2026-08-22", lastUpdate: { value: "2026-05-11", precision: "day" as const } };
  it.each([
    ["ended, no date", ended, "2026-11-24", "ended-undated", "security-ended", "no security updates; end date not documented"],
    ["ended, last update observed", observed, "2026-11-24", "ended-observed", "security-ended", "no security updates; last update observed 2019-07-22"],
    ["listed as continuing", listed, "2026-11-24", "listed-continuing", "receiving-updates", "updates continuing; listed on 2026-08-22"],
    ["listed, the year's last day", listed, "2027-08-22", "listed-continuing", "receiving-updates", "updates continuing; listed on 2026-08-22"],
    [
      "listed over a year ago",
      listed,
      "2027-08-23",
      "confirmation-passed",
      "commitment-passed",
      "past its last commitment, 2026-08-22; current status not documented",
    ],
  ] as const)("%s", (_, commitment, today, status, code, label) => {
    expect(commitmentStatus(commitment, today)).toBe(status);
    expect(verdictOf(rec([base], [commitment]), today)).toMatchObject({ code, label });
  });
  it("a listing lapses on a day of its own: the verdict's period ends the day before", () => {
    expect(verdictOf(rec([base], [listed]), "2026-11-24").validUntil).toBe("2027-08-22");
  });
  it("an ended OS makes a listed security commitment 'security updates only'", () => {
    expect(verdictOf(rec([ended], [listed]), "2026-11-24")).toMatchObject({
      code: "security-only",
      label: "security updates only continuing; listed on 2026-08-22",
    });
  });
});

describe("scopes that agree on what happened", () => {
  const scoped = (regions: string[], extra: Partial<Commitment>): Commitment => ({ ...c(undefined, undefined, { regions }, regions.join("-")), ...extra });
  const gone = scoped(["US"], { end: month("2024-01") });
  const undated = scoped(["EU"], { ended: true });
  const listedUs = scoped(["US"], { supportedOn: "2026-08-22" });
  const listedEu = scoped(["EU"], { supportedOn: "2026-07-01" });
  const base = c();
  it.each([
    ["a documented end and an undated end: ended", [gone, undated], "security-ended", "no security updates"],
    [
      "listings of two days: continuing, the day varies",
      [listedUs, listedEu],
      "receiving-updates",
      "updates continuing; listed on days that vary by region or model",
    ],
    ["an end and a listing: varies", [gone, listedEu], "varies", "varies by region or model"],
  ] as const)("%s", (_, security, code, label) => {
    expect(verdictOf(rec([base], [...security]), "2026-11-24")).toMatchObject({ code, label });
  });
});

describe("parts of the software dated separately: the OS component decides", () => {
  const day = (value: string): PartialDate => ({ value, precision: "day" });
  const part = (id: string, component: string, extra: Partial<Commitment>): Commitment => ({ ...c(undefined, undefined, {}, id), component, ...extra });
  const firmwareEnded = part("firmware", "firmware and drivers", { end: day("2021-11-13") });
  const firmwareOn = part("firmware", "firmware and drivers", { end: day("2031-05-20") });
  const windowsListed = part("windows", "Windows", { supportedOn: "2026-08-22" });
  const windowsEnded = part("windows", "Windows", { end: day("2025-10-14") });
  const windowsUnknown = part("windows", "Windows", { end: { precision: "unknown" } });
  const base = c();
  it.each([
    [
      "Windows listed, firmware ended",
      [firmwareEnded, windowsListed],
      "receiving-updates",
      "Windows security updates continuing; listed on 2026-08-22; firmware and driver updates ended 2021-11-13",
    ],
    [
      "Windows ended, firmware ended",
      [windowsEnded, firmwareEnded],
      "security-ended",
      "Windows security updates ended 2025-10-14; firmware and driver updates ended 2021-11-13",
    ],
    [
      "Windows not documented, firmware ended",
      [firmwareEnded, windowsUnknown],
      "unknown",
      "Windows security updates: status not documented; firmware and driver updates ended 2021-11-13",
    ],
    ["firmware alone is named, never the whole device's updates", [firmwareOn], "receiving-updates", "firmware and driver updates until 2031-05-20"],
  ] as const)("%s", (_, security, code, label) => {
    const v = verdictOf(rec([base], [...security]), "2026-11-28");
    expect(v).toMatchObject({ code, label });
    expect(v.label).not.toMatch(/^no security updates|varies by component/);
  });
  it("names the deciding part and keeps the kind's own status", () => {
    const v = verdictOf(rec([base], [firmwareEnded, windowsListed]), "2026-11-28");
    expect(v.decidedBy).toEqual({ component: "Windows", status: "listed-continuing" });
    expect(v.security.status).toBe("varies");
    // The Windows listing lapses a year after its day; the firmware end passed long ago.
    expect(v.validUntil).toBe("2027-08-22");
    expect(verdictOf(rec([base], [firmwareEnded, windowsListed]), "2027-08-23").label).toBe(
      "Windows security updates: past its last commitment, 2026-08-22; current status not documented; firmware and driver updates ended 2021-11-13",
    );
  });
  it("a record for the whole device has no deciding part", () => {
    expect(verdictOf(rec([base], [c(day("2029-01-01"))]), "2026-11-28").decidedBy).toBeUndefined();
  });
});
