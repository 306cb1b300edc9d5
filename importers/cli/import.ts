// npm run import -- endoflife DIR [--data DIR] [--checked DAY] [--commit SHA
// --commit-date DAY] [--state draft|published]: propose records from an
// endoflife.date snapshot and reconcile the curated ones (docs/import.md).
// npm run import -- samsung|appledb|sofa|android|surface|aer|eprel-codes DIR
// [--data DIR] [--checked DAY] [--commit SHA --commit-date DAY]: add the model
// codes a source gives to the records it names (docs/import-identifiers.md).
// npm run import -- macs DIR [--data DIR] [--checked DAY] [--state
// draft|published] [--refresh]: propose Mac laptop records from the sources folder DIR
// (appledb/, sofa/, endoflife.date/ as in ../shared/sources; docs/import-macs.md).
// npm run import -- chromebooks DIR [--data DIR] [--checked DAY] [--state
// draft|published]: propose ChromeOS device records from the
// chromeos-update-directory copy DIR (docs/import-chromebooks.md).
// npm run import -- surface-windows DIR [--data DIR] [--checked DAY]: give
// each Surface record its Windows component from the sources folder DIR
// (microsoft-devices-docs/ and endoflife.date/ as in ../shared/sources;
// docs/import-surface-windows.md).
// npm run import -- os-releases DIR [DATA] [--refresh]: the OS release records
// (data/os/<os>.json) from endoflife.date's os/*.md in the sources folder DIR
// (docs/os.md).
// npm run import -- xiaomi DIR [--data DIR] [--checked DAY] [--state
// draft|published]: propose Xiaomi, Redmi and POCO records from Xiaomi's saved
// lists and Google Play's codes in DIR (../shared/sources/xiaomi-devices;
// docs/import-xiaomi.md).
// npm run import -- chromebooks-copy|xiaomi-copy CLONE OUT: the folder the
// chromebooks or xiaomi importer reads, made from a clone of the upstream
// (cli/import-copies.ts; docs/import-chromebooks.md, docs/import-xiaomi.md).
// npm run import -- eprel DIR | recalls FILE [--data DIR]: the EU energy
// label from an EPREL export, and a curator's recall searches
// (cli/import-evidence.ts; docs/import-eprel.md, docs/recalls.md).
// npm run import -- docs: regenerate docs/import.md from the importer's table.
// Each proposing source is one branch: read its folder, then runOver() (the
// folder's and the catalog's problems, then the pure run) and finish() (stop
// on any problem, else write and report), shared by all. Exit 2 on bad input
// (every problem printed as file:line: message, nothing written), 0 otherwise.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readCatalog } from "../../generator/load/read.ts";
import { formatProblem, type LoadedRecord } from "../../generator/load/validate.ts";
import { formatSourceProblem, type SourceProblem } from "../front-matter.ts";
import {
  readAppleSources,
  readChromeosFolder,
  readMacFolder,
  readReleaseDataFolder,
  readSnapshotFolder,
  readSurfaceWindowsFolder,
  readXiaomiFolder,
} from "../disk.ts";
import { runSurfaceWindows, SURFACE_WINDOWS_MARKDOWN } from "../surface-windows.ts";
import { MACS_MARKDOWN, runMacImport } from "../macs-import.ts";
import { CHROMEBOOKS_MARKDOWN, runChromeImport } from "../chromeos-import.ts";
import { withRaw } from "../identifiers-disk.ts";
import { readOsFile } from "../endoflife-os.ts";
import { REPORT_MARKDOWN, runImport, SANITY_MARKDOWN } from "../endoflife-import.ts";
import { importDocsText, IMPORT_DOCS_PATH } from "../endoflife-docs.ts";
import { cliCommand, resolveNow } from "../../generator/load/flags.ts";
import { finish, reportLine } from "./finish.ts";
import { pinOf } from "../sources.ts";
import { IDENTIFIER_IMPORTERS } from "../identifiers-import.ts";
import { identifierCommand } from "../identifiers-report.ts";
import { identifiersCommand } from "./import-identifiers.ts";
import { osReleasesCommand } from "./import-os-releases.ts";
import { eprelCommand, recallsCommand } from "./import-evidence.ts";
import { chromebooksCopyCommand, xiaomiCopyCommand } from "./import-copies.ts";
import { readXiaomiLists, XIAOMI_FILES } from "../xiaomi-sources.ts";
import { runXiaomiImport, XIAOMI_MARKDOWN } from "../xiaomi-import.ts";

