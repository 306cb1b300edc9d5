// The list/search core at scale (issue 5 targets: search p99 < 5 ms and cold
// index load < 50 ms at 50,000 records). For each size:
// - cold index load: a fresh Deno process (the edge runtime; Node if Deno is
//   missing) decodes and parses the index file, 7 runs, median and worst;
// - per request: the whole computed answer of the edge function with the index
//   in memory (parse q/limit/cursor, search and page, assemble the body, ETag,
//   Response), over a seeded mix of realistic requests and the next page of
//   each (as a walking client asks): wall time p50/p99/max, and CPU time
//   p50/p99 (what Netlify's 50 ms budget counts; steadier on a busy machine).
//   "scan" is the search alone with nothing remembered: one full scan of the
//   index per q request.
// Item texts come from memory here (on the edge they are fetched: I/O, not CPU).
//   npx tsx bench/list-core.ts [--sizes 10000,50000]      (BENCH_QUICK=1: 1,000 only)
// Prints one line per size on stderr and {"sizes":[...]} as the last line of stdout.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { rng, synthRecords } from "../generator/synth/generate.ts";
import { catalogOf } from "../generator/derive/catalog.ts";
import { deviceSummary } from "../generator/derive/documents.ts";
import { formatListIndex, matchPositions, parseListIndex } from "../generator/derive/list-index.ts";
import { DEFAULT_LIMIT } from "../generator/contract/list-params.ts";
import type { ListSource } from "../generator/serve/answers/asked.ts";
import { answerList } from "../generator/serve/answers/list.ts";
import { encodeCursor, parseListRequest, pageResult } from "../generator/derive/list.ts";
import { quantile } from "./lib.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const { values: flags } = parseArgs({ options: { sizes: { type: "string" }, requests: { type: "string" } } });
const quick = process.env.BENCH_QUICK === "1";
const sizes = (flags.sizes ?? (quick ? "1000" : "10000,50000")).split(",").map(Number);
const REQUESTS = Number(flags.requests ?? (quick ? 500 : 4000));
const say = (line: string) => console.error(`[list-core] ${line}`);
const site = { siteUrl: "https://devices.example", baseUrl: "https://devices.example", now: "2026-09-10" };

const r3 = (x: number) => Math.round(x * 1000) / 1000;

/** A request mix a real client sends: names, aliases, model ids (with odd case, accents and spacing), prefixes, makers, walks, next pages. */
function requestMix(records: ReturnType<typeof synthRecords>, count: number): string[] {
  const rand = rng(7);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const accent: Record<string, string> = { a: "á", e: "é", o: "ö", u: "ü", i: "ï", c: "ç", n: "ñ" };
  const mangle = (s: string) =>
    [...s]
      .map((ch) => (rand() < 0.15 ? (accent[ch.toLowerCase()] ?? ch) : rand() < 0.3 ? ch.toUpperCase() : ch.toLowerCase()))
      .join("")
      .replace(/ /g, () => (rand() < 0.3 ? "  -  " : " "));
  const limit = () => (rand() < 0.6 ? null : pick([1, 10, 25, 100]));
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const r = pick(records);
    const roll = rand();
    const p = new URLSearchParams();
    if (roll < 0.25) p.set("q", mangle(r.name));
    else if (roll < 0.35) p.set("q", mangle(r.aliases[0] ?? r.name));
    else if (roll < 0.5) p.set("q", mangle(pick(r.variants).model));
    else if (roll < 0.65) p.set("q", r.name.slice(0, 3 + Math.floor(rand() * 8)));
    else if (roll < 0.75) p.set("q", r.manufacturer);
    else if (roll < 0.85) p.set("q", pick(["pro", "nova 3", "edge", "max 12", "lite"]));
    else if (rand() < 0.7) p.set("cursor", encodeCursor(null, { tier: 0, slug: r.slug })); // the plain walk, from anywhere
    const l = limit();
    if (l !== null) p.set("limit", String(l));
    out.push(p.toString());
  }
  return out;
}

