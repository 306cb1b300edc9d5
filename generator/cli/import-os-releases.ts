// npm run import -- os-releases SOURCES [DATA]: the disk side of the OS
// release importer (import/os-releases.ts): read endoflife.date's os/*.md
// and the files it may rewrite, write nothing if any problem is found.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { OS_RELEASE_OSES } from "../contract/os-releases.ts";
import { readSnapshotFolder, writeUnder } from "../import/disk.ts";
import { PINNED_SNAPSHOT } from "../import/endoflife-import.ts";
import { formatSourceProblem } from "../import/front-matter.ts";
import { OS_RELEASES_REPORT, runOsReleaseImport } from "../import/os-releases.ts";
import { stopWithProblems } from "./args.ts";

export function osReleasesCommand(sourcesDir: string, dataDir: string, refresh: boolean): void {
  const folder = readSnapshotFolder(path.join(sourcesDir, "endoflife.date"));
  const existing = new Map<string, string>();
  for (const p of [...OS_RELEASE_OSES.map((os) => `os/${os}.json`), OS_RELEASES_REPORT]) {
    const file = path.join(dataDir, p);
    if (existsSync(file)) existing.set(p, readFileSync(file, "utf8"));
  }
  const result = folder.problems.length
    ? { problems: folder.problems, writes: [] }
    : runOsReleaseImport({ osFiles: folder.osFiles, sourcesDir, snapshot: folder.recorded ?? PINNED_SNAPSHOT, existing, refresh });
  if (result.problems.length || !("totals" in result) || !result.totals) stopWithProblems(result.problems.map(formatSourceProblem));
  writeUnder(dataDir, result.writes);
  const t = result.totals;
  console.log(
    `[import] ${t.releases} OS releases of ${t.oses} operating systems: ${t.written} files written, ${t.unchanged} unchanged, ${t.kept} kept (edited here), ${t.skipped} cycles without a record`,
  );
  console.log(`[import] report: ${path.join(dataDir, OS_RELEASES_REPORT)}`);
}
