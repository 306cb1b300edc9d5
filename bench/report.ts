// The suite's results, the targets of issue 5 evaluated against them, and the printed tables.
import type { BaselineResult } from "./baseline.ts";
import type { BuildResult } from "./full-build.ts";
import type { Machine } from "./machine.ts";
import type { EdgeColdStartResult } from "./edge-cold-start.ts";
import type { PreviewLoadResult } from "./preview-load.ts";
import type { RebuildResult } from "./rebuild.ts";
import type { ChurnResult } from "./churn.ts";
import type { FloorResult } from "./write-floor.ts";
import { round } from "./lib.ts";

/** One catalog size. A measurement that failed is absent, with its first error line in `errors`. */
export interface SizeResult {
  devices: number;
  build?: BuildResult;
  baseline?: BaselineResult;
  floor?: FloorResult;
  errors: Record<string, string>;
  msPerDevice?: number;
  /** Our build() wall time ÷ the baseline's (read + Eleventy) wall time. */
  overBaseline?: number;
  /** Our build's CPU time ÷ the baseline's, run alternating: the median of the rounds' ratios. */
  cpuOverBaseline?: number;
  /** Our build's CPU ÷ the write floor's CPU: the median of alternating rounds' ratios. */
  cpuOverFloor?: number;
  /** Our build() wall time ÷ the write floor's wall time. */
  overFloor?: number;
}

/** One size of the list/search core, as bench/list-core.ts reports it (see BENCHMARKS.md): these four, plus any detail it adds. */
export interface ListCoreSize {
  records: number;
  p50Ms: number;
  p99Ms: number;
  coldLoadMs: number;
  [detail: string]: number | string;
}

/** One size of the site search's static index, as bench/search-index.ts reports it (see docs/search.md). */
export interface SearchIndexSize {
  records: number;
  indexFiles: number;
  indexMB: number;
  keyGzipP90KB: number;
  [detail: string]: number | string;
}

/** A per-size measurement run as its own script. */
export interface Measured<T> {
  status: "measured" | "absent" | "failed" | "unparsed";
  sizes: T[];
  output?: string;
}

export interface Results {
  machine: Machine;
  command: string;
  /** Build, baseline and floor figures are the fastest of this many runs. */
  repeat: number;
  sizes: number[];
  /** The size the 10,000-device targets are read at (10,000 unless --sizes leaves it out). */
  refSize: number;
  perSize: SizeResult[];
  rebuild: (RebuildResult & { devices: number }) | null;
  churn: ChurnResult | null;
  listCore: Measured<ListCoreSize>;
  searchIndex: Measured<SearchIndexSize>;
  previewLoad: (PreviewLoadResult & { devices: number }) | null;
  edgeColdStart: (EdgeColdStartResult & { devices: number }) | null;
  /** Why the rebuild or load measurement is missing, if it is. */
  errors: Record<string, string>;
  targets: Target[];
}

export interface Target {
  target: string;
  measured: string;
  /** null: could not be measured in this run. */
  pass: boolean | null;
  note?: string;
}

const n = (x: number) => x.toLocaleString("en-US");
const s = (ms: number | undefined) => (ms === undefined ? "failed" : (ms / 1000).toFixed(2));
const mb = (x: number | undefined) => (x === undefined ? "failed" : n(Math.round(x)));
const failed = (p: SizeResult | undefined, what: string) => p?.errors[what] && `${what} failed: ${p.errors[what]}`;