async function measureSize(n: number, work: string) {
  say(`${n}: synthesizing and indexing`);
  const records = synthRecords(n, 1);
  const published = catalogOf(records).published;
  const items = new Map(published.map((r) => [r.slug, JSON.stringify(deviceSummary(r, site), null, 2)]));
  const text = formatListIndex(published, site);
  const file = path.join(work, `index-${n}.txt`);
  writeFileSync(file, text);

  // Cold load in a fresh runtime.
  const deno = path.join(ROOT, "node_modules/.bin/deno");
  const runtime = existsSync(deno) ? "deno" : "node";
  const loads = Array.from({ length: 7 }, () => {
    const out =
      runtime === "deno"
        ? execFileSync(deno, ["run", "--allow-read", path.join(ROOT, "bench/list-index-load.ts"), file], { cwd: ROOT, encoding: "utf8" })
        : execFileSync(process.execPath, ["--import", "tsx", path.join(ROOT, "bench/list-index-load.ts"), file], { cwd: ROOT, encoding: "utf8" });
    return JSON.parse(out.trim().split("\n").pop()!) as { totalMs: number };
  });
  const cold = loads.map((l) => l.totalMs);

  // Warm requests, index in memory.
  const index = parseListIndex(text);
  const source: ListSource = { index: async () => index, items: async (slugs) => slugs.map((s) => items.get(s)!) };
  const mix = requestMix(published, REQUESTS);
  // Half the requests ask for the next page of the request before, as a walking client does.
  const run = async (qs: string) => {
    const url = new URL(`${site.baseUrl}/api/v1/devices?${qs}`);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const parsed = parseListRequest(url);
    if (!parsed.ok) throw new Error(`bench request rejected: ${qs}`);
    const response = await answerList(new Request(url), parsed.req, source);
    const t1 = performance.now();
    const c1 = process.cpuUsage(c0);
    if (response.status !== 200) throw new Error(`bench request answered ${response.status}: ${qs}`);
    let scan: number | null = null;
    if (parsed.req.query) {
      const s0 = performance.now();
      matchPositions(index, parsed.req.query);
      scan = performance.now() - s0;
    }
    return { request: t1 - t0, cpu: (c1.user + c1.system) / 1000, scan, next: pageResult(index, parsed.req).nextCursor };
  };
  for (const qs of mix.slice(0, 200)) await run(qs);
  const request: number[] = [];
  const cpu: number[] = [];
  const search: number[] = [];
  for (const qs of mix) {
    const first = await run(qs);
    request.push(first.request);
    cpu.push(first.cpu);
    if (first.scan !== null) search.push(first.scan);
    if (first.next) {
      const p = new URLSearchParams(qs);
      p.set("cursor", first.next);
      const second = await run(p.toString());
      request.push(second.request);
      cpu.push(second.cpu);
    }
  }
  const result = {
    records: published.length,
    p50Ms: r3(quantile(request, 0.5)),
    p99Ms: r3(quantile(request, 0.99)),
    maxMs: r3(Math.max(...request)),
    cpuP50Ms: r3(quantile(cpu, 0.5)),
    cpuP99Ms: r3(quantile(cpu, 0.99)),
    scanP50Ms: r3(quantile(search, 0.5)),
    scanP99Ms: r3(quantile(search, 0.99)),
    requests: request.length,
    coldLoadMs: r3(quantile(cold, 0.5)),
    coldLoadMaxMs: r3(Math.max(...cold)),
    coldLoadRuntime: runtime,
    indexBytes: Buffer.byteLength(text),
    defaultLimit: DEFAULT_LIMIT,
  };
  say(
    `${n} records: request p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms (CPU p50 ${result.cpuP50Ms} ms, p99 ${result.cpuP99Ms} ms; uncached scan p50 ${result.scanP50Ms} ms, p99 ${result.scanP99Ms} ms, ${result.requests} requests); ` +
      `cold index load ${result.coldLoadMs} ms median, ${result.coldLoadMaxMs} ms worst (${runtime}); index ${(result.indexBytes / 1e6).toFixed(2)} MB`,
  );
  return result;
}

const work = mkdtempSync(path.join(os.tmpdir(), "dlr-list-core-"));
try {
  const results = [];
  for (const n of sizes) results.push(await measureSize(n, work));
  console.log(JSON.stringify({ sizes: results }));
} finally {
  rmSync(work, { recursive: true, force: true });
}