const USAGE =
  "usage: npm run import -- endoflife DIR [--data DIR] [--release-data DIR] [--checked YYYY-MM-DD] [--commit SHA --commit-date YYYY-MM-DD] [--state draft|published] [--refresh]\n       npm run import -- samsung|appledb|sofa|android|surface|aer|eprel-codes DIR [--data DIR] [--checked YYYY-MM-DD] [--commit SHA --commit-date YYYY-MM-DD]\n       npm run import -- macs DIR [--data DIR] [--checked YYYY-MM-DD] [--state draft|published] [--refresh]\n       npm run import -- chromebooks DIR [--data DIR] [--checked YYYY-MM-DD] [--state draft|published]\n       npm run import -- surface-windows DIR [--data DIR] [--checked YYYY-MM-DD]\n       npm run import -- os-releases DIR [DATA] [--refresh]\n       npm run import -- xiaomi DIR [--data DIR] [--checked YYYY-MM-DD] [--state draft|published]\n       npm run import -- chromebooks-copy|xiaomi-copy CLONE OUT\n       npm run import -- eprel DIR [--data DIR] [--checked YYYY-MM-DD]\n       npm run import -- recalls FILE [--data DIR]\n       npm run import -- docs";

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
const data = args.data as string;
const devicesDir = path.join(data, "devices");

/** The publication state of new proposals (--state), or stop. */
function stateFlag(): "draft" | "published" {
  const state = args.state as string;
  if (state !== "draft" && state !== "published") fail(`--state must be draft or published (got "${state}")`);
  return state as "draft" | "published";
}

/**
 * The middle every proposing import shares: the source folder's problems, then the catalog's; only if there are
 * none, the run over the catalog, whose own problems follow (`where` names the file a problem is in).
 */
async function runOver<R extends { problems: SourceProblem[] }>(
  sourceProblems: SourceProblem[],
  run: (catalog: LoadedRecord[]) => R | undefined,
  where = (p: SourceProblem) => p,
): Promise<{ problems: string[]; result?: R }> {
  const problems = sourceProblems.map(formatSourceProblem);
  const catalog = await readCatalog(data);
  problems.push(...catalog.problems.map(formatProblem));
  const result = problems.length ? undefined : run(catalog.records);
  problems.push(...(result?.problems.map((p) => formatSourceProblem(where(p))) ?? []));
  return { problems, ...(result ? { result } : {}) };
}

