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
import { measureWriteFloor, type FloorResult } from "./write-floor.ts";

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

/** One run into a fresh output folder. */
async function once<T>(outDir: string, f: () => Promise<T>): Promise<T> {
  rmSync(outDir, { recursive: true, force: true });
  return f();
}

/**
 * The fastest of --repeat runs (the one least disturbed by other work on the
 * machine), with every run's wall time; peak RSS is the highest of the runs
 * (a memory limit must hold for every run).
 */
function fastestOf<T extends Usage>(runs: T[]): T {
  const best = runs.reduce((a, b) => (b.wallMs < a.wallMs ? b : a));
  return { ...best, peakRssMB: Math.max(...runs.map((r) => r.peakRssMB)), runsMs: runs.map((r) => r.wallMs) };
}

/**
 * The build, the bare Eleventy baseline and the write floor (the build's own
 * files written by plain Node), alternating (build, baseline, floor, build,
 * ...), so load from other work on the machine and the disk's swings weigh on
 * all three alike; each CPU ratio is the median of the rounds' ratios.
 */
async function buildBesideBaseline(devices: number, errors: Record<string, string>) {
  const dir = (name: string) => path.join(work, `${devices}`, name);
  const builds: BuildResult[] = [];
  const baselines: BaselineResult[] = [];
  const floors: FloorResult[] = [];
  const overBaseline: number[] = [];
  const overFloor: number[] = [];
  for (let i = 0; i < repeat; i++) {
    say(`${devices}: full build${repeat > 1 ? ` (round ${i + 1} of ${repeat})` : ""}`);
    const build = await attempt("build", errors, () => once(dir("dist"), () => measureBuild(dir("catalog"), dir("dist"))), `${devices}: `);
    if (build) builds.push(build);
    say(`${devices}: bare Eleventy baseline`);
    const baseline = await attempt("baseline", errors, () => once(dir("baseline"), () => measureBaseline(dir("catalog"), dir("baseline"))), `${devices}: `);
    rmSync(dir("baseline"), { recursive: true, force: true });
    if (baseline) baselines.push(baseline);
    if (build && baseline) overBaseline.push(build.cpuMs / baseline.cpuMs);
    if (!build) continue;
    say(`${devices}: write floor`);
    const floor = await attempt("floor", errors, () => once(dir("floor"), () => measureWriteFloor(dir("dist"), dir("floor"))), `${devices}: `);
    rmSync(dir("floor"), { recursive: true, force: true });
    if (floor) floors.push(floor);
    if (floor) overFloor.push(build.cpuMs / floor.cpuMs);
  }
  const median = (xs: number[]) => (xs.length ? round(quantile(xs, 0.5), 2) : undefined);
  return {
    build: builds.length ? fastestOf(builds) : undefined,
    baseline: baselines.length ? fastestOf(baselines) : undefined,
    floor: floors.length ? fastestOf(floors) : undefined,
    cpuOverBaseline: median(overBaseline),
    cpuOverFloor: median(overFloor),
  };
}

async function measureSize(devices: number): Promise<SizeResult> {
  const dir = (name: string) => path.join(work, `${devices}`, name);
  const errors: Record<string, string> = {};
  say(`${devices}: synthesizing catalog`);
  await synthCatalog(devices, dir("catalog"));
  const { build, baseline, floor, cpuOverBaseline, cpuOverFloor } = await buildBesideBaseline(devices, errors);
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
    cpuOverFloor,
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
