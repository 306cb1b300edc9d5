// Streamed CSV text split at record boundaries (fleet-csv.ts): however the
// chunks fall, the parser sees the same records as it would in one piece;
// and the page's own reader and writer agree with csv-parse and
// csv-stringify.
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { CSV_OPTIONS } from "./csv-cells.ts";
import { CsvSyntaxError, csvText, parseRecords, recordSplitter } from "./fleet-csv.ts";

const CSV = 'Device name,Model,Note\r\nPC-1,"Latitude, 5440","said ""hi""\r\nover two lines"\r\nPC-2,iPhone15,4\r\nPC-3,"SM-A525F",\r\n';
const whole = parse(CSV, { relax_column_count: true });

describe("records split across chunks", () => {
  it.each([1, 2, 3, 5, 7, 11, 64])("chunks of %i characters give the same records", (size) => {
    const split = recordSplitter();
    const records: string[][] = [];
    const take = (text: string) => text && records.push(...parse(text, { relax_column_count: true }));
    for (let i = 0; i < CSV.length; i += size) take(split.push(CSV.slice(i, i + size)));
    take(split.end());
    expect(records).toEqual(whole);
  });

  it("holds back an open record, and hands an unclosed quote to the parser at the end", () => {
    const split = recordSplitter();
    expect(split.push('Model\n"SM-A525F,samsung\n')).toBe("Model\n");
    expect(split.end()).toBe('"SM-A525F,samsung\n');
  });
});

describe("the page's own CSV reader and writer", () => {
  it("reads what csv-parse reads, blank lines and empty records skipped", () => {
    const text = `${CSV}\r\n,,\r\nlast,"",x`;
    expect(parseRecords(text, ",")).toEqual(parse(text, { relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true }));
  });

  it.each([
    ["semicolons", 'Modell;Hersteller\n"Galaxy; S21";samsung\n', ";"],
    ["tabs and a bare CR", "Model\tMaker\rPixel 8\tGoogle\r", "\t"],
    ["a last record without a line end", "Model\nSM-A525F", ","],
  ])("%s", (_, text, delimiter) => {
    expect(parseRecords(text, delimiter)).toEqual(
      parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true }),
    );
  });

  it("says on which line a quote is left open", () => {
    expect(() => parseRecords('Model\nA\n"SM-A525F,samsung\n', ",", 1)).toThrow(new CsvSyntaxError("A quoted cell is not closed on line 3"));
    expect(() => parseRecords('"a"b,c\n', ",", 5)).toThrow(/closing quote on line 5/);
  });

  it("writes the bytes csv-stringify writes with the dataset's options", () => {
    const rows = [
      ["plain", "", "with, comma", 'a "quote"'],
      ["line\nbreak", "cr\rhere", "'=SUM(1)", "Zoë"],
    ];
    expect(csvText(rows)).toBe(stringify(rows, CSV_OPTIONS));
  });
});
