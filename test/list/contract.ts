// The HTTP contract of the list (GET /api/v1/devices and /api/devices), as one
// suite that runs against every target (test/helpers/targets.ts) serving a
// build of a few hundred records. Expectations come from the build itself
// (the record files) and the reference ranking in derive/search.ts, never
// from the code under test's own answers.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compareKeys, queryOf, searchFieldsOf, tierOf, type SortKey } from "../../generator/derive/search.ts";
import { DEFAULT_LIMIT, MAX_QUERY_LENGTH } from "../../generator/contract/list-params.ts";
import { encodeCursor } from "../../generator/derive/list.ts";
import { DEVICE_TYPES } from "../../generator/contract/device-types.ts";
import type { HttpTarget as Target } from "../helpers/targets.ts";

export interface PublishedRecord {
  slug: string;
  name: string;
  aliases: string[];
  manufacturer: string;
  deviceType: string;
  variants: { model: string }[];
}

/** The published records of a build, read from its own files (index slugs, then each record file). */
export function publishedOf(dist: string): PublishedRecord[] {
  const lines = readFileSync(path.join(dist, "api/v1/list/index.txt"), "utf8").split("\n");
  const count = JSON.parse(lines[0]!).count as number;
  return lines.slice(1, 1 + count).map((slug) => JSON.parse(readFileSync(path.join(dist, `api/v1/devices/${slug}.json`), "utf8")));
}

/** The reference answer order for q: every published record's tier by tierOf, sorted by (tier, slug). */
export function expectedOrder(records: PublishedRecord[], q: string): string[] {
  const query = queryOf(q);
  if (!query.norm) return records.map((r) => r.slug).sort();
  return records
    .flatMap((r) => {
      const tier = tierOf(query, searchFieldsOf(r));
      return tier === null ? [] : [{ tier, slug: r.slug } as SortKey];
    })
    .sort(compareKeys)
    .map((k) => k.slug);
}

/**
 * Queries whose answer order is not slug order: some exact match sorts (by
 * slug) after a prefix match, and some prefix match after an "other" match.
 * Only these can tell a ranking from a plain filter.
 */
export function discriminatingQueries(records: PublishedRecord[]): { exactBeforePrefix: string; prefixBeforeOther: string } {
  const candidates = [
    ...new Set(
      records.flatMap((r) => [
        r.name,
        ...r.aliases,
        ...r.name
          .split(" ")
          .slice(1)
          .map((_, i, w) => w.slice(0, i + 1).join(" ")),
      ]),
    ),
  ].sort();
  const inverted = (q: string, lo: number, hi: number) => {
    const query = queryOf(q);
    const keys = records.flatMap((r) => {
      const tier = tierOf(query, searchFieldsOf(r));
      return tier === null ? [] : [{ tier, slug: r.slug }];
    });
    const lastOf = (tier: number) =>
      keys
        .filter((k) => k.tier === tier)
        .map((k) => k.slug)
        .sort()
        .at(-1);
    const firstOf = (tier: number) =>
      keys
        .filter((k) => k.tier === tier)
        .map((k) => k.slug)
        .sort()[0];
    const a = lastOf(lo);
    const b = firstOf(hi);
    return a !== undefined && b !== undefined && a > b;
  };
  // Tiers (search.ts): 0 exact name, 1 exact code, 2 prefix, 3 other.
  const exactBeforePrefix = candidates.find((q) => inverted(q, 0, 2));
  const prefixBeforeOther = candidates.find((q) => inverted(q, 2, 3));
  if (!exactBeforePrefix || !prefixBeforeOther) throw new Error("the catalog has no query whose ranking differs from slug order; use a larger one");
  return { exactBeforePrefix, prefixBeforeOther };
}

/** Our strong ETag: the SHA-1 of the body (derive/etags.ts), the same whichever layer answers. */
export const ETAG = /^"[0-9a-f]{40}"$/;

export async function get(t: Target, pathAndQuery: string, headers: Record<string, string> = {}) {
  return t.fetch(pathAndQuery, { headers });
}

export interface Walk {
  slugs: string[];
  pages: { status: number; body: any; headers: Headers }[];
}