if (command === "docs" && dir === undefined) {
  writeFileSync(IMPORT_DOCS_PATH, importDocsText());
  console.log(`[import] wrote ${path.relative(process.cwd(), IMPORT_DOCS_PATH)}`);
  process.exit(0);
}
const identifierImporter = IDENTIFIER_IMPORTERS.find((i) => identifierCommand(i) === command);
if (identifierImporter) {
  if (dir === undefined || rest.length) fail(`give exactly one folder: the ${command} snapshot`);
  if (args.state !== "draft") fail("--state is for the endoflife importer: identifier importers only add codes to existing records");
  await identifiersCommand(identifierImporter, dir!, {
    data,
    checked: args.checked as string | undefined,
    commit: args.commit as string | undefined,
    commitDate: args["commit-date"] as string | undefined,
  });
}
if (command === "os-releases") {
  if (dir === undefined || rest.length > 1) fail("give the sources folder holding endoflife.date/os/*.md, and optionally the data folder");
  osReleasesCommand(dir!, rest[0] ?? data, args.refresh as boolean);
}
if (command === "xiaomi") {
  if (dir === undefined || rest.length) fail("give exactly one folder: the saved Xiaomi lists (as ../shared/sources/xiaomi-devices)");
  const state = stateFlag();
  const checked = resolveNow(args.checked as string | undefined, "--checked");
  const folder = readXiaomiFolder(dir!);
  const read = folder.files ? readXiaomiLists(folder.files) : undefined;
  const snapshot = (rel: string) => folder.commits[rel]!;
  const { problems, result } = await runOver(
    [...folder.problems, ...(read?.problems ?? [])],
    (catalog) =>
      read?.lists &&
      runXiaomiImport({
        lists: read.lists,
        snapshots: { aer: snapshot(XIAOMI_FILES.aer), eol: snapshot(XIAOMI_FILES.eol), gplay: snapshot(XIAOMI_FILES.gplay) },
        checked,
        state,
        catalog,
        devicesDir,
      }),
    // The lists' own lines are named by the file inside the folder.
    (p) => ({ ...p, file: path.join(dir!, p.file) }),
  );
  finish(data, problems, result, ({ totals: t }, written) => [
    `[import] xiaomi: ${t.devices} devices, ${t.imported} imported (${written} written now), ${t.curated} curated, ${t.notWritten} not written; ${t.withSecurityEnd} with a security-end month, ${t.withEndedBound} ended no later than their first listing; ${t.modelNumbers} model numbers, ${t.codenames} codenames; ${t.renames} renames folded`,
    reportLine(data, XIAOMI_MARKDOWN),
  ]);
}
if (command === "chromebooks-copy" || command === "xiaomi-copy") {
  if (dir === undefined || rest.length !== 1) fail("give the upstream's clone and the folder to write the copy into");
  (command === "chromebooks-copy" ? chromebooksCopyCommand : xiaomiCopyCommand)(dir!, rest[0]!);
  process.exit(0);
}
if (command === "eprel" || command === "recalls") {
  if (dir === undefined || rest.length)
    fail(command === "eprel" ? "give exactly one folder: the EPREL export" : "give exactly one file: the recall searches (CSV)");
  await (command === "eprel" ? eprelCommand(dir!, { data, checked: args.checked as string | undefined }) : recallsCommand(dir!, { data }));
}
if (command === "macs") {
  if (dir === undefined || rest.length) fail("give exactly one folder: the sources folder holding appledb/, sofa/ and endoflife.date/");
  const state = stateFlag();
  const checked = resolveNow(args.checked as string | undefined, "--checked");
  const folder = readMacFolder(dir!);
  const macos = folder.endoflife.macos && readOsFile(folder.endoflife.macos);
  const { appledb, sofa, endoflife } = folder;
  const { problems, result } = await runOver([...folder.problems, ...(macos?.problems ?? [])], (catalog) =>
    runMacImport({
      sources: { deviceFiles: appledb.deviceFiles, builds: appledb.builds!, sofaFeed: sofa.feed!, sofaTable: sofa.table! },
      macos: macos!.os!,
      appledb: appledb.recorded!,
      sofa: sofa.recorded!,
      context: { ...endoflife.recorded!, checked, state, refresh: args.refresh as boolean },
      catalog,
      devicesDir,
    }),
  );
  finish(data, problems, result, ({ totals: t }, written) => [
    `[import] ${t.models} Mac laptops (${t.fromAppleDb} AppleDB, ${t.fromSofa} SOFA only): ${t.imported} imported (${written} written now), ${t.curated} curated, ${t.notWritten} not written; ${t.disagreements} AppleDB/SOFA disagreements resolved`,
    reportLine(data, MACS_MARKDOWN),
  ]);
}
if (command === "surface-windows") {
  if (dir === undefined || rest.length) fail("give exactly one folder: the sources folder holding microsoft-devices-docs/ and endoflife.date/");
  if (args.state !== "draft") fail("--state is not for surface-windows: it only adds the Windows part to existing records");
  const checked = resolveNow(args.checked as string | undefined, "--checked");
  const folder = readSurfaceWindowsFolder(dir!);
  const { problems, result } = await runOver(folder.problems, (catalog) =>
    runSurfaceWindows({
      supportedOs: folder.supportedOs!,
      windows: folder.windows!,
      devicesDocs: folder.devicesDocs!,
      endoflife: folder.endoflife!,
      checked,
      catalog,
    }),
  );
  finish(data, problems, result, ({ totals: t, records }, written) => [
    `[import] ${records.length} Windows Surface records: ${t["windows 11"]} Windows 11, ${t["windows 10"]} Windows 10 last, ${t["team edition"]} Team edition, ${t["not listed"]} not listed; ${written} written now, ${t.curated} curated kept`,
    reportLine(data, SURFACE_WINDOWS_MARKDOWN),
  ]);
}
if (command === "chromebooks") {
  if (dir === undefined || rest.length) fail("give exactly one folder: the chromeos-update-directory copy (models.json, aue-samples.json, images-newest/)");
  const state = stateFlag();
  const checked = resolveNow(args.checked as string | undefined, "--checked");
  const folder = readChromeosFolder(dir!);
  const { problems, result } = await runOver(folder.problems, (catalog) =>
    runChromeImport({ sources: folder.sources!, snapshot: folder.recorded!, checked, state, catalog: withRaw(catalog), devicesDir }),
  );
  finish(data, problems, result, ({ totals: t }, written) => [
    `[import] ${t.models} ChromeOS models (${t.excluded} not devices): ${t.records} records, ${t.imported} imported (${written} files written now), ${t.curated} curated, ${t.notWritten} not written; ${t.withAue} with an AUE month, ${t.withoutAue} without`,
    reportLine(data, CHROMEBOOKS_MARKDOWN),
  ]);
}
const sources = [
  "endoflife",
  "macs",
  "eprel",
  "recalls",
  "chromebooks",
  "chromebooks-copy",
  "surface-windows",
  "os-releases",
  "xiaomi",
  "xiaomi-copy",
  ...IDENTIFIER_IMPORTERS.map(identifierCommand),
].join(", ");
if (command !== "endoflife") fail(command === undefined ? `name the source: ${sources}` : `unknown source "${command}" (the importer reads ${sources})`);
if (dir === undefined || rest.length) fail("give exactly one folder: the endoflife.date snapshot (holding products/*.md and LICENSE)");
const state = stateFlag();
const checked = resolveNow(args.checked as string | undefined, "--checked");

