// endoflife.date's release-data files: each release's eol (true, false or a
// day) with the line it stands on, for the product file of the same name;
// every problem as file:line, and no entries at all from a file with one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURE_RELEASE_DATA } from "../test/helpers/endoflife.ts";
import { formatSourceProblem } from "./front-matter.ts";
import { productFileOf, readReleaseDataFile } from "./endoflife-release-data.ts";

const read = (text: string) => readReleaseDataFile({ name: "samsung-mobile.json", path: "releases/samsung-mobile.json", text });

describe("a release-data file", () => {
  it("gives each release's eol with the line its entry opens on", () => {
    const text = readFileSync(path.join(FIXTURE_RELEASE_DATA, "releases/samsung-mobile.json"), "utf8");
    const { file, problems } = read(text);
    expect(problems).toEqual([]);
    expect(file!.name).toBe("samsung-mobile.json");
    expect([...file!.entries.values()]).toEqual([
      { name: "galaxy-x3", eol: false, line: 3 },
      { name: "galaxy-x2", eol: "2026-08-20", line: 8 },
      { name: "galaxy-s26", eol: "2033-03-06", line: 13 },
      { name: "galaxy-s21-5g", eol: "2026-02-21", line: 18 },
      { name: "gear-s2", eol: true, line: 23 },
    ]);
  });

  it("leaves out a release that gives no eol", () => {
    const { file } = read('{\n  "releases": {\n    "a": { "name": "a" },\n    "b": null,\n    "c": { "eol": true }\n  }\n}');
    expect([...file!.entries.keys()]).toEqual(["c"]);
    expect(file!.entries.get("c")!.line).toBe(5);
  });

  it.each([
    ["samsung-mobile.json", "samsung-mobile.md"],
    ["surface.json", "surface.md"],
  ])("%s belongs to the product file %s", (name, product) => expect(productFileOf(name)).toBe(product));
});

describe("problems, as file:line", () => {
  const cases: { name: string; text: string; problems: string[] }[] = [
    {
      name: "not JSON: the line of the position JSON.parse names",
      text: '{\n  "releases": {\n    "a": { "eol": false }\n    "b": {}\n  }\n}',
      problems: ["releases/samsung-mobile.json:4: not JSON: "],
    },
    { name: "empty", text: "", problems: ["releases/samsung-mobile.json:1: not JSON: "] },
    { name: "a list, not an object", text: "[]", problems: ['releases/samsung-mobile.json:1: "releases" must be an object of releases by name'] },
    { name: "releases a list", text: '{"releases": []}', problems: ['releases/samsung-mobile.json:1: "releases" must be an object of releases by name'] },
    {
      name: "every bad eol at its release's line",
      text: '{\n "releases": {\n  "a": {"eol": "2026-8-20"},\n  "b": {"eol": 2031},\n  "c": {"eol": "soon"},\n  "d": {"eol": false}\n }\n}',
      problems: [
        'releases/samsung-mobile.json:3: eol of "a" must be true, false or a day YYYY-MM-DD, got "2026-8-20"',
        'releases/samsung-mobile.json:4: eol of "b" must be true, false or a day YYYY-MM-DD, got 2031',
        'releases/samsung-mobile.json:5: eol of "c" must be true, false or a day YYYY-MM-DD, got "soon"',
      ],
    },
    // A day the calendar does not have is as bad as one written otherwise (the product files' reader says the same).
    {
      name: "an impossible day",
      text: '{\n  "releases": {\n    "galaxy-x2": { "eol": "2026-02-30" }\n  }\n}',
      problems: ['releases/samsung-mobile.json:3: eol of "galaxy-x2" must be true, false or a day YYYY-MM-DD, got "2026-02-30"'],
    },
  ];
  // JSON.parse's own words differ between Node versions: a problem ending in ": " is compared up to there.
  it.each(cases)("$name", ({ text, problems }) => {
    const result = read(text);
    expect(result.problems.map(formatSourceProblem).map((p, i) => (problems[i]?.endsWith(": ") ? p.slice(0, problems[i]!.length) : p))).toEqual(problems);
    expect(result.file).toBeUndefined();
  });
});
