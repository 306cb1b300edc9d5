// Measurement 1: one full build of a catalog, in a fresh process.
// Run directly, it is the child: builds once and prints one JSON line.
import { isMain, measured, NOW, round, runChild, type Usage } from "./lib.ts";

export interface BuildResult extends Usage {
  /** Spawn to exit of the child: the build plus node, tsx and module start-up. */
  processMs: number;
  records: number;
  published: number;
  files: number;
  bytes: number;
  /** Milliseconds per stage as the build reports them (load, derive, each emitter, swap). */
  stages: Record<string, number>;
}

export async function measureBuild(catalogDir: string, outDir: string): Promise<BuildResult> {
  const { json, processMs } = await runChild<Omit<BuildResult, "processMs">>(import.meta.filename, [catalogDir, outDir]);
  if (!json) throw new Error("full-build child printed no result");
  return { ...json, processMs: round(processMs) };
}

if (isMain(import.meta.filename)) {
  const [dataDir, outDir] = process.argv.slice(2) as [string, string];
  // Import before the clock starts: module loading is start-up, not build.
  const { build } = await import("../generator/build.ts");
  const { siteFromEnv } = await import("../generator/derive/site.ts");
  const site = siteFromEnv({}, NOW);
  const { usage, value: report } = await measured(() => build({ dataDir, outDir, site }));
  if (!report.ok) throw new Error(`build failed: ${report.problems.length} problem(s), first: ${JSON.stringify(report.problems[0])}`);
  const { records, published, files, bytes, stages } = report;
  console.log(JSON.stringify({ ...usage, records, published, files, bytes, stages }));
}
