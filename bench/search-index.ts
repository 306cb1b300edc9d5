// The site search's static index at scale (issue 14: one keystroke fetches a
// few KB at 50,000 devices). For each size: the index built in memory
// (derive/search-chunks.ts: files, bytes, build time), then a seeded mix of
// queries typed a character at a time, each into a fresh browser cache, read
// through the browser's own client (derive/search-static.ts) with every file
// it fetches counted, raw and gzipped (the CDN compresses JSON and text).
// Per keystroke: the index files, cards included, that the keystroke's search
// fetched and no earlier keystroke of the same query had.
//   npx tsx bench/search-index.ts [--sizes 10000,50000] [--queries 300]      (BENCH_QUICK=1: 1,000, 60 queries)
// Prints one line per size on stderr and {"sizes":[...]} as the last line of stdout.
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { rng, synthRecords } from "../generator/synth/generate.ts";
import { catalogOf } from "../generator/derive/catalog.ts";
import { deviceSummary } from "../generator/derive/documents.ts";
import { searchIndexFiles } from "../generator/derive/search-chunks.ts";
import { staticSearch } from "../generator/derive/search-static.ts";
import { HEAD_SIZE } from "../generator/derive/search-files.ts";
import { quantile } from "./lib.ts";

const { values: flags } = parseArgs({ options: { sizes: { type: "string" }, queries: { type: "string" } } });
const quick = process.env.BENCH_QUICK === "1";
const sizes = (flags.sizes ?? (quick ? "1000" : "10000,50000")).split(",").map(Number);
const QUERIES = Number(flags.queries ?? (quick ? 60 : 300));
const say = (line: string) => console.error(`[search-index] ${line}`);
const site = { siteUrl: "https://devices.example", baseUrl: "https://devices.example", now: "2026-09-10" };

const kb = (bytes: number) => Math.round(bytes / 100) / 10;

/** What people type: names, aliases, model numbers (whole or from their second character), a maker and a line, with odd case and accents. */
function typedQueries(records: ReturnType<typeof synthRecords>, count: number): string[] {
  const rand = rng(17);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const accent: Record<string, string> = { a: "á", e: "é", o: "ö", u: "ü" };
  const mangle = (s: string) => [...s].map((ch) => (rand() < 0.1 ? (accent[ch] ?? ch) : rand() < 0.2 ? ch.toUpperCase() : ch)).join("");
  return Array.from({ length: count }, () => {
    const r = pick(records);
    const roll = rand();
    if (roll < 0.4) return mangle(r.name.toLowerCase());
    if (roll < 0.55) return r.aliases[0] ?? r.name.split(" ").slice(1).join(" ");
    if (roll < 0.75) return pick(r.variants).model;
    if (roll < 0.85) return pick(r.variants).model.slice(2);
    return `${r.manufacturer} ${r.name.split(" ")[1]}`;
  });
}

async function measureSize(n: number) {
  say(`${n}: synthesizing and indexing`);
  const published = catalogOf(synthRecords(n, 1)).published;
  const records = published.map((r) => ({ ...r, label: deviceSummary(r, site).verdict.label }));
  const texts = new Map<string, string>();
  const t0 = performance.now();
  searchIndexFiles(records, (path, text) => texts.set(path, text));
  const buildMs = performance.now() - t0;
  const gz = new Map<string, number>();
  const gzipped = (path: string) => {
    let b = gz.get(path);
    if (b === undefined) gz.set(path, (b = gzipSync(texts.get(path)!).length));
    return b;
  };
  const indexBytes = [...texts.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0);

  const perKey = { raw: [] as number[], gzip: [] as number[], files: [] as number[] };
  const perQuery = { raw: [] as number[], gzip: [] as number[] };
  let narrower = 0;
  let keystrokes = 0;
  for (const q of typedQueries(published, QUERIES)) {
    // A fresh cache per query: the cost of a first search on the page.
    let raw = 0;
    let gzip = 0;
    let count = 0;
    const client = staticSearch(async (path) => {
      const text = texts.get(path);
      if (text === undefined) throw new Error(`no such index file: ${path}`);
      raw += Buffer.byteLength(text);
      gzip += gzipped(path);
      count += 1;
      return path.endsWith(".json") ? JSON.parse(text) : text;
    });
    const chars = [...q];
    for (let i = 1; i <= chars.length; i++) {
      const before = { raw, gzip, count };
      const answer = await client.search(chars.slice(0, i).join(""), HEAD_SIZE);
      await client.cardsOf(answer.results);
      if (answer.narrower) narrower += 1;
      keystrokes += 1;
      perKey.raw.push(raw - before.raw);
      perKey.gzip.push(gzip - before.gzip);
      perKey.files.push(count - before.count);
    }
    perQuery.raw.push(raw);
    perQuery.gzip.push(gzip);
  }
  const result = {
    records: published.length,
    indexFiles: texts.size,
    indexMB: Math.round(indexBytes / 1e5) / 10,
    buildMs: Math.round(buildMs),
    queries: QUERIES,
    keystrokes,
    keyP50KB: kb(quantile(perKey.raw, 0.5)),
    keyP90KB: kb(quantile(perKey.raw, 0.9)),
    keyP99KB: kb(quantile(perKey.raw, 0.99)),
    keyMaxKB: kb(Math.max(...perKey.raw)),
    keyGzipP50KB: kb(quantile(perKey.gzip, 0.5)),
    keyGzipP90KB: kb(quantile(perKey.gzip, 0.9)),
    keyGzipP99KB: kb(quantile(perKey.gzip, 0.99)),
    keyFilesP90: quantile(perKey.files, 0.9),
    queryGzipP50KB: kb(quantile(perQuery.gzip, 0.5)),
    queryGzipP90KB: kb(quantile(perQuery.gzip, 0.9)),
    narrowerShare: Math.round((narrower / keystrokes) * 1000) / 1000,
  };
  say(
    `${n}: index ${result.indexFiles} files, ${result.indexMB} MB, built in ${result.buildMs} ms; per keystroke p50/p90/p99/max ${result.keyP50KB}/${result.keyP90KB}/${result.keyP99KB}/${result.keyMaxKB} KB raw, ` +
      `${result.keyGzipP50KB}/${result.keyGzipP90KB}/${result.keyGzipP99KB} KB gzipped (p90 ${result.keyFilesP90} files); per typed query ${result.queryGzipP50KB}/${result.queryGzipP90KB} KB gzipped p50/p90; ${Math.round(result.narrowerShare * 1000) / 10}% of keystrokes asked to narrow`,
  );
  return result;
}

const results = [];
for (const n of sizes) results.push(await measureSize(n));
console.log(JSON.stringify({ sizes: results }));
