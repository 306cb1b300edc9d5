// AppleDB's device files and the supplement: each configuration's hardware
// identifier, boards and A-numbers under the device its name names, the
// China mainland configuration's codes with the region CN, unreleased
// entries set aside; each file cited at its commit in the fork, each
// supplement entry at the upstream file and commit it names; a broken file
// or entry named by file:line, and then no rows at all.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatSourceProblem } from "./front-matter.ts";
import { APPLEDB_SUPPLEMENT, readAppleDb, type SourceFile } from "./identifiers-appledb.ts";

const FIXTURES = path.resolve(import.meta.dirname, "./fixtures/identifiers");
const CONTEXT = { commit: "0123456789abcdef0123456789abcdef01234567", commitDate: "2024-09-03", checked: "2026-11-24" };
const fixture = (folder: string, rel: string): SourceFile => ({ rel, path: `${folder}/${rel}`, text: readFileSync(path.join(FIXTURES, folder, rel), "utf8") });
const DEVICE_FILES = [
  "deviceFiles/iPhone/iPhone15,4.json",
  "deviceFiles/iPad/iPad13,20.json",
  "deviceFiles/iPhone/iPhone11,4.json",
  "deviceFiles/iPad/iPad13,18.json",
];
const inline = (rel: string, value: unknown): SourceFile => ({ rel, path: `appledb/${rel}`, text: JSON.stringify(value, null, 2) });
const supplement = (devices: unknown[]): SourceFile => inline(APPLEDB_SUPPLEMENT, { devices });
const UPSTREAM_COMMIT = "34ae08efdd2128fe2d980b540699e28024789451";

describe("the fixture snapshot", () => {
  const read = readAppleDb(
    DEVICE_FILES.map((rel) => fixture("appledb", rel)),
    fixture("appledb", APPLEDB_SUPPLEMENT),
    CONTEXT,
  );
  const run = read.run!;

  it("gives one row per released configuration, by file, then the supplement's", () => {
    expect(read.problems).toEqual([]);
    expect(run.rows.map((r) => [r.ref.file, r.ref.line, r.ref.label, r.name])).toEqual([
      ["deviceFiles/iPad/iPad13,18.json", 2, "iPad (10th generation) Wi-Fi", "iPad (10th generation)"],
      ["deviceFiles/iPhone/iPhone11,4.json", 2, "iPhone XS Max (China mainland)", "iPhone XS Max"],
      ["deviceFiles/iPhone/iPhone15,4.json", 2, "iPhone 15", "iPhone 15"],
      [APPLEDB_SUPPLEMENT, 4, "iPhone 16", "iPhone 16"],
    ]);
    expect(run.setAside).toEqual({ "AppleDB lists the device as unreleased": 1 });
    expect(run.rows.every((r) => r.manufacturer === "Apple")).toBe(true);
  });

  it.each([
    ["iPad (10th generation)", ["hardware-identifier iPad13,18", "board J271AP", "model-number A2696"]],
    // The China mainland configuration: every code carries the market.
    ["iPhone XS Max", ["hardware-identifier iPhone11,4 CN", "board D331AP CN", "model-number A2103 CN"]],
    ["iPhone 15", ["hardware-identifier iPhone15,4", "board D37AP", "model-number A2846", "model-number A3089"]],
    ["iPhone 16", ["hardware-identifier iPhone17,3", "board D47AP", "model-number A3081"]],
  ])("%s: %j", (name, codes) => {
    const row = run.rows.find((r) => r.name === name)!;
    expect(row.codes.map((c) => `${c.kind} ${c.value}${c.regions ? ` ${c.regions.join(",")}` : ""}`)).toEqual(codes);
  });

  it("cites a device file at the snapshot's commit in the fork", () => {
    expect(run.rows[2]!.source).toEqual({
      id: "appledb-iphone15-4",
      url: "https://github.com/satyamisme/appledb/blob/0123456789abcdef0123456789abcdef01234567/deviceFiles/iPhone/iPhone15,4.json",
      publisher: "AppleDB",
      title: "deviceFiles/iPhone/iPhone15,4.json at commit 0123456 (2024-09-03)",
      checked: "2026-11-24",
    });
  });

  it("cites a supplement entry at the upstream file and commit it names", () => {
    expect(run.rows[3]!.source).toEqual({
      id: "appledb-iphone17-3",
      url: `https://github.com/littlebyteorg/appledb/blob/${UPSTREAM_COMMIT}/deviceFiles/iPhone/iPhone17,3.json`,
      publisher: "AppleDB",
      title: "deviceFiles/iPhone/iPhone17,3.json at commit 34ae08e (transcribed in this project's AppleDB supplement)",
      checked: "2026-11-24",
    });
  });

  it("lists the folders it reads and the supplement", () => {
    expect(run.files).toEqual(["deviceFiles/Apple Watch/*.json", "deviceFiles/iPad/*.json", "deviceFiles/iPhone/*.json", APPLEDB_SUPPLEMENT]);
    expect(readAppleDb([], undefined, CONTEXT).run!.files).toEqual(["deviceFiles/Apple Watch/*.json", "deviceFiles/iPad/*.json", "deviceFiles/iPhone/*.json"]);
  });
});

