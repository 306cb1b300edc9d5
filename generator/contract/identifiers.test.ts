import { describe, expect, it } from "vitest";
import { identifierKey, identifierKeys } from "./identifiers.ts";

describe("identifierKey", () => {
  it.each([
    ["SM-A525F", "SMA525F"],
    ["sm-a525f", "SMA525F"],
    ["sm_a525f", "SMA525F"],
    [" SM A525F ", "SMA525F"],
    ["iPhone15,4", "IPHONE15,4"],
    ["iphone15,4", "IPHONE15,4"],
    ["Surface_Pro_1796", "SURFACEPRO1796"],
    ["A2846", "A2846"],
    ["ＳＭ－Ａ５２５Ｆ", "SMA525F"],
  ])("%s → %s", (input, key) => expect(identifierKey(input)).toBe(key));

  it("keeps the comma of Apple's identifiers", () => expect(identifierKey("iPhone1,54")).not.toBe(identifierKey("iPhone15,4")));
});

describe("identifierKeys", () => {
  it.each([
    ["SM-A525F/DS", ["SMA525FDS", "SMA525F"]],
    ["SM-A525F", ["SMA525F"]],
    ["/DS", ["DS"]],
    ["---", []],
  ])("%s → %j", (input, keys) => expect(identifierKeys(input)).toEqual(keys));
});
