// A middle school's Google Admin export of Chromebooks (test/helpers/
// chromebook-export.ts: Admin's own columns, the models schools buy) checked
// by the fleet matcher over the real catalog's built fleet index: at least
// 80% of its rows name the right record, by slug, and the rows whose Model
// alone cannot say which device they are (a name three HP models shared, a
// model the catalog lacks) are not given one.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, inject, it } from "vitest";
import { detectColumns, fleetMatcher, rowInput } from "../../generator/derive/fleet-match.ts";
import type { FleetIndex } from "../../generator/derive/fleet-files.ts";
import { chromebookExport } from "../helpers/chromebook-export.ts";

const fleet: FleetIndex = JSON.parse(readFileSync(path.join(inject("dataDist"), "fleet-index/v1/fleet.json"), "utf8"));
const matcher = fleetMatcher(fleet);
const { csv, expected } = chromebookExport();
const [header, ...rows] = parse(csv) as string[][];
const columns = detectColumns(header!)!;
const matched = rows.map((row) => {
  const m = matcher.match(rowInput(row, columns));
  return m.by === "code" || m.by === "name" ? matcher.slugs[m.positions[0]] : null;
});

describe("a school's Google Admin export of Chromebooks", () => {
  it("is about 120 rows in Admin's columns, its Model column found", () => {
    expect(rows.length).toBeGreaterThanOrEqual(110);
    expect(columns.model).toBe(header!.indexOf("Model"));
  });

  it("matches at least 80% of its rows to the right record", () => {
    const right = matched.filter((slug, i) => slug !== null && slug === expected[i]).length;
    expect(right / rows.length).toBeGreaterThanOrEqual(0.8);
  });

  it("matches no row to a wrong record", () => {
    const wrong = matched.flatMap((slug, i) => (slug !== null && slug !== expected[i] ? [`${rows[i]![1]} → ${slug} (expected ${expected[i]})`] : []));
    expect(wrong).toEqual([]);
  });

  it("leaves the name three HP models shared ambiguous, naming them", () => {
    const m = matcher.match(rowInput(rows[expected.indexOf(null)]!, columns));
    expect(m.by).toBe("ambiguous");
    expect(m.by === "ambiguous" && m.positions.map((p) => matcher.slugs[p]).sort()).toEqual([
      "hp-chromebook-14a-na0",
      "hp-chromebook-14a-na1",
      "hp-chromebook-14a-nd0",
    ]);
  });
});
