// The list core's pure parts (derive/list.ts and derive/list-index.ts): normalization, ranking, the index scan (against
// the reference tierOf), cursors, request parsing and body assembly. The answers the edge gives with them: serve/answers/list.test.ts.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compact, normalize, queryOf, searchFieldsOf, tierOf, type Searchable, type Tier } from "./search.ts";
import { formatListIndex, INDEX_FORMAT, IndexFormatError, matchPositions, parseListIndex, plainPage, searchPage } from "./list-index.ts";
import { deviceDocument, deviceSummary } from "./documents.ts";
import { synthRecords } from "../synth/generate.ts";
import { catalogOf } from "./catalog.ts";
import { DeviceRecord } from "../schema/record.ts";
import { decodeCursor, encodeCursor, itemFromDocument, legacyText, pageText, parseListRequest, queryKey } from "./list.ts";
import { DEFAULT_LIMIT } from "../contract/list-params.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/catalog");
const site = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example", now: "2026-11-22" };
const fixtures = readdirSync(path.join(FIXTURES, "devices")).map((f) =>
  DeviceRecord.parse(JSON.parse(readFileSync(path.join(FIXTURES, "devices", f), "utf8"))),
);

const rec = (slug: string, name: string, extra: Partial<Searchable> = {}) => ({
  slug,
  name,
  aliases: [],
  manufacturer: "Acme",
  variants: [{ model: `${slug.toUpperCase()}-M` }],
  ...extra,
});

describe("normalize", () => {
  it("folds case, accents, compatibility forms, punctuation and spacing", () => {
    expect(normalize("  Ünïcödé   Phone!! ")).toBe("unicode phone");
    expect(normalize("ＰＩＸＥＬ８")).toBe("pixel8");
    expect(normalize("Pixel-8\tPro")).toBe("pixel 8 pro");
    expect(normalize("Crème Brûlée — 2")).toBe("creme brulee 2");
    expect(normalize("日本語 テスト")).toBe("日本語 テスト");
    expect(normalize("!!! ---")).toBe("");
    expect(compact("G-US")).toBe("gus");
  });

  it("queryOf keeps the words for 'other' matches and the compact form for exact and prefix matches", () => {
    expect(queryOf(" Alpha--1 ")).toEqual({ norm: "alpha 1", compact: "alpha1", tokens: ["alpha", "1"] });
    expect(queryOf("?!")).toEqual({ norm: "", compact: "", tokens: [] });
  });
});

describe("tierOf: exact name, then exact code, then prefix, then other", () => {
  const r = rec("x", "Nova Phone 3", {
    aliases: ["Nova 3"],
    manufacturer: "Kestrel Mobile",
    variants: [{ model: "KM-300", identifiers: [{ value: "Nova3,1" }] }],
  });
  const f = searchFieldsOf(r);
  const cases: [string, Tier | null][] = [
    ["nova phone 3", 0],
    ["NÔVA   phone-3", 0],
    ["novaphone3", 0],
    ["Nova 3", 0],
    ["km 300", 0],
    ["km300", 0],
    ["Nova3,1", 1],
    ["nova 3,1", 1],
    ["nova 31", null], // the comma of a hardware identifier counts
    ["nova", 2],
    ["nova phone", 2],
    ["KM-3", 2],
    ["phone", 3],
    ["kestrel", 3],
    ["phone kestrel", 3],
    ["3 nova", 3],
    ["mobile 300", 3],
    ["nova samsung", null],
    ["xyz", null],
  ];
  for (const [q, tier] of cases) it(`${JSON.stringify(q)} → ${tier}`, () => expect(tierOf(queryOf(q), f)).toBe(tier));
});

