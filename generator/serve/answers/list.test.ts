// The list's answers as the edge function gives them (list.ts), over the pure
// engine in derive/list.ts (tested beside it): a stored page when the build
// wrote one, otherwise a page computed from the index and the record files;
// the parameter problems; the deprecated list's bare array and its Link; 503
// when an input is missing. Plain Requests and in-memory sources, no server.
import { describe, expect, it } from "vitest";
import { deviceDocument } from "../../derive/documents.ts";
import { formatListIndex, parseListIndex } from "../../derive/list-index.ts";
import { encodeCursor, parseListRequest } from "../../derive/list.ts";
import { queryOf } from "../../derive/search.ts";
import { API_CACHE, MEDIA } from "../../contract/media.ts";
import { fixtureRecords, TEST_SITE } from "../../../test/helpers/records.ts";
import type { ListSource } from "./asked.ts";
import { answerList, handleList, itemReader } from "./list.ts";

const fixtures = fixtureRecords();
const site = TEST_SITE;

describe("answerList when its inputs fail", () => {
  const req = (qs: string) => {
    const url = new URL(`https://x.example/api/v1/devices?${qs}`);
    const parsed = parseListRequest(url);
    if (!parsed.ok) throw new Error(parsed.detail);
    return [new Request(url), parsed.req] as const;
  };
  const index = parseListIndex(
    formatListIndex(
      fixtures.filter((r) => r.publication.state === "published").sort((a, b) => (a.slug < b.slug ? -1 : 1)),
      site,
    ),
  );

  it("a missing index or record file is a 503 problem, not cached, never a 500", async () => {
    for (const source of [
      { index: () => Promise.reject(new Error("index.txt answered 404")), items: async () => [] },
      { index: async () => index, items: () => Promise.reject(new Error("alpha-phone.json answered 404")) },
    ]) {
      const res = await answerList(...req("q=phone"), source);
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("retry-after")).toBe("10");
      expect(await res.json()).toMatchObject({ type: "/docs/problems#unavailable", status: 503 });
    }
  });

  it("itemReader reads each record file once while it is kept, and again after a failure", async () => {
    const reads: string[] = [];
    let fail = true;
    const read = itemReader(async (slug) => {
      reads.push(slug);
      if (slug === "b" && fail) throw new Error("flaky");
      return `{\n  "slug": "${slug}",\n  "attribution": {}\n}\n`;
    }, 2);
    expect(await read(["a", "a"])).toEqual(['{\n  "slug": "a"\n}', '{\n  "slug": "a"\n}']);
    await expect(read(["b"])).rejects.toThrow("flaky");
    fail = false;
    await read(["b", "c", "a"]); // b again (it failed); c; then a, which b and c pushed out (limit 2)
    await read(["a"]); // kept
    expect(reads).toEqual(["a", "b", "b", "c", "a"]);
  });
});

