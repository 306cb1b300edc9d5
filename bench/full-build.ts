// Measurement 1: one full build of a catalog, in a fresh process.
// Run directly, it is the child: builds once and prints one JSON line.
import type { BuildReport } from "../generator/build.ts";
import { isMain, measured, NOW, round, runChild, type Usage } from "./lib.ts";

/** The build's own report of what it wrote (generator/build.ts), its measured usage, and the catalog calendar's size. */
export interface BuildResult extends Usage, Pick<BuildReport, "records" | "published" | "files" | "bytes" | "stages"> {
  /** Spawn to exit of the child: the build plus node, tsx and module start-up. */
  processMs: number;
  largestFolder: NonNullable<BuildReport["largestFolder"]>;
  /** Subfolder digits of the per-device files (0: flat; derive/layout.ts). */
  shardDigits: number;
  /** Bytes of the whole-catalog calendar, /support-calendar.ics. */
  catalogCalendarBytes: number;
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
  const { records, published, files, bytes, stages, largestFolder, layout } = report;
  const { statSync } = await import("node:fs");
  const { API } = await import("../generator/contract/resources.ts");
  const catalogCalendarBytes = statSync(`${outDir}${API.supportCalendar.file({})}`).size;
  console.log(JSON.stringify({ ...usage, records, published, files, bytes, stages, largestFolder, shardDigits: layout!.shardDigits, catalogCalendarBytes }));
}
