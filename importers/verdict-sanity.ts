// The verdict sanity report: for every record an endoflife.date release
// speaks about, the source's own status on the snapshot's day (ended,
// supported, a date) beside our verdict on that day, and every contradiction
// with its explanation. A contradiction nothing explains is a bug in the
// importer's reading or a record to correct; a test on data/ fails on any.
// Pure and deterministic: sorted, and computed for the snapshot's commit day,
// so the report changes only when the sources or the records do.
import { describeDate, positionOf } from "../generator/derive/dates.ts";
import { commitmentStatus, ENDED_STATUSES, verdictOf, type Verdict } from "../generator/derive/verdict.ts";
import type { VerdictCode } from "../generator/contract/verdicts.ts";
import type { DeviceRecord } from "../generator/schema/record.ts";
import type { ReleaseReading, Statement } from "./endoflife-readings.ts";
import { statementSummary } from "./endoflife-readings.ts";
import { crossCheck, type CrossCheckRow } from "./apple-crosscheck.ts";
import { cell } from "./endoflife-report.ts";
import { jsonText } from "../generator/contract/json-text.ts";

/** What the source itself says of security support on its commit day. */
export type SourceStatus = "ended" | "supported" | "not stated";

/** Our verdict on that day, in the same terms. */
export type OurStatus = "ended" | "supported" | "past its last commitment" | "unknown" | "varies";

export interface SanityRow {
  slug: string;
  release: string;
  line: number;
  /** The source's value as written (the eol cell, or the OS cycle for Apple). */
  theirs: string;
  source: SourceStatus;
  verdict: VerdictCode;
  ours: OurStatus;
  /** Why our verdict differs from the source's status, when it does and something explains it. */
  explanation?: string;
}

export interface SanityReport {
  source: { commit: string; commitDate: string };
  /** Apple's OS cycles the devices end on, against SOFA and AppleDB (absent when those sources were not given). */
  apple?: CrossCheckRow[];
  totals: { records: number; agree: number; explained: number; unexplained: number; byVerdict: Record<string, number> };
  /** Contradictions nothing explains first, then the explained ones; agreements are only counted. */
  contradictions: SanityRow[];
}

const OURS: Record<VerdictCode, OurStatus> = {
  "security-ended": "ended",
  "security-ending-soon": "supported",
  "security-only": "supported",
  "receiving-updates": "supported",
  "minimum-commitment": "supported",
  "announced-ceiling": "supported",
  "commitment-passed": "past its last commitment",
  varies: "varies",
  unknown: "unknown",
};

/** The source's status from the statement the record was read from: a passed date or `true` is ended. */
function sourceStatus(s: Statement | undefined, commitDate: string): SourceStatus {
  if (!s) return "not stated";
  if (s.status === "ended") return "ended";
  if (s.status === "supported") return "supported";
  if (s.status === "estimate") return s.implies!;
  if (s.kind === "lastUpdate") return "ended";
  const v = s.cell.value;
  return typeof v === "string" && v <= commitDate ? "ended" : "supported";
}

/** The value as the file writes it: the eol cell, or for Apple the supported-versions range the OS cycle was looked up by. */
const cellText = (s: Statement | undefined, reading: ReleaseReading) =>
  s
    ? `${reading.column ? reading.product.mapping.osCycles!.key : s.column}: ${String(s.cell.value)}${s.cell.comment ? ` # ${s.cell.comment}` : ""}`
    : "no column";

/** The reasons a verdict may rightly differ from the source's own status. */
function explain(
  reading: ReleaseReading,
  s: Statement | undefined,
  source: SourceStatus,
  ours: OurStatus,
  record: DeviceRecord,
  commitDate: string,
  decidedBy?: Verdict["decidedBy"],
): string | undefined {
  // A curator's revision that names this source file: the record was corrected against it, and says why.
  const file = reading.product.mapping.file;
  const curated = record.evidence.revisions.filter(
    (r) => !r.reason.startsWith("Proposed by the ") && `${r.change} ${r.reason}`.includes(file.replace(/\.md$/, "")),
  );
  if (source === "ended" && ours === "past its last commitment" && s?.status === "dated" && s.kind === "minimum")
    return `the source's date is a minimum (${describeDate(s.date)}, worded as "${s.phrase}"): updates were promised until then, not ended then; once it passed, the record reads as past its last commitment`;
  if (source === "ended" && ours === "past its last commitment" && s?.status === "dated" && s.kind === "ceiling")
    return `the source's date is an announced ceiling (${describeDate(s.date)}): the most that was announced, not an end`;
  if (source === "ended" && ours === "supported" && s?.status === "dated" && s.date && positionOf(commitDate, s.date) === "within")
    return `the source's end is ${describeDate(s.date)}, a period the commit day falls within: the end is under way (ending soon), not past`;
  // The source dates one part (a Surface's firmware and drivers) while our verdict follows another (Windows): that part's own commitment must agree.
  if (s?.component && decidedBy && decidedBy.component !== s.component) {
    const part = record.support.security.filter((c) => c.component === s.component).map((c) => commitmentStatus(c, commitDate));
    const partStatus = part.length && part.every((p) => ENDED_STATUSES.has(p)) ? "ended" : part.length ? "supported" : undefined;
    if (partStatus === source)
      return `the source dates ${s.component} only, and our ${s.component} commitment agrees (${partStatus}); the verdict follows ${decidedBy.component}, which the source does not cover`;
  }
  if (ours === "unknown" && s?.status === "estimate" && !s.listing)
    return `the source's date is endoflife.date's own estimate (${describeDate(s.date)}): an estimate is never recorded as an end, and no listing is kept that would outlive it, so the status is not documented`;
  if (ours === "varies") return "the record's security commitments differ by region, model or component; the source gives one status for all";
  if (curated.length) return `curated record: ${curated.map((r) => `${r.date}: ${r.change} (${r.reason})`).join("; ")}`;
  return undefined;
}

