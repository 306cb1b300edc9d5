// The compact list index (list-index.ts): its one binary search, its text
// format and every way a broken index is refused, and paging by key. Ranking
// against the reference tierOf over 1,500 records: serve/answers/list.test.ts.
import { describe, expect, it } from "vitest";
import { firstWhere, formatListIndex, INDEX_FORMAT, IndexFormatError, parseListIndex, plainPage, positionAfter, searchPage } from "./list-index.ts";
import { queryOf, type Searchable, type Tier } from "./search.ts";
import { DEVICE_TYPES, type DeviceType } from "../contract/device-types.ts";

const site = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example", now: "2026-11-22" };
const rec = (slug: string, name: string, deviceType: DeviceType, manufacturer = "Example"): Searchable & { slug: string; deviceType: DeviceType } => ({
  slug,
  name,
  aliases: [],
  manufacturer,
  deviceType,
  variants: [{ model: slug.toUpperCase() }],
});
const RECORDS = [
  rec("alpha-phone", "Alpha Phone", "phone"),
  rec("alpha-tab", "Alpha Tab", "tablet"),
  rec("beta-phone", "Beta Phone", "phone"),
  rec("gamma", "Gamma Alpha", "laptop", "Alphabet"),
  rec("zeta-phone", "Zeta Phone", "phone"),
];
const text = formatListIndex(RECORDS, site);
const index = parseListIndex(text);

describe("the binary search", () => {
  const xs = [1, 3, 3, 5, 9];
  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [3, 1],
    [4, 3],
    [9, 4],
    [10, 5],
  ])("first of %o at or above %d: position %d", (v, at) => {
    expect(firstWhere(xs.length, (i) => xs[i]! >= v)).toBe(at);
  });
  it.each([
    [0, () => true, 0],
    [0, () => false, 0],
    [4, () => false, 4],
    [4, () => true, 0],
  ] as [number, () => boolean, number][])("over %d positions: %d", (n, holds, at) => expect(firstWhere(n, holds)).toBe(at));

  it.each([
    ["", 0],
    ["alpha-phone", 1],
    ["alpha-pho", 0],
    ["alpha-phonf", 1],
    ["beta-phone", 3],
    ["zeta-phone", 5],
    ["zzz", 5],
  ])("after %j comes position %d", (slug, at) => expect(positionAfter(index.slugs, slug)).toBe(at));
});

describe("the index text", () => {
  it("holds a header, the slugs in order, their types, then one search line per record", () => {
    expect(text.split("\n")).toEqual([
      JSON.stringify({
        format: INDEX_FORMAT,
        site: { siteUrl: site.siteUrl, baseUrl: site.baseUrl },
        count: 5,
        slugChars: "alpha-phone\nalpha-tab\nbeta-phone\ngamma\nzeta-phone\n".length,
        types: DEVICE_TYPES,
      }),
      ...RECORDS.map((r) => r.slug),
      "01020",
      "alphaphone|;example",
      "alphatab|;example",
      "betaphone|;example",
      "gammaalpha,gamma|;alphabet",
      "zetaphone|;example",
      "",
    ]);
    expect(index.slugs).toEqual(RECORDS.map((r) => r.slug));
    expect(index.starts.length).toBe(RECORDS.length + 1);
  });

  const lines = text.split("\n");
  it.each([
    ["no header line", "{}"],
    ["header is not JSON", `{${text}`],
    [`format device-list-index/2, expected ${INDEX_FORMAT}`, text.replace(INDEX_FORMAT, "device-list-index/2")],
    ["slug section does not end where the header says", text.replace(/"slugChars":\d+/, '"slugChars":7')],
    ["slug count differs from the header", text.replace('"count":5', '"count":4')],
    ["type of record 3 is not a digit below 6", text.replace("\n01020\n", "\n01620\n")],
    ["type of record 5 is not a digit below 6", text.replace("\n01020\n", "\n0102\n\n")],
    ["type line does not end after one digit per record", text.replace("\n01020\n", "\n010200\n")],
    ["types is not a list of at most ten device types", text.replace(/"types":\[[^\]]*\]/, '"types":"phone"')],
    ["truncated search section", `${lines.slice(0, -2).join("\n")}\n`],
    ["trailing data", `${text}extra`],
  ])("refuses an index with %s", (why, broken) => {
    expect(() => parseListIndex(broken)).toThrow(IndexFormatError);
    expect(() => parseListIndex(broken)).toThrow(`list index: ${why}`);
  });
});

