// Watch mode: rebuild when a record file (or an OS release file) changes. Edits to existing records
// rewrite only what depends on them (see build.ts); anything else rebuilds
// everything. A broken edit prints its problems and keeps the last build.
import { existsSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";
import { build, type BuildOptions, type BuildReport, type WatchMemory } from "./build.ts";
import { formatProblem } from "./load/validate.ts";

export interface Watcher {
  close(): void;
}

export function watchCatalog(
  opts: Omit<BuildOptions, "watch">,
  memory: WatchMemory,
  /** Awaited before the next rebuild starts (the preview reloads the build in it). */
  onBuilt: (report: BuildReport, ms: number) => void | Promise<void>,
  /** Told of a rebuild the catalog's problems refused (after they are printed); the last good build stays served. */
  onRefused?: (report: BuildReport) => void,
): Watcher {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const rebuild = () => {
    running = running.then(async () => {
      const t0 = performance.now();
      try {
        const report = await build({ ...opts, watch: memory });
        if (!report.ok) {
          for (const p of report.problems) console.error(formatProblem(p));
          console.error(`[watch] ${report.problems.length} problem(s); still serving the last good build`);
          onRefused?.(report);
          return;
        }
        await onBuilt(report, performance.now() - t0);
      } catch (err) {
        console.error("[watch] build failed; still serving the last good build:", err);
      }
    });
  };
  const changed = () => {
    // Editors write a file in several steps; one rebuild per burst.
    clearTimeout(timer);
    timer = setTimeout(rebuild, 50);
  };
  // The OS release files (data/os/) are optional; their outputs are written whole on every rebuild.
  const osDir = path.join(opts.dataDir, "os");
  const watchers: FSWatcher[] = [watch(path.join(opts.dataDir, "devices"), changed), ...(existsSync(osDir) ? [watch(osDir, changed)] : [])];
  return {
    close() {
      clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
