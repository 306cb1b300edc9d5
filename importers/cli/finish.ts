// How every import command ends: any problem stops it with nothing written
// (every problem as file:line: message, exit 2); otherwise the run's files are
// written under the data folder and it says what it did.
import path from "node:path";
import { writeUnder } from "../disk.ts";

/** Every problem of an import, one per line (file:line: message), then exit 2: nothing was written. */
export function stopWithProblems(lines: string[]): never {
  for (const l of lines) console.error(l);
  console.error(`\n${lines.length} problem(s); nothing was written.`);
  process.exit(2);
}

/** The line naming a run's report (its .md, beside its .json). */
export const reportLine = (dataDir: string, markdown: string) => `[import] report: ${path.join(dataDir, markdown)} (and .json)`;

/**
 * The end of a run: stop on any problem, or with no report; else write its
 * files (paths relative to the data folder), print what `say` makes of the
 * report and the number of record files written, and exit 0.
 */
export function finish<R>(
  dataDir: string,
  problems: string[],
  result: { writes: { path: string; text: string }[]; report?: R } | undefined,
  say: (report: R, written: number) => string[],
): never {
  if (problems.length || !result?.report) stopWithProblems(problems);
  writeUnder(dataDir, result.writes);
  for (const line of say(result.report, result.writes.filter((w) => w.path.startsWith("devices/")).length)) console.log(line);
  process.exit(0);
}
