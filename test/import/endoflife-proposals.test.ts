// Proposed records: valid by the project's own validator, in the template's
// key order, each fact cited to the endoflife.date file at its commit and to
// the manufacturer page it names (citedBy, never a checked day).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { factsOf, isUnrevisedImport, proposalOf, recordText } from "../../generator/import/endoflife-proposals.ts";
import { validateFile } from "../../generator/load/validate.ts";
import { CONTEXT, fixtureReading } from "../helpers/endoflife.ts";

const TEMPLATE = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../data/_template.json"), "utf8"));

const keyOrder = (o: unknown, prefix = ""): string[] =>
  o && typeof o === "object" && !Array.isArray(o)
    ? Object.entries(o).flatMap(([k, v]) => [`${prefix}${k}`, ...keyOrder(v, `${prefix}${k}.`)])
    : Array.isArray(o)
      ? keyOrder(o[0], prefix)
      : [];

describe("proposals", () => {
  const releases: [string, string][] = [
    ["pixel.md", "11"],
    ["pixel.md", "5"],
    ["samsung-mobile.md", "galaxy-s26"],
    ["samsung-mobile.md", "galaxy-x1"],
    ["samsung-mobile.md", "gear-s2"],
    ["samsung-galaxy-watch.md", "galaxy-watch6"],
    ["nokia.md", "c210"],
    ["google-nexus.md", "one"],
    ["ipad.md", "air-4"],
  ];
  it.each(releases)("%s %s is a valid record", (file, cycle) => {
    const r = proposalOf(fixtureReading(file, cycle), CONTEXT);
    expect(validateFile({ file: `${r.slug}.json`, slug: r.slug, text: recordText(r) }).problems).toEqual([]);
  });

  it("keeps the template's key order", () => {
    const r = proposalOf(fixtureReading("samsung-mobile.md", "galaxy-s26"), CONTEXT);
    const order = keyOrder(r);
    const template = keyOrder(TEMPLATE).filter((k) => order.includes(k));
    expect(order.filter((k) => template.includes(k))).toEqual(template);
  });

  it("cites the file at its commit (read) and the manufacturer page it names (cited by it)", () => {
    const r = proposalOf(fixtureReading("samsung-mobile.md", "galaxy-s26"), CONTEXT);
    expect(r.evidence.sources).toEqual([
      {
        id: "endoflife-samsung-mobile",
        url: "https://github.com/endoflife-date/endoflife.date/blob/1111111111111111111111111111111111111111/products/samsung-mobile.md",
        publisher: "endoflife.date",
        title: "products/samsung-mobile.md at commit 1111111 (2026-08-22)",
        checked: "2026-11-24",
      },
      {
        id: "samsung-newsroom",
        url: "https://news.samsung.com/global/samsung-unveils-galaxy-s26-series",
        publisher: "Samsung",
        title: "Samsung Newsroom: page endoflife.date cites for this model (not read here)",
        citedBy: "endoflife-samsung-mobile",
      },
    ]);
    expect(r.support.security[0]).toMatchObject({
      end: { value: "2033-03", precision: "month" },
      evidenceLevel: "third-party",
      sourceIds: ["endoflife-samsung-mobile", "samsung-newsroom"],
    });
    // An estimate records no date and rests only on the file.
    expect(r.support.os[0]).toMatchObject({ end: { precision: "unknown" }, evidenceLevel: "third-party", sourceIds: ["endoflife-samsung-mobile"] });
  });

  it("records a missing column as unknown, unverified, without a source", () => {
    const r = proposalOf(fixtureReading("nokia.md", "g22"), CONTEXT);
    expect(r.support.os[0]).toEqual({
      id: "os",
      scope: {},
      end: { precision: "unknown" },
      meaning: "Not in endoflife.date's products/nokia.md, which has no column for OS updates",
      evidenceLevel: "unverified",
      sourceIds: [],
    });
  });

  it("says it was imported, from which file and commit, and is a draft unless asked", () => {
    const draft = proposalOf(fixtureReading("pixel.md", "11"), CONTEXT);
    expect(draft.evidence.revisions).toEqual([
      {
        date: "2026-11-24",
        change: 'Imported from endoflife.date products/pixel.md at commit 1111111 (release "11")',
        reason: expect.stringMatching(/for a device the catalog did not have/),
      },
    ]);
    expect(draft.publication.state).toBe("draft");
    expect(draft.variants).toEqual([{ model: "Pixel 11", regions: ["GLOBAL"], note: expect.stringMatching(/regions are not known/) }]);
    expect(proposalOf(fixtureReading("pixel.md", "11"), { ...CONTEXT, state: "published" }).publication).toEqual({ state: "published" });
  });

  it("knows its own unrevised imports, and compares their facts without the reading day or state", () => {
    const a = proposalOf(fixtureReading("pixel.md", "11"), CONTEXT);
    const b = proposalOf(fixtureReading("pixel.md", "11"), { ...CONTEXT, checked: "2027-01-05", state: "published" });
    expect(isUnrevisedImport(a)).toBe(true);
    expect(factsOf(a)).toBe(factsOf(b));
    const revised = structuredClone(a);
    revised.evidence.revisions.push({ date: "2026-12-01", change: "Published", reason: "Checked against Google's page" });
    expect(isUnrevisedImport(revised)).toBe(false);
    const moved = proposalOf({ ...fixtureReading("pixel.md", "11"), released: { value: "2026-09", precision: "month" } }, CONTEXT);
    expect(factsOf(moved)).not.toBe(factsOf(a));
  });
});