const folder = readSnapshotFolder(dir!);
const commit = (args.commit as string | undefined) ?? folder.recorded?.commit ?? pinOf("endoflife").commit;
if (!/^[0-9a-f]{40}$/.test(commit)) fail(`--commit must be a full 40-character commit hash (got "${commit}")`);
const knownDate = [folder.recorded, pinOf("endoflife")].find((s) => s?.commit === commit)?.commitDate;
const commitDateFlag = args["commit-date"] as string | undefined;
if (commitDateFlag === undefined && knownDate === undefined) fail(`--commit-date is needed: the date of commit ${commit} is not recorded in ${dir}`);
const commitDate = commitDateFlag === undefined ? knownDate! : resolveNow(commitDateFlag, "--commit-date");

// endoflife.date's release-data beside the snapshot (as in ../shared/sources), unless another folder is named.
const releaseDataDir = (args["release-data"] as string | undefined) ?? path.join(dir!, "..", "endoflife-release-data");
const releaseData = args["release-data"] !== undefined || existsSync(releaseDataDir) ? readReleaseDataFolder(releaseDataDir) : undefined;

// SOFA and AppleDB beside the snapshot check Apple's OS cycles in the sanity report.
const { apple, problems: appleProblems } = readAppleSources(path.join(dir!, "..", "sofa"), path.join(dir!, "..", "appledb"));

const { problems, result } = await runOver([...folder.problems, ...(releaseData?.problems ?? []), ...appleProblems], (catalog) =>
  runImport({
    products: folder.products,
    osFiles: folder.osFiles,
    ...(releaseData?.recorded ? { releaseData: { files: releaseData.files, ...releaseData.recorded } } : {}),
    ...(apple ? { apple } : {}),
    catalog,
    devicesDir,
    context: { commit, commitDate, checked, state, refresh: args.refresh as boolean },
  }),
);
finish(data, problems, result, ({ totals }, written) => {
  const sanity = result!.sanity!.totals;
  return [
    `[import] ${totals.releases} releases from endoflife.date ${commit.slice(0, 7)} (${commitDate}): ${totals.proposed} proposed records (${written} written now), ` +
      `${totals.matchedRecords} curated records compared (${totals.rows.conflict} unresolved conflicts, ${totals.rows.resolved} resolved), ` +
      `${totals.notWritten} not written, ${totals.notCovered} records not covered`,
    reportLine(data, REPORT_MARKDOWN),
    `[import] verdict sanity: ${sanity.records} records, ${sanity.agree} agree with the source, ${sanity.explained} explained and ${sanity.unexplained} unexplained contradictions: ${path.join(data, SANITY_MARKDOWN)}`,
  ];
});
