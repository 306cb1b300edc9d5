// JSON source files read with their lines: a parse error names the line
// JSON.parse points at, a key's line is where it stands after an offset, and
// each object of a top-level array has the line it opens on (braces inside
// strings do not count), and a path (as zod names an issue) leads to the line
// of its value, or of the deepest value it reaches.
import { describe, expect, it } from "vitest";
import { formatSourceProblem } from "./front-matter.ts";
import { elementLines, lineAt, lineOfKey, parseJson, pathLines } from "./identifiers-json.ts";

describe("lineAt", () => {
  const text = "ab\ncd\n\nef";
  it.each([
    [0, 1],
    [-5, 1],
    [2, 1],
    [3, 2],
    [6, 3],
    [7, 4],
  ])("offset %i is on line %i", (offset, line) => expect(lineAt(text, offset)).toBe(line));
});

describe("parseJson", () => {
  it("gives the value of good JSON, and no problem", () => {
    expect(parseJson("f.json", '{"a": [1, "x"]}')).toEqual({ value: { a: [1, "x"] }, problems: [] });
  });

  // JSON.parse's own words differ between Node versions: the test compares the line and the start of the message.
  const cases: { name: string; text: string; problem: string }[] = [
    { name: "a missing comma", text: '{\n  "a": 1\n  "b": 2\n}', problem: "f.json:3: not valid JSON" },
    { name: "a trailing comma", text: '{\n  "a": 1,\n}', problem: "f.json:3: not valid JSON" },
    // JSON.parse names no position for an early end: the first line.
    { name: "an early end", text: "[\n1,\n2,\n", problem: "f.json:1: not valid JSON" },
    { name: "an empty file", text: "", problem: "f.json:1: not valid JSON" },
  ];
  it.each(cases)("names the line of $name", ({ text, problem }) => {
    const parsed = parseJson("f.json", text);
    expect(parsed.value).toBeUndefined();
    expect(parsed.problems.map((p) => formatSourceProblem(p).split(": ").slice(0, 2).join(": "))).toEqual([problem]);
  });
});

describe("lineOfKey", () => {
  const text = '{\n  "name": "iPhone 15",\n  "devices": {\n    "name": "inner"\n  }\n}';
  it.each([
    ["name", 0, 2],
    ["name", text.indexOf('"devices"'), 4],
    ["devices", 0, 3],
    // A value that reads like the key is not the key: the colon counts.
    ["iPhone 15", 0, 1],
    ["absent", 0, 1],
  ])("%s after offset %i is on line %i", (key, from, line) => expect(lineOfKey(text, key, from)).toBe(line));
});

describe("elementLines", () => {
  const cases: { name: string; text: string; depth?: number; lines: number[] }[] = [
    { name: "one per line", text: '[\n  {"a": 1},\n  {"b": 2}\n]', lines: [2, 3] },
    { name: "on one line", text: '[{"a":1},{"b":2}]', lines: [1, 1] },
    { name: "an empty list", text: "[]", lines: [] },
    { name: "an empty list over lines", text: "[\n\n]", lines: [] },
    {
      name: "brackets, braces, commas and escaped quotes inside strings, nested objects and lists",
      text: '[\n  { "a": "}{],[", "b": { "c": [1, 2] } },\n  {\n    "d": "x\\"{,"\n  },\n  { "e": [ {"f": 1} ] }\n]',
      lines: [2, 3, 6],
    },
    // Every element has its line, whatever it is, so the elements after one that is no object keep theirs.
    { name: "a text, a number and a list among objects", text: '[\n  "a",\n  {"x": 1},\n  7,\n  [1,\n 2],\n  {"y": 2}\n]', lines: [2, 3, 4, 5, 7] },
    {
      name: "the elements of a member list, two levels down",
      text: '{\n  "note": "[1, 2]",\n  "items": [\n    {"a": 1},\n    "b"\n  ]\n}',
      depth: 2,
      lines: [4, 5],
    },
    { name: "a member list's elements are not the top level's", text: '{\n  "items": [\n    {"a": 1}\n  ]\n}', lines: [] },
  ];
  it.each(cases)("$name", ({ text, depth, lines }) => expect(elementLines(text, depth)).toEqual(lines));
});

describe("pathLines", () => {
  const text = [
    "{", // 1
    '  "note": "a } ] , \\" inside",', // 2
    '  "OSVersions": [', // 3
    "    {", // 4
    '      "OSVersion": "Sonoma 14",', // 5
    '      "SecurityReleases": [', // 6
    '        { "ProductVersion": "14.8.1" },', // 7
    "        {", // 8
    '          "ProductVersion" : 14', // 9
    "        }", // 10
    "      ]", // 11
    "    },", // 12
    '    "not a cycle",', // 13
    '    { "OSVersion": "Ventura 13", "SecurityReleases": [] }', // 14
    "  ],", // 15
    '  "Models": { "Mac16,1": { "OSVersions": [15,', // 16
    "  26] } },", // 17
    '  "dup": 1,', // 18
    '  "dup": [', // 19
    "    true", // 20
    "  ]", // 21
    "}", // 22
  ].join("\n");
  const lineOf = pathLines(text);
  it.each([
    { path: [], line: 1 },
    { path: ["OSVersions"], line: 3 },
    { path: ["OSVersions", 0], line: 4 },
    { path: ["OSVersions", 0, "SecurityReleases", 1, "ProductVersion"], line: 9 },
    { path: ["OSVersions", 1], line: 13 },
    { path: ["OSVersions", 2, "OSVersion"], line: 14 },
    { path: ["Models", "Mac16,1", "OSVersions", 1], line: 17 },
    // A repeated name is the last one, as JSON.parse keeps it.
    { path: ["dup", 0], line: 20 },
    // Where the path leaves the document: the line of the deepest value it reaches.
    { path: ["OSVersions", 0, "SecurityReleases", 1, "ReleaseDate"], line: 8 },
    { path: ["OSVersions", 1, "Latest"], line: 13 },
    { path: ["OSVersions", 9, "Latest"], line: 3 },
    { path: ["absent"], line: 1 },
  ])("$path is on line $line", ({ path, line }) => expect(lineOf(path)).toBe(line));

  it("reads a document that is a single value", () => {
    expect(pathLines("\n\n  42\n")([])).toBe(3);
    expect(pathLines('\n"x"')(["a"])).toBe(2);
  });
});