describe("the index scan agrees with tierOf", () => {
  const records = [...catalogOf(synthRecords(1500, 5)).published, ...fixtures.filter((r) => r.publication.state === "published")].sort((a, b) =>
    a.slug < b.slug ? -1 : 1,
  );
  const index = parseListIndex(formatListIndex(records, site));
  const fields = records.map((r) => searchFieldsOf(r));
  const queries = [
    ...records
      .slice(0, 60)
      .flatMap((r) => [r.name, r.aliases[0] ?? "", r.variants[0]!.model, r.name.slice(0, 5), r.manufacturer, `${r.name.split(" ").at(-1)} ${r.manufacturer}`]),
    "pro",
    "1",
    "a",
    "nova 1",
    "1 nova",
    "ünïcödé",
    "日本",
    "sum a1",
    "alpha 1",
    "cmd",
    "zzzz",
  ].filter((q) => queryOf(q).norm);

  it(`over ${records.length} records and ${queries.length} queries`, () => {
    for (const q of queries) {
      const query = queryOf(q);
      const expected: [number[], number[], number[], number[]] = [[], [], [], []];
      fields.forEach((f, i) => {
        const t = tierOf(query, f);
        if (t !== null) expected[t].push(i);
      });
      expect(matchPositions(index, query), q).toEqual(expected);
    }
  });

  it("pages follow the keys: every page starts right after the previous page's last key", () => {
    const query = queryOf("nova 1");
    const all = matchPositions(index, query).flat().length;
    let after = null;
    const seen: string[] = [];
    for (;;) {
      const page = searchPage(index, query, after, 13);
      seen.push(...page.keys.map((k) => k.slug));
      expect(page.total).toBe(all);
      if (!page.more) break;
      after = page.keys.at(-1)!;
    }
    expect(seen.length).toBe(all);
    expect(new Set(seen).size).toBe(all);
  });

  it("an empty catalog is an empty index: no pages beyond an empty first one, no matches", () => {
    const empty = parseListIndex(formatListIndex([], site));
    expect(empty.slugs).toEqual([]);
    expect(plainPage(empty, null, 50)).toEqual({ keys: [], more: false, total: 0 });
    expect(searchPage(empty, queryOf("pro"), null, 50)).toEqual({ keys: [], more: false, total: 0 });
  });

  it("rejects a truncated or foreign index", () => {
    const text = formatListIndex(records.slice(0, 10), site);
    expect(() => parseListIndex(text.slice(0, -40))).toThrow(IndexFormatError);
    expect(() => parseListIndex(`${text}extra\n`)).toThrow(IndexFormatError);
    expect(() => parseListIndex(text.replace(INDEX_FORMAT, "other/9"))).toThrow(IndexFormatError);
    expect(() => parseListIndex(text.replace(/"slugChars":\d+/, '"slugChars":7'))).toThrow(IndexFormatError);
    expect(parseListIndex(text).slugs).toEqual(records.slice(0, 10).map((r) => r.slug));
    expect(() => parseListIndex("")).toThrow(IndexFormatError);
  });
});

describe("cursors", () => {
  it("round-trip, are base64url without padding, and bind the normalized query", () => {
    const q = queryOf("Nova  Phone");
    for (const key of [
      { tier: 0 as const, slug: "a" },
      { tier: 2 as const, slug: "kestrel-nova-12-pro-1x" },
    ]) {
      const c = encodeCursor(q, key);
      expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodeCursor(c)).toEqual({ queryKey: queryKey(q), key });
    }
    expect(queryKey(queryOf("NOVA-phone"))).toBe(queryKey(q));
    expect(queryKey(queryOf("nova phones"))).not.toBe(queryKey(q));
    expect(encodeCursor(null, { tier: 0, slug: "alpha-phone" })).toBe("Mi4uMC5hbHBoYS1waG9uZQ");
  });

  it("only the canonical spelling decodes (one key, one cursor, one static file name)", () => {
    const c = encodeCursor(null, { tier: 0, slug: "alpha-phone" });
    expect(decodeCursor(`${c}=`)).toBeNull();
    expect(decodeCursor(`${c.slice(0, -1)}R`)).toBeNull(); // other trailing bits
    expect(decodeCursor(btoa("2..1.alpha").replace(/=+$/, ""))).toBeNull(); // a plain walk has no tiers
    expect(decodeCursor(btoa("2..0.Alpha").replace(/=+$/, ""))).toBeNull();
    expect(decodeCursor(btoa("2..0.a.b").replace(/=+$/, ""))).toBeNull();
    expect(decodeCursor(btoa("1..0.alpha").replace(/=+$/, ""))).toBeNull(); // version 1 ranked by three tiers
    expect(decodeCursor(btoa("2.00000000000000.4.alpha").replace(/=+$/, ""))).toBeNull(); // four tiers, 0 to 3
  });
});