describe("handleList", () => {
  const published = fixtures.filter((r) => r.publication.state === "published").sort((a, b) => (a.slug < b.slug ? -1 : 1));
  const SLUGS = published.map((r) => r.slug);
  const PHONES = published.filter((r) => r.deviceType === "phone").map((r) => r.slug);
  const index = parseListIndex(formatListIndex(published, site));
  /** The record files the build writes, as the edge reads them. */
  const files = new Map(published.map((r) => [r.slug, `${JSON.stringify(deviceDocument(r, site), null, 2)}\n`]));

  /** A request's answer over in-memory inputs: which stored pages it asked for, and whether it read the index. */
  async function answer(pathAndQuery: string, stored: Record<string, string> = {}, init?: RequestInit) {
    const asked: string[] = [];
    let indexReads = 0;
    const source: ListSource = {
      index: async () => {
        indexReads += 1;
        return index;
      },
      items: itemReader(async (slug) => files.get(slug) ?? Promise.reject(new Error(`${slug}.json answered 404`))),
    };
    const res = await handleList(new Request(new URL(pathAndQuery, site.baseUrl), init), source, async (file) => {
      asked.push(file);
      return stored[file] ?? null;
    });
    return { res, asked, indexReads };
  }
  const slugsOf = (items: { slug: string }[]) => items.map((i) => i.slug);
  const delta = encodeCursor(null, { tier: 0, slug: "delta-watch" });

  it.each([
    ["the whole catalog's first page", "/api/v1/devices", "/api/v1/list/pages/first.json"],
    ["the default limit written out, an unknown parameter ignored", "/api/v1/devices?limit=50&utm_source=x", "/api/v1/list/pages/first.json"],
    ["one device type's first page", "/api/v1/devices?type=phone", "/api/v1/list/pages/first.phone.json"],
    ["a page after a cursor", `/api/v1/devices?cursor=${delta}`, `/api/v1/list/pages/${delta}.json`],
  ])("answers %s with the stored page, reading no index", async (_, url, file) => {
    const page = '{\n  "devices": [],\n  "meta": "as the build wrote it"\n}\n';
    const { res, asked, indexReads } = await answer(url, { [file]: page });
    expect(asked).toEqual([file]);
    expect(indexReads).toBe(0);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(MEDIA.json);
    expect(res.headers.get("cache-control")).toBe(API_CACHE);
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
    expect(await res.text()).toBe(page);
  });

  it.each([
    ["a search", "/api/v1/devices?q=phone"],
    ["another page size", "/api/v1/devices?limit=3"],
    ["two device types", "/api/v1/devices?type=phone,tablet"],
    ["the deprecated list", "/api/devices"],
  ])("computes %s: the build stores no page for it", async (_, url) => {
    const { res, asked, indexReads } = await answer(url);
    expect(asked).toEqual([]);
    expect(indexReads).toBe(1);
    expect(res.status).toBe(200);
  });

  it.each([
    ["the whole catalog", "/api/v1/devices", SLUGS, "/api/v1/list/pages/first.json"],
    ["the phones", "/api/v1/devices?type=phone", PHONES, "/api/v1/list/pages/first.phone.json"],
  ])("computes %s when the stored page is missing, as the stored one would read", async (_, url, slugs, file) => {
    const { res, asked } = await answer(url);
    expect(asked).toEqual([file]);
    const body = await res.json();
    expect(slugsOf(body.devices)).toEqual(slugs);
    expect(body.meta).toMatchObject({ nextCursor: null, next: null, limit: 50, total: slugs.length, order: "slug", query: null });
    expect(body.devices[0]).toEqual(JSON.parse(files.get(slugs[0]!)!, (k, v) => (k === "attribution" ? undefined : v)));
  });

  it.each([
    ["v1, by its meta.next", "/api/v1/devices?limit=4", 3],
    ["v1, the phones", "/api/v1/devices?type=phone&limit=2", 3],
    ["deprecated, by its Link rel=next", "/api/devices?limit=4", 3],
  ])("walks every page, %s", async (how, first, pages) => {
    const seen: string[] = [];
    let next: string | null = first;
    let count = 0;
    while (next) {
      const { res } = await answer(next);
      expect(res.status).toBe(200);
      const body = await res.json();
      count += 1;
      if (how.startsWith("deprecated")) {
        expect(Array.isArray(body)).toBe(true);
        seen.push(...slugsOf(body));
        const link = res.headers.get("link")!;
        expect(link).toContain('</api/v1/devices>; rel="successor-version"');
        expect(res.headers.get("deprecation")).toBe("@1788652800");
        next = /<([^>]+)>; rel="next"/.exec(link)?.[1] ?? null;
      } else {
        seen.push(...slugsOf(body.devices));
        next = body.meta.next;
        if (next) expect(next.startsWith(`${site.baseUrl}/api/v1/devices?`)).toBe(true);
      }
    }
    expect(count).toBe(pages);
    expect(seen).toEqual(first.includes("type=phone") ? PHONES : SLUGS);
  });

  it("gives the deprecated list the v1 page's items as a bare array", async () => {
    const v1 = await (await answer("/api/v1/devices?q=phone&limit=3")).res.json();
    const legacy = await (await answer("/api/devices?q=phone&limit=3")).res.json();
    expect(legacy).toEqual(v1.devices);
    expect(v1.meta).toMatchObject({ query: "phone", order: "exact-name-first", limit: 3 });
  });

  it("ranks an exact name first", async () => {
    const body = await (await answer("/api/v1/devices?q=GAMMA%20phone")).res.json();
    expect(body.devices[0].slug).toBe("gamma-phone");
    expect(body.meta.query).toBe("gamma phone");
  });

  const otherWalk = encodeCursor(queryOf("alpha"), { tier: 0, slug: "alpha-phone" });
  it.each([
    ["limit=0", "invalid-limit", { minimum: 1, maximum: 100 }],
    ["limit=1e1", "invalid-limit", { minimum: 1, maximum: 100 }],
    ["q=a&q=b", "duplicate-parameter", { parameter: "q" }],
    [`q=${"a".repeat(201)}`, "query-too-long", { maxLength: 200 }],
    ["type=toaster", "invalid-type", { allowed: ["phone", "tablet", "laptop", "chromebook", "wearable", "other"] }],
    ["cursor=not-a-cursor", "invalid-cursor", {}],
    [`q=beta&cursor=${otherWalk}`, "cursor-mismatch", {}],
  ])("?%s is a 400 %s problem, reading nothing", async (query, code, members) => {
    for (const path of ["/api/v1/devices", "/api/devices"]) {
      const { res, asked, indexReads } = await answer(`${path}?${query}`);
      expect([asked, indexReads]).toEqual([[], 0]);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toBe(MEDIA.problem);
      expect(res.headers.get("deprecation")).toBe(path === "/api/devices" ? "@1788652800" : null);
      const body = await res.json();
      expect(body).toEqual({
        type: `/docs/problems#${code}`,
        title: expect.any(String),
        status: 400,
        detail: expect.any(String),
        instance: `${path}?${query}`,
        ...members,
      });
    }
  });

  it("answers HEAD with the GET's status and ETag and no body, and a 304 to the ETag it gave", async () => {
    const get = (await answer("/api/v1/devices?limit=3")).res;
    const etag = get.headers.get("etag")!;
    const head = (await answer("/api/v1/devices?limit=3", {}, { method: "HEAD" })).res;
    expect([head.status, head.headers.get("etag"), await head.text()]).toEqual([200, etag, ""]);
    const again = (await answer("/api/v1/devices?limit=3", {}, { headers: { "If-None-Match": etag } })).res;
    expect([again.status, again.headers.get("etag"), await again.text()]).toEqual([304, etag, ""]);
  });

  it("marks a deprecated list that cannot be computed deprecated too", async () => {
    const url = new URL("/api/devices", site.baseUrl);
    const parsed = parseListRequest(url);
    if (!parsed.ok) throw new Error(parsed.detail);
    const res = await answerList(new Request(url), parsed.req, { index: () => Promise.reject(new Error("index.txt answered 404")), items: async () => [] });
    expect(res.status).toBe(503);
    expect(res.headers.get("deprecation")).toBe("@1788652800");
    expect(await res.json()).toMatchObject({ detail: expect.stringContaining("index.txt answered 404") });
  });
});
