// The EPREL importer (eprel.ts) on a small export: a match only through a
// model code of the same maker, values as registered, nothing rewritten,
// problems as file:line, and a second run that writes the same.
import { describe, expect, it } from "vitest";
import { fixtureRecord } from "../test/helpers/records.ts";
import type { LoadedRecord } from "../generator/load/validate.ts";
import { codesOf, namedModel, runEprelImport, sameMaker } from "./eprel.ts";

const HEADER =
  "supplierOrTrademark,modelIdentifier,eprelRegistrationNumber,deviceType,energyClass,repairabilityClass,repairabilityIndex,onMarketStartDate,guaranteeDuration,minYearsSoftwareUpdates,ratedBatteryCapacity,batteryEndurancePerCycle,batteryEnduranceInCycles,batteryCyclesFromPDF,batteryUserReplaceable,disassemblyDepthScore,fastenersScore,toolsScore,sparePartScore,repairInfoScore";
const row = (supplier: string, model: string, reg: number, cls = "C", index = "2.96") =>
  `${supplier},${model},${reg},SMARTPHONE,B,${cls},${index},2025-06-05,24,5,5200,2827,8,800,True,2.9,3.1,1,PRIORITY,NO_COST`;
const catalog = (): LoadedRecord[] =>
  ["alpha-phone", "beta-tablet", "gamma-phone"].map((slug) => ({ file: `data/devices/${slug}.json`, record: fixtureRecord(slug) }));
const run = (lines: string[], records = catalog()) =>
  runEprelImport({
    csv: { path: "eprel.csv", text: [HEADER, ...lines].join("\n") },
    snapshot: { commit: "a".repeat(40), commitDate: "2025-07-05" },
    checked: "2026-11-28",
    catalog: records,
    devicesDir: "data/devices",
  });

describe("the codes a registration names", () => {
  it.each([
    ["SM-A525F/DS", ["SM-A525F/DS"]],
    ["edge 60 (XT2505-1)", ["edge 60 (XT2505-1)", "XT2505-1"]],
    ["Fairphone 5 5G - Model: FP5", ["Fairphone 5 5G - Model: FP5", "FP5"]],
  ])("%j: %j", (id, codes) => expect(codesOf(id)).toEqual(codes));
  it.each([
    ["g35 5G (XT2433-5)", { name: "g35 5G", code: "XT2433-5" }],
    ["Fairphone 5 5G - Model: FP5", { name: "Fairphone 5 5G", code: "FP5" }],
    ["The Fairphone (Gen.6) Model: FP6", { name: "The Fairphone (Gen.6)", code: "FP6" }],
    // A bare code names no device; nor does a code followed by words.
    ["SM-S937B/DS", undefined],
    ["GEC77", undefined],
    ["RMX5061 Dream Edition", undefined],
  ])("%j names %j", (id, named) => expect(namedModel(id)).toEqual(named));
  it.each([
    ["Apple", "APPLE", true],
    ["HMD Global", "HMD", true],
    ["Samsung", "CUBOT", false],
    // Xiaomi's brands register under their own names; the catalog files them under Xiaomi.
    ["Xiaomi", "Redmi", true],
    ["Xiaomi", "POCO", true],
    ["Nothing", "cmf by NOTHING", true],
    // One maker's name inside another's is no match.
    ["M&A", "MAXCOM", false],
  ])("%s and %s are one maker: %s", (a, b, same) => expect(sameMaker(a, b)).toBe(same));
});

describe("the import", () => {
  it("matches by a model code of the same maker, stores the values as registered, and cites the copy and the EPREL page it cites", () => {
    const result = run([row("Example Maker", "SM-A525F/DS", 2247679), row("CUBOT", "EXB-700", 2400659)]);
    expect(result.problems).toEqual([]);
    const written = result.writes.filter((w) => w.path.startsWith("devices/"));
    expect(written.map((w) => w.path)).toEqual(["devices/alpha-phone.json"]);
    const r = JSON.parse(written[0]!.text);
    const entry = r.evidence.repairability.at(-1);
    expect(entry).toMatchObject({
      score: "C (2.96)",
      euLabel: {
        registration: 2247679,
        class: "C",
        index: 2.96,
        batteryEnduranceCycles: 800,
        declaredMinimumSoftwareUpdateYears: 5,
        firstOnMarket: "2025-06-05",
      },
      scope: { models: ["A1"], regions: ["EU"] },
      sourceId: "eprel-2247679",
      checked: "2026-11-28",
    });
    expect(entry.euLabel.url).toBe("https://eprel.ec.europa.eu/screen/product/smartphonestablets20231669/2247679");
    expect(r.evidence.sources.find((s: { id: string }) => s.id === "eprel-2247679")).toMatchObject({ citedBy: "eprel-smartphone-explorer" });
    // CUBOT's EXB-700 is not the Example Maker device that carries the same letters.
    expect(result.report!.rows.find((x) => x.registration === 2400659)!.status).toBe("no record carries its code");
  });

  it("never rewrites an entry a record holds, and a second run writes the same files", () => {
    const first = run([row("Example Maker", "SM-A525F/DS", 2247679)]);
    const records = catalog().map((l) => {
      const w = first.writes.find((x) => x.path === `devices/${l.record.slug}.json`);
      return w ? { ...l, record: JSON.parse(w.text) } : l;
    });
    const second = run([row("Example Maker", "SM-A525F/DS", 2247679)], records);
    expect(second.writes.filter((w) => w.path.startsWith("devices/"))).toEqual([]);
    expect(second.writes.find((w) => w.path.endsWith(".md"))!.text).toBe(first.writes.find((w) => w.path.endsWith(".md"))!.text);
    const changed = run([row("Example Maker", "SM-A525F/DS", 2247679, "B", "3.40")], records);
    expect(changed.report!.rows[0]!.status).toBe("differs from the record");
    expect(changed.writes.filter((w) => w.path.startsWith("devices/"))).toEqual([]);
  });

  it("names each bad row by file and line and writes nothing", () => {
    const result = run([row("Example Maker", "SM-A525F/DS", 1), row("Example Maker", "X", 2, "F"), row("Example Maker", "Y", 3, "C", "7.5")]);
    expect(result.writes).toEqual([]);
    expect(result.problems).toEqual([
      'eprel.csv:3: repairabilityClass "F" is not one of A to E',
      'eprel.csv:4: repairabilityIndex "7.5" is not an EU index from 0 to 5',
    ]);
  });
});