/** Follows meta.nextCursor from the first page until it is null (at most `maxPages`). */
export async function walk(t: Target, params: Record<string, string>, maxPages = 2000): Promise<Walk> {
  const out: Walk = { slugs: [], pages: [] };
  let cursor: string | null = null;
  for (let i = 0; i < maxPages; i++) {
    const p = new URLSearchParams(params);
    if (cursor) p.set("cursor", cursor);
    const res = await get(t, `/api/v1/devices?${p}`);
    const body: any = await res.json();
    out.pages.push({ status: res.status, body, headers: res.headers });
    if (res.status !== 200) throw new Error(`page ${i} answered ${res.status}: ${JSON.stringify(body)}`);
    out.slugs.push(...body.devices.map((d: { slug: string }) => d.slug));
    cursor = body.meta.nextCursor;
    if (cursor === null) return out;
  }
  throw new Error(`no last page after ${maxPages} pages`);
}

/** Every problem answer: its status, problem+json, the stable type, and never HTML. */
export async function expectProblem(res: Response, status: number, code: string) {
  expect(res.status, res.url).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
  const body: any = await res.json();
  expect(body).toMatchObject({ type: `/docs/problems#${code}`, status });
  expect(typeof body.title).toBe("string");
  expect(typeof body.detail).toBe("string");
  return body;
}

/** Mangles text the way users type it: case, accents, punctuation and spacing. */
export function mangle(s: string): string {
  const accents: Record<string, string> = { a: "á", e: "ë", o: "ô", u: "ü", i: "î", n: "ñ", c: "ç" };
  return `  ${[...s]
    .map((ch, i) => (i % 2 ? ch.toUpperCase() : (accents[ch.toLowerCase()] ?? ch)))
    .join("")
    .replace(/ /g, " -  ")}. `;
}

/**
 * The suite. `target()` is read when the tests run (servers start in beforeAll).
 * The catalog must hold a few hundred published records (a synthetic one).
 */