export function evaluateTargets(r: Omit<Results, "targets">): Target[] {
  const at = (size: number) => r.perSize.find((p) => p.devices === size);
  const ref = at(r.refSize);
  const big = r.perSize.at(-1);
  const refNote = r.refSize === 10_000 ? undefined : `read at ${n(r.refSize)} devices; the target is set at 10,000`;
  const bigNote = big?.devices === 50_000 ? undefined : `read at ${n(big?.devices ?? 0)} devices; the target is set at 50,000`;
  // The list core counts published records (about 98.5% of a synthetic catalog).
  const core50k = r.listCore.sizes.at(-1);
  const coreNote =
    r.listCore.status !== "measured"
      ? `list core ${r.listCore.status}`
      : (core50k?.records ?? 0) >= 45_000
        ? undefined
        : `read at ${n(core50k?.records ?? 0)} records`;
  const targets: Target[] = [];
  const add = (target: string, measured: string | null | undefined, pass: boolean | null | undefined, note?: string) =>
    targets.push(measured == null ? { target, measured: "not measured", pass: null, note } : { target, measured, pass: pass ?? null, note });

  // A build that fails cannot meet a target; a missing baseline or floor leaves it unmeasured.
  add(
    "full build ≤ bare Eleventy baseline at 10k",
    ref?.overBaseline !== undefined
      ? `${ref.overBaseline}× (${s(ref.build?.wallMs)} s vs ${s(ref.baseline?.wallMs)} s)`
      : failed(ref, "build") || failed(ref, "baseline"),
    ref?.overBaseline !== undefined ? ref.overBaseline <= 1 : ref?.build ? null : false,
    refNote,
  );
  add(
    "full build CPU ≤ 2× bare Eleventy CPU at 10k (alternating runs)",
    ref?.cpuOverBaseline !== undefined
      ? `${ref.cpuOverBaseline}× (${s(ref.build?.cpuMs)} s vs ${s(ref.baseline?.cpuMs)} s)`
      : failed(ref, "build") || failed(ref, "baseline"),
    ref?.cpuOverBaseline !== undefined ? ref.cpuOverBaseline <= 2 : ref?.build ? null : false,
    refNote,
  );
  add(
    "full build CPU ÷ write-floor CPU at 10k (alternating runs; reported, no limit set)",
    ref?.cpuOverFloor !== undefined
      ? `${ref.cpuOverFloor}× (${s(ref.build?.cpuMs)} s vs ${s(ref.floor?.cpuMs)} s)`
      : failed(ref, "build") || failed(ref, "floor"),
    null,
    refNote,
  );
  add(
    "full build ≤ 3× write floor at 10k",
    ref?.overFloor !== undefined ? `${ref.overFloor}× (${s(ref.build?.wallMs)} s vs ${s(ref.floor?.wallMs)} s)` : failed(ref, "build") || failed(ref, "floor"),
    ref?.overFloor !== undefined ? ref.overFloor <= 3 : ref?.build ? null : false,
    refNote,
  );
  // Linear growth: 5.5× for 5× the devices, i.e. at most 1.1× the size ratio between any two sizes.
  if (ref && big && big.devices > ref.devices) {
    const limit = round((1.1 * big.devices) / ref.devices, 2);
    const growth = big.build && ref.build && round(big.build.wallMs / ref.build.wallMs, 2);
    const target = `50k build ≤ 5.5× the 10k build (${limit}× for ${n(big.devices)}/${n(ref.devices)})`;
    add(target, growth ? `${growth}×` : failed(big, "build") || failed(ref, "build"), growth ? growth <= limit : false, bigNote);
  } else add("50k build ≤ 5.5× the 10k build", undefined, undefined, "needs two sizes");
  add(
    "no folder > 54,000 entries at 50k (Netlify's limit)",
    big?.build ? `${n(big.build.largestFolder.entries)} in ${big.build.largestFolder.folder || "the root"}` : failed(big, "build"),
    big?.build ? big.build.largestFolder.entries <= 54_000 : big && false,
    bigNote,
  );
  add(
    "whole-catalog calendar ≤ 1 MB at 50k",
    big?.build ? `${n(big.build.catalogCalendarBytes)} bytes` : failed(big, "build"),
    big?.build ? big.build.catalogCalendarBytes <= 1_000_000 : big && false,
    bigNote,
  );
  add(
    "peak RSS < 2 GB at 50k",
    big?.build ? `${n(Math.round(big.build.peakRssMB))} MB` : failed(big, "build"),
    big?.build ? big.build.peakRssMB < 2048 : big && false,
    bigNote,
  );
  add(
    "one-record change < 2 s (10k catalog)",
    r.rebuild ? `${s(r.rebuild.endToEndMs)} s (${r.rebuild.mode})` : r.errors.rebuild,
    r.rebuild ? r.rebuild.endToEndMs < 2000 : undefined,
    r.rebuild && r.rebuild.devices !== 10_000 ? `read at ${n(r.rebuild.devices)} devices` : undefined,
  );
  const churnCase = (prefix: string) => r.churn?.cases.find((c) => c.name.startsWith(prefix));
  const nextDay = churnCase("(a)");
  const edit = churnCase("(c)");
  const churnNote = r.churn && r.churn.devices !== 10_000 ? `read at ${n(r.churn.devices)} devices` : undefined;
  add(
    "next-day rebuild ≤ 20 files per verdict transition + 20 (10k)",
    nextDay && `${n(nextDay.files)} files for ${nextDay.transitions} transitions (limit ${nextDay.limit})`,
    nextDay?.pass,
    churnNote,
  );
  add("one-record edit ≤ 16 files, each necessary (10k)", edit && `${edit.files} files, ${edit.unnecessary?.length ?? 0} unnecessary`, edit?.pass, churnNote);
  add("search core p99 < 5 ms at 50k", core50k && `${core50k.p99Ms} ms per request`, core50k && core50k.p99Ms < 5, coreNote);
  add("cold index load < 50 ms at 50k", core50k && `${core50k.coldLoadMs} ms`, core50k && core50k.coldLoadMs < 50, coreNote);
  const search50k = r.searchIndex.sizes.at(-1);
  const searchNote =
    r.searchIndex.status !== "measured"
      ? `search index ${r.searchIndex.status}`
      : (search50k?.records ?? 0) >= 45_000
        ? undefined
        : `read at ${n(search50k?.records ?? 0)} records`;
  add(
    "site search: 90% of keystrokes fetch ≤ 5 KB (gzipped) at 50k",
    search50k && `${search50k.keyGzipP90KB} KB`,
    search50k && search50k.keyGzipP90KB <= 5,
    searchNote,
  );
  const edge = r.edgeColdStart;
  add(
    "edge functions bundle ≤ 60 KB each",
    edge &&
      Object.entries(edge.bundleBytes)
        .map(([name, bytes]) => `${name} ${n(bytes)} bytes`)
        .join(", "),
    edge && Object.values(edge.bundleBytes).every((bytes) => bytes <= 60 * 1024),
  );
  const pl = r.previewLoad;
  add("preview ≥ 80% of plain serve throughput", pl ? `${Math.round(pl.previewOverServe * 100)}%` : r.errors["preview load"], pl && pl.previewOverServe >= 0.8);
  return targets;
}

