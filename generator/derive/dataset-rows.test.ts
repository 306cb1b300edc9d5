// The CSV dataset's rows (dataset-rows.ts): one row per device × model ×
// region, the commitments that hold there (a regional one overrides an
// all-variants one), undated ends said in words, spreadsheet-safe cells,
// links and attribution on every row, and the support years of spec rule 4.
import { describe, expect, it } from "vitest";
import { fixtureRecord, TEST_SITE } from "../../test/helpers/records.ts";
import type { Commitment, DeviceRecord } from "../schema/record.ts";
import { DATASET_COLUMNS, datasetRows, supportYears } from "./dataset-rows.ts";

const rowsOf = datasetRows(TEST_SITE);
/** A row as column name → cell. */
const named = (row: string[]) => Object.fromEntries(DATASET_COLUMNS.map((c, i) => [c.name, row[i]]));
const table = (r: DeviceRecord) => rowsOf(r).map(named);
const commitment = (id: string, dates: Partial<Commitment>, scope: Commitment["scope"] = {}): Commitment => ({
  id,
  scope,
  meaning: `${id} meaning`,
  evidenceLevel: "manufacturer-dated",
  sourceIds: ["maker-policy"],
  ...dates,
});

describe("the columns", () => {
  it("have unique names, each described, and every row has one cell per column", () => {
    const names = DATASET_COLUMNS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(DATASET_COLUMNS.every((c) => c.description.length > 0)).toBe(true);
    for (const slug of ["alpha-phone", "gamma-phone", "kappa-phone", "theta-watch"]) {
      for (const row of rowsOf(fixtureRecord(slug))) expect(row).toHaveLength(names.length);
    }
  });
  it("keep the published order of the first columns (a public interface)", () => {
    expect(DATASET_COLUMNS.slice(0, 8).map((c) => c.name)).toEqual([
      "device_slug",
      "device_name",
      "manufacturer",
      "model",
      "region",
      "variant_note",
      "security_end",
      "security_end_precision",
    ]);
  });
});

describe("one row per model and region, with the commitments that hold there", () => {
  const rows = table(fixtureRecord("gamma-phone"));
  it.each([
    // model, region, security end, precision, security scope, caveats
    ["G-US", "US", "2027-Q2", "quarter", "models G-US; regions US", "Carrier builds may arrive weeks later [regions US; carriers ExampleCarrier]"],
    ["G-EU", "DE", "2028-06-30", "day", "models G-EU; regions DE, FR", ""],
    ["G-EU", "FR", "2028-06-30", "day", "models G-EU; regions DE, FR", ""],
  ])("%s in %s: security end %s (%s), %s", (model, region, end, precision, scope, caveats) => {
    const row = rows.find((r) => r.model === model && r.region === region);
    expect(row).toMatchObject({
      security_end: end,
      security_end_precision: precision,
      security_scope: scope,
      os_end: "2024-03",
      os_end_precision: "month",
      caveats,
    });
  });
  it("lists only the rows of the variants' markets, in variant and region order", () => {
    expect(rows.map((r) => `${r.model}/${r.region}`)).toEqual(["G-US/US", "G-EU/DE", "G-EU/FR"]);
  });
  it("a market's row lists only the codes for that market or for none", () => {
    expect(rows.map((r) => r.model_codes)).toEqual(["GX-100 (model-number)", "GX-100E (model-number; DE, FR)", "GX-100E (model-number; DE, FR)"]);
  });
  it("every row links the record's page and API document and carries the attribution", () => {
    for (const r of rows) {
      expect(r.record_url).toBe("https://devices.example/devices/gamma-phone");
      expect(r.record_api_url).toMatch(/^https:\/\/api\.devices\.example\/.*gamma-phone/);
      expect(r.attribution).toContain("Device Lifecycle Records (https://devices.example)");
    }
  });
  it("the source columns list each source's URL and its checked day", () => {
    expect(rows[0]).toMatchObject({ security_source_urls: "https://maker.example/policy", security_source_checked: "2026-11-01" });
  });
});

