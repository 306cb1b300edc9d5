// The build: load and validate every record, derive, run every emitter into a
// temporary folder, then swap it into place. A failed build leaves the
// previous output untouched; a killed one leaves its temporary folder, which
// the next build clears. In watch mode, an edit that keeps the catalog's
// shape (same slugs, redirects and withdrawals) rewrites in place only the
// per-device files of the edited records, and each catalog-wide output that an
// edited record's view of it changed (emit/record-views.ts).
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { readCatalog, readOsReleases } from "./load/read.ts";
import type { Problem, ValidationCache } from "./load/validate.ts";
import { catalogOf, type Catalog } from "./derive/catalog.ts";
import type { Site } from "./derive/site.ts";
import type { DeviceRecord } from "./schema/record.ts";
import { OutputWriter } from "./emit/writer.ts";
import { emitters } from "./emit/index.ts";
import { folderSizes, type FolderSize } from "./emit/folders.ts";
import type { Layout } from "./contract/resources.ts";
import { chooseLayout, NETLIFY_MAX_FOLDER_ENTRIES } from "./derive/layout.ts";
import { staleSources } from "./derive/sources.ts";
import { netlifyDeployConfig } from "./serve/edge-paths.ts";
import { jsonText } from "./contract/json-text.ts";

/** What watch mode keeps between builds. */
export interface WatchMemory {
  cache: ValidationCache;
  /** The last build's published and withdrawn records by slug, and its shape. */
  last?: { records: Map<string, DeviceRecord>; shape: string };
  /** What the outputs remember of their last write (EmitContext.kept). */
  kept?: Map<string, unknown>;
}

export interface BuildOptions {
  dataDir: string;
  outDir: string;
  site: Site;
  /** Called with a line of progress; silent when absent. */
  log?: (line: string) => void;
  watch?: WatchMemory;
  /** The most entries a folder of the output may hold (Netlify's limit unless a test sets a small one). */
  maxFolderEntries?: number;
}

export interface BuildReport {
  ok: boolean;
  problems: Problem[];
  records: number;
  published: number;
  files: number;
  bytes: number;
  /** Where the per-device files went (derive/layout.ts). */
  layout?: Layout;
  /** The output's fullest folder (checked on whole builds; not in watch mode's in-place runs). */
  largestFolder?: FolderSize;
  /** Set in watch mode when only these records' files were rewritten in place. */
  incremental?: string[];
  /** Milliseconds per stage: "load", "derive", each emitter by name (run one after another), "swap". */
  stages: Record<string, number>;
  /** Published records with a fact resting on a source not read for STALE_SOURCE_DAYS, each with those sources' ids (whole builds only). */
  stale?: { slug: string; sources: string[] }[];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * How far V8 may grow the heap past what its last full collection left
 * alive. The build holds the catalog and its per-record memos (about 0.9 GB
 * at 50,000 devices) while every emitter makes garbage around them; left to
 * itself V8 grew the heap to as much as four times that, and the build's peak
 * to 2.6 GB. At twice the live size the peak stays under 2 GB, at no CPU
 * cost measurable at 10,000 or 50,000 devices (BENCHMARKS.md). A factor, not
 * a ceiling: a larger catalog still fits.
 */
const HEAP_GROWING_PERCENT = 100;

/** Whether a process is running (signal 0 tests for it; EPERM means it runs as someone else). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Clears what a killed build left beside the output: its temporary folder
 * (`<out>.tmp-<pid>`) and, if it died between the two renames of the swap,
 * the previous output (`<out>.old-<pid>`), which is put back when the output
 * is missing, so it stays the last whole one until this build succeeds. A
 * folder whose process still runs belongs to a build in progress and stays.
 */
async function clearStale(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const prefix = `${path.basename(outDir)}.`;
  const names = await readdir(parent).catch(() => []);
  for (const name of names) {
    const m = name.startsWith(prefix) ? /^(tmp|old)-(\d+)$/.exec(name.slice(prefix.length)) : null;
    if (!m || isRunning(Number(m[2]))) continue;
    const stale = path.join(parent, name);
    if (m[1] === "old" && !existsSync(outDir)) await rename(stale, outDir);
    else await rm(stale, { recursive: true, force: true });
  }
}

/**
 * Everything but the content of records: if it is unchanged, per-device files
 * of other records stay valid, and so does the set of site pages. A record's
 * manufacturer and type are part of it: they decide which manufacturer pages,
 * feeds, calendars and A–Z pages exist and hold it, so changing one rebuilds whole.
 */
function shapeOf(catalog: Catalog, site: Site): string {
  return JSON.stringify([
    site,
    catalog.published.map((r) => [r.slug, r.manufacturer, r.deviceType]),
    catalog.withdrawn.map((r) => [r.slug, r.manufacturer, r.publication]),
    catalog.redirects,
  ]);
}

/**
 * Netlify's build-time configuration (the Frameworks API's
 * .netlify/v1/config.json, in the folder that holds the publish folder):
 * written only when the device pages are sharded, to run the pages edge
 * function on them. One left by an earlier sharded build is harmless: on a
 * flat build that function passes every request on.
 */
async function writeDeployConfig(outDir: string, layout: Layout): Promise<void> {
  const config = netlifyDeployConfig(layout);
  if (!config) return;
  const file = path.join(path.dirname(outDir), ".netlify/v1/config.json");
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, jsonText(config));
}

