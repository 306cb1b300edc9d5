// npm run bench [-- --sizes 1000,10000,50000] [--quick] [--repeat N] [--scratch DIR]
// The benchmark suite of issue 5. Every measurement runs in a fresh child
// process; this file only orchestrates, prints the tables and writes
// bench/results/<sizes>.json and bench/results/latest.json.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { jsonText } from "../generator/contract/json-text.ts";
import { measureBaseline, type BaselineResult } from "./baseline.ts";
import { measureEdgeColdStart } from "./edge-cold-start.ts";
import { measureBuild, type BuildResult } from "./full-build.ts";
import { measureChurn } from "./churn.ts";
import { quantile, ROOT, round, runChild, synthCatalog, type Usage } from "./lib.ts";
import { loadAverage, machine } from "./machine.ts";
import { measurePreviewLoad } from "./preview-load.ts";
import { measureRebuild } from "./rebuild.ts";
import { evaluateTargets, render, type ListCoreSize, type Measured, type Results, type SearchIndexSize, type SizeResult } from "./report.ts";
import { measureWriteFloor } from "./write-floor.ts";

const { values: flags } = parseArgs({
  options: { sizes: { type: "string" }, quick: { type: "boolean", default: false }, repeat: { type: "string", default: "1" }, scratch: { type: "string" } },
});
const sizes = (flags.sizes ?? (flags.quick ? "200,1000" : "1000,10000,50000"))
  .split(",")
  .map(Number)
  .sort((a, b) => a - b);
if (!sizes.length || sizes.some((x) => !Number.isInteger(x) || x < 1)) {
  console.error("error: --sizes takes positive integers separated by commas");
  process.exit(2);
}
const repeat = Number(flags.repeat);
if (!Number.isInteger(repeat) || repeat < 1) {
  console.error("error: --repeat takes a positive integer");
  process.exit(2);
}
// The 10,000-device targets (and the rebuild and load tests) are read at 10,000, or the largest size below it.
const refSize = sizes.includes(10_000) ? 10_000 : (sizes.filter((x) => x <= 10_000).at(-1) ?? sizes[0]!);
const load = flags.quick ? { connections: 10, durationS: 2, warmupS: 1, rounds: 2 } : { connections: 10, durationS: 10, warmupS: 3, rounds: 5 };
const say = (line: string) => console.error(`[bench] ${line}`);

const machineInfo = machine();
// Catalogs and builds go under --scratch (default: the OS temp folder, on disk here; made if missing), removed at the end.
if (flags.scratch) mkdirSync(flags.scratch, { recursive: true });
const work = mkdtempSync(path.join(flags.scratch ?? os.tmpdir(), "dlr-bench-"));
say(`${machineInfo.cpu}, ${machineInfo.cores} cores, Node ${machineInfo.node}; sizes ${sizes.join(", ")}; scratch ${work}`);

/** Run one measurement; on failure note why (the first error line of the child) and go on with the others. */
async function attempt<T>(what: string, errors: Record<string, string>, f: () => Promise<T>, at = ""): Promise<T | undefined> {
  try {
    return await f();
  } catch (e) {
    const lines = (e as Error).message.split("\n");
    errors[what] = lines.find((l) => /^\w*Error\b|^FATAL|heap/.test(l)) ?? lines[0] ?? "failed";
    say(`${at}${what} failed: ${errors[what]}`);
    return undefined;
  }
}

/**
 * The fastest of --repeat runs (the one least disturbed by other work on the
 * machine), each into a fresh output folder, with every run's wall time; peak
 * RSS is the highest of the runs (a memory limit must hold for every run).
 */
async function fastest<T extends Usage>(outDir: string, f: () => Promise<T>): Promise<T> {
  const runs: T[] = [];
  for (let i = 0; i < repeat; i++) runs.push(await once(outDir, f));
  return fastestOf(runs);
}

/** One run into a fresh output folder. */
async function once<T>(outDir: string, f: () => Promise<T>): Promise<T> {
  rmSync(outDir, { recursive: true, force: true });
  return f();
}

function fastestOf<T extends Usage>(runs: T[]): T {
  const best = runs.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
  return { ...best, peakRssMB: Math.max(...runs.map((r) => r.peakRssMB)), runsMs: runs.map((r) => r.wallMs) };
}

/**
 * The build and the bare Eleventy baseline, alternating (build, baseline, build,
 * baseline, ...), so load from other work on the machine weighs on both alike;
 * the CPU ratio is the median of the rounds' ratios.
 */
