// Measurement 4: the cost of changing one record.
// With watch mode (generator/cli/start.ts, `npm start`: build, preview, and
// rebuild on a record change), this times the end-to-end path: from writing
// the record file to the preview serving the changed record's JSON. Without
// it, it times a full rebuild after the edit, spawn to exit.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { measureBuild } from "./full-build.ts";
import { recordText } from "../generator/schema/record.ts";
import { exitOf, freePort, NOW, ROOT, round, spawnTs, stopChild, waitForHttp } from "./lib.ts";

export interface RebuildResult {
  mode: "full rebuild" | "watch mode: npm start";
  slug: string;
  /** Full rebuild: spawn to exit of the build process. Watch: file written to changed JSON served. */
  endToEndMs: number;
  /** Full rebuild only: the build() call itself, start-up excluded, and its stages (swap includes removing the old dist/). */
  buildMs?: number;
  stages?: Record<string, number>;
  /** Watch mode only: the rebuild time the watcher itself logged for the timed edit. */
  rebuildMs?: number;
}

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
    // A first edit proves the watcher is live; once its rebuild has finished (not only the record served), the second is timed.
    const slug = editRecord(catalogDir, "warm-up");
    const url = `http://127.0.0.1:${port}/api/v1/devices/${slug}`;
    const t = performance.now();
    await servedWithin(url, "warm-up", t, 5 * 60_000, exited);
    while (rebuilt().length < 1 && performance.now() - t < 5 * 60_000) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
    const before = rebuilt().length;
    const t0 = performance.now();
    editRecord(catalogDir, "timed", slug);
    const endToEndMs = await servedWithin(url, "timed", t0, 120_000, exited);
    await new Promise((r) => setTimeout(r, 500));
    return { mode: "watch mode: npm start", slug, endToEndMs: round(endToEndMs), rebuildMs: rebuilt()[before] };
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
