// npm run test:load [-- --records N --seconds S]: the preview server under
// sustained load, as a child process on loopback, driven by autocannon with
// a mix of every kind of request (test/load/mix.ts):
//   1. throughput: rate limit off (--no-rate-limit);
//   2. rate limit on: every answer beyond the limit must be the documented 429.
// Each answer is checked against the one status documented for its request
// (429 allowed only in phase 2, only on rate-limited paths, and only as a
// problem document with its headers). The child's RSS is sampled every second
// and must stay flat (test/load/rss.ts). Exits 1 on any undocumented answer,
// socket error, timeout, crash or memory growth; the last line is the summary.
import { rmSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { exitOf, freePort, ROOT, spawnTs, stopChild, synthCatalog, waitForHttp } from "../../bench/lib.ts";
import { cliArgs } from "../../generator/load/flags.ts";
import { RATE_LIMIT } from "../../generator/contract/rate-limit.ts";
import { runsEdge as isRateLimitedPath } from "../../generator/serve/edge-paths.ts";
import { API, matchResource } from "../../generator/contract/resources.ts";
import { buildTo, tempDir } from "../helpers/build.ts";
import { requestMix, type Probe } from "./mix.ts";
import { flatness, sampleRss, type Flatness } from "./rss.ts";

const args = cliArgs({ records: { type: "string", default: "3000" }, seconds: { type: "string", default: "20" } });
const RECORDS = Number(args.records);
const SECONDS = Number(args.seconds);
const CONNECTIONS = 8;
if (!Number.isInteger(RECORDS) || RECORDS < 100 || !Number.isInteger(SECONDS) || SECONDS < 6) {
  console.error("error: --records must be an integer of at least 100 and --seconds one of at least 6");
  process.exit(2);
}

interface Phase {
  name: string;
  requests: number;
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  socketErrors: number;
  rss: Flatness;
  problems: string[];
}

const mb = (n: number) => n.toFixed(0);

/** Checks one answer; returns what is wrong with it, or null. */
function judge(p: Probe, status: number, body: string, rawHeaders: Record<string, string>, rateLimited: boolean): string | null {
  const headers = Object.fromEntries(Object.entries(rawHeaders).map(([k, v]) => [k.toLowerCase(), v]));
  const pathname = p.path.split("?")[0]!;
  if (status === 429) {
    if (!rateLimited || !isRateLimitedPath(pathname)) return `429 on ${p.path}, which is not rate limited here`;
    if (!/^\d+$/.test(headers["retry-after"] ?? "")) return `429 without Retry-After`;
    if (headers["ratelimit-policy"] !== `"${RATE_LIMIT.policy}";q=${RATE_LIMIT.limit};w=${RATE_LIMIT.windowSeconds}`)
      return `429 with RateLimit-Policy ${headers["ratelimit-policy"]}`;
    // A badge stays an image for an <img> (docs/exports.md); everything else is a problem.
    if (matchResource(API.badge, pathname))
      return headers["content-type"] === "image/svg+xml; charset=utf-8" ? null : `429 badge as ${headers["content-type"]}`;
    if (headers["content-type"] !== "application/problem+json; charset=utf-8") return `429 as ${headers["content-type"]}`;
    if (JSON.parse(body).type !== "/docs/problems#rate-limited") return `429 body ${body.slice(0, 100)}`;
    return null;
  }
  if (status !== p.expect) return `${status} (documented: ${p.expect}) for ${p.path}`;
  const api = pathname.startsWith("/api/");
  if (api && status >= 400 && !pathname.startsWith("/api/v1/badge/") && headers["content-type"] !== "application/problem+json; charset=utf-8")
    return `${status} as ${headers["content-type"]} for ${p.path}`;
  return null;
}

async function runPhase(name: string, dist: string, rateLimited: boolean, probesFor: (base: string) => Promise<Probe[]>): Promise<Phase> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawnTs(path.join(ROOT, "generator/cli/preview.ts"), ["--dir", dist, "--port", String(port), ...(rateLimited ? [] : ["--no-rate-limit"])]);
  const exited = exitOf(child);
  try {
    await waitForHttp(`${base}/`, exited);
    const probes = await probesFor(base);
    const problems: string[] = [];
    const unexpected = new Map<string, { count: number; example: string }>();
    let limitedAnswered = 0;
    const sampler = sampleRss(child.pid!);
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: probes.map((p) => ({
        method: "GET",
        path: p.path,
        headers: p.headers,
        onResponse: (status, body, _context, headers) => {
          if (rateLimited && status !== 429 && isRateLimitedPath(p.path.split("?")[0]!)) limitedAnswered += 1;
          const wrong = judge(p, status, body, headers, rateLimited);
          if (!wrong) return;
          const seen = unexpected.get(p.name) ?? { count: 0, example: wrong };
          unexpected.set(p.name, { ...seen, count: seen.count + 1 });
        },
      })),
    });
    const samples = sampler.stop();
    const dead = exited();
    if (dead) problems.push(`the server ${dead}`);
    for (const [what, { count, example }] of unexpected) problems.push(`${count} undocumented answer(s) to "${what}", e.g. ${example}`);
    const socketErrors = result.errors + result.timeouts;
    if (socketErrors) problems.push(`${result.errors} socket error(s), ${result.timeouts} timeout(s)`);
    const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]));
    for (const code of Object.keys(statuses)) if (Number(code) >= 500) problems.push(`${statuses[code]} answer(s) with status ${code}`);
    if (rateLimited) {
      // The window (60 s) outlasts a phase of up to a minute: one client gets the limit's worth per started minute, no more.
      const allowed = RATE_LIMIT.limit * Math.ceil(SECONDS / RATE_LIMIT.windowSeconds);
      if (limitedAnswered > allowed || limitedAnswered === 0)
        problems.push(`${limitedAnswered} answers other than 429 on rate-limited paths (expected 1 to ${allowed})`);
      if (!statuses["429"]) problems.push("no 429 at all: the limit was not enforced");
    }
    const rss = flatness(samples);
    if (!rss.flat)
      problems.push(
        `memory grew ${(rss.growth * 100).toFixed(1)} % (median of the first third ${mb(rss.firstThirdMB)} MB, of the last ${mb(rss.lastThirdMB)} MB)`,
      );
    return { name, requests: result.requests.total, statuses, p50Ms: result.latency.p50, p99Ms: result.latency.p99, socketErrors, rss, problems };
  } finally {
    await stopChild(child);
  }
}