async function buildBesideBaseline(devices: number, errors: Record<string, string>) {
  const dir = (name: string) => path.join(work, `${devices}`, name);
  const builds: BuildResult[] = [];
  const baselines: BaselineResult[] = [];
  const ratios: number[] = [];
  for (let i = 0; i < repeat; i++) {
    say(`${devices}: full build${repeat > 1 ? ` (round ${i + 1} of ${repeat})` : ""}`);
    const build = await attempt("build", errors, () => once(dir("dist"), () => measureBuild(dir("catalog"), dir("dist"))), `${devices}: `);
    if (build) builds.push(build);
    say(`${devices}: bare Eleventy baseline`);
    const baseline = await attempt("baseline", errors, () => once(dir("baseline"), () => measureBaseline(dir("catalog"), dir("baseline"))), `${devices}: `);
    rmSync(dir("baseline"), { recursive: true, force: true });
    if (baseline) baselines.push(baseline);
    if (build && baseline) ratios.push(build.cpuMs / baseline.cpuMs);
  }
  return {
    build: builds.length ? fastestOf(builds) : undefined,
    baseline: baselines.length ? fastestOf(baselines) : undefined,
    cpuOverBaseline: ratios.length ? round(quantile(ratios, 0.5), 2) : undefined,
  };
}

async function measureSize(devices: number): Promise<SizeResult> {
  const dir = (name: string) => path.join(work, `${devices}`, name);
  const errors: Record<string, string> = {};
  say(`${devices}: synthesizing catalog`);
  await synthCatalog(devices, dir("catalog"));
  const { build, baseline, cpuOverBaseline } = await buildBesideBaseline(devices, errors);
  say(`${devices}: write floor`);
  const floor = build
    ? await attempt("floor", errors, () => fastest(dir("floor"), () => measureWriteFloor(dir("dist"), dir("floor"))), `${devices}: `)
    : undefined;
  rmSync(dir("floor"), { recursive: true, force: true });
  if (devices !== refSize) rmSync(path.join(work, `${devices}`), { recursive: true, force: true });
  return {
    devices,
    build,
    baseline,
    floor,
    errors,
    msPerDevice: build && round(build.wallMs / devices, 3),
    overBaseline: build && baseline && round(build.wallMs / baseline.wallMs, 2),
    cpuOverBaseline,
    overFloor: build && floor && round(build.wallMs / floor.wallMs, 2),
  };
}

/**
 * A per-size measurement in its own script (bench/list-core.ts, bench/search-index.ts), run when present;
 * it prints {"sizes":[...]} as the last line of stdout.
 */
async function childSizes<T>(name: string): Promise<Measured<T>> {
  const script = path.join(ROOT, `bench/${name}.ts`);
  if (!existsSync(script)) return { status: "absent", sizes: [] };
  say(`${name} (bench/${name}.ts)`);
  try {
    const { json, stdout } = await runChild<{ sizes?: T[] } | T[]>(script, [], { env: flags.quick ? { BENCH_QUICK: "1" } : {}, timeoutMs: 30 * 60_000 });
    const found = Array.isArray(json) ? json : json?.sizes;
    return found?.length ? { status: "measured", sizes: found } : { status: "unparsed", sizes: [], output: stdout };
  } catch (e) {
    return { status: "failed", sizes: [], output: (e as Error).message };
  }
}

let results: Results;
try {
  const perSize: SizeResult[] = [];
  for (const devices of sizes) perSize.push(await measureSize(devices));
  const refDir = (name: string) => path.join(work, `${refSize}`, name);
  const errors: Record<string, string> = {};
  const refBuilt = perSize.find((p) => p.devices === refSize)?.build !== undefined;
  say(`${refSize}: one-record change`);
  const rebuild = refBuilt ? await attempt("rebuild", errors, () => measureRebuild(refDir("catalog"), refDir("dist"))) : undefined;
  say(`${refSize}: files each kind of rebuild changes`);
  const churn = refBuilt ? await attempt("churn", errors, () => measureChurn(refDir("catalog"), refDir("churn"))) : undefined;
  rmSync(refDir("churn"), { recursive: true, force: true });
  say(`${refSize}: preview and serve under load`);
  const previewLoad = refBuilt ? await attempt("preview load", errors, () => measurePreviewLoad(refDir("dist"), load)) : undefined;
  say(`${refSize}: edge function cold start under Deno`);
  const edgeColdStart = refBuilt ? await attempt("edge cold start", errors, () => measureEdgeColdStart(refDir("dist"))) : undefined;
  const partial = {
    machine: machineInfo,
    command: `npm run bench -- ${process.argv.slice(2).join(" ")}`.trim().replace(/ --$/, ""),
    repeat,
    sizes,
    refSize,
    perSize,
    rebuild: rebuild ? { devices: refSize, ...rebuild } : null,
    churn: churn ?? null,
    listCore: await childSizes<ListCoreSize>("list-core"),
    searchIndex: await childSizes<SearchIndexSize>("search-index"),
    previewLoad: previewLoad ? { devices: refSize, ...previewLoad } : null,
    edgeColdStart: edgeColdStart ? { devices: refSize, ...edgeColdStart } : null,
    errors,
  };
  machineInfo.loadAverage.end = loadAverage();
  results = { ...partial, targets: evaluateTargets(partial) };
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(render(results));
const dir = path.join(ROOT, "bench/results");
mkdirSync(dir, { recursive: true });
const name = flags.quick && !flags.sizes ? "quick" : `sizes-${sizes.join("-")}`;
for (const file of [`${name}.json`, "latest.json"]) writeFileSync(path.join(dir, file), jsonText(results));
say(`wrote bench/results/${name}.json and bench/results/latest.json`);
