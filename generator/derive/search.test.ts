// The search's pure functions (search.ts): normalization, what a record is
// found by, match tiers and the sort order. Table-driven; list-index.test.ts
// checks the index's scans agree with tierOf.
import { describe, expect, it } from "vitest";
import { compact, compareKeys, dashed, normalize, queryOf, searchFieldsOf, tierOf, type SortKey, type Tier } from "./search.ts";

describe("normalize, compact and dashed", () => {
  it.each([
    ["  Pixel-8  Pro!", "pixel 8 pro", "pixel8pro", "pixel-8-pro"],
    ["Café Phone", "cafe phone", "cafephone", "cafe-phone"],
    ["ＰＩＸＥＬ８", "pixel8", "pixel8", "pixel8"],
    ["Caching, validation and CORS", "caching validation and cors", "cachingvalidationandcors", "caching-validation-and-cors"],
    ["Galaxy S24+ (5G)", "galaxy s24 plus 5g", "galaxys24plus5g", "galaxy-s24-plus-5g"],
    ["Surface Pro 7+", "surface pro 7 plus", "surfacepro7plus", "surface-pro-7-plus"],
    ["C++ and A+B", "c plus and a b", "cplusandab", "c-plus-and-a-b"],
    ["iPhone1,1", "iphone1.1", "iphone1.1", "iphone1-1"],
    ["Tab 10, 1 and 4,5G", "tab 10 1 and 4.5g", "tab101and4.5g", "tab-10-1-and-4-5g"],
    ["iPhone\t15\nPro", "iphone 15 pro", "iphone15pro", "iphone-15-pro"],
    ["Σ Phone", "σ phone", "σphone", "phone"], // letters outside ASCII stay in search text, not in a path
    ["!!!", "", "", ""],
    ["", "", "", ""],
  ])("%j: %j, %j, %j", (text, norm, compacted, dash) => {
    expect(normalize(text)).toBe(norm);
    expect(compact(text)).toBe(compacted);
    expect(dashed(text)).toBe(dash);
  });
});

describe("queries", () => {
  it.each([
    ["Pixel 8", { norm: "pixel 8", compact: "pixel8", tokens: ["pixel", "8"] }],
    ["  PIXEL-8 ", { norm: "pixel 8", compact: "pixel8", tokens: ["pixel", "8"] }],
    ["pixel", { norm: "pixel", compact: "pixel", tokens: ["pixel"] }],
    ["%%", { norm: "", compact: "", tokens: [] }],
  ])("%j reads as %o", (q, query) => expect(queryOf(q)).toEqual(query));
});

const pixel = searchFieldsOf({
  name: "Pixel 8 Pro",
  aliases: ["Pixel8Pro", "P8P"],
  manufacturer: "Google",
  variants: [
    { model: "GC3VE", identifiers: [{ value: "husky" }, { value: "Pixel8,2" }] },
    { model: "G1MNW" },
    { model: "gc3ve", identifiers: [{ value: "HUSKY" }] },
  ],
});

describe("what a record is found by", () => {
  it("names: name, aliases and models; codes: the model codes that are not names; compact and without repeats; secondary: the manufacturer", () => {
    expect(pixel).toEqual({ names: ["pixel8pro", "p8p", "gc3ve", "g1mnw"], codes: ["husky", "pixel8.2"], secondary: ["google"] });
  });
  it.each([
    ["Pixel 8 Pro", 0],
    ["pixel-8-pro", 0],
    ["P8P", 0],
    ["GC3VE", 0],
    ["husky", 1], // a model code is an exact match, after exact names
    ["Pixel8,2", 1],
    ["pixel 8,2", 1],
    ["pixel82", null], // a hardware identifier keeps its comma
    ["hus", 2],
    ["pixel 8", 2],
    ["pix", 2],
    ["g1", 2],
    ["8 pro", 3],
    ["google pixel", 3],
    ["google", 3],
    ["pro pixel", 3],
    ["pixel 9", null],
    ["apple", null],
  ] as [string, Tier | null][])("%j ranks %s", (q, tier) => expect(tierOf(queryOf(q), pixel)).toBe(tier));
});

describe("sort keys: tier, then slug", () => {
  const key = (tier: Tier, slug: string): SortKey => ({ tier, slug });
  it.each([
    [key(0, "b"), key(1, "a"), -1],
    [key(2, "a"), key(1, "z"), 1],
    [key(1, "a"), key(1, "b"), -1],
    [key(1, "b"), key(1, "a"), 1],
    [key(1, "a"), key(1, "a"), 0],
  ] as [SortKey, SortKey, number][])("%o against %o: %d", (a, b, sign) => expect(Math.sign(compareKeys(a, b))).toBe(sign));
});
