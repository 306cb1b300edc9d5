// The static index's answers against the list API's core, in process: for
// every query, the same records in the same order as searchPage over the list
// index. The trie is cut small (leaves of at most 12 records, subtrees
// gathered up to 150) so that a catalog of a few hundred records reaches every
// way the index answers: a leaf, a node's first results, the exact and prefix
// matches of several common words, a gathered subtree, and "type more".
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { synthRecords } from "../synth/generate.ts";
import { catalogOf } from "./catalog.ts";
import { formatListIndex, parseListIndex, searchPage } from "./list-index.ts";
import { queryOf, type SortKey } from "./search.ts";
import { searchIndexFiles } from "./search-chunks.ts";
import { CARDS_MAX, FIELD_END, HEAD_SIZE, PART_BYTES, nodeFile, parsePart, partFile, type NodeFile } from "./search-files.ts";
import { staticSearch } from "./search-static.ts";
import { DeviceRecord } from "../schema/record.ts";
import { searchQueries } from "../../test/helpers/queries.ts";
import { FIXTURES } from "../../test/helpers/build.ts";

const site = { siteUrl: "https://devices.example", baseUrl: "https://devices.example", now: "2026-11-22" };
const fixtures = readdirSync(path.join(FIXTURES, "devices")).map((f) =>
  DeviceRecord.parse(JSON.parse(readFileSync(path.join(FIXTURES, "devices", f), "utf8"))),
);
const published = catalogOf([...synthRecords(600, 21), ...fixtures]).published;
const limits = { leafMax: 12, subtreeMax: 150 };
/** The index files of the records, each with the given label, by path. */
function indexFiles(labelOf: (slug: string) => string): Map<string, string> {
  const files = new Map<string, string>();
  searchIndexFiles(
    published.map((r) => ({ ...r, label: labelOf(r.slug) })),
    (p, text) => files.set(p, text),
    limits,
  );
  return files;
}
const files = indexFiles((slug) => `label of ${slug}`);
const load = async (p: string) => {
  const text = files.get(p);
  if (text === undefined) throw new Error(`no index file ${p}`);
  return p.endsWith(".json") ? JSON.parse(text) : text;
};

/** Every slug the list API answers for q, in order (the whole walk). */
const index = parseListIndex(formatListIndex(published, site));
function apiSlugs(q: string): string[] {
  const query = queryOf(q);
  if (!query.norm) return [];
  const slugs: string[] = [];
  let after: SortKey | null = null;
  for (;;) {
    const page = searchPage(index, query, after, 100);
    slugs.push(...page.keys.map((k) => k.slug));
    if (!page.more) return slugs;
    after = page.keys[page.keys.length - 1]!;
  }
}

