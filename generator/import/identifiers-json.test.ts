// JSON source files read with their lines: a parse error names the line
// JSON.parse points at, a key's line is where it stands after an offset, and
// each object of a top-level array has the line it opens on (braces inside
// strings do not count).
import { describe, expect, it } from "vitest";
import { formatSourceProblem } from "./front-matter.ts";
import { elementLines, lineAt, lineOfKey, parseJson } from "./identifiers-json.ts";

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
