// SOFA's feeds: each hardware identifier under the device its marketing name
// names, cited to its feed at the snapshot's commit; an identifier SOFA's
// own model table names as another device goes to review, never into a row
// (a configuration's words do not make another device); a broken feed or
// table named by file:line, and then no rows at all.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatSourceProblem } from "./front-matter.ts";
import type { SourceFile } from "./identifiers-appledb.ts";
import { readSofa } from "./identifiers-sofa.ts";

const FIXTURES = path.resolve(import.meta.dirname, "./fixtures/identifiers/sofa");
const CONTEXT = { commit: "00b0d8ca82f93059846da900c50203b8825337e6", commitDate: "2026-08-22", checked: "2026-11-24" };
const fixture = (rel: string): SourceFile => ({ rel, path: `sofa/${rel}`, text: readFileSync(path.join(FIXTURES, rel), "utf8") });
const inline = (rel: string, value: unknown): SourceFile => ({ rel, path: `sofa/${rel}`, text: JSON.stringify(value, null, 2) });
const feed = (devices: unknown) => inline("v2/ios_data_feed.json", { OSVersions: [], Devices: devices });
const table = (devices: unknown) => inline("data/models/sources/ios_devices.json", { devices });

describe("the fixture feeds", () => {
  const read = readSofa([fixture("v2/watchos_data_feed.json"), fixture("v2/ios_data_feed.json")], [fixture("data/models/sources/ios_devices.json")], CONTEXT);

  it("gives each identifier the two tables agree on, by feed, and reviews the one they name differently", () => {
    expect(read.problems).toEqual([]);
    expect(read.run!.rows.map((r) => [r.ref.file, r.ref.line, r.name, r.codes, r.source.id])).toEqual([
      ["v2/ios_data_feed.json", 4, "iPhone 15", [{ kind: "hardware-identifier", value: "iPhone15,4" }], "sofa-ios-feed"],
      ["v2/watchos_data_feed.json", 3, "Apple Watch Ultra 2", [{ kind: "hardware-identifier", value: "Watch7,5" }], "sofa-watchos-feed"],
    ]);
    expect(read.run!.review).toEqual([
      {
        file: "v2/ios_data_feed.json",
        line: 7,
        label: "iPhone 17 Pro",
        codes: ["iPhone18,1"],
        candidates: [],
        reason: 'SOFA\'s data/models/sources/ios_devices.json names it "iPhone 17 Pro Max"',
      },
    ]);
  });

  it("cites each feed at the snapshot's commit", () => {
    expect(read.run!.rows[0]!.source).toEqual({
      id: "sofa-ios-feed",
      url: "https://github.com/macadmins/sofa/blob/00b0d8ca82f93059846da900c50203b8825337e6/v2/ios_data_feed.json",
      publisher: "SOFA (Mac Admins Open Source)",
      title: "v2/ios_data_feed.json at commit 00b0d8c (2026-08-22)",
      checked: "2026-11-24",
    });
    expect(read.run!.files).toEqual(["v2/watchos_data_feed.json", "v2/ios_data_feed.json", "data/models/sources/ios_devices.json"]);
  });
});

describe("the feed beside the model table", () => {
  const cases: { name: string; feedName: string; tableName?: string; row?: string; regions?: string[] }[] = [
    { name: "only the feed names it", feedName: "iPhone 15", row: "iPhone 15" },
    { name: "both name it alike", feedName: "iPhone 15", tableName: "iPhone 15", row: "iPhone 15" },
    // A configuration's words are not another device.
    {
      name: "the table adds a configuration",
      feedName: "iPad Air (4th generation)",
      tableName: "iPad Air (4th generation) Wi-Fi + Cellular",
      row: "iPad Air (4th generation)",
    },
    { name: "the feed names the China mainland model", feedName: "iPhone XS Max (China mainland)", row: "iPhone XS Max", regions: ["CN"] },
    { name: "the table names another device", feedName: "iPhone 17 Pro", tableName: "iPhone 17 Pro Max" },
  ];
  it.each(cases)("$name", ({ feedName, tableName, row, regions }) => {
    const read = readSofa(
      [feed({ "iPhone1,1": { MarketingName: feedName } })],
      tableName ? [table({ "iPhone1,1": { marketingName: tableName } })] : [],
      CONTEXT,
    );
    expect(read.run!.rows.map((r) => r.name)).toEqual(row ? [row] : []);
    expect(read.run!.review.map((r) => r.codes)).toEqual(row ? [] : [["iPhone1,1"]]);
    if (row) expect(read.run!.rows[0]!.codes).toEqual([{ kind: "hardware-identifier", value: "iPhone1,1", ...(regions ? { regions } : {}) }]);
  });
});

describe("bad input, as file:line, and no rows", () => {
  const cases: { name: string; feeds: SourceFile[]; tables: SourceFile[]; problems: string[] }[] = [
    {
      name: "a device without its marketing name, at its identifier's line",
      feeds: [feed({ "iPhone15,4": { MarketingName: "iPhone 15" }, "iPhone15,5": {} })],
      tables: [],
      problems: ['sofa/v2/ios_data_feed.json:7: Devices["iPhone15,5"].MarketingName must be the device\'s name, text'],
    },
    {
      name: "a feed without Devices",
      feeds: [inline("v2/ios_data_feed.json", { OSVersions: [] })],
      tables: [],
      problems: ["sofa/v2/ios_data_feed.json:1: must hold a Devices map (identifier → { MarketingName })"],
    },
    {
      name: "a table without devices",
      feeds: [feed({})],
      tables: [inline("data/models/sources/ios_devices.json", { models: {} })],
      problems: ["sofa/data/models/sources/ios_devices.json:1: must hold a devices map (identifier → device)"],
    },
  ];
  it.each(cases)("$name", ({ feeds, tables, problems }) => {
    const read = readSofa(feeds, tables, CONTEXT);
    expect(read.problems.map(formatSourceProblem)).toEqual(problems);
    expect(read.run).toBeUndefined();
  });

  it("a feed that is not JSON, at the line JSON.parse names", () => {
    const read = readSofa(
      [{ rel: "v2/ios_data_feed.json", path: "sofa/v2/ios_data_feed.json", text: '{\n  "Devices": {\n    "iPhone15,4": {}\n    "x": 1\n  }\n}' }],
      [],
      CONTEXT,
    );
    expect(read.problems.map((p) => `${p.file}:${p.line}: ${p.message.split(":")[0]}`)).toEqual(["sofa/v2/ios_data_feed.json:4: not valid JSON"]);
  });
});
