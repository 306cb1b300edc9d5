// Comparing a release with the curated record it names, field by field:
// same, compatible, conflict, and resolved by the record's own revision entry
// naming the file, release, field and their value.
import { describe, expect, it } from "vitest";
import { reconcile } from "./endoflife-reconcile.ts";
import type { Statement } from "./endoflife-readings.ts";
import type { Commitment, DeviceRecord } from "../generator/schema/record.ts";
import { fixtureReading, fixtureRecord } from "../test/helpers/endoflife.ts";

describe("statuses", () => {
  const ours = (c: Partial<Commitment>): DeviceRecord => {
    const r = fixtureRecord("samsung-galaxy-s22");
    r.support.security = [{ id: "security", scope: {}, meaning: "x", evidenceLevel: "third-party", sourceIds: ["findarticles-s22"], ...c } as Commitment];
    return r;
  };
  // Their S22 reading (a ceiling under Samsung's 2022 "up to" rule), as an end in February 2027 unless a case says otherwise.
  const theirs = (s: Partial<Statement>) => {
    const reading = fixtureReading("samsung-mobile.md", "galaxy-s22");
    return { ...reading, security: { ...reading.security!, kind: "end", date: month("2027-02"), ...s } as Statement };
  };
  const month = (value: string) => ({ value, precision: "month" as const });
  const year = (value: string) => ({ value, precision: "year" as const });
  const day = (value: string) => ({ value, precision: "day" as const });
  const unknown = { precision: "unknown" as const };
  const lastUpdate = (date: { value: string; precision: "day" | "month" | "year" }): Partial<Statement> => ({ kind: "lastUpdate", date });
  // An estimate (launch + N years) carries the year it reaches and the status it implies on the commit day; only the status is compared.
  const estimate = (value: string, implies: "ended" | "supported"): Partial<Statement> => ({ status: "estimate", kind: undefined, date: year(value), implies });
  const undated = (status: "supported" | "ended"): Partial<Statement> => ({ status, kind: undefined, date: undefined });

  const cases: { name: string; ours: Partial<Commitment>; theirs: Partial<Statement>; status: string; why?: RegExp }[] = [
    { name: "equal end", ours: { end: month("2027-02") }, theirs: {}, status: "same" },
    { name: "our day within their month", ours: { end: day("2027-02-25") }, theirs: {}, status: "compatible", why: /one date lies within the other/ },
    { name: "their month within our year", ours: { end: year("2027") }, theirs: {}, status: "compatible", why: /one date lies within the other/ },
    { name: "different end", ours: { end: month("2027-03") }, theirs: {}, status: "conflict", why: /their end differs/ },
    { name: "our ceiling, their end", ours: { ceiling: month("2027-02") }, theirs: {}, status: "conflict", why: /they record an end; we record ceiling/ },
    { name: "our minimum equals their minimum", ours: { minimum: month("2025-02") }, theirs: { kind: "minimum", date: month("2025-02") }, status: "same" },
    { name: "we record no date where they give one", ours: { end: unknown }, theirs: {}, status: "conflict", why: /we record none/ },
    // Their observed last update (the newest build, the last release of the OS cycle) beside what we record.
    {
      name: "their last update before our end",
      ours: { end: month("2027-03") },
      theirs: lastUpdate(month("2027-02")),
      status: "compatible",
      why: /their last observed update is no later than our documented end/,
    },
    { name: "their last update in our end's month", ours: { end: month("2027-02") }, theirs: lastUpdate(day("2027-02-10")), status: "compatible" },
    {
      name: "their last update after our end",
      ours: { end: month("2026-12") },
      theirs: lastUpdate(month("2027-02")),
      status: "conflict",
      why: /they record a lastUpdate; we record end/,
    },
    { name: "their last update equals ours", ours: { lastUpdate: month("2027-02"), ended: true }, theirs: lastUpdate(month("2027-02")), status: "same" },
    {
      name: "their last update differs from ours",
      ours: { lastUpdate: month("2026-11"), ended: true },
      theirs: lastUpdate(month("2027-02")),
      status: "conflict",
      why: /their lastUpdate differs from ours/,
    },
    { name: "their last update, our unknown", ours: { end: unknown }, theirs: lastUpdate(month("2025-02")), status: "conflict", why: /we record none/ },
    // An estimate is compared by the status it implies, never by its year.
    {
      name: "their estimate passed, our unknown",
      ours: { end: unknown },
      theirs: estimate("2025", "ended"),
      status: "conflict",
      why: /they mark it ended; we record neither a date nor that it ended/,
    },
    {
      name: "their estimate passed, our end past",
      ours: { end: month("2025-10") },
      theirs: estimate("2025", "ended"),
      status: "compatible",
      why: /we record a date; they mark it ended without one/,
    },
    { name: "their estimate passed, our end in another past year", ours: { end: month("2024-03") }, theirs: estimate("2025", "ended"), status: "compatible" },
    { name: "their estimate passed, ours ended", ours: { end: unknown, ended: true }, theirs: estimate("2025", "ended"), status: "same" },
    {
      name: "their estimate passed, our minimum still ahead",
      ours: { minimum: month("2028-01") },
      theirs: estimate("2025", "ended"),
      status: "conflict",
      why: /mark it ended by 2026-08-22; our minimum is later/,
    },
    {
      name: "their estimate ahead, our unknown",
      ours: { end: unknown },
      theirs: estimate("2030", "supported"),
      status: "compatible",
      why: /they list it as continuing on 2026-08-22; we record no status/,
    },
    {
      name: "their estimate ahead, our end ahead in another year",
      ours: { end: month("2027-03") },
      theirs: estimate("2030", "supported"),
      status: "compatible",
    },
    {
      name: "their estimate ahead, our end past",
      ours: { end: month("2025-10") },
      theirs: estimate("2030", "supported"),
      status: "conflict",
      why: /continuing on 2026-08-22; our end is earlier/,
    },
    { name: "their estimate ahead, ours continuing", ours: { end: unknown, supportedOn: "2026-08-22" }, theirs: estimate("2030", "supported"), status: "same" },
    // Listed as continuing on the commit day (eol: false, or the OS cycle still patched).
    {
      name: "continuing, our end still ahead",
      ours: { end: month("2030-01") },
      theirs: undated("supported"),
      status: "compatible",
      why: /they record none yet/,
    },
    {
      name: "continuing, our end already past",
      ours: { end: month("2025-01") },
      theirs: undated("supported"),
      status: "conflict",
      why: /continuing on 2026-08-22/,
    },
    { name: "continuing, our ceiling past (not an end)", ours: { ceiling: month("2025-08") }, theirs: undated("supported"), status: "compatible" },
    {
      name: "continuing, our unknown (they list it; we record no status)",
      ours: { end: unknown },
      theirs: undated("supported"),
      status: "compatible",
      why: /they list it as continuing on 2026-08-22; we record no status/,
    },
    { name: "continuing, ours continuing", ours: { end: unknown, supportedOn: "2026-05-01" }, theirs: undated("supported"), status: "same" },
    {
      name: "continuing, ours ended",
      ours: { end: unknown, ended: true },
      theirs: undated("supported"),
      status: "conflict",
      why: /they list it as continuing on 2026-08-22; we record it as ended/,
    },
    {
      name: "continuing, ours ended with a last update",
      ours: { lastUpdate: month("2026-03"), ended: true },
      theirs: undated("supported"),
      status: "conflict",
      why: /we record it as ended/,
    },
    // Marked ended without a date (eol: true).
    {
      name: "ended, our minimum still ahead",
      ours: { minimum: month("2028-01") },
      theirs: undated("ended"),
      status: "conflict",
      why: /mark it ended by 2026-08-22; our minimum is later/,
    },
    { name: "ended, our end past", ours: { end: month("2024-01") }, theirs: undated("ended"), status: "compatible" },
    { name: "ended, our ceiling ahead (not a commitment)", ours: { ceiling: month("2028-01") }, theirs: undated("ended"), status: "compatible" },
    {
      name: "ended, our unknown",
      ours: { end: unknown },
      theirs: undated("ended"),
      status: "conflict",
      why: /they mark it ended; we record neither a date nor that it ended/,
    },
    { name: "ended, ours ended", ours: { end: unknown, ended: true }, theirs: undated("ended"), status: "same" },
    { name: "ended, ours ended with a last update", ours: { lastUpdate: month("2025-04"), ended: true }, theirs: undated("ended"), status: "same" },
    {
      name: "ended, ours continuing",
      ours: { end: unknown, supportedOn: "2026-05-01" },
      theirs: undated("ended"),
      status: "conflict",
      why: /they mark it ended by 2026-08-22; we list it as continuing/,
    },
  ];
  it.each(cases)("$name → $status", (c) => {
    const row = reconcile(theirs(c.theirs), ours(c.ours), "2026-08-22").find((r) => r.field === "security.security")!;
    expect(row.status).toBe(c.status);
    if (c.why) expect(row.why).toMatch(c.why);
  });

  it("compares the release date at the precision of each side", () => {
    const rows = reconcile(fixtureReading("pixel.md", "5"), fixtureRecord("google-pixel-5"), "2026-08-22");
    expect(rows.find((r) => r.field === "released")).toMatchObject({ ours: "2020-10 (month)", theirs: "2020-10-15", status: "compatible" });
  });

  it("compares a component's statement with the commitments for that component only", () => {
    const r = fixtureRecord("samsung-galaxy-s22");
    r.support.security = [
      { id: "windows", scope: {}, component: "Windows", end: unknown, meaning: "x", evidenceLevel: "third-party", sourceIds: [] },
      {
        id: "firmware",
        scope: {},
        component: "firmware and drivers",
        end: month("2027-02"),
        meaning: "x",
        evidenceLevel: "third-party",
        sourceIds: ["findarticles-s22"],
      },
    ];
    const rows = reconcile(theirs({ component: "firmware and drivers" }), r, "2026-08-22");
    expect(rows.filter((x) => x.field.startsWith("security")).map((x) => x.field)).toEqual(["security.firmware"]);
  });
});

