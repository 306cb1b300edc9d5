// Matching a release to a curated record, and comparing the two field by
// field: same, compatible, conflict, and resolved by the record's own
// revision entry naming the file, release, field and their value.
import { describe, expect, it } from "vitest";
import { indexCatalog, matchRelease } from "../../generator/import/endoflife-matching.ts";
import { reconcile } from "../../generator/import/endoflife-reconcile.ts";
import type { Statement } from "../../generator/import/endoflife-readings.ts";
import type { Commitment, DeviceRecord } from "../../generator/schema/record.ts";
import { fixtureReading, fixtureRecord } from "../helpers/endoflife.ts";

const loaded = (r: DeviceRecord) => ({ file: `data/devices/${r.slug}.json`, record: r });

describe("matching", () => {
  const s22 = fixtureRecord("samsung-galaxy-s22");
  const pixel = fixtureRecord("google-pixel");
  const withAlias = { ...fixtureRecord("google-pixel-5"), slug: "old-pixel-5", formerSlugs: ["google-pixel-5-5g"], aliases: ["Galaxy X1"] };
  const index = indexCatalog([s22, pixel, withAlias].map(loaded));

  const cases: { file: string; cycle: string; expected: string | undefined; by?: string }[] = [
    { file: "samsung-mobile.md", cycle: "galaxy-s22", expected: "samsung-galaxy-s22", by: "slug" },
    { file: "pixel.md", cycle: "1", expected: "google-pixel", by: "slug" },
    // The search reads "Galaxy X1+" as "Galaxy X1"; the importer counts the "+".
    { file: "samsung-mobile.md", cycle: "galaxy-x1", expected: undefined },
    { file: "pixel.md", cycle: "11", expected: undefined },
  ];
  it.each(cases)("$file $cycle → $expected", ({ file, cycle, expected, by }) => {
    const m = matchRelease(fixtureReading(file, cycle), index);
    if (expected === undefined) return expect(m).toBeUndefined();
    expect(m && "record" in m ? [m.record.record.slug, m.by] : m).toEqual([expected, by]);
  });

  it("matches a former slug, and a name or alias as the search compares them", () => {
    const reading = fixtureReading("pixel.md", "5");
    expect(matchRelease({ ...reading, slug: "google-pixel-5-5g" }, index)).toMatchObject({ by: "former slug", record: { record: { slug: "old-pixel-5" } } });
    expect(matchRelease({ ...reading, slug: "nothing-like-it", name: "GOOGLE pixel-5" }, index)).toMatchObject({
      by: "name",
      record: { record: { slug: "old-pixel-5" } },
    });
    expect(matchRelease({ ...reading, slug: "x", name: "Samsung Galaxy X1", model: "Galaxy X1" }, index)).toMatchObject({ by: "name" });
  });

  it("refuses to choose between records that share the name", () => {
    const twin = { ...fixtureRecord("google-pixel-5"), slug: "google-pixel-5-twin" };
    const m = matchRelease({ ...fixtureReading("pixel.md", "5"), slug: "other" }, indexCatalog([twin, withAlias].map(loaded)));
    expect(m && "ambiguous" in m ? m.ambiguous.map((l) => l.record.slug) : m).toEqual(["google-pixel-5-twin", "old-pixel-5"]);
  });
});