function report(p: Phase): string {
  const r = p.rss;
  return (
    `[load] ${p.name}: ${p.requests} requests in ${SECONDS} s (${Math.round(p.requests / SECONDS)}/s), statuses ${JSON.stringify(p.statuses)}, ` +
    `latency p50 ${p.p50Ms} ms p99 ${p.p99Ms} ms, ${p.socketErrors} socket errors; ` +
    `RSS start ${mb(r.startMB)} MB, end ${mb(r.endMB)} MB, max ${mb(r.maxMB)} MB, median first third ${mb(r.firstThirdMB)} → last third ${mb(r.lastThirdMB)} MB (${r.growth >= 0 ? "+" : ""}${(r.growth * 100).toFixed(1)} %)` +
    (p.problems.length ? `\n${p.problems.map((x) => `[load]   FAIL ${x}`).join("\n")}` : "")
  );
}

const work = tempDir("dl-load-");
const phases: Phase[] = [];
try {
  const t0 = performance.now();
  await synthCatalog(RECORDS, work);
  const { outDir: dist } = await buildTo(work, "2026-11-22", path.join(work, "dist"));
  console.log(`[load] ${RECORDS} synthetic records built in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  let probes: Probe[] = [];
  phases.push(
    await runPhase("throughput, rate limit off", dist, false, async (base) => {
      probes = await requestMix(dist, base);
      return probes;
    }),
  );
  console.log(report(phases[0]!));
  phases.push(await runPhase("rate limit on", dist, true, async () => probes));
  console.log(report(phases[1]!));
} finally {
  // A few thousand records build to about 120 MB.
  rmSync(work, { recursive: true, force: true });
}

const failed = phases.filter((p) => p.problems.length);
const total = phases.reduce((n, p) => n + p.requests, 0);
console.log(
  failed.length
    ? `load: FAIL (${failed.map((p) => p.name).join("; ")}): ${total} requests`
    : `load: PASS: ${total} requests in ${phases.length} phases of ${SECONDS} s, every answer documented, no socket error, RSS flat (max ${mb(Math.max(...phases.map((p) => p.rss.maxMB)))} MB)`,
);
process.exit(failed.length ? 1 : 0);