/** Where a watch session keeps the last build's ETag manifest (WatchMemory.kept). */
const ETAGS = "build:etags";

/** After a failed rebuild, what the outputs remember may no longer match the output folder: the next rebuild is whole. */
function forget(watch: WatchMemory | undefined): void {
  if (!watch) return;
  watch.last = undefined;
  watch.kept?.clear();
}

export async function build(opts: BuildOptions): Promise<BuildReport> {
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  const log = opts.log ?? (() => {});
  const stages: Record<string, number> = {};
  let t0 = performance.now();
  const { records, problems } = await readCatalog(opts.dataDir, opts.watch?.cache);
  const os = await readOsReleases(opts.dataDir);
  problems.push(...os.problems);
  stages.load = round(performance.now() - t0);
  log(`read ${records.length} record(s) from ${opts.dataDir}`);
  if (problems.length) return { ok: false, problems, records: records.length, published: 0, files: 0, bytes: 0, stages };

  t0 = performance.now();
  const catalog = catalogOf(records.map((r) => r.record));
  // The loader hands back the same object for an unchanged file, so identity is the change test.
  const current = new Map([...catalog.published, ...catalog.withdrawn].map((r) => [r.slug, r]));
  const shape = shapeOf(catalog, opts.site);
  const last = opts.watch?.last;
  const maxFolderEntries = opts.maxFolderEntries ?? NETLIFY_MAX_FOLDER_ENTRIES;
  const layout = chooseLayout(
    catalog.published.map((r) => r.slug),
    maxFolderEntries,
  );
  const only = last && last.shape === shape ? new Set([...current].filter(([slug, r]) => last.records.get(slug) !== r).map(([slug]) => slug)) : undefined;
  stages.derive = round(performance.now() - t0);

  const outDir = path.resolve(opts.outDir);
  const inPlace = only !== undefined && existsSync(outDir);
  const workDir = inPlace ? outDir : `${outDir}.tmp-${process.pid}`;
  if (!inPlace) {
    await clearStale(outDir);
    await rm(workDir, { recursive: true, force: true });
  }
  const out = new OutputWriter(workDir);
  const kept = opts.watch ? (opts.watch.kept ??= new Map()) : undefined;
  // In place, an output left as it is keeps its large files' ETags from the last build's manifest.
  if (inPlace) Object.assign(out.etags, kept!.get(ETAGS));

  // Emitters run one after another on this thread: on two cores, overlapping
  // the pages with the API emitters (once on a worker thread) saved a few
  // seconds of wall time but cost 4 to 18 s more CPU at 10,000 devices (two
  // heaps collected side by side, the writes contending; BENCHMARKS.md), so
  // each stage's time is its own.
  // An emitter's work on another thread (EmitContext.beside) runs beside the next emitters; its stage ends when it does.
  const besides: Promise<void>[] = [];
  let besideFailed: { err: unknown } | undefined;
  try {
    for (const e of emitters) {
      const start = performance.now();
      const beside = (work: Promise<void>) =>
        besides.push(
          work.then(
            () => void (stages[`${e.name} (beside)`] = round(performance.now() - start)),
            (err) => void (besideFailed ??= { err }),
          ),
        );
      await e.emit({
        catalog,
        osReleases: os.files,
        site: opts.site,
        out,
        layout,
        maxFolderEntries,
        only,
        watching: opts.watch !== undefined,
        kept,
        beside,
        // A failed work is thrown below, once the emitters are done.
        besideDone: () => Promise.all(besides).then(() => {}),
        log: opts.log,
      });
      stages[e.name] = round(performance.now() - start);
      log(`${e.name} done: ${out.files} file(s) written so far`);
    }
    await Promise.all(besides);
    if (besideFailed) throw besideFailed.err;
  } catch (err) {
    await Promise.all(besides);
    if (!inPlace) await rm(workDir, { recursive: true, force: true });
    forget(opts.watch);
    throw err;
  }

  let largestFolder: FolderSize | undefined;
  if (!inPlace) {
    largestFolder = (await folderSizes(workDir))[0]!;
    if (largestFolder.entries > maxFolderEntries) {
      await rm(workDir, { recursive: true, force: true });
      forget(opts.watch);
      throw new Error(
        `the output folder "${largestFolder.folder}" would hold ${largestFolder.entries} entries; Netlify refuses a deploy with a folder of more than ${maxFolderEntries} (generator/derive/layout.ts)`,
      );
    }
    await writeDeployConfig(outDir, layout);
    t0 = performance.now();
    const old = `${outDir}.old-${process.pid}`;
    if (existsSync(outDir)) await rename(outDir, old);
    await rename(workDir, outDir);
    await rm(old, { recursive: true, force: true });
    stages.swap = round(performance.now() - t0);
  }
  if (opts.watch) opts.watch.last = { records: current, shape };
  kept?.set(ETAGS, out.etags);
  return {
    ok: true,
    problems: [],
    records: records.length,
    published: catalog.published.length,
    files: out.files,
    bytes: out.bytes,
    layout,
    ...(largestFolder ? { largestFolder } : {}),
    ...(inPlace ? { incremental: [...only!] } : {}),
    stages,
    // Worked out on whole builds (the build command warns of them), not on every edit of a watch session.
    ...(inPlace
      ? {}
      : {
          stale: catalog.published.flatMap((r) => {
            const old = staleSources(r, opts.site.now);
            return old.length ? [{ slug: r.slug, sources: old.map((s) => s.id) }] : [];
          }),
        }),
  };
}
