import { describe, expect, it } from "vitest";
import { jsonLine, jsonText } from "./json-text.ts";

describe("JSON file text", () => {
  it.each([
    [{ a: [1, "b"] }, '{\n  "a": [\n    1,\n    "b"\n  ]\n}\n', '{"a":[1,"b"]}\n'],
    [[], "[]\n", "[]\n"],
    ["é\u2028", '"é\u2028"\n', '"é\u2028"\n'],
  ])("%j", (value, text, line) => {
    expect(jsonText(value)).toBe(text);
    expect(jsonLine(value)).toBe(line);
    expect(JSON.parse(jsonText(value))).toEqual(JSON.parse(line));
  });
});
