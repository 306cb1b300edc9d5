// Measurement 4: the cost of changing one record.
// With watch mode (generator/cli/start.ts, `npm start`: build, preview, and
// rebuild on a record change), this times the end-to-end path: from writing
// the record file to the preview serving the changed record's JSON. Without
// it, it times a full rebuild after the edit, spawn to exit.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { measureBuild } from "./full-build.ts";
import { recordText } from "../generator/schema/record.ts";
import { exitOf, freePort, NOW, quantile, ROOT, round, spawnTs, stopChild, waitForHttp } from "./lib.ts";

export interface RebuildResult {
  mode: "full rebuild" | "watch mode: npm start";
  slug: string;
  /** Full rebuild: spawn to exit of the build process. Watch: file written to changed JSON served, the median of TIMED_EDITS edits. */
  endToEndMs: number;
  /** Watch mode only: each timed edit's end-to-end time, in order. */
  endToEndRunsMs?: number[];
  /** Full rebuild only: the build() call itself, start-up excluded, and its stages (swap includes removing the old dist/). */
  buildMs?: number;
  stages?: Record<string, number>;
  /** Watch mode only: the rebuild times the watcher itself logged for the timed edits, their median. */
  rebuildMs?: number;
}

/** Edits timed one after another in watch mode: the machine is shared, so one edit's time says little. */
const TIMED_EDITS = 5;

const START_CLI = path.join(ROOT, "generator/cli/start.ts");

/** Does the start command exist and watch by default (a --no-watch option)? */
const hasWatchMode = (cli: string) => existsSync(cli) && /["']no-watch["']\s*:\s*\{\s*type/.test(readFileSync(cli, "utf8"));

/** Change one published record's text (its first OS commitment's meaning) to carry `marker`; returns its slug. */
function editRecord(catalogDir: string, marker: string, slug?: string): string {
  const dir = path.join(catalogDir, "devices");
  for (const name of slug ? [`${slug}.json`] : readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    const record = JSON.parse(readFileSync(file, "utf8"));
    const commitment = record.support?.os?.[0];
    if (record.publication?.state !== "published" || !commitment) continue;
    commitment.meaning = `${String(commitment.meaning).replace(/ \(bench edit [^)]*\)$/, "")} (bench edit ${marker})`;
    writeFileSync(file, recordText(record));
    return record.slug as string;
  }
  throw new Error(`no published record with an OS commitment in ${dir}`);
}

/** Poll the record URL until its body carries the marker; milliseconds from `since`. */
async function servedWithin(url: string, marker: string, since: number, timeoutMs: number, exited: () => string | undefined): Promise<number> {
  for (;;) {
    const dead = exited();
    if (dead) throw new Error(`a watch-mode process ${dead}`);
    try {
      const res = await fetch(url);
      if ((await res.text()).includes(`(bench edit ${marker})`)) return performance.now() - since;
    } catch {
      // server restarting or not up yet
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} did not serve edit "${marker}" within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function watchMode(catalogDir: string, distDir: string, cli: string): Promise<RebuildResult> {
  const port = await freePort();
  const child = spawnTs(cli, ["--data", catalogDir, "--out", distDir, "--now", NOW, "--port", String(port), "--no-rate-limit"]);
  // The watcher logs "[watch] rebuilt in 1.23s (...)" when a rebuild has finished.
  let log = "";
  child.stdout!.on("data", (d) => (log += d));
  const rebuilt = () => [...log.matchAll(/\[watch\] rebuilt in ([\d.]+)s/g)].map((m) => Number(m[1]) * 1000);
  const exited = exitOf(child);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/`, exited, 15 * 60_000);
    // A first edit proves the watcher is live; once its rebuild has finished (not only the record served), the next ones are timed.
    const slug = editRecord(catalogDir, "warm-up");
    const url = `http://127.0.0.1:${port}/api/v1/devices/${slug}`;
    const t = performance.now();
    await servedWithin(url, "warm-up", t, 5 * 60_000, exited);
    while (rebuilt().length < 1 && performance.now() - t < 5 * 60_000) await new Promise((r) => setTimeout(r, 50));
    const runs: number[] = [];
    const logged: number[] = [];
    for (let i = 1; i <= TIMED_EDITS; i++) {
      await new Promise((r) => setTimeout(r, 500));
      const before = rebuilt().length;
      const t0 = performance.now();
      editRecord(catalogDir, `timed ${i}`, slug);
      runs.push(round(await servedWithin(url, `timed ${i}`, t0, 120_000, exited)));
      // The next edit starts once this one's rebuild has finished (the record may be served before the rebuild ends).
      while (rebuilt().length <= before && performance.now() - t0 < 120_000) await new Promise((r) => setTimeout(r, 50));
      logged.push(rebuilt()[before]!);
    }
    return {
      mode: "watch mode: npm start",
      slug,
      endToEndMs: quantile(runs, 0.5),
      endToEndRunsMs: runs,
      rebuildMs: quantile(logged, 0.5),
    };
  } finally {
    await stopChild(child);
  }
}

export async function measureRebuild(catalogDir: string, distDir: string): Promise<RebuildResult> {
  if (hasWatchMode(START_CLI)) return watchMode(catalogDir, distDir, START_CLI);
  const slug = editRecord(catalogDir, "timed");
  const build = await measureBuild(catalogDir, distDir);
  const served = readFileSync(path.join(distDir, "api/v1/devices", `${slug}.json`), "utf8");
  if (!served.includes("(bench edit timed)")) throw new Error(`rebuild did not change ${slug}`);
  return { mode: "full rebuild", slug, endToEndMs: build.processMs, buildMs: build.wallMs, stages: build.stages };
}
