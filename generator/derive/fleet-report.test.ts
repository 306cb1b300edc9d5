// The fleet check's row verdicts and report (fleet-report.ts) over the
// fixture catalog's fleet index: each row judged for its device and its OS,
// Google's AUE used and a disagreement said, an action per row, and a
// report whose cells are safe in a spreadsheet, with the minimum-commitment
// and OS columns, starting with a byte-order mark.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import type { OsJudgement } from "../contract/os-releases.ts";
import { DeviceRecord } from "../schema/record.ts";
import { catalogOf } from "./catalog.ts";
import { CSV_OPTIONS } from "./csv-cells.ts";
import { fleetIndex } from "./fleet-index.ts";
import { fleetMatcher, rowInput } from "./fleet-match.ts";
import type { OsInput } from "./fleet-os.ts";
import { endsText, judgeRow, REPORT_COLUMNS, reportFile, reportRows, type OsJudge } from "./fleet-report.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/catalog/devices");
const records = readdirSync(FIXTURES).map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(FIXTURES, f), "utf8"))));
const site = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example", now: "2026-11-22" };
const fleet = fleetIndex(catalogOf(records).published, site);
const matcher = fleetMatcher(fleet);
const today = "2026-11-28";
const noOs = { input: null, aue: null, aueUnread: null };
const match = (model: string, maker = "") => matcher.match(rowInput([model, maker], { codes: [], model: 0, manufacturer: 1 }));

/** A stand-in for derive/os-releases.ts judgeOs: Windows 11 23H2 Enterprise has ended; anything else is unknown. */
const judge: OsJudge = (input: OsInput): OsJudgement | null =>
  input.os === "Windows" && input.version.startsWith("10.0.22631")
    ? {
        status: "ended",
        release: "windows/11-23h2-e",
        label: "Windows 11 23H2 (Enterprise, Education)",
        headline: "No security updates since 2026-11-10",
        securityEnd: "2026-11-10",
        newerBuild: null,
        patchMonthsBehind: null,
        esuEnd: null,
        url: null,
      }
    : null;

describe("each row judged twice", () => {
  it("a PC the catalog lacks still gets its OS verdict, and is checked by hand, not told to check its spelling", () => {
    const r = judgeRow(
      fleet,
      match("Latitude 5440", "Dell Inc."),
      { ...noOs, input: { os: "Windows", version: "10.0.22631.4460", edition: "Enterprise" } },
      "Dell Inc.",
      judge,
      today,
    );
    expect(r.os?.label).toBe("Windows 11 23H2 (Enterprise, Education)");
    expect(r.action.code).toBe("check");
    expect(r.note).toContain("no record for this Dell Inc. model yet");
    expect(r.note).not.toMatch(/spelling/);
    expect(r.ends.security).toBe("2026-11-10");
  });

  it("a Chromebook's AUE is Google's statement about that device: its month, used even where the record says otherwise", () => {
    const r = judgeRow(fleet, match("Gamma Phone"), { input: { os: "ChromeOS", version: "15886.75.0" }, aue: "2031-06", aueUnread: null }, "", null, today);
    expect(r.os).toMatchObject({ label: "ChromeOS 15886.75.0", securityEnd: "2031-06", status: "patched" });
    expect(r.os?.headline).toBe("Gets updates until 2031-06 (Google's Auto Update Expiration for this device)");
    expect(r.note).toContain("Google's export gives this device's Auto Update Expiration as 2031-06; our record says 2027-Q2 (quarter) | 2028-06-30 (day)");
    const passed = judgeRow(fleet, match("Acer Chromebook 11", "Acer"), { input: null, aue: "2025-06", aueUnread: null }, "Acer", null, today);
    expect(passed.os?.headline).toMatch(/^No updates since 2025-06/);
    expect(passed.action.code).toBe("replace");
  });

  it("an AUE the record agrees with adds no note", () => {
    const r = judgeRow(fleet, match("Gamma Phone"), { input: null, aue: "2027-05", aueUnread: null }, "", null, today);
    expect(r.note).not.toContain("Auto Update Expiration");
  });
});

describe("the report", () => {
  it("says each kind's ends with their precision and, when they differ, their coverage", () => {
    expect(endsText([["2029-02", "month", "all variants", null, null]])).toBe("2029-02 (month)");
    expect(endsText([[null, null, "all variants", "2029", "year"]])).toBe("at least until 2029 (year)");
    expect(
      endsText([
        ["2027-Q2", "quarter", "regions US", null, null],
        [null, null, "regions DE, FR", null, null],
      ]),
    ).toBe("2027-Q2 (quarter); regions US | not documented; regions DE, FR");
  });

  it("keeps the export's columns, adds its own, and makes every cell safe for a spreadsheet", () => {
    const header = ["Device name", "Model"];
    const rows = [
      ['=HYPERLINK("https://evil.example","x")', "SM-A525F"],
      ["<img src=x onerror=alert(1)>", "nothing"],
      ["T-1", "Beta Tablet"],
    ];
    const results = rows.map((r) => judgeRow(fleet, matcher.match(rowInput(r, { codes: [], model: 1, manufacturer: null })), noOs, "", null, today));
    const out = reportRows(header, rows, results, fleet, matcher.slugs);
    expect(out[0]).toEqual([...header, ...REPORT_COLUMNS]);
    const row = (i: number) => Object.fromEntries(out[0]!.map((name, k) => [name, out[i]![k]]));
    expect(row(1)).toMatchObject({
      "Device name": `'=HYPERLINK("https://evil.example","x")`,
      match: "yes",
      matched_by: "code",
      device: "Alpha Phone",
      record_url: "https://devices.example/devices/alpha-phone",
      attribution: expect.stringMatching(/^Device lifecycle data from Device Lifecycle Records/),
      action: "none",
    });
    expect(out[2]!.slice(0, 3)).toEqual(["<img src=x onerror=alert(1)>", "nothing", "no"]);
    expect(row(2)).toMatchObject({ action: "check" });
    expect(row(3)).toMatchObject({ device: "Beta Tablet", security_minimum: "2029", security_minimum_precision: "year" });
  });

  it("is a file Excel reads as UTF-8: a byte-order mark, then the CSV, read back by a real parser", () => {
    const results = [judgeRow(fleet, match("Gamma Phone"), noOs, "", null, today)];
    const text = reportFile(stringify(reportRows(["Modèle"], [["Gamma Phone"]], results, fleet, matcher.slugs), CSV_OPTIONS));
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [back] = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(back).toMatchObject({ Modèle: "Gamma Phone", device: "Gamma Phone", security_end_precision: "quarter | day" });
  });
});
