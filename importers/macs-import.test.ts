// The Mac importer as one pure function (docs/import-macs.md): each laptop's
// support follows the last macOS cycle it runs, by the one rule for every
// Apple device; a code the sources give several models is shared on each; a
// record the catalog has is never written (a curated one is compared, an
// earlier import that reads the same is left, one that reads otherwise is
// listed); a proposal the validator refuses is listed, not written; a second
// run on the first run's catalog writes no record and the same report; bad
// input gives every problem as file:line and no file at all.
import { describe, expect, it } from "vitest";
import { validateFiles, type LoadedRecord } from "../generator/load/validate.ts";
import type { DeviceRecord } from "../generator/schema/record.ts";
import type { OsFile } from "./endoflife-os.ts";
import { MACS_JSON, MACS_MARKDOWN, runMacImport, type MacImportInput } from "./macs-import.ts";

const macos: OsFile = {
  name: "macos.md",
  path: "os/macos.md",
  cycles: [
    { cycle: "26", line: 1, releaseDate: "2025-09-15", eol: false, latest: "26.6", latestReleaseDate: "2026-08-10" },
    { cycle: "15", line: 2, releaseDate: "2024-09-16", eol: false, latest: "15.7.5", latestReleaseDate: "2026-08-10" },
    { cycle: "14", line: 3, releaseDate: "2023-09-26", eol: false, latest: "14.8.1", latestReleaseDate: "2026-07-29" },
    { cycle: "13", line: 4, releaseDate: "2022-10-24", eol: "2025-09-15", latest: "13.7.8", latestReleaseDate: "2025-08-20" },
    { cycle: "12", line: 5, releaseDate: "2021-10-25", eol: "2024-09-16", latest: "12.7.6", latestReleaseDate: "2024-07-29" },
  ],
};

const file = (rel: string, value: unknown) => ({ rel, path: `sources/${rel}`, text: JSON.stringify(value, null, 2) });
const device = (identifier: string, name: string, released: string, model: string, board: string) =>
  file(`deviceFiles/Macbook Pro/${identifier}.json`, { name, identifier, model, board, released });
// Two 13-inch models (A1708 both), one whose builds name a major endoflife.date's file lacks, and one M4 only SOFA names.
const SOURCES: MacImportInput["sources"] = {
  deviceFiles: [
    device("MacBookPro13,1", "MacBook Pro (13-inch, 2016)", "2016-10-27", "A1708", "Mac-473D31EABEB93F9B"),
    device("MacBookPro14,1", "MacBook Pro (13-inch, 2017)", "2017-06-05", "A1708", "Mac-B4831CEBD52A0C4C"),
    device("MacBookPro8,1", "MacBook Pro (13-inch, Early 2011)", "2011-02-24", "A1278", "Mac-94245B3640C91C81"),
  ],
  builds: file("os-builds.json", {
    date: "2024-09-03",
    builds: [
      { osStr: "Mac OS X", version: "10.6.6", released: "2011-01-06", deviceMap: ["MacBookPro8,1"] },
      { osStr: "OS X", version: "10.13.6", released: "2018-07-09", deviceMap: ["MacBookPro8,1"] },
      { osStr: "macOS", version: "10.12.1", released: "2016-10-24", deviceMap: ["MacBookPro13,1"] },
      { osStr: "macOS", version: "12.7.6", released: "2024-07-29", deviceMap: ["MacBookPro13,1", "MacBookPro14,1"] },
      { osStr: "macOS", version: "13.6", released: "2023-09-21", deviceMap: ["MacBookPro14,1"] },
    ],
  }),
  sofaFeed: file("v2/macos_data_feed.json", {
    OSVersions: [],
    Models: {
      "MacBookPro14,1": { MarketingName: "MacBook Pro (13-inch, 2017)", OSVersions: [13, 12] },
      "Mac16,1": { MarketingName: "MacBook Pro (14-inch, M4, Nov 2024)", OSVersions: [26, 15] },
    },
  }),
  sofaTable: file("data/models/sources/macos_devices.json", { devices: { "Mac16,1": { BoardID: "J604AP" } } }),
};
const CONTEXT = { commit: "1111111111111111111111111111111111111111", commitDate: "2026-08-22", checked: "2026-11-24", state: "draft" as const };
const run = (catalog: LoadedRecord[] = [], sources = SOURCES, os = macos, refresh = false) =>
  runMacImport({
    sources,
    macos: os,
    appledb: { commit: "3362aa4b48085a78e12d2a34a0635afdc5c5a9a4", commitDate: "2024-09-03" },
    sofa: { commit: "00b0d8ca82f93059846da900c50203b8825337e6", commitDate: "2026-08-22" },
    context: { ...CONTEXT, refresh },
    catalog,
    devicesDir: "data/devices",
  });
