// The EPREL reader as a model-code source: a registration gives a code only
// when its model identifier names the device beside it; the supplier is the
// catalog's maker (HMD is HMD Global, Redmi is Xiaomi); Motorola's names are
// tried with and without its line word "moto"; a broken row is file:line.
import { describe, expect, it } from "vitest";
import { EPREL_CSV } from "./eprel.ts";
import { readEprelCodes } from "./identifiers-eprel.ts";

const HEADER =
  "supplierOrTrademark,modelIdentifier,eprelRegistrationNumber,deviceType,energyClass,repairabilityClass,repairabilityIndex,onMarketStartDate,minYearsSoftwareUpdates";
const CONTEXT = { commit: "ef4589957e61dd891ccf4c5c4e43c5445bb22cca", commitDate: "2025-07-05", checked: "2026-11-28" };
const read = (rows: string[]) =>
  readEprelCodes({ rel: EPREL_CSV, path: EPREL_CSV, text: [HEADER, ...rows].join("\n") }, ["Fairphone", "HMD Global", "Motorola", "Xiaomi"], CONTEXT);

describe("readEprelCodes", () => {
  it.each([
    ["motorola,g35 5G (XT2433-5),2266112,SMARTPHONE,B,B,3.5,2024-10-08,5", "Motorola", "g35 5G", ["moto g35 5G"], "XT2433-5", "motorola g35 5G (XT2433-5)"],
    [
      "motorola,Moto Edge 50 (XT2407-1),2047948,SMARTPHONE,B,B,3.5,2024-09-23,5",
      "Motorola",
      "Moto Edge 50",
      ["Edge 50"],
      "XT2407-1",
      "motorola Moto Edge 50 (XT2407-1)",
    ],
    [
      "Fairphone,Fairphone 5 5G - Model: FP5,2378858,SMARTPHONE,A,A,4.03,2023-08-30,8",
      "Fairphone",
      "Fairphone 5 5G",
      undefined,
      "FP5",
      "Fairphone 5 5G - Model: FP5",
    ],
    ["HMD,Nokia G42 5G (EX-1042),9101042,SMARTPHONE,B,C,2.9,2025-04-14,3", "HMD Global", "Nokia G42 5G", undefined, "EX-1042", "HMD Nokia G42 5G (EX-1042)"],
  ])("%s", (row, manufacturer, name, fallbackNames, code, label) => {
    const { run, problems } = read([row]);
    expect(problems).toEqual([]);
    const [r] = run!.rows;
    expect({ manufacturer: r!.manufacturer, name: r!.name, fallbackNames: r!.fallbackNames, codes: r!.codes, label: r!.ref.label }).toEqual({
      manufacturer,
      name,
      fallbackNames,
      codes: [{ kind: "model-number", value: code }],
      label,
    });
  });

  it("takes nothing from a bare code or a supplier the catalog lacks, and counts them", () => {
    const { run } = read([
      "Redmi,24117RN76E,2247094,SMARTPHONE,B,C,2.9,2025-06-20,4",
      "motorola,XT2433-5,1,SMARTPHONE,B,C,2.9,2025-06-20,4",
      "CUBOT,Note 50 (EX-50),2,SMARTPHONE,B,C,2.9,2025-06-20,4",
    ]);
    expect(run!.rows).toEqual([]);
    expect(run!.setAside).toEqual({ "a bare code: the registration names no device": 2, "a supplier the catalog holds no device of": 1 });
  });

  it("cites the registration's EPREL page, cited by the copy that was read", () => {
    const [r] = read(["motorola,g35 5G (XT2433-5),2266112,SMARTPHONE,B,B,3.5,2024-10-08,5"]).run!.rows;
    expect(r!.source).toMatchObject({
      id: "eprel-2266112",
      url: "https://eprel.ec.europa.eu/screen/product/smartphonestablets20231669/2266112",
      citedBy: "eprel-smartphone-explorer",
    });
    expect(r!.citedBy).toMatchObject({
      id: "eprel-smartphone-explorer",
      url: "https://github.com/EEXNTISO/eprel-smartphone-explorer/blob/ef4589957e61dd891ccf4c5c4e43c5445bb22cca/eprel_smartphones_tous_les_modeles.csv",
      checked: "2026-11-28",
    });
  });

  it("names a broken row by file:line and gives no rows", () => {
    expect(read(["motorola,g35 5G (XT2433-5),2266112,SMARTPHONE,B,F,3.5,2024-10-08,5"])).toEqual({
      problems: [{ file: EPREL_CSV, line: 2, message: 'repairabilityClass "F" is not one of A to E' }],
    });
  });
});
