// One identifier import, whole: a source folder's files in, the records to
// rewrite and the report out, or every problem of the input and nothing to
// write. Pure; identifiers-disk.ts reads the folder.
import type { SourceProblem } from "./front-matter.ts";
import { AER_TABLE, readAer } from "./identifiers-aer.ts";
import { readAndroid } from "./identifiers-android.ts";
import { APPLEDB_SUPPLEMENT, readAppleDb, type SourceFile } from "./identifiers-appledb.ts";
import { mergeIdentifiers, type CatalogFile, type MergeResult, type SourceRun } from "./identifiers-merge.ts";
import { identifierReportJson, identifierReportMarkdown } from "./identifiers-report.ts";
import { readDecisions } from "./identifiers-decisions.ts";
import { readEprelCodes } from "./identifiers-eprel.ts";
import { EPREL_CSV } from "./eprel.ts";
import { readSamsung } from "./identifiers-samsung.ts";
import { readSofa, SOFA_FEEDS, SOFA_TABLES } from "./identifiers-sofa.ts";
import { readSurface, SURFACE_TABLE } from "./identifiers-surface.ts";

export const IDENTIFIER_IMPORTERS = ["samsung", "appledb", "sofa", "android", "surface", "aer", "eprel"] as const;
export type IdentifierImporter = (typeof IDENTIFIER_IMPORTERS)[number];

/** What each importer reads when the folder's README names no commit, and its version where the source has one. */
export const PINNED: Record<IdentifierImporter, { commit: string; commitDate: string; version?: string }> = {
  samsung: { commit: "a70eca337600e7d721dc48112c271f98661d208b", commitDate: "2026-08-22" },
  appledb: { commit: "3362aa4b48085a78e12d2a34a0635afdc5c5a9a4", commitDate: "2024-09-03" },
  sofa: { commit: "00b0d8ca82f93059846da900c50203b8825337e6", commitDate: "2026-08-22" },
  // The README gives the upstream commit abbreviated, as GitHub accepts it in a link.
  android: { commit: "3349d74", commitDate: "2023-04-04", version: "1.2.10" },
  surface: { commit: "0b607b18cab6ddbfd5179052c449a4104fc071af", commitDate: "2024-10-24" },
  aer: { commit: "10d5b95397e0c64dab21a06dbe56e07bea094d7e", commitDate: "2026-07-24" },
  eprel: { commit: "ef4589957e61dd891ccf4c5c4e43c5445bb22cca", commitDate: "2025-07-05" },
};

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

function readRun(input: IdentifierImportInput): { run?: SourceRun; problems: SourceProblem[] } {
  const { files, context: ctx } = input;
  const byRel = new Map(files.map((f) => [f.rel, f]));
  const need = (rel: string): SourceFile | undefined => byRel.get(rel);
  const missing = (rels: string[]) => rels.filter((r) => !byRel.has(r)).map((rel) => ({ file: rel, line: 1, message: "not found in the source folder" }));
  switch (input.importer) {
    case "samsung":
      return readSamsung(
        files.filter((f) => f.rel.startsWith("products/")).map((f) => ({ name: f.rel.slice("products/".length), path: f.path, text: f.text })),
        ctx,
      );
    case "appledb": {
      const devices = files.filter((f) => /^deviceFiles\/(Apple Watch|iPad|iPhone)\/[^/]+\.json$/.test(f.rel));
      if (!devices.length) return { problems: [{ file: "deviceFiles", line: 1, message: "holds no iPhone, iPad or Apple Watch device file" }] };
      return readAppleDb(devices, need(APPLEDB_SUPPLEMENT), ctx);
    }
    case "sofa": {
      const absent = missing(SOFA_FEEDS);
      if (absent.length) return { problems: absent };
      return readSofa(
        SOFA_FEEDS.map(need) as SourceFile[],
        SOFA_TABLES.map(need).filter((f): f is SourceFile => f !== undefined),
        ctx,
      );
    }
    case "android": {
      const absent = missing(["devices.json"]);
      if (absent.length) return { problems: absent };
      return readAndroid(need("devices.json")!, [...new Set(input.catalog.map((c) => c.record.manufacturer))].sort(), { ...ctx, version: ctx.version ?? "" });
    }
    case "surface": {
      const absent = missing([SURFACE_TABLE]);
      if (absent.length) return { problems: absent };
      return readSurface(need(SURFACE_TABLE)!, ctx);
    }
    case "aer": {
      const absent = missing([AER_TABLE]);
      if (absent.length) return { problems: absent };
      return readAer(need(AER_TABLE)!, [...new Set(input.catalog.map((c) => c.record.manufacturer))].sort(), ctx);
    }
    case "eprel": {
      const absent = missing([EPREL_CSV]);
      if (absent.length) return { problems: absent };
      return readEprelCodes(need(EPREL_CSV)!, [...new Set(input.catalog.map((c) => c.record.manufacturer))].sort(), ctx);
    }
  }
}

export function runIdentifierImport(input: IdentifierImportInput): IdentifierImportResult {
  const { run, problems } = readRun(input);
  const decided = input.decisions ? readDecisions(input.decisions.file, input.decisions.text) : { decisions: [], problems: [] };
  if (!run || problems.length || decided.problems.length) return { problems: [...problems, ...decided.problems], records: [], reports: [] };
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