/** Written records, loaded as the CLI loads the catalog. */
const loaded = (writes: { path: string; text: string }[]): LoadedRecord[] => {
  const files = writes.filter((w) => w.path.startsWith("devices/")).map((w) => ({ file: `data/${w.path}`, slug: w.path.slice(8, -5), text: w.text }));
  const { records, problems } = validateFiles(files);
  expect(problems).toEqual([]);
  return records;
};
const written = (writes: { path: string; text: string }[], slug: string): DeviceRecord =>
  JSON.parse(writes.find((w) => w.path === `devices/${slug}.json`)!.text);

describe("a first run on an empty catalog", () => {
  const first = run();

  it("writes each proposal it can, then the report", () => {
    expect(first.problems).toEqual([]);
    expect(first.writes.map((w) => w.path)).toEqual([
      "devices/apple-macbook-pro-13-inch-2016.json",
      "devices/apple-macbook-pro-13-inch-2017.json",
      "devices/apple-macbook-pro-14-inch-m4-nov-2024.json",
      MACS_JSON,
      MACS_MARKDOWN,
    ]);
  });

  const cases: { slug: string; status: string; security: string; os: string; macos: string; note?: RegExp }[] = [
    // Ends on macOS 12, ended: its last release is the last update observed; upgrades ended when 12 came out.
    {
      slug: "apple-macbook-pro-13-inch-2016",
      status: "imported",
      security: "ended, last update 2024-07-29",
      os: "ended, last update 2021-10-25",
      macos: "10.12 (appledb) to 12 (appledb)",
    },
    {
      slug: "apple-macbook-pro-13-inch-2017",
      status: "imported",
      security: "ended, last update 2025-08-20",
      os: "ended, last update 2022-10-24",
      macos: "12 (appledb) to 13 (appledb)",
    },
    // Runs macOS 26, the newest and patched.
    { slug: "apple-macbook-pro-14-inch-m4-nov-2024", status: "imported", security: "continuing", os: "continuing", macos: "15 (sofa) to 26 (sofa)" },
    {
      slug: "apple-macbook-pro-13-inch-early-2011",
      status: "not written",
      security: "unknown",
      os: "unknown",
      macos: "10.6 (appledb) to 10.13 (appledb)",
      note: /^macOS 10\.13 is not a cycle of endoflife\.date's macos\.md$/,
    },
  ];
  it.each(cases)("$slug: $status, security $security, OS $os", ({ slug, status, security, os, macos, note }) => {
    const model = first.report!.models.find((m) => m.slug === slug)!;
    expect({ status: model.status, security: model.security, os: model.os, macos: model.macos }).toEqual({ status, security, os, macos });
    if (note) expect(model.note).toMatch(note);
  });

  it("states an ended model's last update as observed, never as an end, citing the builds and macos.md", () => {
    const r = written(first.writes, "apple-macbook-pro-13-inch-2016");
    expect(r.support.security[0]).toMatchObject({
      lastUpdate: { value: "2024-07-29", precision: "day" },
      ended: true,
      sourceIds: ["appledb-macos-builds", "endoflife-macos"],
    });
    expect(r.support.security[0]).not.toHaveProperty("end");
    expect(r.osVersions).toEqual([{ os: "macOS", first: "10.12", last: "12", sourceIds: ["appledb-macos-builds", "endoflife-macos"] }]);
  });

  it("keeps a model's release date no more precise than its source", () => {
    expect(written(first.writes, "apple-macbook-pro-13-inch-2016").released).toEqual({ value: "2016-10-27", precision: "day" });
    // SOFA's name says "Nov 2024": the month, no day made up.
    expect(written(first.writes, "apple-macbook-pro-14-inch-m4-nov-2024").released).toEqual({ value: "2024-11", precision: "month" });
  });

  it("marks a code the sources give several models as shared on each, and no other", () => {
    const codes = (slug: string) => written(first.writes, slug).variants[0]!.identifiers!.map((x) => `${x.kind} ${x.value}${x.shared ? " shared" : ""}`);
    expect(codes("apple-macbook-pro-13-inch-2016")).toEqual(["model-number A1708 shared", "hardware-identifier MacBookPro13,1", "board Mac-473D31EABEB93F9B"]);
    expect(codes("apple-macbook-pro-13-inch-2017")).toEqual(["model-number A1708 shared", "hardware-identifier MacBookPro14,1", "board Mac-B4831CEBD52A0C4C"]);
  });

  it("is a draft unless asked, with the importer's revision entry", () => {
    const r = written(first.writes, "apple-macbook-pro-14-inch-m4-nov-2024");
    expect(r.publication).toEqual({ state: "draft", note: "Proposed by the Mac importer; review it before publishing" });
    expect(r.evidence.revisions).toEqual([
      {
        date: "2026-11-24",
        change:
          "Imported from AppleDB and SOFA: SOFA v2/macos_data_feed.json at commit 00b0d8c, macOS 15 to 26, cycles from endoflife.date products/macos.md at commit 1111111",
        reason: expect.stringMatching(/^Proposed by the Mac importer/),
      },
    ]);
  });

  it("counts the models by source and status", () => {
    expect(first.report!.totals).toEqual({
      models: 4,
      fromAppleDb: 3,
      fromSofa: 1,
      imported: 3,
      curated: 0,
      notWritten: 1,
      disagreements: 0,
      security: { continuing: 1, "ended, last update": 2 },
      os: { continuing: 1, "ended, last update": 2 },
    });
  });
});

