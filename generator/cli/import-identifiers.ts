// npm run import -- <identifier source> DIR: read the source folder and the
// catalog, run the import, and write the changed records and the report, or
// print every problem as file:line: message and write nothing (exit 2).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readCatalog } from "../load/read.ts";
import { formatProblem } from "../load/validate.ts";
import { formatSourceProblem } from "../import/front-matter.ts";
import { writeUnder } from "../import/disk.ts";
import { DECISIONS_FILE } from "../import/identifiers-decisions.ts";
import { readSourceFolder, withRaw } from "../import/identifiers-disk.ts";
import { PINNED, reportPaths, runIdentifierImport, type IdentifierImporter } from "../import/identifiers-import.ts";
import { resolveNow, stopWithProblems } from "./args.ts";

export async function identifiersCommand(
  importer: IdentifierImporter,
  dir: string,
  flags: { data: string; checked?: string; commit?: string; commitDate?: string },
): Promise<void> {
  const checked = resolveNow(flags.checked, "--checked");
  const folder = readSourceFolder(importer, dir);
  if (!folder.files.length) stopWithProblems([`${dir}:1: holds none of the files the ${importer} importer reads (see docs/import-identifiers.md#${importer})`]);
  const pinned = PINNED[importer];
  const commit = flags.commit ?? folder.recorded?.commit ?? pinned.commit;
  if (!/^[0-9a-f]{7,40}$/.test(commit)) stopWithProblems([`--commit must be a commit hash (got "${commit}")`]);
  const known = [folder.recorded, pinned].find((s) => s?.commit === commit)?.commitDate;
  if (flags.commitDate === undefined && known === undefined)
    stopWithProblems([`--commit-date is needed: the date of commit ${commit} is not recorded in ${dir}`]);
  const commitDate = flags.commitDate === undefined ? known! : resolveNow(flags.commitDate, "--commit-date");

  const catalog = await readCatalog(flags.data);
  if (catalog.problems.length) stopWithProblems(catalog.problems.map(formatProblem));
  const decisionsFile = path.join(flags.data, DECISIONS_FILE);
  const result = runIdentifierImport({
    importer,
    files: folder.files,
    catalog: withRaw(catalog.records),
    context: { commit, commitDate, checked, version: folder.version ?? pinned.version },
    decisions: existsSync(decisionsFile) ? { file: decisionsFile, text: readFileSync(decisionsFile, "utf8") } : undefined,
  });
  if (result.problems.length || !result.merge) stopWithProblems(result.problems.map(formatSourceProblem));
  for (const r of result.records) writeFileSync(r.file, r.text);
  writeUnder(flags.data, result.reports);
  const t = result.merge!.report.totals;
  console.log(
    `[import] ${importer}: ${t.rows} rows, ${t.matchedRows} matched; ${t.identifiers} codes from this source in ${t.records} records ` +
      `(${result.merge!.addedNow} written now to ${result.records.length} records); ${t.alreadyPresent} already present, ${t.conflicts} conflicts, ` +
      `${t.review} for review, ${t.decided} decided by a curator, ${t.notMatched} unmatched`,
  );
  console.log(`[import] report: ${path.join(flags.data, reportPaths(importer).markdown)} (and .json)`);
}
