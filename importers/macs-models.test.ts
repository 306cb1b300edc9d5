import { describe, expect, it } from "vitest";
import type { OsFile } from "./endoflife-os.ts";
import { majorOf, readMacModels, releasedFromName } from "./macs-models.ts";

const macos: OsFile = {
  name: "macos.md",
  path: "os/macos.md",
  cycles: [
    { cycle: "26", line: 1, releaseDate: "2025-09-15", eol: false },
    { cycle: "15", line: 2, releaseDate: "2024-09-16", eol: false },
    { cycle: "14", line: 3, releaseDate: "2023-09-26", eol: false },
    { cycle: "13", line: 4, releaseDate: "2022-10-24", eol: "2025-09-15" },
    { cycle: "12", line: 5, releaseDate: "2021-10-25", eol: "2024-09-16" },
    { cycle: "10.15", line: 6, releaseDate: "2019-10-07", eol: "2026-02-02" },
    { cycle: "10.14", line: 7, releaseDate: "2018-09-24", eol: "2021-10-25" },
  ],
};

const file = (rel: string, value: unknown) => ({ rel, path: `appledb/${rel}`, text: JSON.stringify(value, null, 2) });
const device = (identifier: string, name: string, released: string, key?: string) =>
  file(`deviceFiles/Macbook Pro/${key ?? identifier}.json`, {
    name,
    identifier,
    ...(key ? { key } : {}),
    model: "A1990",
    board: "Mac-937A206F2EE63C01",
    released,
  });
const builds = (list: { version: string; deviceMap: string[] }[]) =>
  file("os-builds.json", { date: "2024-09-03", builds: list.map((b) => ({ osStr: "macOS", released: "2020-01-01", ...b })) });
const feed = (models: Record<string, { MarketingName: string; OSVersions: number[] } | undefined>) =>
  file("v2/macos_data_feed.json", { OSVersions: [], Models: models });
const table = file("data/models/sources/macos_devices.json", { devices: { "Mac16,1": { BoardID: "J604AP" } } });

describe("majorOf", () => {
  it.each([
    ["10.15.7", "10.15"],
    ["10.6.8 (Supplemental Update)", "10.6"],
    ["12.7.6", "12"],
    ["26.0", "26"],
    ["Tiger", undefined],
  ])("%s → %s", (version, major) => expect(majorOf(version)).toBe(major));
});

describe("releasedFromName", () => {
  it.each([
    ["MacBook Pro (14-inch, M4, Nov 2024)", { value: "2024-11", precision: "month" }],
    ["MacBook Air (13-inch, M4, 2025)", { value: "2025", precision: "year" }],
    ["MacBook Pro 14-inch (M5)", { precision: "unknown" }],
    ["MacBook Neo", { precision: "unknown" }],
  ])("%s", (name, released) => expect(releasedFromName(name)).toEqual(released));
});

describe("readMacModels", () => {
  const run = (deviceFiles: ReturnType<typeof file>[], b: ReturnType<typeof file>, f: ReturnType<typeof file>) =>
    readMacModels({ deviceFiles, builds: b, sofaFeed: f, sofaTable: table, macos });

  it.each([
    {
      case: "builds that end before AppleDB's date decide, over SOFA's table (rule observed)",
      devices: [device("MacBookPro13,1", "MacBook Pro (13-inch, 2016)", "2016-10-27")],
      builds: [
        { version: "10.14.6", deviceMap: ["MacBookPro13,1"] },
        { version: "12.7.6", deviceMap: ["MacBookPro13,1"] },
      ],
      sofa: { "MacBookPro13,1": { MarketingName: "MacBook Pro (13-inch, 2016)", OSVersions: [13, 12] } },
      first: "10.14",
      last: { version: "12", from: "appledb" },
      rules: ["observed"],
    },
    {
      case: "builds that reach macOS 14 take the later majors from SOFA (rule later)",
      devices: [device("MacBookPro16,1", "MacBook Pro (16-inch, 2019)", "2019-11-13")],
      builds: [
        { version: "10.15.1", deviceMap: ["MacBookPro16,1"] },
        { version: "14.6.1", deviceMap: ["MacBookPro16,1"] },
      ],
      sofa: { "MacBookPro16,1": { MarketingName: "MacBook Pro (16-inch, 2019)", OSVersions: [26, 15, 14, 13, 12] } },
      first: "10.15",
      last: { version: "26", from: "sofa" },
      rules: [],
    },
    {
      case: "a model under a shared identifier starts with the major it went on sale under (rule shipped), its builds listed by AppleDB's key",
      devices: [device("MacBookPro15,1", "MacBook Pro (15-inch, 2019)", "2019-05-21", "MacBookPro15,1-2019")],
      builds: [
        { version: "10.13.6", deviceMap: ["MacBookPro15,1-2019"] },
        { version: "10.14.6", deviceMap: ["MacBookPro15,1-2019"] },
        { version: "14.6.1", deviceMap: ["MacBookPro15,1-2019"] },
      ],
      sofa: { "MacBookPro15,1": { MarketingName: "MacBook Pro (15-inch, 2019)", OSVersions: [15, 14, 13, 12] } },
      first: "10.14",
      last: { version: "15", from: "sofa" },
      rules: [],
    },
  ])("$case", ({ devices, builds: b, sofa, first, last, rules }) => {
    const read = run(devices, builds(b), feed(sofa));
    expect(read.problems).toEqual([]);
    expect(read.models[0]!.first?.version).toBe(first);
    expect(read.models[0]!.last).toEqual(last);
    expect(read.disagreements.map((d) => d.rule)).toEqual(rules);
  });

  it("adds the laptops only SOFA names, with SOFA's board and the date the name carries, and leaves out its desktops", () => {
    const read = run(
      [],
      builds([]),
      feed({
        "Mac16,1": { MarketingName: "MacBook Pro (14-inch, M4, Nov 2024)", OSVersions: [26, 15] },
        "Mac16,10": { MarketingName: "Mac mini (2024)", OSVersions: [26, 15] },
      }),
    );
    expect(read.models).toEqual([
      expect.objectContaining({
        identifier: "Mac16,1",
        boards: ["J604AP"],
        released: { value: "2024-11", precision: "month" },
        first: { version: "15", from: "sofa" },
        last: { version: "26", from: "sofa" },
      }),
    ]);
  });

  it("reports bad input as file:line and reads nothing", () => {
    const bad = {
      rel: "deviceFiles/Macbook/MacBook1,1.json",
      path: "appledb/deviceFiles/Macbook/MacBook1,1.json",
      text: '{\n  "name": "MacBook",\n  "identifier": "iPhone1,1",\n  "released": "2006-13-01"\n}',
    };
    const read = run([bad, { ...bad, rel: "x.json", path: "appledb/x.json", text: "{\n  oops\n}" }], builds([]), feed({}));
    expect(read.models).toEqual([]);
    expect(read.problems.map((p) => `${p.file}:${p.line}: ${p.message.split(":")[0]}`)).toEqual([
      "appledb/deviceFiles/Macbook/MacBook1,1.json:3: identifier must be a Mac hardware identifier (e.g. MacBookPro18,3)",
      "appledb/deviceFiles/Macbook/MacBook1,1.json:4: released must be a day YYYY-MM-DD or a list of days",
      "appledb/x.json:2: not valid JSON",
    ]);
  });
});