describe("resolution", () => {
  it("is a revision entry containing the row's text; it lapses when their value changes", () => {
    const pixel = fixtureRecord("google-pixel");
    const rows = reconcile(fixtureReading("pixel.md", "1"), pixel, "2026-08-22");
    // Their newest build (October 2019) and our final update (December 2019): two last updates that differ, resolved by the record.
    const security = rows.find((r) => r.field === "security.security")!;
    expect(security).toMatchObject({
      status: "resolved",
      ours: "ended, minimum 2019-10 (month), lastUpdate 2019-12 (month)",
      theirs: "lastUpdate 2019-10 (month)",
      resolveWith: "endoflife.date pixel.md#1 security.security: lastUpdate 2019-10 (month)",
    });
    expect(security.resolution!.reason).toMatch(/final update in December 2019/);
    // The same build beside our documented December end: updates stopped by then, nothing to resolve.
    expect(rows.find((r) => r.field === "os.os")).toMatchObject({ status: "compatible", why: /no later than our documented end/ });

    const reading = fixtureReading("pixel.md", "1");
    const changed = { ...reading, security: { ...reading.security!, date: { value: "2019-11", precision: "month" as const } } };
    expect(reconcile(changed, pixel, "2026-08-22").find((r) => r.field === "security.security")).toMatchObject({
      status: "conflict",
      resolveWith: "endoflife.date pixel.md#1 security.security: lastUpdate 2019-11 (month)",
    });
  });

  it("does not count a revision that names another field", () => {
    const pixel = fixtureRecord("google-pixel");
    // A newest build after our documented OS end: a conflict, resolved by the revision that names it.
    const reading = fixtureReading("pixel.md", "1");
    const later = { ...reading, os: { ...reading.os!, date: { value: "2020-01", precision: "month" as const } } };
    pixel.evidence.revisions.at(-1)!.change = "endoflife.date pixel.md#1 os.os: lastUpdate 2020-01 (month): kept our end";
    const rows = reconcile(later, pixel, "2026-08-22");
    expect(rows.find((r) => r.field === "security.security")!.status).toBe("conflict");
    expect(rows.find((r) => r.field === "os.os")).toMatchObject({ status: "resolved", why: /they record a lastUpdate; we record end and minimum/ });
  });
});
