import { describe, expect, it } from "vitest";
import { identifierIdentity, identifierKey, identifierKeys, isPatternKind, withoutPatterns } from "./identifiers.ts";

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

describe("HWID patterns are not codes", () => {
  it.each([
    ["hwid-pattern", true],
    ["board", false],
    ["model-number", false],
  ])("%s is a pattern kind: %s", (kind, yes) => expect(isPatternKind(kind)).toBe(yes));

  it.each([
    [{ kind: "board", value: "atlas" }, "ATLAS"],
    [{ kind: "hwid-pattern", value: "^ATLAS .*" }, "hwid-pattern:^ATLAS .*"],
    [{ kind: "model-number", value: "sm-a525f" }, "SMA525F"],
  ])("%j is told apart as %s", (x, identity) => expect(identifierIdentity(x)).toBe(identity));

  it("a board and its pattern are two identifiers, never one code", () =>
    expect(identifierIdentity({ kind: "board", value: "atlas" })).not.toBe(identifierIdentity({ kind: "hwid-pattern", value: "^ATLAS .*" })));

  it("the search reads a record without its patterns, and an untouched record as it is", () => {
    const plain = { variants: [{ identifiers: [{ kind: "board", value: "atlas" }] }] };
    expect(withoutPatterns(plain)).toBe(plain);
    const chromebook = {
      variants: [
        {
          identifiers: [
            { kind: "board", value: "atlas" },
            { kind: "hwid-pattern", value: "^ATLAS .*" },
          ],
        },
        {},
      ],
    };
    expect(withoutPatterns(chromebook)).toEqual({ variants: [{ identifiers: [{ kind: "board", value: "atlas" }] }, {}] });
    expect(chromebook.variants[0]!.identifiers).toHaveLength(2);
  });
});
