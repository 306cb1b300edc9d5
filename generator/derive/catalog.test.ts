// What is published, withdrawn and redirected (catalog.ts), in the slug order
// every output shares, and the day of a record's newest revision.
import { describe, expect, it } from "vitest";
import { fixtureRecord, fixtureRecords } from "../../test/helpers/records.ts";
import type { DeviceRecord } from "../schema/record.ts";
import { catalogOf, latestRevisionDay } from "./catalog.ts";

const withdrawn = (slug: string, formerSlugs: string[] = []) =>
  fixtureRecord("alpha-phone", {
    slug,
    formerSlugs,
    publication: { state: "withdrawn", reason: "Duplicate", withdrawnOn: "2026-11-01", replacedBy: "alpha-phone" },
  } as Partial<DeviceRecord>);
const published = (slug: string, formerSlugs: string[] = []) => fixtureRecord("alpha-phone", { slug, formerSlugs });
const draft = (slug: string) => fixtureRecord("alpha-phone", { slug, publication: { state: "draft" } } as Partial<DeviceRecord>);

describe("catalogOf", () => {
  const catalog = catalogOf([published("zeta", ["old-zeta"]), draft("beta"), withdrawn("gone", ["older-gone"]), published("alpha", ["z-alpha", "a-alpha"])]);

  it.each([
    ["published", ["alpha", "zeta"]],
    ["withdrawn", ["gone"]],
  ] as const)("%s records, ordered by slug: %j", (part, slugs) => expect(catalog[part].map((r) => r.slug)).toEqual(slugs));

  it("never publishes a draft, nor redirects from one", () => {
    expect([...catalog.published, ...catalog.withdrawn].map((r) => r.slug)).not.toContain("beta");
  });

  it("redirects every former slug of a published or withdrawn record to its current slug, ordered by former slug", () => {
    expect(catalog.redirects).toEqual([
      { from: "a-alpha", to: "alpha" },
      { from: "old-zeta", to: "zeta" },
      { from: "older-gone", to: "gone" },
      { from: "z-alpha", to: "alpha" },
    ]);
  });

  it("gives the same catalog whatever order the files were read in", () => {
    const records = fixtureRecords();
    const shape = (c: ReturnType<typeof catalogOf>) => [c.published.map((r) => r.slug), c.withdrawn.map((r) => r.slug), c.redirects];
    expect(shape(catalogOf([...records].reverse()))).toEqual(shape(catalogOf(records)));
  });

  it("an empty catalog is empty", () => expect(catalogOf([])).toEqual({ published: [], withdrawn: [], redirects: [] }));
});

describe("latestRevisionDay", () => {
  const withRevisions = (...dates: string[]) => {
    const r = fixtureRecord("alpha-phone");
    return { ...r, evidence: { ...r.evidence, revisions: dates.map((date) => ({ date, change: "c", reason: "r" })) } };
  };
  it.each([
    [["2026-10-01", "2026-11-01"], "2026-11-01"],
    [["2026-11-01", "2026-10-01"], "2026-11-01"], // whatever order the record lists them in
    [["2025-01-31"], "2025-01-31"],
  ])("revisions %j: %s", (dates, day) => expect(latestRevisionDay(withRevisions(...dates))).toBe(day));
});
