// Verdicts on hand-picked days around each boundary and precision.
import { describe, expect, it } from "vitest";
import { commitmentStatus, verdictOf, SOON_DAYS } from "../../generator/derive/verdict.ts";
import { addDays, periodOf } from "../../generator/derive/dates.ts";
import type { Commitment, DeviceRecord, PartialDate } from "../../generator/schema/record.ts";

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
const rec = (os: Commitment[], security: Commitment[]): DeviceRecord =>
  ({ slug: "x", name: "X", support: { os, security } }) as unknown as DeviceRecord;

describe("periods respect precision", () => {
  it.each([
    [{ value: "2030-10-15", precision: "day" }, "2030-10-15", "2030-10-15"],
    [{ value: "2030-10", precision: "month" }, "2030-10-01", "2030-10-31"],
    [{ value: "2028-02", precision: "month" }, "2028-02-01", "2028-02-29"],
    [{ value: "2030-Q4", precision: "quarter" }, "2030-10-01", "2030-12-31"],
    [{ value: "2030-Q1", precision: "quarter" }, "2030-01-01", "2030-03-31"],
    [{ value: "2030", precision: "year" }, "2030-01-01", "2030-12-31"],
  ] as [PartialDate, string, string][])("%o spans %s..%s", (d, first, last) => {
    expect(periodOf(d)).toEqual({ first, last });
  });
  it("an unknown date has no period", () => expect(periodOf({ precision: "unknown" })).toBeNull());
});

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
  it("after the month: minimum passed, status unknown (not ended)", () => {
    expect(commitmentStatus(m, "2030-11-01")).toBe("minimum-passed");
    expect(verdictOf(rec([m], [m]), "2030-11-01").code).toBe("unknown");
  });
  it("an end date wins over a minimum for the status", () => {
    expect(commitmentStatus(c(month("2031-06"), month("2030-10")), "2030-11-01")).toBe("continuing");
  });
  it("unknown end and no minimum: unknown", () => expect(commitmentStatus(c({ precision: "unknown" }), "2026-01-01")).toBe("unknown"));
});

describe("device verdicts", () => {
  const osEnd = c(month("2024-03"), undefined, {}, "os");
  const secEnd = c(month("2029-06"), undefined, {}, "security");
  it("OS ended while security continues: security-only", () => {
    const v = verdictOf(rec([osEnd], [secEnd]), "2026-11-22");
    expect(v).toMatchObject({ code: "security-only", label: "security updates only until 2029-06 (month)", asOf: "2026-11-22" });
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
    const samples = [[osEnd, secEnd], [osEnd, c(month("2025-01"))], [osEnd, c(undefined, month("2031-01"))], [osEnd, c({ precision: "unknown" })]];
    for (const [o, s] of samples) {
      const v = verdictOf(rec([o!], [s!]), "2026-11-22");
      expect(`${v.label} ${v.reason}`).not.toMatch(/secure\b/i);
    }
  });
});
