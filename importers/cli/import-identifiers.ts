// npm run import -- <identifier source> DIR: read the source folder and the
// catalog, run the import, and write the changed records and the report, or
// print every problem as file:line: message and write nothing (exit 2).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { readCatalog } from "../../generator/load/read.ts";
import { formatProblem } from "../../generator/load/validate.ts";
import { formatSourceProblem } from "../front-matter.ts";
import { DECISIONS_FILE } from "../identifiers-decisions.ts";
import { readSourceFolder, withRaw } from "../identifiers-disk.ts";
import { pinnedFor, reportPaths, runIdentifierImport, type IdentifierImporter } from "../identifiers-import.ts";
import { resolveNow } from "../../generator/load/flags.ts";
import { finish, reportLine, stopWithProblems } from "./finish.ts";

export async function identifiersCommand(
  importer: IdentifierImporter,
  dir: string,
  flags: { data: string; checked?: string; commit?: string; commitDate?: string },
): Promise<never> {
  const checked = resolveNow(flags.checked, "--checked");
  const folder = readSourceFolder(importer, dir);
  if (!folder.files.length) stopWithProblems([`${dir}:1: holds none of the files the ${importer} importer reads (see docs/import-identifiers.md#${importer})`]);
  const pinned = pinnedFor(importer);
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
  // Record files are named as the catalog names them, under the data folder.
  const writes = [...result.records.map((r) => ({ path: path.relative(flags.data, r.file), text: r.text })), ...result.reports];
  finish(flags.data, result.problems.map(formatSourceProblem), result.merge && { writes, report: result.merge }, (merge, written) => {
    const t = merge.report.totals;
    return [
      `[import] ${importer}: ${t.rows} rows, ${t.matchedRows} matched; ${t.identifiers} codes from this source in ${t.records} records ` +
        `(${merge.addedNow} written now to ${written} records); ${t.alreadyPresent} already present, ${t.conflicts} conflicts, ` +
        `${t.review} for review, ${t.decided} decided by a curator, ${t.notMatched} unmatched`,
      reportLine(flags.data, reportPaths(importer).markdown),
    ];
  });
}
