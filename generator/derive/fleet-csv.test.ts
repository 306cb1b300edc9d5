// Streamed CSV text split at record boundaries (fleet-csv.ts): however the
// chunks fall, the parser sees the same records as it would in one piece.
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { recordSplitter } from "./fleet-csv.ts";

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
