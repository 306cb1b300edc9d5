// npm run import -- endoflife DIR [--data DIR] [--checked DAY] [--commit SHA
// --commit-date DAY] [--state draft|published]: propose records from an
// endoflife.date snapshot and reconcile the curated ones (docs/import.md).
// npm run import -- samsung|appledb|sofa|android|surface DIR [--data DIR]
// [--checked DAY] [--commit SHA --commit-date DAY]: add the model codes a
// source gives to the records it names (docs/import.md#identifiers).
// npm run import -- macs DIR [--data DIR] [--checked DAY] [--state
// draft|published] [--refresh]: propose Mac laptop records from the sources folder DIR
// (appledb/, sofa/, endoflife.date/ as in ../shared/sources; docs/import-macs.md).
// npm run import -- docs: regenerate docs/import.md from the importer's table.
// Exit 2 on bad input (every problem printed as file:line: message, nothing
// written), 0 otherwise.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readCatalog } from "../load/read.ts";
import { formatProblem } from "../load/validate.ts";
import { formatSourceProblem } from "../import/front-matter.ts";
import { readAppleSources, readMacFolder, readReleaseDataFolder, readSnapshotFolder, writeUnder } from "../import/disk.ts";
import { MACS_MARKDOWN, runMacImport } from "../import/macs-import.ts";
import { readOsFile } from "../import/endoflife-os.ts";
import { PINNED_SNAPSHOT, REPORT_MARKDOWN, runImport, SANITY_MARKDOWN } from "../import/endoflife-import.ts";
import { importDocsText, IMPORT_DOCS_PATH } from "../import/endoflife-docs.ts";
import { cliCommand, resolveNow, stopWithProblems } from "./args.ts";
import { IDENTIFIER_IMPORTERS, type IdentifierImporter } from "../import/identifiers-import.ts";
import { identifiersCommand } from "./import-identifiers.ts";

const USAGE =
  "usage: npm run import -- endoflife DIR [--data DIR] [--release-data DIR] [--checked YYYY-MM-DD] [--commit SHA --commit-date YYYY-MM-DD] [--state draft|published] [--refresh]\n       npm run import -- samsung|appledb|sofa|android|surface DIR [--data DIR] [--checked YYYY-MM-DD] [--commit SHA --commit-date YYYY-MM-DD]\n       npm run import -- macs DIR [--data DIR] [--checked YYYY-MM-DD] [--state draft|published] [--refresh]\n       npm run import -- docs";

const fail = (message: string): never => {
  console.error(`error: ${message}\n${USAGE}`);
  process.exit(2);
};

const { values: args, positionals } = cliCommand({
  data: { type: "string", default: "data" },
  checked: { type: "string" },
  commit: { type: "string" },
  "commit-date": { type: "string" },
  state: { type: "string", default: "draft" },
  "release-data": { type: "string" },
  refresh: { type: "boolean", default: false },
});
const [command, dir, ...rest] = positionals;

if (command === "docs" && dir === undefined) {
  writeFileSync(IMPORT_DOCS_PATH, importDocsText());
  console.log(`[import] wrote ${path.relative(process.cwd(), IMPORT_DOCS_PATH)}`);
  process.exit(0);
}
if ((IDENTIFIER_IMPORTERS as readonly string[]).includes(command ?? "")) {
  if (dir === undefined || rest.length) fail(`give exactly one folder: the ${command} snapshot`);
  if (args.state !== "draft") fail("--state is for the endoflife importer: identifier importers only add codes to existing records");
  await identifiersCommand(command as IdentifierImporter, dir!, {
    data: args.data as string,
    checked: args.checked as string | undefined,
    commit: args.commit as string | undefined,
    commitDate: args["commit-date"] as string | undefined,
  });
  process.exit(0);
}
if (command === "macs") {
  if (dir === undefined || rest.length) fail("give exactly one folder: the sources folder holding appledb/, sofa/ and endoflife.date/");
  const state = args.state as string;
  if (state !== "draft" && state !== "published") fail(`--state must be draft or published (got "${state}")`);
  const checked = resolveNow(args.checked as string | undefined, "--checked");
  const folder = readMacFolder(dir!);
  const problems = folder.problems.map(formatSourceProblem);
  const macos = folder.endoflife.macos && readOsFile(folder.endoflife.macos);
  problems.push(...(macos?.problems ?? []).map(formatSourceProblem));
  const catalog = await readCatalog(args.data as string);
  problems.push(...catalog.problems.map(formatProblem));
  const { appledb, sofa, endoflife } = folder;
  const result = problems.length
    ? undefined
    : runMacImport({
        sources: { deviceFiles: appledb.deviceFiles, builds: appledb.builds!, sofaFeed: sofa.feed!, sofaTable: sofa.table! },
        macos: macos!.os!,
        appledb: appledb.recorded!,
        sofa: sofa.recorded!,
        context: { ...endoflife.recorded!, checked, state: state as "draft" | "published", refresh: args.refresh as boolean },
        catalog: catalog.records,
        devicesDir: path.join(args.data as string, "devices"),
      });
  problems.push(...(result?.problems.map(formatSourceProblem) ?? []));
  if (problems.length || !result?.report) stopWithProblems(problems);
  writeUnder(args.data as string, result.writes);
  const t = result.report.totals;
  console.log(
    `[import] ${t.models} Mac laptops (${t.fromAppleDb} AppleDB, ${t.fromSofa} SOFA only): ${t.imported} imported (${result.writes.filter((w) => w.path.startsWith("devices/")).length} written now), ${t.curated} curated, ${t.notWritten} not written; ${t.disagreements} AppleDB/SOFA disagreements resolved`,
  );
  console.log(`[import] report: ${path.join(args.data as string, MACS_MARKDOWN)} (and .json)`);
  process.exit(0);
}
const sources = ["endoflife", "macs", ...IDENTIFIER_IMPORTERS].join(", ");
if (command !== "endoflife") fail(command === undefined ? `name the source: ${sources}` : `unknown source "${command}" (the importer reads ${sources})`);
if (dir === undefined || rest.length) fail("give exactly one folder: the endoflife.date snapshot (holding products/*.md and LICENSE)");
const state = args.state as string;
if (state !== "draft" && state !== "published") fail(`--state must be draft or published (got "${state}")`);
const checked = resolveNow(args.checked as string | undefined, "--checked");