export interface SanityInput {
  readings: { reading: ReleaseReading; record: DeviceRecord }[];
  commit: string;
  commitDate: string;
  apple?: Omit<Parameters<typeof crossCheck>[0], "cycles">;
}

export function verdictSanity({ readings, commit, commitDate, apple }: SanityInput): SanityReport {
  const rows: SanityRow[] = [];
  const byVerdict = new Map<string, number>();
  let agree = 0;
  for (const { reading, record } of readings) {
    if (record.publication.state !== "published") continue;
    const s = reading.security;
    const source = sourceStatus(s, commitDate);
    const full = verdictOf(record, commitDate);
    const verdict = full.code;
    const ours = OURS[verdict];
    byVerdict.set(verdict, (byVerdict.get(verdict) ?? 0) + 1);
    if (source === "not stated" || source === ours) {
      agree++;
      continue;
    }
    // Apple's product files note the last update a contributor saw; the verdict follows the OS cycle, which the reading states.
    const column =
      reading.column && reading.column.status !== s?.status
        ? `; the product file's own column says ${statementSummary(reading.column)} (eol: ${String(reading.column.cell.value)}), which the OS cycle overrides`
        : "";
    const explanation = explain(reading, s, source, ours, record, commitDate, full.decidedBy);
    rows.push({
      slug: record.slug,
      release: `${reading.product.mapping.file}#${reading.release.cycle}`,
      line: reading.release.line,
      theirs: `${statementSummary(s)} (${cellText(s, reading)})${column}`,
      source,
      verdict,
      ours,
      ...(explanation ? { explanation } : {}),
    });
  }
  const order = (r: SanityRow) => (r.explanation ? 1 : 0);
  rows.sort((a, b) => order(a) - order(b) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0) || (a.release < b.release ? -1 : 1));
  const explained = rows.filter((r) => r.explanation).length;
  const cycles = readings.flatMap(({ reading }) => (reading.osCycle ? [`${reading.osCycle.file}#${reading.osCycle.cycle}`] : []));
  return {
    source: { commit, commitDate },
    ...(apple ? { apple: crossCheck({ ...apple, cycles }) } : {}),
    totals: {
      records: agree + rows.length,
      agree,
      explained,
      unexplained: rows.length - explained,
      byVerdict: Object.fromEntries([...byVerdict].sort(([a], [b]) => (a < b ? -1 : 1))),
    },
    contradictions: rows,
  };
}

export const sanityJson = (r: SanityReport) => jsonText(r);

export function sanityMarkdown(r: SanityReport): string {
  const { totals } = r;
  const table = (rows: SanityRow[], withWhy: boolean) =>
    rows.length
      ? [
          `| Record | Release | Source says | Source status | Our verdict |${withWhy ? " Explanation |" : ""}`,
          `| --- | --- | --- | --- | --- |${withWhy ? " --- |" : ""}`,
          ...rows.map(
            (x) =>
              `| \`${x.slug}\` | ${x.release} (line ${x.line}) | ${cell(x.theirs)} | ${x.source} | ${x.verdict} (${x.ours}) |${withWhy ? ` ${cell(x.explanation!)} |` : ""}`,
          ),
        ].join("\n")
      : "None.";
  return [
    "# Verdict sanity report",
    "",
    `Generated by \`npm run import -- endoflife\` beside the reconciliation report. For every published record an endoflife.date release (at commit \`${r.source.commit}\`) speaks about, the source's own security status on its commit day, ${r.source.commitDate}, beside our verdict on that day. A contradiction that nothing explains fails the test on \`data/\` (test/import/verdict-sanity.test.ts).`,
    "",
    `Records: ${totals.records}. Agreeing: ${totals.agree}. Contradictions explained: ${totals.explained}. Unexplained: ${totals.unexplained}.`,
    "",
    `Verdicts on ${r.source.commitDate}: ${Object.entries(totals.byVerdict)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}.`,
    "",
    "## Unexplained contradictions",
    "",
    table(
      r.contradictions.filter((x) => !x.explanation),
      false,
    ),
    "",
    "## Explained contradictions",
    "",
    table(
      r.contradictions.filter((x) => x.explanation),
      true,
    ),
    "",
    ...(r.apple
      ? [
          "## Apple's OS cycles against SOFA and AppleDB",
          "",
          "The cycles Apple devices end on (or run as their last), as endoflife.date, SOFA (security releases with their CVE counts) and AppleDB (builds to 2024-09, with the identifiers that got them) give them. Records follow endoflife.date's cycle status and state a cycle's last release as the last update observed, not as the last security update; where the sources disagree, a curator decides.",
          "",
          "| OS | Cycle | endoflife.date | SOFA | AppleDB | Disagreement |",
          "| --- | --- | --- | --- | --- | --- |",
          ...r.apple.map(
            (a) =>
              `| ${a.os} | ${a.cycle} | ${cell(a.endoflife)} | ${cell(a.sofa ?? "not covered")} | ${cell(a.appledb ?? "not covered")} | ${cell(a.disagreement ?? "none")} |`,
          ),
          "",
        ]
      : []),
  ].join("\n");
}
