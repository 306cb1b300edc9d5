// npm run import -- eprel DIR [--data DIR] [--checked DAY]: add the EU energy
// label's repairability from an EPREL export folder (as
// ../shared/sources/eprel-smartphones) to the records whose model codes it
// names (docs/import-eprel.md).
// npm run import -- recalls FILE [--data DIR]: add a curator's recall-registry
// searches (a CSV, docs/recalls.md) to the records they name.
// Exit 2 on bad input, every problem printed and nothing written.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { readCatalog } from "../../generator/load/read.ts";
import { formatProblem } from "../../generator/load/validate.ts";
import { snapshotFromReadme } from "../endoflife-import.ts";
import { EPREL_CSV, EPREL_MARKDOWN, EPREL_MATCHES, runEprelImport } from "../eprel.ts";
import { runRecallsImport } from "../recalls.ts";
import { resolveNow } from "../../generator/load/flags.ts";
import { finish, reportLine, stopWithProblems } from "./finish.ts";

const textOf = (file: string) => ({ path: file, text: readFileSync(file, "utf8") });

export async function eprelCommand(dir: string, opts: { data: string; checked?: string }): Promise<never> {
  const csv = path.join(dir, EPREL_CSV);
  const readme = path.join(dir, "README.md");
  if (!existsSync(csv)) stopWithProblems([`${csv}:1: not found: the EPREL export`]);
  const snapshot = existsSync(readme) ? snapshotFromReadme(readFileSync(readme, "utf8")) : undefined;
  if (!snapshot) stopWithProblems([`${readme}:1: does not record the commit and date the export is from`]);
  const catalog = await readCatalog(opts.data);
  if (catalog.problems.length) stopWithProblems(catalog.problems.map(formatProblem));
  const matches = path.join(dir, EPREL_MATCHES);
  const result = runEprelImport({
    csv: textOf(csv),
    ...(existsSync(matches) ? { candidates: textOf(matches) } : {}),
    snapshot: snapshot!,
    checked: resolveNow(opts.checked, "--checked"),
    catalog: catalog.records,
    devicesDir: path.join(opts.data, "devices"),
  });
  finish(opts.data, result.problems, result, ({ totals: t }) => [
    `[import] ${t.registrations} EPREL registrations: ${t.matched} matched by model code to ${t.records} records (${t.written} written now, ${t.alreadyRecorded} already recorded, ${t.differs} differing kept), ${t.ambiguous} ambiguous, ${t.unmatched} unmatched`,
    reportLine(opts.data, EPREL_MARKDOWN),
  ]);
}

export async function recallsCommand(file: string, opts: { data: string }): Promise<never> {
  if (!existsSync(file)) stopWithProblems([`${file}:1: not found`]);
  const catalog = await readCatalog(opts.data);
  if (catalog.problems.length) stopWithProblems(catalog.problems.map(formatProblem));
  const result = runRecallsImport({ file: textOf(file), catalog: catalog.records });
  finish(opts.data, result.problems, result, ({ reviews }) => {
    const count = (s: string) => reviews.filter((r) => r.status === s).length;
    return [
      `[import] ${reviews.length} recall reviews: ${count("written")} written, ${count("already recorded")} already recorded, ${count("differs from the record")} differing kept`,
    ];
  });
}
