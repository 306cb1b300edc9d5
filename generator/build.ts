// The build: load and validate every record, derive, run every emitter into a
// temporary folder, then swap it into place. A failed build leaves the
// previous output untouched.
import { existsSync } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { readCatalog } from "./load/read.ts";
import type { Problem } from "./load/validate.ts";
import { catalogOf } from "./derive/catalog.ts";
import type { Site } from "./derive/site.ts";
import { OutputWriter } from "./emit/writer.ts";
import { emitters } from "./emit/index.ts";

export interface BuildOptions {
  dataDir: string;
  outDir: string;
  site: Site;
  /** Called with a line of progress; silent when absent. */
  log?: (line: string) => void;
}

export interface BuildReport {
  ok: boolean;
  problems: Problem[];
  records: number;
  published: number;
  files: number;
  bytes: number;
  /** Milliseconds per stage: "load", "derive", each emitter by name (the pages' worker overlaps the others), "swap". */
  stages: Record<string, number>;
}

export async function build(opts: BuildOptions): Promise<BuildReport> {
  const log = opts.log ?? (() => {});
  const stages: Record<string, number> = {};
  const timed = async <T>(name: string, f: () => T | Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const v = await f();
    stages[name] = Math.round((performance.now() - t0) * 10) / 10;
    return v;
  };

  const { records, problems } = await timed("load", () => readCatalog(opts.dataDir));
  log(`read ${records.length} record(s) from ${opts.dataDir}`);
  if (problems.length) return { ok: false, problems, records: records.length, published: 0, files: 0, bytes: 0, stages };

  const catalog = await timed("derive", () => catalogOf(records.map((r) => r.record)));
  const outDir = path.resolve(opts.outDir);
  const tmpDir = `${outDir}.tmp-${process.pid}`;
  await rm(tmpDir, { recursive: true, force: true });
  const out = new OutputWriter(tmpDir);
  // Synchronous emitters run one after another; an asynchronous one (the
  // pages' worker) keeps running meanwhile, and its stage time is its wall time.
  const results = await Promise.allSettled(
    emitters.map((e) => {
      const t0 = performance.now();
      const done = () => {
        stages[e.name] = Math.round((performance.now() - t0) * 10) / 10;
        log(`${e.name} done: ${out.files} file(s) written so far`);
      };
      const pending = e.emit({ catalog, site: opts.site, out });
      if (pending instanceof Promise) return pending.then(done);
      done();
      return Promise.resolve();
    }),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) {
    await rm(tmpDir, { recursive: true, force: true });
    throw failed.reason;
  }
  await timed("swap", async () => {
    const old = `${outDir}.old-${process.pid}`;
    if (existsSync(outDir)) await rename(outDir, old);
    await rename(tmpDir, outDir);
    await rm(old, { recursive: true, force: true });
  });
  return { ok: true, problems: [], records: records.length, published: catalog.published.length, files: out.files, bytes: out.bytes, stages };
}