describe("parseListRequest", () => {
  const parse = (qs: string, p = "/api/v1/devices") => parseListRequest(new URL(`https://x.example${p}?${qs}`));
  it("defaults, bounds and normalization", () => {
    expect(parse("")).toMatchObject({ ok: true, req: { limit: DEFAULT_LIMIT, query: null, cursor: null, after: null, legacy: false } });
    expect(parse("limit=1")).toMatchObject({ ok: true, req: { limit: 1 } });
    expect(parse("limit=100")).toMatchObject({ ok: true, req: { limit: 100 } });
    expect(parse("limit=101")).toMatchObject({ ok: false, code: "invalid-limit" });
    expect(parse("q=%20!%20")).toMatchObject({ ok: true, req: { query: null } });
    expect(parse("q=Ünï", "/api/devices")).toMatchObject({ ok: true, req: { query: { norm: "uni" }, legacy: true } });
    expect(parse("foo=1&bar")).toMatchObject({ ok: true });
  });

  it.each([
    ["type=laptop", ["laptop"]],
    ["type=tablet,phone", ["phone", "tablet"]],
    ["type=phone,tablet,phone", ["phone", "tablet"]],
    ["type=phone%2Ctablet", ["phone", "tablet"]],
    ["type=", null],
    ["", null],
  ])("reads %j as the types %o (the schema's order, each once)", (qs, types) => {
    expect(parse(qs)).toMatchObject({ ok: true, req: { types } });
  });

  it.each([["type=laptops"], ["type=Laptop"], ["type=phone,"], ["type=,phone"], ["type=phone,,tablet"], ["type=%20laptop"]])(
    "refuses %j naming the allowed types",
    (qs) => {
      const p = parse(qs);
      expect(p).toMatchObject({ ok: false, code: "invalid-type", members: { allowed: ["phone", "tablet", "laptop", "chromebook", "wearable", "other"] } });
      expect(p.ok || p.detail).toContain("phone, tablet, laptop, chromebook, wearable, other");
    },
  );

  it("checks duplicate, limit, q, type, then cursor", () => {
    expect(parse("type=x&type=y")).toMatchObject({ ok: false, code: "duplicate-parameter", members: { parameter: "type" } });
    expect(parse("type=x&limit=0")).toMatchObject({ ok: false, code: "invalid-limit" });
    expect(parse(`type=x&q=${"a".repeat(201)}`)).toMatchObject({ ok: false, code: "query-too-long" });
    expect(parse("type=x&cursor=garbage!")).toMatchObject({ ok: false, code: "invalid-type" });
  });

  it("binds a cursor to the types: one set in any spelling, and no other", () => {
    const key = { tier: 0 as const, slug: "alpha-phone" };
    const c = encodeCursor(null, key, ["phone", "tablet"]);
    expect(parse(`type=tablet,phone&cursor=${c}`)).toMatchObject({ ok: true, req: { after: key } });
    for (const other of ["", "type=phone", "type=phone,tablet,laptop", "q=alpha&type=phone,tablet"]) {
      expect(parse(`${other}&cursor=${c}`), other).toMatchObject({ ok: false, code: "cursor-mismatch" });
    }
    // Without type, cursors are as they were before the filter existed.
    expect(encodeCursor(null, key, null)).toBe("Mi4uMC5hbHBoYS1waG9uZQ");
    expect(queryKey(queryOf("nova"), null)).toBe(queryKey(queryOf("nova")));
    expect(queryKey(queryOf("nova"), ["phone"])).not.toBe(queryKey(queryOf("nova")));
  });
});

describe("bodies", () => {
  const items = fixtures.filter((r) => r.publication.state === "published").map((r) => deviceSummary(r, site));
  const texts = items.map((i) => JSON.stringify(i, null, 2));
  const meta = { nextCursor: null, nested: { a: [1, { b: "x\ny" }], empty: [] }, s: "</script>\u2028" };

  it("pageText is JSON.stringify of the page, byte for byte, for 0, 1 and many items", () => {
    for (const n of [0, 1, texts.length]) {
      expect(pageText(texts.slice(0, n), meta)).toBe(`${JSON.stringify({ devices: items.slice(0, n), meta }, null, 2)}\n`);
    }
  });

  it("legacyText is JSON.stringify of the bare array", () => {
    for (const n of [0, 1, texts.length]) expect(legacyText(texts.slice(0, n))).toBe(`${JSON.stringify(items.slice(0, n), null, 2)}\n`);
  });

  it("itemFromDocument cuts a record file to exactly the list item, hostile text included", () => {
    for (const r of fixtures) {
      const doc = `${JSON.stringify(deviceDocument(r, site), null, 2)}\n`;
      expect(itemFromDocument(doc), r.slug).toBe(JSON.stringify(deviceSummary(r, site), null, 2));
    }
    expect(() => itemFromDocument('{\n  "slug": "x"\n}\n')).toThrow();
    expect(() => itemFromDocument('{\n  "attribution": {},\n  "later": 1\n}\n')).toThrow();
  });
});