describe("a GLOBAL variant and a commitment for one market", () => {
  const r = fixtureRecord("alpha-phone", {
    variants: [{ model: "W1", regions: ["GLOBAL"] }],
    caveats: [],
    support: {
      os: [],
      security: [
        commitment("all", { end: { value: "2030", precision: "year" } }),
        commitment("uk", { minimum: { value: "2031-06", precision: "month" } }, { regions: ["GB"] }),
      ],
    },
  } as Partial<DeviceRecord>);
  const rows = table(r);
  it("gets a row of its own for the named market, where the regional commitment overrides", () => {
    expect(rows.map((x) => [x.region, x.security_commitment_id, x.security_end, x.security_minimum])).toEqual([
      ["GLOBAL", "all", "2030", ""],
      ["GB", "uk", "", "2031-06"],
    ]);
  });
  it("a kind with no commitment leaves its cells empty", () => {
    expect(rows[0]).toMatchObject({ os_end: "", os_scope: "", os_meaning: "", os_source_urls: "" });
  });
});

describe("separate components all stay, aligned cell by cell", () => {
  const r = fixtureRecord("alpha-phone", {
    support: {
      os: [],
      security: [
        commitment("phone", { end: { value: "2030-10", precision: "month" } }),
        commitment("modem", { component: "modem firmware", minimum: { value: "2029", precision: "year" } }),
      ],
    },
  } as Partial<DeviceRecord>);
  it("joins them with ' | ', keeping an empty place where one has no value", () => {
    expect(table(r)[0]).toMatchObject({
      security_commitment_id: "phone | modem",
      security_end: "2030-10 | ",
      security_minimum: " | 2029",
      security_scope: "all variants | modem firmware",
    });
  });
});

describe("support that ended", () => {
  it.each([
    // slug, kind, end cell, ended, meaning starts, last update
    ["iota-phone", "security", "", "true", "Ended, date not documented. Marked as end of life", ""],
    ["kappa-phone", "security", "", "true", "Ended; last update observed 2024-05-13, not an announced end. The last security", "2024-05-13"],
    ["kappa-phone", "os", "", "true", "Ended; last update observed 2024-05 (month), not an announced end.", "2024-05"],
  ])("%s %s: end cell %j, ended %j, the meaning says why", (slug, kind, end, ended, meaning, last) => {
    const row = table(fixtureRecord(slug))[0]!;
    expect(row[`${kind}_end`]).toBe(end);
    expect(row[`${kind}_end_precision`]).toBe("");
    expect(row[`${kind}_ended`]).toBe(ended);
    expect(row[`${kind}_meaning`]!.startsWith(meaning)).toBe(true);
    expect(row[`${kind}_last_update`]).toBe(last);
  });
  it("the OS versions are in words", () => expect(table(fixtureRecord("kappa-phone"))[0]!.os_versions).toBe("iOS 11 to 16"));
});

describe("curator text is safe in a spreadsheet", () => {
  const r = fixtureRecord("alpha-phone", { name: '=HYPERLINK("http://evil.example","x")', manufacturer: "@Maker" });
  it.each([
    ["device_name", '\'=HYPERLINK("http://evil.example","x")'],
    ["manufacturer", "'@Maker"],
    ["device_slug", "alpha-phone"],
  ])("%s is %j", (column, cell) => expect(table(r)[0]![column]).toBe(cell));
});

describe("supportYears", () => {
  it.each([
    ["alpha-phone", [2030, 2031]],
    ["gamma-phone", [2024, 2027, 2028]],
    ["kappa-phone", [2024]], // the year of the last update observed on support that ended
    ["iota-phone", []], // ended without any date
  ])("%s: %j", (slug, years) => expect(supportYears(fixtureRecord(slug))).toEqual(years));
  it("counts minimums, ceilings and the day support was listed as continuing", () => {
    const r = fixtureRecord("alpha-phone", {
      support: {
        os: [commitment("os", { minimum: { value: "2029-Q1", precision: "quarter" }, ceiling: { value: "2033", precision: "year" } })],
        security: [commitment("s", { end: { precision: "unknown" }, supportedOn: "2026-05-01" })],
      },
    } as Partial<DeviceRecord>);
    expect(supportYears(r)).toEqual([2026, 2029, 2033]);
  });
});