function table(head: string[], rows: (string | number)[][]): string {
  const cells = [head, ...rows.map((row) => row.map(String))];
  const width = head.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const numeric = (c: string) => /^-?[\d.,]+×?$/.test(c);
  const line = (row: string[]) => `| ${row.map((c, i) => (numeric(c) ? c.padStart(width[i]!) : c.padEnd(width[i]!))).join(" | ")} |`;
  return [line(head), `|${width.map((w) => "-".repeat(w + 2)).join("|")}|`, ...cells.slice(1).map(line)].join("\n");
}

/** The whole report as Markdown tables (printed, and pasted into BENCHMARKS.md). */
export function render(r: Results): string {
  const m = r.machine;
  const out: string[] = [];
  out.push(
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB, Node ${m.node}, ${m.os}; ${m.date}`,
    `Load average (1/5/15 min): ${m.loadAverage.start.join("/")} at start, ${m.loadAverage.end?.join("/") ?? "?"} at end`,
    `Command: ${r.command}`,
    "",
  );

  out.push(
    `Full build (times in s${r.repeat > 1 ? `, fastest of ${r.repeat} runs; peak RSS the highest of them` : ""}; build = the build() call, start-up excluded; process = spawn to exit; load 1m = the machine's load average as it started)`,
    "",
  );
  out.push(
    table(
      [
        "devices",
        "build",
        "process",
        "CPU",
        "peak RSS MB",
        "files",
        "MB written",
        "largest folder",
        "shard digits",
        "calendar KB",
        "ms/device",
        "Eleventy baseline",
        "÷ baseline",
        "CPU ÷ baseline CPU",
        "write floor",
        "÷ floor",
        "CPU ÷ floor CPU",
        "load 1m",
      ],
      r.perSize.map((p) => [
        n(p.devices),
        s(p.build?.wallMs),
        s(p.build?.processMs),
        s(p.build?.cpuMs),
        mb(p.build?.peakRssMB),
        p.build ? n(p.build.files) : "",
        p.build ? (p.build.bytes / 1e6).toFixed(1) : "",
        p.build ? `${n(p.build.largestFolder.entries)} (${p.build.largestFolder.folder || "."})` : "",
        p.build?.shardDigits ?? "",
        p.build ? n(Math.round(p.build.catalogCalendarBytes / 1000)) : "",
        p.msPerDevice ?? "",
        s(p.baseline?.wallMs),
        p.overBaseline ?? "",
        p.cpuOverBaseline ?? "",
        s(p.floor?.wallMs),
        p.overFloor ?? "",
        p.cpuOverFloor ?? "",
        p.build?.load1m ?? "",
      ]),
    ),
    "",
  );

  const errors = r.perSize.flatMap((p) => Object.entries(p.errors).map(([what, e]) => `- ${n(p.devices)} devices, ${what}: ${e}`));
  if (errors.length) out.push("Failed measurements", "", ...errors, "");

  const built = r.perSize.filter((p) => p.build);
  const stages = [...new Set(built.flatMap((p) => Object.keys(p.build!.stages)))];
  out.push(
    "Stages (s; as build() reports them: each emitter's wall time, one after another)",
    "",
    table(
      ["devices", ...stages],
      built.map((p) => [n(p.devices), ...stages.map((k) => (p.build!.stages[k] === undefined ? "" : s(p.build!.stages[k]!)))]),
    ),
    "",
  );

  out.push(
    "Baseline and floor detail",
    "",
    table(
      ["devices", "baseline files", "baseline CPU s", "baseline RSS MB", "baseline load 1m", "floor files", "floor MB", "floor CPU s", "floor load 1m"],
      r.perSize.map((p) => [
        n(p.devices),
        p.baseline ? n(p.baseline.files) : "",
        s(p.baseline?.cpuMs),
        mb(p.baseline?.peakRssMB),
        p.baseline?.load1m ?? "",
        p.floor ? n(p.floor.files) : "",
        p.floor ? (p.floor.bytes / 1e6).toFixed(1) : "",
        s(p.floor?.cpuMs),
        p.floor?.load1m ?? "",
      ]),
    ),
    "",
  );

  if (r.repeat > 1) {
    const runs = (u: { runsMs?: number[] } | undefined) => u?.runsMs?.map((ms) => s(ms)).join(", ") ?? "";
    out.push(
      "Every run (s)",
      "",
      table(
        ["devices", "build", "baseline", "floor"],
        r.perSize.map((p) => [n(p.devices), runs(p.build), runs(p.baseline), runs(p.floor)]),
      ),
      "",
    );
  }

  if (r.rebuild) {
    const b = r.rebuild;
    const stages = b.stages
      ? ` (${Object.entries(b.stages)
          .map(([k, ms]) => `${k} ${s(ms)}`)
          .join(", ")})`
      : "";
    out.push(
      `One-record change at ${n(b.devices)} devices (${b.mode}, record ${b.slug}): ${s(b.endToEndMs)} s end to end${b.endToEndRunsMs ? ` (median of ${b.endToEndRunsMs.map(s).join(", ")} s)` : ""}${b.buildMs !== undefined ? `, of which build() ${s(b.buildMs)} s${stages}` : ""}${b.rebuildMs !== undefined ? `; the watcher logged its rebuild as ${s(b.rebuildMs)} s` : ""}`,
      "",
    );
  }

  if (r.churn) {
    const c = r.churn;
    out.push(
      `Files a rebuild changes, at ${n(c.devices)} published devices (${n(c.totalFiles)} files; bench/churn.ts)`,
      "",
      table(
        ["case", "files changed", "MB", "verdict transitions", "target", "result"],
        c.cases.map((x) => [
          x.name,
          n(x.files),
          (x.bytes / 1e6).toFixed(2),
          x.transitions ?? "",
          x.limit === undefined ? "report" : `≤ ${n(x.limit)}`,
          x.pass === undefined ? "" : x.pass ? "PASS" : "FAIL",
        ]),
      ),
      "",
    );
    for (const x of c.cases.filter((x) => x.list))
      out.push(
        `${x.name}: ${x.list!.map((f) => `\`${f}\``).join(", ")}${x.unnecessary?.length ? `; unnecessary: ${x.unnecessary.join(", ")}` : "; each carries the edited record"}`,
        "",
      );
  }

  if (r.edgeColdStart) {
    const e = r.edgeColdStart;
    out.push(
      `Edge function cold start under ${e.deno} (bench/edge-cold-start.ts; a fresh Deno process per run, 7 runs, over the ${n(e.devices)}-device dist/; bundles minified: ${Object.entries(
        e.bundleBytes,
      )
        .map(([name, bytes]) => `${name} ${n(bytes)} bytes`)
        .join(", ")})`,
      "",
      table(
        ["what", "median ms", "worst ms"],
        [
          ["import of api.ts's bundle", e.import.medianMs, e.import.worstMs],
          ["import + first answer: a record", e.record.medianMs, e.record.worstMs],
          ["import + first answer: a search (loads the list index)", e.search.medianMs, e.search.worstMs],
        ],
      ),
      "",
    );
  }

  for (const [what, e] of Object.entries(r.errors)) out.push(`${what} failed: ${e}`, "");

  for (const [m, title] of [
    [r.listCore, "List/search core (bench/list-core.ts; a request is the whole computed answer, index in memory)"],
    [r.searchIndex, "Site search index (bench/search-index.ts; queries typed a character at a time into a fresh cache; KB a keystroke fetches)"],
  ] as const) {
    const sizes = m.sizes as Record<string, number | string>[];
    if (m.status === "measured") {
      const columns = [...new Set(sizes.flatMap((c) => Object.keys(c)))];
      out.push(
        title,
        "",
        table(
          columns,
          sizes.map((c) => columns.map((k) => (k === "records" ? n(Number(c.records)) : String(c[k] ?? "")))),
        ),
        "",
      );
    } else {
      out.push(`${title.split(" (")[0]}: ${m.status}`, "");
      if (m.output) out.push("```", m.output.trim(), "```", "");
    }
  }

  if (r.previewLoad) {
    const pl = r.previewLoad;
    out.push(
      `Preview under load at ${n(pl.devices)} devices (autocannon, ${pl.connections} connections, ${pl.durationS} s after ${pl.warmupS} s warm-up, 127.0.0.1)`,
      "",
    );
    out.push(
      table(
        ["server", "target", "path", "req/s", "p50 ms", "p99 ms", "statuses"],
        pl.targets.map((t) => [
          t.server,
          t.name,
          t.path,
          n(t.requestsPerSec),
          t.p50Ms,
          t.p99Ms,
          Object.entries(t.statuses)
            .map(([c, k]) => `${c}×${n(k)}`)
            .join(" ") + (t.errors ? ` errors×${t.errors}` : ""),
        ]),
      ),
      "",
      `preview (record API path) ÷ serve (record file), the median of ${pl.rounds.length} rounds' ratios (${pl.rounds.map((r) => `${n(r.preview)}/${n(r.serve)}`).join(", ")} req/s): ${pl.previewOverServe}`,
      "",
    );
  }

  out.push(
    "Targets (issues 5, 13 and 14)",
    "",
    table(
      ["target", "measured", "result"],
      r.targets.map((t) => [t.target, t.measured, (t.pass === null ? "n/a" : t.pass ? "PASS" : "FAIL") + (t.note ? ` (${t.note})` : "")]),
    ),
  );
  return out.join("\n");
}
