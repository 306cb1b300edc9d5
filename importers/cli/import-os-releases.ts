// npm run import -- os-releases SOURCES [DATA]: the disk side of the OS
// release importer (import/os-releases.ts): read endoflife.date's os/*.md
// and the files it may rewrite, write nothing if any problem is found.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { OS_RELEASE_OSES } from "../../generator/contract/os-releases.ts";
import { readSnapshotFolder } from "../disk.ts";
import { pinOf } from "../sources.ts";
import { formatSourceProblem } from "../front-matter.ts";
import { OS_RELEASES_REPORT, runOsReleaseImport } from "../os-releases.ts";
import { finish } from "./finish.ts";

export function osReleasesCommand(sourcesDir: string, dataDir: string, refresh: boolean): never {
  const folder = readSnapshotFolder(path.join(sourcesDir, "endoflife.date"));
  const existing = new Map<string, string>();
  for (const p of [...OS_RELEASE_OSES.map((os) => `os/${os}.json`), OS_RELEASES_REPORT]) {
    const file = path.join(dataDir, p);
    if (existsSync(file)) existing.set(p, readFileSync(file, "utf8"));
  }
  const result = folder.problems.length
    ? { problems: folder.problems, writes: [] }
    : runOsReleaseImport({ osFiles: folder.osFiles, sourcesDir, snapshot: folder.recorded ?? pinOf("endoflife"), existing, refresh });
  const totals = "totals" in result ? result.totals : undefined;
  finish(dataDir, result.problems.map(formatSourceProblem), totals && { writes: result.writes, report: totals }, (t) => [
    `[import] ${t.releases} OS releases of ${t.oses} operating systems: ${t.written} OS files written, ${t.unchanged} unchanged, ${t.kept} kept (edited here), ${t.skipped} cycles without a record`,
    `[import] report: ${path.join(dataDir, OS_RELEASES_REPORT)} (${result.writes.some((w) => w.path === OS_RELEASES_REPORT) ? "written" : "unchanged"})`,
  ]);
}
