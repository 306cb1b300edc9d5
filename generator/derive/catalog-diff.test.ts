// The change summary on two small catalogs (test/fixtures/diff/base and
// head): a date made more precise and its evidence level lowered, an
// identifier added, a record withdrawn, one renamed and one added; an
// unchanged catalog says so; the Markdown keeps record text as text.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readCatalog } from "../load/read.ts";
import type { DeviceRecord } from "../schema/record.ts";
import { catalogDiff, changeSummary, type RecordChange } from "./catalog-diff.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/diff");
const NOW = "2026-11-22";
let base: DeviceRecord[];
let head: DeviceRecord[];
let changes: RecordChange[];

beforeAll(async () => {
  const [b, h] = await Promise.all([readCatalog(path.join(FIXTURES, "base")), readCatalog(path.join(FIXTURES, "head"))]);
  expect([b.problems, h.problems]).toEqual([[], []]);
  [base, head] = [b.records.map((r) => r.record), h.records.map((r) => r.record)];
  changes = catalogDiff(base, head, NOW);
});

const change = (slug: string) => changes.find((c) => c.slug === slug)!;
const field = (slug: string, what: string) => change(slug).changes.find((f) => f.what === what);

describe("catalogDiff", () => {
  it("lists each changed record once, by slug, with what happened to it", () => {
    expect(changes.map((c) => [c.slug, c.kind])).toEqual([
      ["alpha-phone", "changed"],
      ["beta-tablet", "changed"],
      ["delta-watch", "added"],
      ["gamma-phone-5g", "renamed"],
    ]);
    expect(change("gamma-phone-5g").from).toBe("gamma-phone");
  });

  it.each([
    ["alpha-phone", "Security updates [security]: end", "2031-10 (month)", "2031-11-30 (day)"],
    ["alpha-phone", "Security updates [security]: evidence level", "manufacturer-dated", "third-party"],
    ["alpha-phone", "Variant A1: identifiers", "none", "model-number EX-A1US"],
    ["beta-tablet", "Publication", "published", "withdrawn on 2026-11-20: Not a real device | <b>test</b>"],
  ])("%s: %s from %j to %j", (slug, what, before, after) => {
    expect(field(slug, what)).toEqual({ what, before, after });
  });

  it("gives the verdict as readers see it, before and after", () => {
    const verdict = field("alpha-phone", "Verdict")!;
    expect(verdict.before).toMatch(/^updates until 2031-10/);
    expect(verdict.after).toMatch(/unconfirmed/);
    expect(field("beta-tablet", "Verdict")?.after).toBe("none");
    expect(field("delta-watch", "Verdict")?.before).toBe("none");
  });

  it("names the pages and files that change, including the old address of a renamed record and the years' CSV files", () => {
    expect(change("alpha-phone").affected).toEqual(
      expect.arrayContaining([
        "/devices/alpha-phone",
        "/api/v1/devices/alpha-phone",
        "/api/v1/dataset/2031.csv",
        "/api/v1/calendar/manufacturers/example-maker.ics",
        "/feed.xml",
      ]),
    );
    expect(change("gamma-phone-5g").affected).toEqual(expect.arrayContaining(["/devices/gamma-phone", "/devices/gamma-phone-5g"]));
    expect(change("beta-tablet").affected).toEqual(expect.arrayContaining(["/withdrawn/beta-tablet", "/devices/beta-tablet"]));
  });

  it("finds nothing between a catalog and itself, and a deleted file as removed", () => {
    expect(catalogDiff(base, base, NOW)).toEqual([]);
    const removed = catalogDiff(base, base.slice(1), NOW);
    expect(removed.map((c) => [c.slug, c.kind])).toEqual([["alpha-phone", "removed"]]);
  });
});

describe("changeSummary", () => {
  it("prints a table per record with its text escaped for Markdown", () => {
    const md = changeSummary(changes, { base: "main", head: "HEAD", now: NOW });
    expect(md).toContain("4 records: 1 added, 2 changed, 1 renamed.");
    expect(md).toContain("### Gamma Phone (`gamma-phone` → `gamma-phone-5g`): renamed");
    expect(md).toContain("| Security updates [security]: end | 2031-10 (month) | 2031-11-30 (day) |");
    expect(md).toContain("Not a real device \\| &lt;b&gt;test&lt;/b&gt;");
    expect(md).not.toContain("<b>");
    expect(changeSummary([], { base: "main", head: "HEAD", now: NOW })).toContain("No record changes anything readers see.");
  });

  it("counts the records that do not fit a comment's limit instead of cutting one in half", () => {
    const whole = changeSummary(changes, { base: "main", head: "HEAD", now: NOW });
    const cut = changeSummary(changes, { base: "main", head: "HEAD", now: NOW }, Math.floor(whole.length / 2));
    expect(cut.length).toBeLessThanOrEqual(Math.floor(whole.length / 2));
    expect(cut).toMatch(/…and \d more records?: run `npm run diff -- main HEAD`/);
    expect(cut).toContain("### Alpha Phone");
  });
});
