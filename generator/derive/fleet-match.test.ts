// The fleet check's matching (fleet-match.ts) over the fixture catalog's
// fleet index (fleet-index.ts): columns of real exports, delimiters, codes
// before names, names as the list ranks them, hints (the report:
// fleet-report.test.ts).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DeviceRecord } from "../schema/record.ts";
import { catalogOf } from "./catalog.ts";
import { fleetIndex } from "./fleet-index.ts";
import { detectColumns, fleetMatcher, matchNote, rowInput, sniffDelimiter, type Match } from "./fleet-match.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/catalog/devices");
const records = readdirSync(FIXTURES).map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(FIXTURES, f), "utf8"))));
const site = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example", now: "2026-11-22" };
const fleet = fleetIndex(catalogOf(records).published, site);
const matcher = fleetMatcher(fleet);
const slugOf = (m: Match) => (m.by === "code" || m.by === "name" ? matcher.slugs[m.positions[0]] : null);

describe("the columns of an export", () => {
  it.each([
    [["Device name", "Managed by", "Model", "Manufacturer", "Serial number"], { codes: [], model: 2, manufacturer: 3 }], // Intune
    [["Display Name", "Model", "Model Identifier", "Model Number"], { codes: [2, 3], model: 1, manufacturer: null }], // Jamf
    [["Serial Number", "Model", "Brand", "OS"], { codes: [], model: 1, manufacturer: 2 }], // Google Admin, mobile
    [["Name", "Model", "Manufacturer"], { codes: [], model: 1, manufacturer: 2 }], // Google Admin, Chrome
    [["Asset tag", "System Model", "System SKU"], { codes: [1, 2], model: null, manufacturer: null }], // a Surface inventory
    [[" MODEL ", "make"], { codes: [], model: 0, manufacturer: 1 }],
  ])("%j", (header, columns) => expect(detectColumns(header)).toEqual(columns));
  it("a header naming neither a model nor a code is not guessed at", () => {
    expect(detectColumns(["Asset", "Owner", "Type"])).toBeNull();
    expect(detectColumns(["SM-A525F"])).toBeNull();
  });
});

describe("the delimiter", () => {
  it.each([
    ['"Device name","Model"\n"a","b"', ","],
    ["Device name;Model;Manufacturer\nx;y;z", ";"],
    ["Device name\tModel\n", "\t"],
    ['"Model Identifier";"Note"\n"iPhone15,4";"a, b"', ";"],
    ['"iPhone15,4;x"', null],
    ["SM-A525F\niPhone15,4", null],
  ] as [string, string | null][])("%j: %j", (text, delimiter) => expect(sniffDelimiter(text)).toBe(delimiter));
});

describe("matching a row", () => {
  const columns = { codes: [1], model: 2, manufacturer: 3 };
  const match = (code: string, model: string, maker = "") => matcher.match(rowInput(["x", code, model, maker], columns));
  it.each([
    ["SM-A525F", "", "", "alpha-phone", "code"],
    ["", "sm_a525f", "", "alpha-phone", "code"], // Intune puts Samsung's code in Model
    ["", "SM-A525F/DS", "samsung", "alpha-phone", "code"], // a family
    ["iPhone99,1", "Alpha Phone", "", "alpha-phone", "code"], // a code, and the name beside it agrees
    ["", "Gamma Phone", "Example Maker", "gamma-phone", "name"],
    ["", "gamma-phone", "", "gamma-phone", "name"],
    ["ZZ-1", "Beta Tablet", "", "beta-tablet", "name"],
    ["", "G-EU", "", "gamma-phone", "name"], // a variant's model
  ])("code %j, model %j, maker %j: %s by %s", (code, model, maker, slug, by) => {
    const m = match(code, model, maker);
    expect([slugOf(m), m.by]).toEqual([slug, by]);
  });
  it("only an exact name matches: a word many names share matches none of them", () => {
    expect(match("", "Phone", "Example Maker").by).toBe("none");
  });
  it("a code two devices share is ambiguous, listing both, unless the row's other columns tell them apart", () => {
    const m = match("EXB-700", "");
    expect(m.by).toBe("ambiguous");
    expect(m.by === "ambiguous" && m.positions.map((p) => matcher.slugs[p])).toEqual(["beta-tablet", "epsilon-laptop"]);
    expect(matchNote(m, fleet.devices)).toMatch(/^Check by hand: The source gives the code EXB-700 to 2 devices.*Candidates: Beta Tablet/);
    expect(slugOf(match("EXB-700", "Epsilon Laptop"))).toBe("epsilon-laptop"); // the model column names one of them
  });
  it("a code and a model name that name different devices are ambiguous", () => {
    expect(match("SM-A525F", "Gamma Phone").by).toBe("ambiguous");
  });
  it("an unmatched row gets a hint: names that start with it, or what is known", () => {
    const near = match("", "Alpha");
    expect(near).toEqual({
      by: "none",
      hint: "No device in the catalog has exactly this name or model code. Names that start with it: Alpha Phone (Example Maker).",
    });
    expect(match("", "Nothing Like It")).toMatchObject({ by: "none", hint: expect.stringMatching(/^The catalog has no device with this name or model code/) });
    expect(match("", "Latitude 5440", "Dell")).toEqual({ by: "none", hint: "The catalog has no record for this Dell model yet." });
    expect(match("", "")).toEqual({ by: "none", hint: "No model or model code in this row." });
    // A withdrawn record's code is not in the index.
    expect(match("ETA-1", "").by).toBe("none");
  });
});