describe("entries read one at a time", () => {
  it("addresses a folder name with a space as a link does", () => {
    const { run } = readAppleDb(
      [inline("deviceFiles/Apple Watch/Watch6,1.json", { name: "Apple Watch Series 6 (GPS, 40mm)", identifier: "Watch6,1" })],
      undefined,
      CONTEXT,
    );
    expect(run!.rows[0]).toMatchObject({
      name: "Apple Watch Series 6",
      codes: [{ kind: "hardware-identifier", value: "Watch6,1" }],
      source: {
        id: "appledb-watch6-1",
        url: "https://github.com/satyamisme/appledb/blob/0123456789abcdef0123456789abcdef01234567/deviceFiles/Apple%20Watch/Watch6,1.json",
      },
    });
  });

  it("cites a supplement entry at the file its path names, without the note after it", () => {
    const { run } = readAppleDb(
      [],
      supplement([{ identifier: "iPhone17,4", name: "iPhone 16 Plus", path: "deviceFiles/iPhone/iPhone17,4.json (gh-pages build)", commit: UPSTREAM_COMMIT }]),
      CONTEXT,
    );
    expect(run!.rows[0]!.source.url).toBe(`https://github.com/littlebyteorg/appledb/blob/${UPSTREAM_COMMIT}/deviceFiles/iPhone/iPhone17,4.json`);
  });
});

describe("bad input, as file:line, and no rows", () => {
  it("names broken device files", () => {
    const read = readAppleDb(
      ["deviceFiles/iPhone/iPhone15,4.json", "deviceFiles/iPhone/iPhone15,5.json"].map((rel) => fixture("appledb-broken", rel)),
      undefined,
      CONTEXT,
    );
    expect(read.run).toBeUndefined();
    expect(read.problems.map((p) => `${p.file}:${p.line}: ${p.message.split(":")[0]}`)).toEqual([
      "appledb-broken/deviceFiles/iPhone/iPhone15,4.json:5: model must be text or a list of text (A-numbers)",
      "appledb-broken/deviceFiles/iPhone/iPhone15,5.json:4: not valid JSON",
    ]);
  });

  const cases: { name: string; files: SourceFile[]; supplement?: SourceFile; problems: string[] }[] = [
    {
      name: "a file that is a list",
      files: [inline("deviceFiles/iPhone/x.json", [])],
      problems: ["appledb/deviceFiles/iPhone/x.json:1: must hold one device, a JSON object"],
    },
    {
      name: "a device without its name or identifier, and a board that is a number",
      files: [inline("deviceFiles/iPhone/x.json", { name: "", identifier: 15, board: [1] })],
      problems: [
        "appledb/deviceFiles/iPhone/x.json:2: name must be the device's name, text",
        "appledb/deviceFiles/iPhone/x.json:3: identifier must be the hardware identifier, text (e.g. iPhone15,4)",
        "appledb/deviceFiles/iPhone/x.json:4: board must be text or a list of text",
      ],
    },
    {
      name: "a supplement without a devices list",
      files: [],
      supplement: inline(APPLEDB_SUPPLEMENT, { entries: [] }),
      problems: [`appledb/${APPLEDB_SUPPLEMENT}:1: must hold a devices list`],
    },
    {
      name: "a supplement entry that names no upstream file or commit",
      files: [],
      supplement: supplement([{ identifier: "iPhone17,3", name: "iPhone 16", path: "https://example.org/x", commit: "34ae08e" }]),
      problems: [
        `appledb/${APPLEDB_SUPPLEMENT}:6: path must name the upstream file the entry was read from (e.g. deviceFiles/iPhone/iPhone17,1.json)`,
        `appledb/${APPLEDB_SUPPLEMENT}:7: commit must be the 40-character upstream commit the entry was read at`,
      ],
    },
  ];
  it.each(cases)("$name", ({ files, supplement, problems }) => {
    const read = readAppleDb(files, supplement, CONTEXT);
    expect(read.problems.map(formatSourceProblem)).toEqual(problems);
    expect(read.run).toBeUndefined();
  });
});