describe("the static index answers as the list API does", () => {
  const queries = searchQueries(published, 120);

  it(`over ${published.length} records and every query: the first page, the count, and every result`, async () => {
    const client = staticSearch(load);
    const seen = { exact: 0, atLeast: 0, narrower: 0 };
    const differ: string[] = [];
    for (const q of queries) {
      const api = apiSlugs(q);
      const first = await client.search(q, HEAD_SIZE);
      const all = await client.search(q, 1e9);
      const shown = (a: typeof all) => a.results.map((r) => r.slug).join();
      if (all.narrower) {
        seen.narrower += 1;
        // Asked to type more only when each word is in more records than a query may gather; what is shown is the API's first results.
        if (!queryOf(q).tokens.every((t) => apiSlugs(t).length > limits.subtreeMax)) differ.push(`${q}: asked to narrow`);
        if (shown(all) !== api.slice(0, all.results.length).join() || shown(first) !== api.slice(0, first.results.length).join())
          differ.push(`${q}: narrowed results`);
        continue;
      }
      if (shown(first) !== api.slice(0, HEAD_SIZE).join()) differ.push(`${q}: first page`);
      if (first.atLeast ? !(first.total! > 0 && first.total! <= api.length) : first.total !== api.length)
        differ.push(`${q}: count ${first.total} vs ${api.length}`);
      if (shown(all) !== api.join() || all.total !== api.length) differ.push(`${q}: all ${api.length}`);
      if (first.atLeast) seen.atLeast += 1;
      else seen.exact += 1;
    }
    expect(differ).toEqual([]);
    // Every way of answering was taken.
    expect(seen.exact).toBeGreaterThan(300);
    expect(seen.atLeast).toBeGreaterThan(3);
    expect(seen.narrower).toBeGreaterThan(0);
    expect(queries.length).toBeGreaterThan(400);
  });

  const parsed = new Map<string, ReturnType<typeof parsePart>>();
  const partOf = (p: string) => parsed.get(p) ?? parsed.set(p, parsePart(files.get(p)!)).get(p)!;
  it("holds each record of a node in one of its children (field-end leaves complete the subtrees a query may gather)", () => {
    for (const [p, text] of files) {
      if (!p.startsWith("t/") || !p.endsWith(".json")) continue;
      const node = JSON.parse(text) as NodeFile;
      if (node.total > limits.subtreeMax) continue;
      const under = new Set<string>();
      const walk = (n: NodeFile) => {
        for (const [ch, kind] of Object.entries(n.children)) {
          if (kind === "n") walk(JSON.parse(files.get(nodeFile(n.key + ch))!));
          else for (const e of partOf(partFile(n.key, kind)).get(ch)!) under.add(e.ref[0]);
        }
      };
      walk(node);
      expect(under.size, node.key).toBe(node.total);
    }
  });
});

describe("index files", () => {
  it("carry no build day and depend only on the records: another day's labels change card files alone", () => {
    const other = indexFiles((slug) => (slug === "alpha-phone" ? "another label" : `label of ${slug}`));
    const changed = [...files.keys()].filter((p) => files.get(p) !== other.get(p));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatch(/^c\//);
    expect([...other.keys()].sort()).toEqual([...files.keys()].sort());
  });

  it("keep every card file small, every leaf within its cut, and every part within its size unless one leaf fills it", () => {
    for (const [p, text] of files) {
      if (p.startsWith("c/")) expect(Object.keys(JSON.parse(text)).length, p).toBeLessThanOrEqual(CARDS_MAX);
      if (!p.endsWith(".txt")) continue;
      const leaves = parsePart(text);
      for (const [ch, entries] of leaves) if (ch !== FIELD_END) expect(entries.length, `${p} ${ch}`).toBeLessThanOrEqual(limits.leafMax);
      if (leaves.size > 1) expect(text.length, p).toBeLessThanOrEqual(PART_BYTES);
    }
  });

  it("nest as the trie does: a folder holds at most a file and a folder per character that follows its key", () => {
    const entries = new Map<string, Set<string>>();
    for (const p of files.keys()) {
      const parts = p.split("/");
      for (let i = 0; i < parts.length; i++) {
        const dir = parts.slice(0, i).join("/");
        if (!entries.has(dir)) entries.set(dir, new Set());
        entries.get(dir)!.add(parts[i]!);
      }
    }
    for (const [dir, names] of entries) {
      // Each entry is a character's name, with ".json" or ".<part>.txt" for a file (root.json and the empty prefix's "_" aside).
      const chars = new Set([...names].map((n) => n.replace(/\.(json|\d+\.txt)$/, "")));
      const parts = [...names].filter((n) => n.endsWith(".txt")).length;
      expect(names.size - parts, dir || "(root)").toBeLessThanOrEqual(2 * chars.size);
      for (const c of chars) if (dir) expect(c, `${dir}/${c}`).toMatch(/^([a-z0-9]|_[0-9a-f]+_|_)$/);
    }
    // A node file and a folder for each of the 36 letters and digits and a few other characters, and its key's parts of leaves (8 KB each):
    // hundreds, far under Netlify's 54,000 however large the catalog.
    expect(Math.max(...[...entries.values()].map((n) => n.size))).toBeLessThan(200);
  });
});
