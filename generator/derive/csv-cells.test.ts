// Spreadsheet-safe CSV cells (csv-cells.ts): a cell a spreadsheet would run
// as a formula is neutralised, and the options give RFC 4180 output that a
// real parser reads back to the same text.
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { CSV_OPTIONS, neutralizeFormula } from "./csv-cells.ts";

describe("neutralizeFormula", () => {
  it.each([
    ['=HYPERLINK("http://evil.example")', '\'=HYPERLINK("http://evil.example")'],
    ["+1 555 0100", "'+1 555 0100"],
    ["-2+3", "'-2+3"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["'90s model", "''90s model"], // stripping one apostrophe always gives the text back
  ])("a cell starting %j is prefixed with an apostrophe", (cell, safe) => expect(neutralizeFormula(cell)).toBe(safe));

  it.each([
    ["Alpha Phone"],
    ["SM-A525F"], // a dash inside a code is not a formula
    ["2030-10"],
    ["https://maker.example/policy"],
    [""],
    [" =1"], // a leading space: spreadsheets read it as text
    ["a=b"],
  ])("%j is left as it is", (cell) => expect(neutralizeFormula(cell)).toBe(cell));
});

describe("CSV_OPTIONS", () => {
  const rows = [
    ["name", "note"],
    ["Alpha, Phone", 'said "hi"'],
    ["line\nbreak", "carriage\rreturn"],
  ];
  const text = stringify(rows, CSV_OPTIONS);

  it("ends every record with CRLF", () => {
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.startsWith("name,note\r\n")).toBe(true);
  });
  it("quotes fields with a bare CR or LF, a comma or a quote (quotes doubled)", () => {
    expect(text).toContain('"line\nbreak","carriage\rreturn"\r\n');
    expect(text).toContain('"Alpha, Phone","said ""hi"""');
  });
  it("reads back to the same cells with a real parser", () => expect(parse(text)).toEqual(rows));
});