describe("a catalog that has the records", () => {
  const first = run();
  const catalog = loaded(first.writes);

  it("a second run writes no record and the same report", () => {
    const again = run(catalog);
    expect(again.writes.map((w) => w.path)).toEqual([MACS_JSON, MACS_MARKDOWN]);
    expect(again.writes).toEqual(first.writes.filter((w) => !w.path.startsWith("devices/")));
  });

  it("compares a curated record, never writing it", () => {
    const curated = catalog.map((l) =>
      l.record.slug === "apple-macbook-pro-13-inch-2017"
        ? {
            ...l,
            record: {
              ...l.record,
              evidence: {
                ...l.record.evidence,
                revisions: [...l.record.evidence.revisions, { date: "2026-12-01", change: "Checked", reason: "Apple's page" }],
              },
            },
          }
        : l,
    );
    const again = run(curated);
    expect(again.writes.filter((w) => w.path.startsWith("devices/"))).toEqual([]);
    expect(again.report!.models.find((m) => m.slug === "apple-macbook-pro-13-inch-2017")).toMatchObject({
      status: "curated",
      note: "the catalog's own record: compared, never written",
    });
  });

  it("lists an earlier import that reads otherwise, and leaves it as it is", () => {
    const other = catalog.map((l) => (l.record.slug === "apple-macbook-pro-13-inch-2016" ? { ...l, record: { ...l.record, aliases: ["Old name"] } } : l));
    const again = run(other);
    expect(again.writes.filter((w) => w.path.startsWith("devices/"))).toEqual([]);
    expect(again.report!.models.find((m) => m.slug === "apple-macbook-pro-13-inch-2016")).toMatchObject({
      status: "not written",
      note: "an earlier import differs from what these sources say now; run with --refresh to rewrite the imports nobody has revised, or revise it by hand",
    });
  });

  it("with --refresh rewrites that import, keeping its state and history and saying what changed; a second run writes nothing", () => {
    const other = catalog.map((l) =>
      l.record.slug === "apple-macbook-pro-13-inch-2016"
        ? { ...l, record: { ...l.record, publication: { state: "published" as const }, aliases: ["Old name"] } }
        : l,
    );
    const again = run(other, SOURCES, macos, true);
    expect(again.writes.map((w) => w.path).filter((p) => p.startsWith("devices/"))).toEqual(["devices/apple-macbook-pro-13-inch-2016.json"]);
    const r = written(again.writes, "apple-macbook-pro-13-inch-2016");
    expect(r.aliases).toEqual([]);
    expect(r.publication).toEqual({ state: "published" });
    expect(r.evidence.revisions.map((v) => v.change)).toEqual([
      expect.stringMatching(/^Imported from AppleDB and SOFA: /),
      "Re-read from AppleDB and SOFA (AppleDB at commit 3362aa4, SOFA at commit 00b0d8c, endoflife.date products/macos.md at commit 1111111): the wording of its meaning",
    ]);
    const third = run(
      other.map((l) => (l.record.slug === r.slug ? { ...l, record: r } : l)),
      SOURCES,
      macos,
      true,
    );
    expect(third.writes.filter((w) => w.path.startsWith("devices/"))).toEqual([]);
  });
});