const folder = readSnapshotFolder(dir!);
const commit = (args.commit as string | undefined) ?? folder.recorded?.commit ?? PINNED_SNAPSHOT.commit;
if (!/^[0-9a-f]{40}$/.test(commit)) fail(`--commit must be a full 40-character commit hash (got "${commit}")`);
const knownDate = [folder.recorded, PINNED_SNAPSHOT].find((s) => s?.commit === commit)?.commitDate;
const commitDateFlag = args["commit-date"] as string | undefined;
if (commitDateFlag === undefined && knownDate === undefined) fail(`--commit-date is needed: the date of commit ${commit} is not recorded in ${dir}`);
const commitDate = commitDateFlag === undefined ? knownDate! : resolveNow(commitDateFlag, "--commit-date");

// endoflife.date's release-data beside the snapshot (as in ../shared/sources), unless another folder is named.
const releaseDataDir = (args["release-data"] as string | undefined) ?? path.join(dir!, "..", "endoflife-release-data");
const releaseData = args["release-data"] !== undefined || existsSync(releaseDataDir) ? readReleaseDataFolder(releaseDataDir) : undefined;

// SOFA and AppleDB beside the snapshot check Apple's OS cycles in the sanity report.
const { apple, problems: appleProblems } = readAppleSources(path.join(dir!, "..", "sofa"), path.join(dir!, "..", "appledb"));

const problems = [...folder.problems, ...(releaseData?.problems ?? []), ...appleProblems].map(formatSourceProblem);
const catalog = await readCatalog(args.data as string);
problems.push(...catalog.problems.map(formatProblem));
const result = problems.length
  ? undefined
  : runImport({
      products: folder.products,
      osFiles: folder.osFiles,
      ...(releaseData?.recorded ? { releaseData: { files: releaseData.files, ...releaseData.recorded } } : {}),
      ...(apple ? { apple } : {}),
      catalog: catalog.records,
      devicesDir: path.join(args.data as string, "devices"),
      context: { commit, commitDate, checked, state: state as "draft" | "published", refresh: args.refresh as boolean },
    });
problems.push(...(result?.problems.map(formatSourceProblem) ?? []));
if (problems.length || !result?.report) stopWithProblems(problems);
writeUnder(args.data as string, result.writes);
const { totals } = result.report;
const written = result.writes.filter((w) => w.path.startsWith("devices/")).length;
console.log(
  `[import] ${totals.releases} releases from endoflife.date ${commit.slice(0, 7)} (${commitDate}): ${totals.proposed} proposed records (${written} written now), ` +
    `${totals.matchedRecords} curated records compared (${totals.rows.conflict} unresolved conflicts, ${totals.rows.resolved} resolved), ` +
    `${totals.notWritten} not written, ${totals.notCovered} records not covered`,
);
console.log(`[import] report: ${path.join(args.data as string, REPORT_MARKDOWN)} (and .json)`);
const sanity = result.sanity!.totals;
console.log(
  `[import] verdict sanity: ${sanity.records} records, ${sanity.agree} agree with the source, ${sanity.explained} explained and ${sanity.unexplained} unexplained contradictions: ${path.join(args.data as string, SANITY_MARKDOWN)}`,
);
