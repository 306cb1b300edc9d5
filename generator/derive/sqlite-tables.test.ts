// The SQLite dump's tables (sqlite-tables.ts), over the fixture catalog: every
// row fits its table, required columns are never NULL, keys are unique, and a
// date keeps its value and precision beside the period it can mean.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DeviceRecord } from "../schema/record.ts";
import { catalogOf } from "./catalog.ts";
import { ABOUT_TABLE, aboutRows, SQLITE_TABLES } from "./sqlite-tables.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/catalog/devices");
const records = readdirSync(FIXTURES).map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(FIXTURES, f), "utf8"))));
const { published } = catalogOf(records);
const site = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example", now: "2026-11-22" };

describe.each(SQLITE_TABLES.map((t) => [t.name, t] as const))("table %s", (_, table) => {
  const rows = published.flatMap((r) => table.rows(r, site));
  const column = (name: string) => table.columns.findIndex((c) => c.name === name);

  it("has rows as wide as its columns, each value of its column's type, required ones never NULL", () => {
    for (const row of rows) {
      expect(row).toHaveLength(table.columns.length);
      table.columns.forEach((c, i) => {
        const v = row[i];
        if (v === null) expect(c.required, `${table.name}.${c.name} is NULL`).toBeFalsy();
        else expect(typeof v, `${table.name}.${c.name}`).toBe(c.type === "TEXT" ? "string" : "number");
      });
    }
  });

  it("has unique primary keys and indexes only over its own columns", () => {
    const keys = rows.map((row) => JSON.stringify(table.primaryKey.map((k) => row[column(k)])));
    expect(new Set(keys).size).toBe(keys.length);
    for (const cols of [table.primaryKey, ...table.indexes]) for (const c of cols) expect(column(c), c).toBeGreaterThanOrEqual(0);
  });
});

describe("commitments", () => {
  const table = SQLITE_TABLES.find((t) => t.name === "commitments")!;
  const rowOf = (slug: string, kind: string) => {
    const r = published.find((x) => x.slug === slug)!;
    const row = table.rows(r, site).find((x) => x[1] === kind)!;
    return Object.fromEntries(table.columns.map((c, i) => [c.name, row[i]]));
  };

  it.each([
    // A month is the whole month; a year the whole year; an unknown date has no value and no period.
    ["alpha-phone", "os", { end: "2030-10", end_precision: "month", end_first_day: "2030-10-01", end_last_day: "2030-10-31" }],
    ["beta-tablet", "os", { end: null, end_precision: "unknown", end_first_day: null, end_last_day: null }],
    ["beta-tablet", "security", { end: null, end_precision: null, minimum_precision: expect.any(String), status: "minimum-commitment" }],
  ])("%s %s keeps each date's value and precision beside its period", (slug, kind, expected) => {
    expect(rowOf(slug, kind)).toMatchObject(expected);
  });
});

it("the about table names the license and the attribution, and no build day", () => {
  const rows = aboutRows(site, published.length);
  expect(rows.map(([k]) => k)).toEqual(expect.arrayContaining(["attribution", "license", "license_url", "records"]));
  expect(rows.flat().join(" ")).not.toContain(site.now);
  expect(ABOUT_TABLE.columns.map((c) => c.name)).toEqual(["key", "value"]);
});
