// The search's pure functions (search.ts): normalization, what a record is
// found by, match tiers and the sort order. Table-driven; list-index.test.ts
// checks the index's scans agree with tierOf.
import { describe, expect, it } from "vitest";
import { compact, compareKeys, dashed, normalize, queryOf, searchFieldsOf, tierOf, type SortKey } from "./search.ts";

describe("normalize, compact and dashed", () => {
  it.each([
    ["  Pixel-8  Pro!", "pixel 8 pro", "pixel8pro", "pixel-8-pro"],
    ["Café Phone", "cafe phone", "cafephone", "cafe-phone"],
    ["ＰＩＸＥＬ８", "pixel8", "pixel8", "pixel8"],
    ["Caching, validation and CORS", "caching validation and cors", "cachingvalidationandcors", "caching-validation-and-cors"],
    ["Galaxy S24+ (5G)", "galaxy s24 5g", "galaxys245g", "galaxy-s24-5g"],
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
  it("primary: name, aliases, models and model codes, compact and without repeats; secondary: the manufacturer", () => {
    expect(pixel).toEqual({ primary: ["pixel8pro", "p8p", "gc3ve", "g1mnw", "husky", "pixel82"], secondary: ["google"] });
  });
  it.each([
    ["Pixel 8 Pro", 0],
    ["pixel-8-pro", 0],
    ["P8P", 0],
    ["GC3VE", 0],
    ["husky", 0], // a model code is an exact match
    ["Pixel8,2", 0],
    ["hus", 1],
    ["pixel 8", 1],
    ["pix", 1],
    ["g1", 1],
    ["8 pro", 2],
    ["google pixel", 2],
    ["google", 2],
    ["pro pixel", 2],
    ["pixel 9", null],
    ["apple", null],
  ] as [string, 0 | 1 | 2 | null][])("%j ranks %s", (q, tier) => expect(tierOf(queryOf(q), pixel)).toBe(tier));
});

describe("sort keys: tier, then slug", () => {
  const key = (tier: 0 | 1 | 2, slug: string): SortKey => ({ tier, slug });
  it.each([
    [key(0, "b"), key(1, "a"), -1],
    [key(2, "a"), key(1, "z"), 1],
    [key(1, "a"), key(1, "b"), -1],
    [key(1, "b"), key(1, "a"), 1],
    [key(1, "a"), key(1, "a"), 0],
  ] as [SortKey, SortKey, number][])("%o against %o: %d", (a, b, sign) => expect(Math.sign(compareKeys(a, b))).toBe(sign));
});