describe("paging by key", () => {
  it.each([
    [null, 2, ["alpha-phone", "alpha-tab"], true],
    ["alpha-tab", 2, ["beta-phone", "gamma"], true],
    ["gamma", 2, ["zeta-phone"], false],
    ["zeta-phone", 2, [], false],
    ["b", 10, ["beta-phone", "gamma", "zeta-phone"], false],
  ] as [string | null, number, string[], boolean][])("the plain walk after %j, %d at a time: %o", (after, limit, slugs, more) => {
    expect(plainPage(index, after, limit)).toEqual({ keys: slugs.map((slug) => ({ tier: 0, slug })), more, total: 5 });
  });

  // "alpha": prefix of alpha-phone and alpha-tab; inside gamma's name ("gammaalpha") and its manufacturer.
  it.each([
    [
      null,
      10,
      [
        [2, "alpha-phone"],
        [2, "alpha-tab"],
        [3, "gamma"],
      ],
      false,
    ],
    [null, 1, [[2, "alpha-phone"]], true],
    [{ tier: 2, slug: "alpha-phone" }, 1, [[2, "alpha-tab"]], true],
    [{ tier: 2, slug: "alpha-tab" }, 5, [[3, "gamma"]], false],
    [
      { tier: 2, slug: "alpha-p" },
      5,
      [
        [2, "alpha-phone"],
        [2, "alpha-tab"],
        [3, "gamma"],
      ],
      false,
    ], // a key between two records
    [{ tier: 3, slug: "gamma" }, 5, [], false],
  ] as [{ tier: Tier; slug: string } | null, number, [number, string][], boolean][])(
    "a search for alpha after %o, %d at a time",
    (after, limit, keys, more) => {
      expect(searchPage(index, queryOf("alpha"), after, limit)).toEqual({ keys: keys.map(([tier, slug]) => ({ tier, slug })), more, total: 3 });
    },
  );
});

describe("filtering by device type", () => {
  it.each([
    [["phone"], null, 2, ["alpha-phone", "beta-phone"], true, 3],
    [["phone"], "alpha-phone", 2, ["beta-phone", "zeta-phone"], false, 3],
    [["phone"], "beta-phone", 1, ["zeta-phone"], false, 3],
    [["phone"], "alpha-tab", 1, ["beta-phone"], true, 3], // a key of another type
    [["phone"], "zeta-phone", 5, [], false, 3],
    [["tablet", "laptop"], null, 5, ["alpha-tab", "gamma"], false, 2],
    [["laptop"], "a", 1, ["gamma"], false, 1],
    [["wearable"], null, 5, [], false, 0],
  ] as [DeviceType[], string | null, number, string[], boolean, number][])(
    "the plain walk of %o after %j, %d at a time: %o",
    (types, after, limit, slugs, more, total) => {
      expect(plainPage(index, after, limit, types)).toEqual({ keys: slugs.map((slug) => ({ tier: 0, slug })), more, total });
    },
  );

  it.each([
    [["phone"], null, 5, [[2, "alpha-phone"]], false, 1],
    [["tablet", "laptop"], null, 1, [[2, "alpha-tab"]], true, 2],
    [["tablet", "laptop"], { tier: 2, slug: "alpha-tab" }, 1, [[3, "gamma"]], false, 2],
    [["laptop"], { tier: 2, slug: "alpha-phone" }, 5, [[3, "gamma"]], false, 1],
    [["wearable"], null, 5, [], false, 0],
  ] as [DeviceType[], { tier: Tier; slug: string } | null, number, [number, string][], boolean, number][])(
    "a search for alpha among %o after %o, %d at a time",
    (types, after, limit, keys, more, total) => {
      expect(searchPage(index, queryOf("alpha"), after, limit, types)).toEqual({ keys: keys.map(([tier, slug]) => ({ tier, slug })), more, total });
    },
  );

  it("keeps the unfiltered answers apart from the filtered ones it remembers", () => {
    expect(searchPage(index, queryOf("alpha"), null, 10, ["laptop"]).total).toBe(1);
    expect(searchPage(index, queryOf("alpha"), null, 10).total).toBe(3);
    expect(plainPage(index, null, 10, ["phone"]).total).toBe(3);
    expect(plainPage(index, null, 10).total).toBe(5);
  });
});