describe("a model whose last major went on getting Security Update builds", () => {
  // macOS 10.13's last point release came in 2018; AppleDB lists Security Update builds for the model until 2020.
  const withHighSierra: OsFile = {
    ...macos,
    cycles: [...macos.cycles, { cycle: "10.13", line: 6, releaseDate: "2017-09-25", eol: "2020-12-01", latest: "10.13.6", latestReleaseDate: "2018-07-09" }],
  };
  const builds = JSON.parse(SOURCES.builds.text) as { date: string; builds: object[] };
  const sources = {
    ...SOURCES,
    builds: file("os-builds.json", {
      ...builds,
      builds: [
        ...builds.builds,
        { osStr: "macOS", version: "10.13.6 (Security Update 2020-006)", build: "17G14042", released: "2020-11-12", deviceMap: ["MacBookPro8,1"] },
        { osStr: "macOS", version: "10.13.6 (Security Update 2020-005)", build: "17G14033", released: "2020-09-24", deviceMap: ["MacBookPro8,1"] },
      ],
    }),
  };
  const result = run([], sources, withHighSierra);

  it("takes the last build the model received as its last update, naming it and the cycle's point release", () => {
    const r = written(result.writes, "apple-macbook-pro-13-inch-early-2011");
    expect(r.support.security[0]).toMatchObject({ ended: true, lastUpdate: { value: "2020-11-12", precision: "day" } });
    expect(r.support.security[0]!.meaning).toContain("10.13.6 (Security Update 2020-006), build 17G14042, on 12 November 2020");
    expect(r.support.security[0]!.meaning).toContain("endoflife.date's last point release is 10.13.6 on 9 July 2018");
  });

  it("shows the difference in the report", () => {
    expect(result.report!.models.find((m) => m.slug === "apple-macbook-pro-13-inch-early-2011")!.lastBuild).toBe(
      "10.13.6 (Security Update 2020-006) 17G14042 on 2020-11-12; cycle: 10.13.6 on 2018-07-09; 857 days later, taken",
    );
  });

  it("keeps the cycle's release where no later build reached the model", () => {
    expect(result.report!.models.find((m) => m.slug === "apple-macbook-pro-13-inch-2016")!.lastBuild).toBe(
      "12.7.6 on 2024-07-29; cycle: 12.7.6 on 2024-07-29; not later, the cycle's release taken",
    );
  });
});

describe("what is not written", () => {
  it("a proposal the validator refuses, with its reason; the others are written", () => {
    const sources = {
      ...SOURCES,
      deviceFiles: [device("MacBookPro13,1", "MacBook Pro (13-inch, 2016)", "2016-10-27", "A1708", "not a board"), ...SOURCES.deviceFiles.slice(1)],
    };
    const result = run([], sources);
    expect(result.writes.map((w) => w.path).filter((p) => p.startsWith("devices/"))).toEqual([
      "devices/apple-macbook-pro-13-inch-2017.json",
      "devices/apple-macbook-pro-14-inch-m4-nov-2024.json",
    ]);
    expect(result.report!.models.find((m) => m.slug === "apple-macbook-pro-13-inch-2016")).toMatchObject({
      status: "not written",
      note: expect.stringMatching(/^fails validation: variants\[0\]\.identifiers\[2\]\.value: "not a board" is not written as a board is/),
    });
  });

  it("nothing at all from bad input: every problem as file:line", () => {
    const sources = {
      ...SOURCES,
      deviceFiles: [file("deviceFiles/Macbook/MacBook1,1.json", { name: "MacBook", identifier: "iPhone1,1", released: "2006-13-01" })],
      builds: { ...SOURCES.builds, text: "{\n  oops\n}" },
    };
    const result = run([], sources);
    expect(result.writes).toEqual([]);
    expect(result.report).toBeUndefined();
    expect(result.problems.map((p) => `${p.file}:${p.line}: ${p.message.split(":")[0]}`)).toEqual([
      "sources/deviceFiles/Macbook/MacBook1,1.json:3: identifier must be a Mac hardware identifier (e.g. MacBookPro18,3)",
      "sources/deviceFiles/Macbook/MacBook1,1.json:4: released must be a day YYYY-MM-DD or a list of days",
      "sources/os-builds.json:2: not valid JSON",
    ]);
  });
});

describe("the report's markdown", () => {
  const md = run().writes.find((w) => w.path === MACS_MARKDOWN)!.text;

  it("lists each model with its status, and why one was not written", () => {
    expect(md).toContain(
      "| `apple-macbook-pro-13-inch-early-2011` | MacBookPro8,1 | AppleDB deviceFiles/Macbook Pro/MacBookPro8,1.json | 2011-02-24 | 10.6 (appledb) to 10.13 (appledb) | unknown | 10.13.6 on 2018-07-09; cycle: no point release listed; not later, the cycle's release taken | unknown | not written: macOS 10.13 is not a cycle of endoflife.date's macos.md |",
    );
    expect(md).toContain("4 models (3 from AppleDB's device files, 1 only in SOFA): 3 imported, 0 curated, 1 not written.");
  });
});
