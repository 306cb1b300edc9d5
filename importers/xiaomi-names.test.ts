import { describe, expect, it } from "vitest";
import { deviceTypeOf, displayName, isInternalEntry, keyOf, splitMarket } from "./xiaomi-names.ts";

describe("keyOf: one key for every spelling Xiaomi has used for a device", () => {
  it.each([
    ["Mi 10 (CN)", "Mi 10 ", true],
    ["MI 10 (in)", "Mi 10", true],
    ["POCO C31 (in)", "POCO C31 (IN)", true],
    ["Xiaomi 12 T", "Xiaomi 12T", true],
    ["Redmi K40 Pro + (CN)", "Redmi K40 Pro+", true],
    ["REDMI Note 15 Pro", "Redmi Note 15 Pro", true],
    ["Mi 8 Explorer Edition", "Mi 8 Explore Edition", true],
    ["MIX 2S", "Mi MIX 2S", true],
    ["POCO PHONE F1", "POCO F1", true],
    ["Redmi K40 Pro+", "Redmi K40 Pro", false],
    ["Mi 11 Lite (EEA)", "Mi 11 Lite 5G (JP)", false],
    ["Mi A3 (Android One)", "Mi A3", false],
    ["Redmi Note 8 (2021) (EEA)", "Redmi Note 8 (EEA)", false],
  ])("%s and %s: %s", (a, b, same) => {
    expect(keyOf(a) === keyOf(b)).toBe(same);
  });
});

it.each([
  ["Mi 10 (EEA)", { base: "Mi 10", market: "eea" }],
  ["Mi 10  ", { base: "Mi 10" }],
  ["Mi A3 (Android One)", { base: "Mi A3 (Android One)" }],
  ["Redmi Note 8 (2021) (EEA)", { base: "Redmi Note 8 (2021)", market: "eea" }],
])("splitMarket(%s)", (name, expected) => {
  expect(splitMarket(name)).toEqual(expected);
});

it.each([
  ["REDMI Note 15 Pro+ 5G", "Redmi Note 15 Pro+ 5G"],
  ["Redmi K40 Pro + (CN)", "Redmi K40 Pro+"],
  ["POCO X4 Pro 5G (tw)", "POCO X4 Pro 5G"],
  ["Mi 10T", "Xiaomi Mi 10T"],
  ["MIX 4 (CN)", "Xiaomi MIX 4"],
  ["Xiaomi 11 Lite 5G NE ", "Xiaomi 11 Lite 5G NE"],
])("displayName(%s) = %s", (name, expected) => {
  expect(displayName(name)).toBe(expected);
});

it("tells tablets from phones by the name, and test builds from devices", () => {
  expect([deviceTypeOf("Redmi Pad SE 8.7"), deviceTypeOf("Xiaomi Pad Mini"), deviceTypeOf("Redmi Note 13 Pro")]).toEqual(["tablet", "tablet", "phone"]);
  expect(["XM-VENUS (cn)", "XM-SWEET-SOTER-GLOBAL (global)", "Xiaomi 12X", "Mi MAX"].map(isInternalEntry)).toEqual([true, true, false, false]);
});
