// The endoflife.date reconciliation report: unresolved conflicts first, then
// every list sorted, so the same catalog gives the same bytes however a run
// gathered it; in the markdown, each table cell on one line with its pipes
// escaped, a conflict's "Resolve with" text as code, and "None." for an
// empty section.
import { describe, expect, it } from "vitest";
import type { FieldRow } from "./endoflife-reconcile.ts";
import { cell, reportJson, reportMarkdown, sortedCounts, sortReport, type RecordEntry, type Report } from "./endoflife-report.ts";

const row = (field: string, status: FieldRow["status"], extra: Partial<FieldRow> = {}): FieldRow & { release: string } => ({
  field,
  path: field === "released" ? "released" : "support.security[0]",
  ours: "end 2027-02 (month)",
  theirs: "end 2027-02-25",
  comment: "",
  line: 12,
  status,
  resolveWith: `endoflife.date samsung-mobile.md#galaxy-s22 ${field}: end 2027-02-25`,
  release: "samsung-mobile.md#galaxy-s22",
  ...extra,
});
const record = (slug: string, rows: RecordEntry["rows"], releases: RecordEntry["releases"] = []): RecordEntry => ({
  slug,
  name: slug,
  state: "published",
  releases,
  rows,
});

const REPORT: Report = {
  source: { repository: "https://github.com/endoflife-date/endoflife.date", commit: "1111111111111111111111111111111111111111", commitDate: "2026-08-22" },
  files: [
    { file: "samsung-mobile.md", releases: 3, proposed: 1, matched: 2, notWritten: 0 },
    { file: "pixel.md", releases: 1, proposed: 0, matched: 1, notWritten: 0 },
  ],
  totals: { releases: 4, proposed: 1, matchedRecords: 3, notWritten: 1, notCovered: 2, rows: { same: 2, compatible: 1, conflict: 1, resolved: 1 } },
  conflictsByField: {},
  proposalsByManufacturer: { Samsung: 1 },
  proposalStatements: { os: {}, security: {} },
  records: [
    record("alpha", [row("released", "same")]),
    record(
      "zeta",
      [row("security.security", "conflict", { why: "their end differs", comment: "`five years` | up to" })],
      [
        { file: "samsung-mobile.md", cycle: "z2", label: "Z2", line: 40, matchedBy: "name" },
        { file: "samsung-mobile.md", cycle: "z1", label: "Z1", line: 20, matchedBy: "slug" },
        { file: "pixel.md", cycle: "z", label: "Z", line: 90, matchedBy: "former slug" },
      ],
    ),
    record("beta", [
      row("released", "same"),
      row("os.os", "resolved", { resolution: { date: "2026-11-24", change: "kept ours", reason: "the maker's page" } }),
    ]),
    record("gamma", [row("security.security", "compatible")]),
  ],
  proposals: [
    {
      file: "samsung-mobile.md",
      cycle: "s26",
      label: "Galaxy S26",
      line: 13,
      slug: "samsung-galaxy-s26",
      name: "Samsung Galaxy S26",
      manufacturer: "Samsung",
      deviceType: "phone",
      released: "2026-03-06",
      os: "continuing, no date",
      security: "continuing, no date",
    },
  ],
  notWritten: [
    { file: "samsung-mobile.md", cycle: "b", label: "B", line: 30, reason: "the proposal fails validation" },
    { file: "pixel.md", cycle: "a", label: "A", line: 50, reason: "the proposal fails validation" },
    { file: "samsung-mobile.md", cycle: "a", label: "A", line: 8, reason: "the proposal fails validation" },
  ],
  notCovered: [
    { slug: "nothing-phone-2", name: "Nothing Phone (2)", state: "published" },
    { slug: "apple-ipad", name: "Apple iPad", state: "draft" },
  ],
};