export function listContract(target: () => Target) {
  const t = () => target();
  let records: PublishedRecord[] | undefined;
  const published = () => (records ??= publishedOf(t().dist));

  describe("the plain walk", () => {
    for (const limit of [1, 7, undefined, 100]) {
      it(`at limit ${limit ?? `default (${DEFAULT_LIMIT})`} returns every published record once, in slug order`, async () => {
        const all = published()
          .map((r) => r.slug)
          .sort();
        const w = await walk(t(), limit === undefined ? {} : { limit: String(limit) });
        expect(w.slugs).toEqual(all);
        const size = limit ?? DEFAULT_LIMIT;
        expect(w.pages.length).toBe(Math.max(1, Math.ceil(all.length / size)));
        for (const [i, p] of w.pages.entries()) {
          expect(p.headers.get("content-type")).toBe("application/json; charset=utf-8");
          expect(p.headers.get("etag")).toMatch(ETAG);
          expect(p.headers.get("cache-control")).toMatch(/max-age=300.*stale-while-revalidate/);
          expect(p.body.meta).toMatchObject({ limit: size, total: all.length, query: null, order: "slug" });
          // When the page's data last changed: the newest `updated` of its records, never the build day.
          expect(p.body.meta.updated).toBe(
            p.body.devices
              .map((d: { updated: string }) => d.updated)
              .sort()
              .at(-1) ?? null,
          );
          expect(p.body.meta.attribution.license.version).toBe("1");
          const last = i === w.pages.length - 1;
          expect(p.body.devices.length).toBe(last ? all.length - size * i : size);
          if (last) expect(p.body.meta.next).toBeNull();
          else expect(p.body.meta.next).toMatch(new RegExp(`/api/v1/devices\\?(limit=${size}&)?cursor=${p.body.meta.nextCursor}$`));
        }
      });
    }

    it("list items are the records' own documents without the attribution (which is in meta)", async () => {
      const res = await get(t(), "/api/v1/devices?limit=3");
      const body: any = await res.json();
      for (const item of body.devices) {
        const { attribution, ...doc } = JSON.parse(readFileSync(path.join(t().dist, `api/v1/devices/${item.slug}.json`), "utf8"));
        expect(item).toEqual(doc);
        expect(body.meta.attribution).toEqual(attribution);
      }
    });

    it("an explicit default limit, an empty q and unknown parameters give the same bytes as the plain first page", async () => {
      const plain = await (await get(t(), "/api/v1/devices")).text();
      for (const qs of [`?limit=${DEFAULT_LIMIT}`, "?q=", "?q=%20%2D%20", "?utm_source=x&foo=1", `?limit=0${DEFAULT_LIMIT}`]) {
        expect(await (await get(t(), `/api/v1/devices${qs}`)).text(), qs).toBe(plain);
      }
    });
  });

  describe("search: exact-name-first", () => {
    const queries = () => {
      const rs = published();
      const withAlias = rs.find((r) => r.aliases.length)!;
      const withModel = rs[Math.floor(rs.length / 3)]!;
      const d = discriminatingQueries(rs);
      return [
        d.exactBeforePrefix,
        mangle(d.exactBeforePrefix),
        d.prefixBeforeOther,
        rs[5]!.name,
        mangle(rs[11]!.name),
        withAlias.aliases[0]!,
        mangle(withAlias.aliases[0]!),
        withModel.variants[0]!.model,
        mangle(withModel.variants[0]!.model.toLowerCase()),
        rs[7]!.name.slice(0, 4),
        rs[3]!.manufacturer,
        "pro",
        "no such device anywhere",
      ];
    };

    it("walks (limit 7) return exactly the reference order: exact, then prefix, then other matches, each by slug", async () => {
      for (const q of queries()) {
        const w = await walk(t(), { q, limit: "7" });
        expect(w.slugs, q).toEqual(expectedOrder(published(), q));
        for (const p of w.pages) expect(p.body.meta).toMatchObject({ query: queryOf(q).norm, order: "exact-name-first", total: w.slugs.length });
      }
    });

    it("a record whose name, alias or model id equals the query comes first, whatever the case, accents and spacing", async () => {
      const rs = published();
      const byName = rs[20]!;
      const byAlias = rs.find((r) => r.aliases.length && r.slug > byName.slug)!;
      const byModel = rs[40]!;
      for (const [q, slug] of [
        [mangle(byName.name), byName.slug],
        [mangle(byAlias.aliases[0]!), byAlias.slug],
        [mangle(byModel.variants.at(-1)!.model), byModel.slug],
      ] as const) {
        const body: any = await (await get(t(), `/api/v1/devices?${new URLSearchParams({ q, limit: "100" })}`)).json();
        const exact = body.devices.filter((d: PublishedRecord) => tierOf(queryOf(q), searchFieldsOf(d)) === 0).map((d: PublishedRecord) => d.slug);
        expect(exact, q).toContain(slug);
        expect(
          body.devices.slice(0, exact.length).map((d: PublishedRecord) => d.slug),
          q,
        ).toEqual(exact);
      }
    });

    it("a name that reads like another device's name or code lists the device of that exact name first", async () => {
      for (const [q, slug] of [
        ["iphone 11", "apple-iphone-11"], // not the first iPhone, whose identifier is iPhone1,1
        ["iPhone 11", "apple-iphone-11"],
        ["iPhone1,1", "apple-iphone-1"],
        ["surface pro 7+", "microsoft-surface-pro-7-plus"], // not the Surface Pro 7
        ["Surface Pro 7 Plus", "microsoft-surface-pro-7-plus"],
        ["surface pro 7", "microsoft-surface-pro-7"],
      ] as const) {
        const body: any = await (await get(t(), `/api/v1/devices?${new URLSearchParams({ q, limit: "5" })}`)).json();
        expect(body.devices[0]?.slug, q).toBe(slug);
      }
      const iphone11: any = await (await get(t(), `/api/v1/devices?${new URLSearchParams({ q: "iphone 11", limit: "100" })}`)).json();
      expect(iphone11.devices.map((d: PublishedRecord) => d.slug)).not.toContain("apple-iphone-1");
    });

    it("the same query, differently typed, is the same search (same bytes)", async () => {
      const name = published()[9]!.name;
      const a = await (await get(t(), `/api/v1/devices?${new URLSearchParams({ q: name })}`)).text();
      const b = await (await get(t(), `/api/v1/devices?${new URLSearchParams({ q: mangle(name) })}`)).text();
      expect(b).toBe(a);
    });
  });

  describe("the device type filter", () => {
    const slugsOf = (types: string[]) =>
      published()
        .filter((r) => types.includes(r.deviceType))
        .map((r) => r.slug)
        .sort();

    it("type=laptop lists laptops only, every one of them, at every limit", async () => {
      const laptops = slugsOf(["laptop"]);
      expect(laptops.length).toBeGreaterThan(7);
      for (const limit of ["7", undefined]) {
        const w = await walk(t(), { type: "laptop", ...(limit ? { limit } : {}) });
        expect(w.slugs).toEqual(laptops);
        for (const p of w.pages) {
          for (const d of p.body.devices) expect(d.deviceType).toBe("laptop");
          expect(p.body.meta).toMatchObject({ type: ["laptop"], total: laptops.length, query: null, order: "slug" });
          if (p.body.meta.next) expect(p.body.meta.next).toMatch(new RegExp(`\\?type=laptop&(limit=7&)?cursor=${p.body.meta.nextCursor}$`));
        }
      }
    });

    it("each type alone, and all of them together, partition the catalog", async () => {
      const all: string[] = [];
      for (const type of DEVICE_TYPES) {
        const w = await walk(t(), { type, limit: "100" });
        expect(w.slugs, type).toEqual(slugsOf([type]));
        all.push(...w.slugs);
      }
      expect(all.sort()).toEqual(slugsOf([...DEVICE_TYPES]));
      expect((await walk(t(), { type: DEVICE_TYPES.join(","), limit: "100" })).slugs).toEqual(slugsOf([...DEVICE_TYPES]));
    });

    it("a comma list is one set: any order and repeats give the same bytes, in the schema's order", async () => {
      const w = await walk(t(), { type: "wearable,tablet", limit: "9" });
      expect(w.slugs).toEqual(slugsOf(["tablet", "wearable"]));
      expect(w.pages[0]!.body.meta.type).toEqual(["tablet", "wearable"]);
      expect(w.pages[0]!.body.meta.next).toContain("?type=tablet,wearable&limit=9&cursor=");
      const a = await (await get(t(), "/api/v1/devices?type=tablet,wearable")).text();
      for (const qs of ["type=wearable,tablet", "type=tablet,wearable,tablet", "type=wearable%2Ctablet"]) {
        expect(await (await get(t(), `/api/v1/devices?${qs}`)).text(), qs).toBe(a);
      }
    });

    it("type with q: the search's exact-name-first order, of that type only", async () => {
      const rs = published();
      const d = discriminatingQueries(rs);
      for (const q of [d.exactBeforePrefix, d.prefixBeforeOther, rs[3]!.manufacturer, "pro"]) {
        for (const types of [["phone"], ["tablet", "laptop"]]) {
          const kept = new Set(slugsOf(types));
          const w = await walk(t(), { q, type: types.join(","), limit: "5" });
          expect(w.slugs, `${q} ${types}`).toEqual(expectedOrder(rs, q).filter((s) => kept.has(s)));
          for (const p of w.pages) expect(p.body.meta).toMatchObject({ query: queryOf(q).norm, type: types, total: w.slugs.length });
        }
      }
    });

    it("an empty type is no filter", async () => {
      expect(await (await get(t(), "/api/v1/devices?type=")).text()).toBe(await (await get(t(), "/api/v1/devices")).text());
    });

    it("a cursor is bound to its types: with other types, or none, 400 cursor-mismatch", async () => {
      const typed: any = await (await get(t(), "/api/v1/devices?type=phone&limit=3")).json();
      const plain: any = await (await get(t(), "/api/v1/devices?limit=3")).json();
      await expectProblem(await get(t(), `/api/v1/devices?cursor=${typed.meta.nextCursor}`), 400, "cursor-mismatch");
      await expectProblem(await get(t(), `/api/v1/devices?type=tablet&cursor=${typed.meta.nextCursor}`), 400, "cursor-mismatch");
      await expectProblem(await get(t(), `/api/v1/devices?type=phone&q=pro&cursor=${typed.meta.nextCursor}`), 400, "cursor-mismatch");
      await expectProblem(await get(t(), `/api/v1/devices?type=phone&cursor=${plain.meta.nextCursor}`), 400, "cursor-mismatch");
      // A cursor names a position: the typed walk's continues at another limit.
      const next: any = await (await get(t(), `/api/v1/devices?type=phone&limit=4&cursor=${typed.meta.nextCursor}`)).json();
      expect([...typed.devices, ...next.devices].map((d: PublishedRecord) => d.slug)).toEqual(slugsOf(["phone"]).slice(0, 7));
    });

    it("an unknown type is 400 invalid-type, naming the allowed values", async () => {
      for (const type of ["laptops", "Laptop", "computer", "phone,", "phone,watch", "%00", "%3Cscript%3E"]) {
        const body = await expectProblem(await get(t(), `/api/v1/devices?type=${type}`), 400, "invalid-type");
        expect(body.allowed, type).toEqual([...DEVICE_TYPES]);
        for (const allowed of DEVICE_TYPES) expect(body.detail).toContain(allowed);
      }
      await expectProblem(await get(t(), "/api/devices?type=laptops"), 400, "invalid-type");
    });

    it("the deprecated endpoint filters alike, and its rel=next keeps the type", async () => {
      const res = await get(t(), "/api/devices?type=laptop&limit=2");
      expect(((await res.json()) as PublishedRecord[]).map((d) => d.slug)).toEqual(slugsOf(["laptop"]).slice(0, 2));
      expect(res.headers.get("link")).toMatch(/<\/api\/devices\?type=laptop&limit=2&cursor=[A-Za-z0-9_-]+>; rel="next"/);
    });
  });

  describe("cursors", () => {
    it("the next page follows the cursor, with limit changed between pages", async () => {
      const all = published()
        .map((r) => r.slug)
        .sort();
      const first: any = await (await get(t(), "/api/v1/devices?limit=5")).json();
      const second: any = await (await get(t(), `/api/v1/devices?limit=9&cursor=${first.meta.nextCursor}`)).json();
      expect([...first.devices, ...second.devices].map((d: PublishedRecord) => d.slug)).toEqual(all.slice(0, 14));
    });

    it("a cursor names a position, not a page: one taken from a limit-7 walk continues a default-limit walk", async () => {
      const all = published()
        .map((r) => r.slug)
        .sort();
      const c = encodeCursor(null, { tier: 0, slug: all[6]! });
      const page: any = await (await get(t(), `/api/v1/devices?cursor=${c}`)).json();
      expect(page.devices.map((d: PublishedRecord) => d.slug)).toEqual(all.slice(7, 7 + DEFAULT_LIMIT));
    });

    it("a cursor used with another q (or none) is rejected: 400 cursor-mismatch", async () => {
      const q = published()[10]!.manufacturer;
      const page: any = await (await get(t(), `/api/v1/devices?${new URLSearchParams({ q, limit: "2" })}`)).json();
      const c = page.meta.nextCursor;
      expect(c).toEqual(expect.any(String));
      await expectProblem(await get(t(), `/api/v1/devices?cursor=${c}`), 400, "cursor-mismatch");
      await expectProblem(await get(t(), `/api/v1/devices?q=other&cursor=${c}`), 400, "cursor-mismatch");
      const plain: any = await (await get(t(), "/api/v1/devices?limit=2")).json();
      await expectProblem(await get(t(), `/api/v1/devices?q=${encodeURIComponent(q)}&cursor=${plain.meta.nextCursor}`), 400, "cursor-mismatch");
      // The same q typed differently is the same search: the cursor is accepted.
      expect((await get(t(), `/api/v1/devices?${new URLSearchParams({ q: mangle(q), cursor: c })}`)).status).toBe(200);
    });

    it("malformed or forged cursors are 400 invalid-cursor", async () => {
      const valid = encodeCursor(null, { tier: 0, slug: "a" });
      for (const c of [
        "",
        "x",
        "!!!",
        "%00",
        "..%2F..%2Fetc",
        btoa("1..0.UPPER"),
        btoa("3..0.alpha").replace(/=+$/, ""),
        btoa("1..0.alpha").replace(/=+$/, ""), // version 1 ranked by three tiers
        btoa("2..1.alpha").replace(/=+$/, ""),
        `${valid}A`,
        "a".repeat(400),
      ]) {
        await expectProblem(await get(t(), `/api/v1/devices?cursor=${c}`), 400, "invalid-cursor");
      }
    });
  });

  describe("errors", () => {
    it("limit out of range or not an integer is 400 invalid-limit", async () => {
      for (const l of ["0", "101", "-1", "1.5", "abc", "", "1e2", "%205", "0x10", "99999999999999999999"]) {
        const body = await expectProblem(await get(t(), `/api/v1/devices?limit=${l}`), 400, "invalid-limit");
        expect(body).toMatchObject({ minimum: 1, maximum: 100 });
      }
      await expectProblem(await get(t(), "/api/v1/devices?q=pro&limit=500"), 400, "invalid-limit");
    });

    it(`q longer than ${MAX_QUERY_LENGTH} characters is 400 query-too-long; ${MAX_QUERY_LENGTH} is fine`, async () => {
      await expectProblem(await get(t(), `/api/v1/devices?q=${"é".repeat(MAX_QUERY_LENGTH + 1)}`), 400, "query-too-long");
      expect((await get(t(), `/api/v1/devices?q=${"é".repeat(MAX_QUERY_LENGTH)}`)).status).toBe(200);
    });

    it("a parameter given twice is 400 duplicate-parameter", async () => {
      for (const qs of ["limit=5&limit=6", "q=a&q=b", "cursor=x&cursor=y", "type=phone&type=tablet"]) {
        const body = await expectProblem(await get(t(), `/api/v1/devices?${qs}`), 400, "duplicate-parameter");
        expect(body.parameter).toBe(qs.split("=")[0]);
      }
    });

    it("odd input never gives a 500 or HTML", async () => {
      for (const qs of ["q=%FF%FE", "q=%00", "q=%3Cscript%3E", "q=%F0%9F%98%80", `q=${"a%20".repeat(150)}`, "limit=%E2%80%8B5"]) {
        const res = await get(t(), `/api/v1/devices?${qs}`);
        expect(res.status, qs).toBeLessThan(500);
        expect(res.headers.get("content-type"), qs).toMatch(/^application\/(problem\+)?json/);
      }
    });
  });

  describe("conditional requests", () => {
    for (const qs of ["", "?limit=3", "?q=pro&limit=4"]) {
      it(`a matching If-None-Match gives 304 with the ETag and no body (${qs || "static first page"})`, async () => {
        const first = await get(t(), `/api/v1/devices${qs}`);
        const etag = first.headers.get("etag")!;
        expect(etag).toMatch(ETAG);
        const hit = await get(t(), `/api/v1/devices${qs}`, { "If-None-Match": `"nope", ${etag}` });
        expect(hit.status).toBe(304);
        expect(hit.headers.get("etag")).toBe(etag);
        // What a 304 carries (docs/API.md#caching-validation-and-cors): the ETag and the caching fields, and nothing that names no value.
        expect(hit.headers.get("cache-control")).toMatch(/max-age=300/);
        expect(hit.headers.get("content-disposition")).toBeNull();
        expect(await hit.text()).toBe("");
        expect((await get(t(), `/api/v1/devices${qs}`, { "If-None-Match": '"stale"' })).status).toBe(200);
      });
    }
  });

  describe("GET /api/devices (deprecated)", () => {
    it("answers the same records as a bare array, with Deprecation, successor and deprecation links, no Sunset", async () => {
      const res = await get(t(), "/api/devices?limit=4");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("deprecation")).toBe(`@${Date.UTC(2026, 8, 6) / 1000}`);
      const link = res.headers.get("link")!;
      expect(link).toContain('</api/v1/devices>; rel="successor-version"');
      expect(link).toMatch(/<[^>]+>; rel="deprecation"/);
      expect(link).toMatch(/<\/api\/devices\?limit=4&cursor=[A-Za-z0-9_-]+>; rel="next"/);
      expect(res.headers.get("sunset")).toBeNull();
      expect(res.headers.get("etag")).toMatch(ETAG);
      const body: any = await res.json();
      const v1: any = await (await get(t(), "/api/v1/devices?limit=4")).json();
      expect(Array.isArray(body)).toBe(true);
      expect(body).toEqual(v1.devices);
    });

    it("following rel=next walks the whole catalog once", async () => {
      const slugs: string[] = [];
      let next: string | null = "/api/devices?limit=100";
      while (next) {
        const res = await get(t(), next);
        slugs.push(...((await res.json()) as PublishedRecord[]).map((d) => d.slug));
        next = /<([^>]+)>; rel="next"/.exec(res.headers.get("link") ?? "")?.[1] ?? null;
      }
      expect(slugs).toEqual(
        published()
          .map((r) => r.slug)
          .sort(),
      );
    });

    it("errors are the v1 problems, still marked deprecated", async () => {
      const res = await get(t(), "/api/devices?limit=0");
      expect(res.headers.get("deprecation")).toMatch(/^@\d+$/);
      await expectProblem(res, 400, "invalid-limit");
    });
  });
}
