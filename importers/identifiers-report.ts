// An identifier import's reconciliation report, as JSON (for tools) and
// markdown (for curators): totals by kind and manufacturer, every record with
// the codes this source gave it, codes other sources or curators had already
// written, conflicts, the review list and the rows no record matched.
// Deterministic and the same on a second run: it counts the source's codes as
// they stand in the records, not what one run wrote, and names files relative
// to the source folder.
import type { DeviceRecord } from "../generator/schema/record.ts";
import { cell } from "./endoflife-report.ts";
import { jsonText } from "../generator/contract/json-text.ts";

/** A source row: its file (relative to the source folder), line and how the source names the device. */
export interface RowRef {
  file: string;
  line: number;
  label: string;
}

export interface ReviewEntry extends RowRef {
  codes: string[];
  candidates: string[];
  reason: string;
}

/** A row that matches no record; on a curator's list, with its maker, codes and the records its name is near. */
export interface UnmatchedRow extends RowRef {
  manufacturer?: string;
  codes?: string[];
  candidates?: string[];
}

/** A row the reader set aside by name before matching (left to another importer), with its codes and why. */
export interface SetAsideRow extends RowRef {
  codes: string[];
  reason: string;
}

/** A row a curator decided (data/identifier-decisions.json), with the codes it gave and why. */
export interface DecidedEntry extends RowRef {
  decision: "accepted" | "rejected";
  record: string;
  codes: string[];
  reason: string;
}

export interface ReportCode {
  slug: string;
  kind: string;
  value: string;
  sourceId?: string;
}

export interface IdentifierReport {
  source: { importer: string; title: string; repository: string; commit: string; commitDate: string; files: string[] };
  totals: {
    rows: number;
    matchedRows: number;
    records: number;
    identifiers: number;
    byKind: Record<string, number>;
    byManufacturer: Record<string, { records: number; identifiers: number }>;
    alreadyPresent: number;
    conflicts: number;
    review: number;
    decided: number;
    notMatched: number;
    notWritten: number;
    setAside: Record<string, number>;
  };
  records: { slug: string; name: string; codes: string[] }[];
  shared: { value: string; slugs: string[] }[];
  alreadyPresent: ReportCode[];
  conflicts: (ReportCode & { reason: string })[];
  notWritten: { slug: string; reason: string }[];
  review: ReviewEntry[];
  decided: DecidedEntry[];
  notMatched: UnmatchedRow[];
  /** Only for a source whose reader lists the rows it set aside (AER: Xiaomi's brands). */
  setAsideRows?: SetAsideRow[];
  /** The unmatched rows are a curator's list of devices the catalog may lack (AER). */
  curatorList?: true;
}

/** The command that runs an identifier importer: `eprel` already names the EU energy label's repairability import (docs/import-eprel.md). */
export const identifierCommand = (importer: string) => (importer === "eprel" ? "eprel-codes" : importer);

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byRow = (a: RowRef, b: RowRef) => cmp(a.file, b.file) || a.line - b.line || cmp(a.label, b.label);
const byCode = (a: ReportCode, b: ReportCode) => cmp(a.slug, b.slug) || cmp(a.value, b.value);
const sortedRecord = <T>(entries: [string, T][]) => Object.fromEntries(entries.sort(([a], [b]) => cmp(a, b)));

/** What the report needs of a source's run (identifiers-merge.ts's SourceRun has it all). */
export interface RunSummary {
  importer: string;
  title: string;
  repository: string;
  commit: string;
  commitDate: string;
  files: string[];
  rows: { source: { url: string } }[];
  setAside: Record<string, number>;
  setAsideRows?: SetAsideRow[];
  curatorList?: true;
}

export function buildReport(input: {
  run: RunSummary;
  records: DeviceRecord[];
  matchedRows: number;
  alreadyPresent: ReportCode[];
  conflicts: (ReportCode & { reason: string })[];
  review: ReviewEntry[];
  notMatched: UnmatchedRow[];
  notWritten: { slug: string; reason: string }[];
  decided: DecidedEntry[];
}): IdentifierReport {
  const { run } = input;
  const urls = new Set(run.rows.map((r) => r.source.url));
  const entries: IdentifierReport["records"] = [];
  const byKind = new Map<string, number>();
  const byManufacturer = new Map<string, { records: number; identifiers: number }>();
  const shared = new Map<string, { value: string; slugs: string[] }>();
  for (const r of input.records) {
    const ids = new Set(r.evidence.sources.filter((s) => urls.has(s.url)).map((s) => s.id));
    const codes = r.variants.flatMap((v) => (v.identifiers ?? []).filter((x) => ids.has(x.sourceId)));
    if (!codes.length) continue;
    entries.push({ slug: r.slug, name: r.name, codes: codes.map((x) => `${x.kind} ${x.value}${x.shared ? " (shared)" : ""}`) });
    for (const x of codes) {
      byKind.set(x.kind, (byKind.get(x.kind) ?? 0) + 1);
      if (x.shared) {
        const s = shared.get(x.value) ?? { value: x.value, slugs: [] };
        s.slugs.push(r.slug);
        shared.set(x.value, s);
      }
    }
    const m = byManufacturer.get(r.manufacturer) ?? { records: 0, identifiers: 0 };
    byManufacturer.set(r.manufacturer, { records: m.records + 1, identifiers: m.identifiers + codes.length });
  }
  return {
    source: {
      importer: run.importer,
      title: run.title,
      repository: run.repository,
      commit: run.commit,
      commitDate: run.commitDate,
      files: [...run.files].sort(),
    },
    totals: {
      rows: run.rows.length,
      matchedRows: input.matchedRows,
      records: entries.length,
      identifiers: [...byKind.values()].reduce((a, b) => a + b, 0),
      byKind: sortedRecord([...byKind]),
      byManufacturer: sortedRecord([...byManufacturer]),
      alreadyPresent: input.alreadyPresent.length,
      conflicts: input.conflicts.length,
      review: input.review.length,
      decided: input.decided.length,
      notMatched: input.notMatched.length,
      notWritten: input.notWritten.length,
      setAside: sortedRecord(Object.entries(run.setAside)),
    },
    records: entries.sort((a, b) => cmp(a.slug, b.slug)),
    shared: [...shared.values()].map((s) => ({ value: s.value, slugs: s.slugs.sort() })).sort((a, b) => cmp(a.value, b.value)),
    alreadyPresent: [...input.alreadyPresent].sort(byCode),
    conflicts: [...input.conflicts].sort(byCode),
    notWritten: [...input.notWritten].sort((a, b) => cmp(a.slug, b.slug)),
    review: [...input.review].sort(byRow),
    decided: [...input.decided].sort(byRow),
    notMatched: [...input.notMatched].sort(byRow),
    ...(run.setAsideRows ? { setAsideRows: [...run.setAsideRows].sort(byRow) } : {}),
    ...(run.curatorList ? { curatorList: true as const } : {}),
  };
}

