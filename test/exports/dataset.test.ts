// The CSV dataset read back with csv-parse: every catalog fact, the row grain,
// the year files of spec rule 4, spreadsheet safety and RFC 4180 quoting.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { neutralizeFormula } from "../../generator/derive/csv-cells.ts";
import { DATASET_COLUMNS, datasetRows } from "../../generator/derive/dataset-rows.ts";
import type { DeviceRecord } from "../../generator/schema/record.ts";
import { FIXTURES, SITE, PUBLISHED_FIXTURES } from "../helpers/build.ts";

type Row = Record<(typeof DATASET_COLUMNS)[number]["name"], string>;

const fixture = (slug: string) => JSON.parse(readFileSync(path.join(FIXTURES, "devices", `${slug}.json`), "utf8"));
const PUBLISHED = PUBLISHED_FIXTURES;

let dist: string;
const raw = (file: string) => readFileSync(path.join(dist, "api/v1", file), "utf8");
const rows = (file: string): Row[] => parse(raw(file), { columns: true });

beforeAll(async () => {
  dist = inject("fixtureDist");
});

describe("the whole catalog, /api/v1/dataset", () => {
  it("has a header row with the documented columns, in order", () => {
    const [header] = parse(raw("dataset.csv"), { to: 1 }) as string[][];
    expect(header).toEqual(DATASET_COLUMNS.map((c) => c.name));
  });

  it("carries the EU label's class, index, page and declared software years, and every record's recall review, never as 'no recall'", () => {
    const all = rows("dataset.csv");
    const kappa = all.filter((r) => r.device_slug === "kappa-phone");
    expect(kappa.map((r) => [r.eu_repairability_class, r.eu_repairability_index, r.eu_label_url, r.eu_declared_min_software_years])).toContainEqual([
      "C",
      "2.96",
      "https://eprel.example/screen/product/smartphonestablets20231669/1234567",
      "5",
    ]);
    expect(all.find((r) => r.device_slug === "beta-tablet")!.eu_repairability_class).toBe("");
    expect(all.find((r) => r.device_slug === "beta-tablet")!.recall_review).toBe("Recall review: not performed.");
    expect(all.find((r) => r.device_slug === "alpha-phone")!.recall_review).toBe(
      "No match found in EU Safety Gate as of 2026-11-01 (searched for Example Maker Alpha Phone (codes SM-A525F)). This is not proof that no recall exists.",
    );
    expect(all.find((r) => r.device_slug === "gamma-phone")!.recall_review).toMatch(/^Recall notice in Example Recalls Registry .*26-001/);
    for (const r of all) expect(r.recall_review, r.device_slug).not.toMatch(/no recall(?! exists)/i);
  });

  it("the docs list the same columns in the same order", () => {
    const docs = readFileSync(path.resolve(import.meta.dirname, "../../docs/exports.md"), "utf8");
    const documented = [...docs.matchAll(/^\| \d+ \| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect(documented).toEqual(DATASET_COLUMNS.map((c) => c.name));
  });

  it("names each row's model codes with their kind and markets; a row of one market only its own; a hostile code as text", () => {
    const codes = (slug: string, model: string, region: string) =>
      rows("dataset.csv").find((r) => r.device_slug === slug && r.model === model && r.region === region)!.model_codes;
    expect(codes("alpha-phone", "A1", "US")).toBe("SM-A525F (model-number; US, CA) | iPhone99,1 (hardware-identifier) | alphaone (codename)");
    expect(codes("alpha-phone", "A2", "GB")).toBe("SM-A525B (model-number; EU, GB)");
    expect(codes("gamma-phone", "G-EU", "FR")).toBe("GX-100E (model-number; DE, FR)");
    expect(codes("beta-tablet", "BETA-TABLET-1", "US")).toBe("EXB-700 (model-number)");
    expect(codes("delta-watch", "DELTA-WATCH-1", "US")).toBe("");
    // Spreadsheet safety: the formula is text behind one apostrophe, as every curator cell.
    expect(codes("hostile-device", "'=CMD|' /C calc'!A0", "JP")).toBe("Surface_Hostile_1:2+ (sku)");
  });

  it("has one row per published device, model and region", () => {
    const expected = PUBLISHED.flatMap((slug) =>
      fixture(slug).variants.flatMap((v: { model: string; regions: string[] }) => v.regions.map((region) => `${slug}|${v.model}|${region}`)),
    );
    const got = rows("dataset.csv").map((r) => `${r.device_slug}|${r.model.replace(/^'/, "")}|${r.region}`);
    expect(got).toEqual(expected);
    expect(got).toHaveLength(17);
  });

  it("carries every fact of each row: dates and their precision per date, scope, meaning, evidence, sources, checked dates, links, attribution", () => {
    const all = rows("dataset.csv");
    for (const slug of PUBLISHED) {
      const rec = fixture(slug);
      for (const row of all.filter((r) => r.device_slug === slug)) {
        for (const kind of ["security", "os"] as const) {
          const model = row.model.replace(/^'/, "");
          // Every commitment covering the row (the fixtures' scopes never overlap within a component).
          const chosen = rec.support[kind].filter(
            (c: { scope: { models?: string[]; regions?: string[] } }) =>
              (!c.scope.models || c.scope.models.includes(model)) && (!c.scope.regions || c.scope.regions.includes(row.region)),
          );
          // Aligned lists joined with " | ", and empty (never a bare " | ") when no commitment has a value.
          const cell = (values: string[]) => (values.some(Boolean) ? values.join(" | ") : "");
          const each = (pick: (c: any) => string | undefined) => cell(chosen.map((c: any) => pick(c) ?? ""));
          expect(row[`${kind}_commitment_id`]).toBe(each((c) => c.id));
          for (const field of ["end", "minimum", "ceiling"] as const) {
            expect(row[`${kind}_${field}`]).toBe(each((c) => c[field]?.value));
            expect(row[`${kind}_${field}_precision`]).toBe(each((c) => c[field]?.precision));
          }
          // An ended commitment's meaning begins with our words (tested below); every other is the source's terms as they are.
          if (!chosen.some((c: any) => c.ended)) expect(row[`${kind}_meaning`]).toBe(each((c) => neutralizeFormula(c.meaning)));
          expect(row[`${kind}_ended`]).toBe(each((c) => (c.ended ? "true" : "")));
          expect(row[`${kind}_last_update`]).toBe(each((c) => c.lastUpdate?.value));
          expect(row[`${kind}_last_update_precision`]).toBe(each((c) => c.lastUpdate?.precision));
          expect(row[`${kind}_supported_on`]).toBe(each((c) => c.supportedOn));
          expect(row[`${kind}_evidence_level`]).toBe(each((c) => c.evidenceLevel));
          const sources = chosen.flatMap((c: any) => c.sourceIds.map((id: string) => rec.evidence.sources.find((s: { id: string }) => s.id === id)));
          expect(row[`${kind}_source_urls`]).toBe(sources.map((s: { url: string }) => s.url).join(" | "));
          expect(row[`${kind}_source_checked`]).toBe(sources.map((s: { checked: string }) => s.checked).join(" | "));
        }
        expect(row.record_url).toBe(`${SITE.siteUrl}/devices/${slug}`);
        expect(row.record_api_url).toBe(`${SITE.baseUrl}/api/v1/devices/${slug}`);
        expect(row.attribution).toContain("public dataset license v1");
        expect(row.attribution).toContain(SITE.siteUrl);
      }
    }
  });

  it("gives each model and region the commitment whose scope covers it, with the scope in words", () => {
    const gamma = rows("dataset.csv").filter((r) => r.device_slug === "gamma-phone");
    expect(gamma.map((r) => [r.model, r.region, r.security_end, r.security_end_precision, r.security_scope])).toEqual([
      ["G-US", "US", "2027-Q2", "quarter", "models G-US; regions US"],
      ["G-EU", "DE", "2028-06-30", "day", "models G-EU; regions DE, FR"],
      ["G-EU", "FR", "2028-06-30", "day", "models G-EU; regions DE, FR"],
    ]);
    expect(gamma[0]!.caveats).toBe("Carrier builds may arrive weeks later [regions US; carriers ExampleCarrier]");
    expect(gamma[1]!.caveats).toBe("");
  });

  it("keeps a minimum commitment in its own columns, never as an end date", () => {
    const [beta] = rows("dataset.csv").filter((r) => r.device_slug === "beta-tablet");
    expect(beta).toMatchObject({ security_end: "", security_end_precision: "", security_minimum: "2029", security_minimum_precision: "year" });
    expect(beta).toMatchObject({ os_end: "", os_end_precision: "unknown", os_minimum: "" });
  });

  it("says 'ended, date not documented' in the meaning of an end the source gives no date for, and leaves every date column empty", () => {
    const [iota] = rows("dataset.csv").filter((r) => r.device_slug === "iota-phone");
    const dated = [
      "end",
      "end_precision",
      "minimum",
      "minimum_precision",
      "ceiling",
      "ceiling_precision",
      "last_update",
      "last_update_precision",
      "supported_on",
    ];
    for (const kind of ["security", "os"] as const) {
      expect(dated.map((c) => iota![`${kind}_${c}` as keyof Row])).toEqual(dated.map(() => ""));
      expect(iota![`${kind}_ended`]).toBe("true");
    }
    expect(iota!.security_meaning).toBe("Ended, date not documented. Marked as end of life for security updates; no date given");
    expect(iota!.os_meaning).toBe("Ended, date not documented. Marked as no longer supported; no date given");
  });

  it("keeps an observed last update in its own columns, worded as observed, never as an end", () => {
    const kappa = rows("dataset.csv").filter((r) => r.device_slug === "kappa-phone");
    expect(kappa.map((r) => r.region)).toEqual(["US", "GB"]);
    expect(kappa.map((r) => r.os_versions)).toEqual(["iOS 11 to 16", "iOS 11 to 16"]);
    for (const row of kappa) {
      expect(row).toMatchObject({
        security_end: "",
        security_end_precision: "",
        security_ended: "true",
        security_last_update: "2024-05-13",
        security_last_update_precision: "day",
        os_end: "",
        os_ended: "true",
        os_last_update: "2024-05",
        os_last_update_precision: "month",
      });
      expect(row.security_meaning).toBe(
        "Ended; last update observed 2024-05-13, not an announced end. The last security release for iOS 16, the version it ends on; the maker announces no end date",
      );
      expect(row.os_meaning).toMatch(/^Ended; last update observed 2024-05 \(month\), not an announced end\. Runs iOS 16 at most/);
    }
  });

  it("keeps the day a source listed support as continuing in its own column, and a lapsed minimum as a minimum", () => {
    const [lambda] = rows("dataset.csv").filter((r) => r.device_slug === "lambda-tablet");
    expect(lambda).toMatchObject({ security_end: "", security_ended: "", security_supported_on: "2026-08-22", security_last_update: "2026-08" });
    expect(lambda!.security_meaning).toBe(fixture("lambda-tablet").support.security[0].meaning);
    expect(lambda!.os_versions).toBe("Android 12 and later (last version not documented)");
    const [mu] = rows("dataset.csv").filter((r) => r.device_slug === "mu-phone");
    expect(mu).toMatchObject({
      security_end: "",
      security_minimum: "2024",
      security_minimum_precision: "year",
      os_supported_on: "2024-09-02",
      os_ended: "",
      os_versions: "",
    });
  });

  it("leaves out drafts and withdrawn records", () => {
    const slugs = new Set(rows("dataset.csv").map((r) => r.device_slug));
    expect(slugs.has("zeta-phone")).toBe(false);
    expect(slugs.has("eta-phone")).toBe(false);
  });

  it("is RFC 4180: CRLF line ends, and quotes, commas, newlines and non-Latin text survive a round trip", () => {
    const text = raw("dataset.csv");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.split("\r\n")[0]).toMatch(/^device_slug,device_name,/);
    const [hostile] = rows("dataset.csv").filter((r) => r.device_slug === "hostile-device");
    const rec = fixture("hostile-device");
    expect(hostile!.device_name).toBe(rec.name);
    expect(hostile!.os_meaning).toBe(rec.support.os[0].meaning);
    expect(hostile!.security_source_urls).toBe("https://maker.example/policy?a=1&b=<x>");
  });

  it("neutralizes every cell a spreadsheet would run as a formula", () => {
    const [hostile] = rows("dataset.csv").filter((r) => r.device_slug === "hostile-device");
    expect(hostile!.manufacturer).toBe(`'=HYPERLINK("https://evil.example")`);
    expect(hostile!.model).toBe("'=CMD|' /C calc'!A0");
    expect(hostile!.security_meaning).toBe("'=2+2 a formula");
    const cells = (parse(raw("dataset.csv")) as string[][]).flat();
    expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
    expect(["=1", "+1", "-1", "@a", "\tx", "\rx", "a=1", "2030-10"].map(neutralizeFormula)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@a",
      "'\tx",
      "'\rx",
      "a=1",
      "2030-10",
    ]);
  });
});

describe("datasetRows", () => {
  it("aligns separately dated components in one cell each, and lets a narrower scope override a wider one", () => {
    const base = fixture("alpha-phone") as DeviceRecord;
    const commitment = (id: string, end: string, extra: object) => ({
      id,
      end: { value: end, precision: "year" as const },
      meaning: id,
      evidenceLevel: "manufacturer-dated" as const,
      sourceIds: ["maker-policy"],
      scope: {},
      ...extra,
    });
    const laptop: DeviceRecord = {
      ...base,
      support: {
        os: base.support.os,
        security: [
          commitment("firmware", "2029", { component: "firmware and drivers" }),
          commitment("windows", "2032", { component: "Windows" }),
          commitment("windows-eu", "2033", { component: "Windows", scope: { regions: ["EU"] } }),
        ],
      },
    };
    const rows = datasetRows({ ...SITE, now: "2026-11-22" })(laptop);
    const col = (name: string) => DATASET_COLUMNS.findIndex((c) => c.name === name);
    const pick = (row: string[]) => ["region", "security_end", "security_scope", "security_commitment_id", "security_source_urls"].map((n) => row[col(n)]);
    expect(pick(rows[0]!)).toEqual([
      "US",
      "2029 | 2032",
      "firmware and drivers | Windows",
      "firmware | windows",
      "https://maker.example/policy | https://maker.example/policy",
    ]);
    expect(pick(rows[2]!)).toEqual([
      "EU",
      "2029 | 2033",
      "firmware and drivers | regions EU; Windows",
      "firmware | windows-eu",
      "https://maker.example/policy | https://maker.example/policy",
    ]);
  });

  it("leaves a cell empty when none of the row's commitments has a value for it, never a bare ' | '", () => {
    const laptop = fixture("theta-watch") as DeviceRecord;
    const [row] = datasetRows({ ...SITE, now: "2026-11-22" })(laptop);
    const cell = (name: string) => row![DATASET_COLUMNS.findIndex((c) => c.name === name)];
    // Two components, neither with an end or a minimum.
    expect([cell("security_minimum"), cell("security_minimum_precision"), cell("security_end"), cell("security_end_precision")]).toEqual(["", "", "", ""]);
    expect([cell("security_ceiling"), cell("security_ceiling_precision"), cell("security_scope")]).toEqual([
      "2028-07 | 2028-07",
      "month | month",
      "watch software | companion app",
    ]);
    expect([cell("os_ceiling"), cell("os_ceiling_precision"), cell("os_end"), cell("os_end_precision")]).toEqual(["2028-07", "month", "", ""]);
  });
});

describe("one support-ending year, /api/v1/dataset/<year>.csv", () => {
  // By hand from the fixtures: every OS end, security end (any scope) and dated minimum commitment, and the other
  // recorded support dates: announced ceilings, last updates observed, days listed as continuing.
  const EXPECTED: Record<string, string[]> = {
    "2020": ["delta-watch"], // OS end only: another recorded support date
    "2021": ["delta-watch"],
    "2024": ["gamma-phone", "kappa-phone", "mu-phone"], // kappa: its last updates observed; mu: a lapsed minimum and a listing
    "2026": ["lambda-tablet"], // listed as continuing on 2026-08-22, last update observed 2026-08
    "2027": ["gamma-phone"],
    "2028": ["gamma-phone", "theta-watch"], // the EU models' security end; an announced ceiling (another recorded support date)
    "2029": ["beta-tablet", "hostile-device"], // beta: a dated minimum commitment
    "2030": ["alpha-phone", "epsilon-laptop"],
    "2031": ["alpha-phone"],
  };

  it("writes a file for exactly the years that have records", () => {
    const files = readdirSync(path.join(dist, "api/v1/dataset")).sort();
    expect(files).toEqual(Object.keys(EXPECTED).map((y) => `${y}.csv`));
  });

  it.each(Object.entries(EXPECTED))("%s holds every row of the records with a support date in it", (year, slugs) => {
    const got = rows(`dataset/${year}.csv`);
    const whole = rows("dataset.csv");
    expect([...new Set(got.map((r) => r.device_slug))]).toEqual(slugs);
    expect(got).toEqual(whole.filter((r) => slugs.includes(r.device_slug)));
  });

  it("leaves an end without any date out of every year: iota-phone is only in the whole catalog", () => {
    const files = readdirSync(path.join(dist, "api/v1/dataset"));
    for (const f of files)
      expect(
        rows(`dataset/${f}`).some((r) => r.device_slug === "iota-phone"),
        f,
      ).toBe(false);
    expect(rows("dataset.csv").some((r) => r.device_slug === "iota-phone")).toBe(true);
  });

  it("has the same header as the whole catalog", () => {
    expect(raw("dataset/2029.csv").split("\r\n")[0]).toBe(raw("dataset.csv").split("\r\n")[0]);
  });
});