describe("statuses", () => {
  const ours = (c: Partial<Commitment>): DeviceRecord => {
    const r = fixtureRecord("samsung-galaxy-s22");
    r.support.security = [{ id: "security", scope: {}, meaning: "x", evidenceLevel: "third-party", sourceIds: ["findarticles-s22"], ...c } as Commitment];
    return r;
  };
  // Their S22 reading (a ceiling under Samsung's 2022 "up to" rule), as an end unless a case says otherwise.
  const theirs = (s: Partial<Statement>) => {
    const reading = fixtureReading("samsung-mobile.md", "galaxy-s22");
    return { ...reading, security: { ...reading.security!, kind: "end", ...s } as Statement };
  };
  const month = (value: string) => ({ value, precision: "month" as const });
  const year = (value: string) => ({ value, precision: "year" as const });
  const unknown = { precision: "unknown" as const };

  const cases: { name: string; ours: Partial<Commitment>; theirs: Partial<Statement>; status: string; why?: RegExp }[] = [
    { name: "equal end", ours: { end: month("2027-02") }, theirs: {}, status: "same" },
    { name: "our day within their month", ours: { end: { value: "2027-02-25", precision: "day" } }, theirs: {}, status: "compatible" },
    { name: "their month within our year", ours: { end: year("2027") }, theirs: {}, status: "compatible" },
    { name: "different end", ours: { end: month("2027-03") }, theirs: {}, status: "conflict", why: /their end differs/ },
    { name: "our ceiling, their end", ours: { ceiling: month("2027-02") }, theirs: {}, status: "conflict", why: /they record an end; we record ceiling/ },
    { name: "our minimum equals their minimum", ours: { minimum: month("2025-02") }, theirs: { kind: "minimum", date: month("2025-02") }, status: "same" },
    { name: "we record no date where they give one", ours: { end: unknown }, theirs: {}, status: "conflict", why: /we record none/ },
    { name: "their estimate, our unknown", ours: { end: unknown }, theirs: { status: "estimate", kind: undefined }, status: "same" },
    { name: "their estimate within our date", ours: { end: year("2027") }, theirs: { status: "estimate", kind: undefined }, status: "compatible" },
    {
      name: "their estimate outside our date",
      ours: { end: month("2025-10") },
      theirs: { status: "estimate", kind: undefined },
      status: "conflict",
      why: /outside our dates/,
    },
    {
      name: "continuing, our end still ahead",
      ours: { end: month("2030-01") },
      theirs: { status: "supported", kind: undefined, date: undefined },
      status: "compatible",
    },
    {
      name: "continuing, our end already past",
      ours: { end: month("2025-01") },
      theirs: { status: "supported", kind: undefined, date: undefined },
      status: "conflict",
      why: /continuing on 2026-08-22/,
    },
    {
      name: "continuing, our ceiling past (not an end)",
      ours: { ceiling: month("2025-08") },
      theirs: { status: "supported", kind: undefined, date: undefined },
      status: "compatible",
    },
    {
      name: "ended, our minimum still ahead",
      ours: { minimum: month("2028-01") },
      theirs: { status: "ended", kind: undefined, date: undefined },
      status: "conflict",
      why: /mark it ended by 2026-08-22; our minimum is later/,
    },
    { name: "ended, our end past", ours: { end: month("2024-01") }, theirs: { status: "ended", kind: undefined, date: undefined }, status: "compatible" },
    { name: "ended, both without a date", ours: { end: unknown }, theirs: { status: "ended", kind: undefined, date: undefined }, status: "same" },
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
    const security = rows.find((r) => r.field === "security.security")!;
    expect(security).toMatchObject({ status: "resolved", resolveWith: "endoflife.date pixel.md#1 security.security: end 2019-10 (month)" });
    expect(security.resolution!.reason).toMatch(/final update in December 2019/);
    expect(rows.find((r) => r.field === "os.os")).toMatchObject({ status: "conflict", resolveWith: "endoflife.date pixel.md#1 os.os: end 2019-10 (month)" });

    const reading = fixtureReading("pixel.md", "1");
    const changed = { ...reading, security: { ...reading.security!, date: { value: "2019-11", precision: "month" as const } } };
    expect(reconcile(changed, pixel, "2026-08-22").find((r) => r.field === "security.security")!.status).toBe("conflict");
  });

  it("does not count a revision that names another field", () => {
    const pixel = fixtureRecord("google-pixel");
    pixel.evidence.revisions.at(-1)!.change = "endoflife.date pixel.md#1 os.os: end 2019-10 (month): kept ours";
    const rows = reconcile(fixtureReading("pixel.md", "1"), pixel, "2026-08-22");
    expect(rows.find((r) => r.field === "security.security")!.status).toBe("conflict");
    expect(rows.find((r) => r.field === "os.os")!.status).toBe("resolved");
  });
});