export const identifierReportJson = (r: IdentifierReport) => jsonText(r);

const table = (head: string[], rows: string[][]) =>
  rows.length
    ? [`| ${head.join(" | ")} |`, `| ${head.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`), ""]
    : ["None.", ""];

/** Candidate records, the first six and how many in all. */
const nearest = (candidates: string[]) => candidates.slice(0, 6).join(", ") + (candidates.length > 6 ? `, … (${candidates.length})` : "");

export function identifierReportMarkdown(r: IdentifierReport): string {
  const t = r.totals;
  const lines = [
    `# Identifiers from ${r.source.title}`,
    "",
    `<!-- Generated by \`npm run import -- ${identifierCommand(r.source.importer)}\`; do not edit by hand. -->`,
    "",
    `Source: ${r.source.repository} at commit \`${r.source.commit}\` (${r.source.commitDate}); files: ${r.source.files.map((f) => `\`${f}\``).join(", ")}.`,
    "",
    `- ${t.rows} source rows, ${t.matchedRows} matched to a record; ${t.notMatched} matched none; ${t.review} for review; ${t.decided} decided by a curator.`,
    `- ${t.identifiers} codes from this source in ${t.records} records: ${Object.entries(t.byKind)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ")}.`,
    `- ${t.alreadyPresent} already present from another source or a curator; ${t.conflicts} conflicts; ${t.notWritten} records not written.`,
    ...Object.entries(t.setAside).map(([reason, n]) => `- Set aside before matching: ${n} rows (${reason}).`),
    "",
    "## By manufacturer",
    "",
    ...table(
      ["Manufacturer", "Records", "Codes"],
      Object.entries(t.byManufacturer).map(([m, c]) => [m, String(c.records), String(c.identifiers)]),
    ),
    "## Conflicts (not written)",
    "",
    ...table(
      ["Record", "Code", "Kind", "Why"],
      r.conflicts.map((c) => [c.slug, c.value, c.kind, c.reason]),
    ),
    "## Records not written (the validator refused the change)",
    "",
    ...table(
      ["Record", "Problems"],
      r.notWritten.map((n) => [n.slug, n.reason]),
    ),
    "## For review (not written)",
    "",
    ...table(
      ["Row", "Device", "Codes", "Candidates", "Why"],
      r.review.map((x) => [`${x.file}:${x.line}`, x.label, x.codes.join(", "), nearest(x.candidates), x.reason]),
    ),
    "## Decided by a curator (data/identifier-decisions.json)",
    "",
    ...table(
      ["Row", "Device", "Decision", "Record", "Codes taken", "Why"],
      r.decided.map((x) => [`${x.file}:${x.line}`, x.label, x.decision, x.record, x.codes.join(", "), x.reason]),
    ),
    "## Codes shared by several records (the source gives them to each)",
    "",
    ...table(
      ["Code", "Records"],
      r.shared.map((s) => [s.value, s.slugs.join(", ")]),
    ),
    "## Already present (from another source or a curator)",
    "",
    ...table(
      ["Record", "Code", "Kind", "Cited to"],
      r.alreadyPresent.map((c) => [c.slug, c.value, c.kind, c.sourceId ?? ""]),
    ),
    "## Records with codes from this source",
    "",
    ...table(
      ["Record", "Name", "Codes"],
      r.records.map((x) => [x.slug, x.name, x.codes.join(", ")]),
    ),
    ...(r.setAsideRows
      ? [
          "## Set aside before matching",
          "",
          ...table(
            ["Row", "Device", "Codes", "Why"],
            r.setAsideRows.map((x) => [`${x.file}:${x.line}`, x.label, x.codes.join(", "), x.reason]),
          ),
        ]
      : []),
    ...(r.curatorList
      ? [
          `## Curator's list: devices no record matches (${r.notMatched.length})`,
          "",
          "A new record needs a dated fact from another source; a near record may be the device under another name.",
          "",
          ...table(
            ["Row", "Device", "Maker", "Codes", "Near records"],
            r.notMatched.map((x) => [`${x.file}:${x.line}`, x.label, x.manufacturer ?? "", (x.codes ?? []).join(", "), nearest(x.candidates ?? [])]),
          ),
        ]
      : [
          "## Rows that match no record",
          "",
          ...table(
            ["Row", "Device"],
            r.notMatched.map((x) => [`${x.file}:${x.line}`, x.label]),
          ),
        ]),
  ];
  return `${lines.join("\n").trimEnd()}\n`;
}
