// The site search's static index against the list API, as built and served:
// for the same q, the same records in the same order, over hundreds of
// queries (test/helpers/queries.ts). Both sides over HTTP from the real
// preview server: the API walked page by page, the index read file by file as
// the browser reads it. (generator/derive/search-static.test.ts checks every
// way the index answers, with the trie cut small.)
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { synthRecords } from "../../generator/synth/generate.ts";
import { staticSearch } from "../../generator/derive/search-static.ts";
import { HEAD_SIZE } from "../../generator/derive/search-files.ts";
import { queryOf } from "../../generator/derive/search.ts";
import { PAGES } from "../../generator/contract/resources.ts";
import { searchQueries } from "../helpers/queries.ts";
import type { DeviceRecord } from "../../generator/schema/record.ts";
import { FIXTURES, buildTo, servePreview, tempDir, type Preview } from "../helpers/build.ts";

/** Enough records that the index, cut where it is in production, has nodes as well as leaves. */
const COUNT = 800;

describe("the site search's static index", () => {
  let preview: Preview;
  let records: DeviceRecord[];
  beforeAll(async () => {
    const data = tempDir();
    cpSync(path.join(FIXTURES, "devices"), path.join(data, "devices"), { recursive: true });
    records = synthRecords(COUNT, 11);
    mkdirSync(path.join(data, "devices"), { recursive: true });
    for (const r of records) writeFileSync(path.join(data, "devices", `${r.slug}.json`), JSON.stringify(r));
    preview = await servePreview((await buildTo(data)).outDir);
  });
  afterAll(() => preview?.close());

  /** Every slug the API lists for q, walking meta.next. */
  async function apiWalk(q: string): Promise<{ slugs: string[]; total: number }> {
    const slugs: string[] = [];
    let next: string | null = `/api/v1/devices?${new URLSearchParams({ q, limit: "100" })}`;
    let total = 0;
    while (next) {
      const res = await fetch(preview.url + next);
      expect(res.status, next).toBe(200);
      const body = (await res.json()) as { devices: { slug: string }[]; meta: { next: string | null; total: number } };
      slugs.push(...body.devices.map((d) => d.slug));
      total = body.meta.total;
      next = body.meta.next && new URL(body.meta.next).pathname + new URL(body.meta.next).search;
    }
    return { slugs, total };
  }

  const index = () => {
    let bytes = 0;
    let requests = 0;
    const client = staticSearch(async (p) => {
      const res = await fetch(preview.url + PAGES.searchIndex.file({ file: p }));
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      const text = await res.text();
      bytes += text.length;
      requests += 1;
      return p.endsWith(".json") ? JSON.parse(text) : text;
    });
    return { ...client, stats: () => ({ bytes, requests }) };
  };

  it("lists the same records in the same order as GET /api/v1/devices?q=, for every query", async () => {
    const qs = searchQueries(records.filter((r) => r.publication.state === "published"));
    expect(qs.length).toBeGreaterThan(300);
    const client = index();
    const differ: string[] = [];
    let broad = 0;
    for (const q of qs) {
      const api = queryOf(q).norm ? await apiWalk(q) : { slugs: [], total: 0 };
      // The first page, as the live search first shows it, and then every result.
      const first = await client.search(q, HEAD_SIZE);
      const all = await client.search(q, 1e9);
      // A first page of several common words may give a lower bound for the count (docs/search.md).
      const countAgrees = first.atLeast ? first.total! <= api.total && first.total! > 0 : first.total === api.total;
      if (!countAgrees || first.results.map((r) => r.slug).join() !== api.slugs.slice(0, HEAD_SIZE).join()) differ.push(`${q} (first page)`);
      // Cut where it is in production, the index gathers any word in at most 5,000 records: at this size, every query whole.
      if (all.total !== api.total || all.results.map((r) => r.slug).join() !== api.slugs.join() || all.narrower) differ.push(`${q} (all ${api.total})`);
      if (api.total > 200) broad += 1;
    }
    expect(differ).toEqual([]);
    expect(broad).toBeGreaterThan(5);
    console.log(
      `static search: ${qs.length} queries agree with the API (${broad} of them match more than 200 records); ${client.stats().requests} index files, ${(client.stats().bytes / 1e6).toFixed(2)} MB read`,
    );
  });

  it("shows what a result needs from small card files: name, manufacturer, models and the verdict headline of the API", async () => {
    const client = index();
    const answer = await client.search("alpha phone", HEAD_SIZE);
    const cards = await client.cardsOf(answer.results);
    const api = (await (await fetch(`${preview.url}/api/v1/devices/alpha-phone`)).json()) as {
      name: string;
      manufacturer: string;
      variants: { model: string }[];
      verdict: { headline: string };
    };
    expect(cards.get("alpha-phone")).toEqual([api.name, api.manufacturer, api.variants.map((v) => v.model), api.verdict.headline]);
    const hostile = await client.search("=1+1", HEAD_SIZE);
    expect((await client.cardsOf(hostile.results)).get("hostile-device")![0]).toBe(
      JSON.parse(readFileSync(path.join(FIXTURES, "devices/hostile-device.json"), "utf8")).name,
    );
  });
});