describe("sortReport", () => {
  const sorted = sortReport(REPORT);

  it("puts the records with an unresolved conflict first, then the rest by slug", () => {
    expect(sorted.records.map((r) => r.slug)).toEqual(["zeta", "alpha", "beta", "gamma"]);
  });

  it("sorts a record's releases by file and line, and the other lists by slug or by file and line", () => {
    expect(sorted.records[0]!.releases.map((r) => r.cycle)).toEqual(["z", "z1", "z2"]);
    expect(sorted.files.map((f) => f.file)).toEqual(["pixel.md", "samsung-mobile.md"]);
    expect(sorted.notWritten.map((s) => `${s.file}:${s.line}`)).toEqual(["pixel.md:50", "samsung-mobile.md:8", "samsung-mobile.md:30"]);
    expect(sorted.notCovered.map((c) => c.slug)).toEqual(["apple-ipad", "nothing-phone-2"]);
  });

  it("gives the same bytes whatever order the lists came in, and changes nothing sorted", () => {
    const reversed = {
      ...REPORT,
      files: [...REPORT.files].reverse(),
      records: [...REPORT.records].reverse().map((r) => ({ ...r, releases: [...r.releases].reverse() })),
      notWritten: [...REPORT.notWritten].reverse(),
      notCovered: [...REPORT.notCovered].reverse(),
    };
    expect(reportJson(sortReport(reversed))).toBe(reportJson(sorted));
    expect(reportJson(sortReport(sorted))).toBe(reportJson(sorted));
    expect(reportMarkdown(sortReport(reversed))).toBe(reportMarkdown(sorted));
  });

  it("leaves the report it was given as it was", () => {
    expect(REPORT.records.map((r) => r.slug)).toEqual(["alpha", "zeta", "beta", "gamma"]);
  });
});

describe("sortedCounts", () => {
  it("orders the counts by key", () => {
    expect(
      JSON.stringify(
        sortedCounts(
          new Map([
            ["phone", 3],
            ["laptop", 1],
            ["tablet", 2],
          ]),
        ),
      ),
    ).toBe('{"laptop":1,"phone":3,"tablet":2}');
  });
});

describe("cell", () => {
  it.each([
    ["plain", "plain"],
    ["a | b", "a \\| b"],
    ["C:\\path", "C:\\\\path"],
    ["two\nlines", "two lines"],
    ["\\|", "\\\\\\|"],
  ])("%j → %j", (text, escaped) => expect(cell(text)).toBe(escaped));
});

describe("reportMarkdown", () => {
  const markdown = reportMarkdown(sortReport(REPORT));
  const section = (title: string) => markdown.split(`\n## ${title}\n`)[1]!.split("\n## ")[0]!.trim();

  it("sums the run up in its first paragraph", () => {
    expect(markdown).toContain(
      "Releases read: 4. Proposed records: 1. Curated records compared: 3 (fields: 1 unresolved conflicts, 1 resolved, 1 compatible, 2 same). Releases not written: 1. Records endoflife.date does not cover: 2.",
    );
  });

  it("lists an unresolved conflict with the text that resolves it, as code, and their comment with its backticks made safe", () => {
    const lines = section("Unresolved conflicts").split("\n");
    expect(lines.at(-1)).toBe(
      "| `zeta` | security.security (support.security[0]) | end 2027-02 (month) | end 2027-02-25 | their end differs | `'five years' \\| up to` | `endoflife.date samsung-mobile.md#galaxy-s22 security.security: end 2027-02-25` |",
    );
  });

  it("lists a resolved conflict with the revision that resolved it", () => {
    expect(section("Resolved conflicts").split("\n").at(-1)).toBe(
      "| `beta` | os.os | end 2027-02 (month) | end 2027-02-25 | 2026-11-24: kept ours (the maker's page) |",
    );
  });

  it("says None. where a section has nothing", () => {
    const empty = reportMarkdown({ ...REPORT, records: [], proposals: [], notWritten: [], notCovered: [] });
    for (const title of ["Unresolved conflicts", "Resolved conflicts", "Proposed records", "Releases not written", "Records endoflife.date does not cover"])
      expect(empty.split(`\n## ${title}\n`)[1]!.split("\n## ")[0]!.trim(), title).toBe("None.");
  });

  it("has a release-data section only when release-data was read", () => {
    expect(markdown).not.toContain("## endoflife.date release-data");
    const withData = reportMarkdown({
      ...REPORT,
      releaseData: {
        repository: "https://github.com/endoflife-date/release-data",
        commit: "2222222222222222222222222222222222222222",
        commitDate: "2026-08-22",
        files: [
          {
            file: "samsung-mobile.json",
            agree: 3,
            newer: [{ cycle: "galaxy-x2", productFile: "continuing, no date", release: "end 2026-08-20" }],
            notInProductFile: [],
          },
        ],
      },
    });
    expect(withData.split("\n## endoflife.date release-data\n")[1]!.split("\n## ")[0]!.trim().split("\n").at(-1)).toBe(
      "| samsung-mobile.json | 3 | `galaxy-x2`: continuing, no date → end 2026-08-20 | none |",
    );
  });
});
