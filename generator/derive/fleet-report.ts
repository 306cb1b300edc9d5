// The fleet check's verdict on each row and the report a fleet manager
// downloads, as pure functions: the page's worker (browser/fleet-worker.ts)
// and the CLI (client/) write the same report from them. Each row is judged
// twice, the device (derive/fleet-match.ts) and the OS it runs
// (derive/os-releases.ts judgeOs, through an OsJudge; Google's Auto Update
// Expiration for a Chromebook), and gets one action (derive/fleet-actions.ts).
import type { OsJudgement } from "../contract/os-releases.ts";
import type { VerdictCode } from "../contract/verdicts.ts";
import { CSV_BOM, neutralizeFormula } from "./csv-cells.ts";
import { actionOf, endStanding, precisionOf, VERDICT_KIND_WORDS, type Action, type DeviceFacts } from "./fleet-actions.ts";
import type { FleetDevice, FleetEnd, FleetIndex } from "./fleet-files.ts";
import { matchNote, type Match } from "./fleet-match.ts";
import type { OsInput, RowOs } from "./fleet-os.ts";
import { earliest, type DeviceEnds } from "./fleet-quarters.ts";
import { periodOf } from "./dates.ts";
import type { PartialDate } from "../schema/record.ts";

/** The OS judgement of a row's OS (derive/os-releases.ts judgeOs over the OS index), or null when it knows nothing of it. */
export type OsJudge = (input: OsInput) => OsJudgement | null;

/** One row, judged: its device, its OS, Google's AUE, what to do, and the ends the fleet's chart counts. */
export interface RowResult {
  match: Match;
  /** The matched device's position in the index, or null. */
  position: number | null;
  os: OsJudgement | null;
  aue: string | null;
  action: Action;
  /** The match's note (an ambiguous row's candidates, an unmatched row's hint), then what the OS and AUE add. */
  note: string;
  ends: DeviceEnds;
}

const matchedPosition = (m: Match) => (m.by === "code" || m.by === "name" ? m.positions[0] : null);

/** The first documented end among a kind's commitments. */
const firstEnd = (ends: readonly FleetEnd[]) => earliest(ends.map((e) => e[0]));

/** A Chromebook's OS, as Google's Auto Update Expiration states it for that very device. */
function aueJudgement(aue: string, input: OsInput | null, today: string): OsJudgement {
  const standing = endStanding(aue, today);
  const version = input?.version ? ` ${input.version}` : "";
  return {
    status: standing === "past" ? "ended" : standing === "soon" ? "ending-soon" : "patched",
    release: null,
    label: `ChromeOS${version}`,
    headline:
      standing === "past"
        ? `No updates since ${aue} (Google's Auto Update Expiration for this device)`
        : `Gets updates until ${aue} (Google's Auto Update Expiration for this device)`,
    securityEnd: aue,
    newerBuild: null,
    patchMonthsBehind: null,
    esuEnd: null,
    url: null,
  };
}

/** Whether a month falls within one of a record's documented ends (each read as the period its precision gives). */
function agrees(month: string, ends: readonly FleetEnd[]): boolean {
  const m = periodOf({ value: month, precision: "month" })!;
  return ends.some(([value]) => {
    const p = value ? periodOf({ value, precision: precisionOf(value) } as PartialDate) : null;
    return p !== null && p.first <= m.last && m.first <= p.last;
  });
}

/** What the OS judgement adds to a row's note: a newer build of the same release, how far an Android patch level lags, paid ESU. */
function osNote(os: OsJudgement | null): string[] {
  if (!os) return [];
  const out: string[] = [];
  if (os.newerBuild) out.push(`A newer build of ${os.label} is out: ${os.newerBuild.version} (${os.newerBuild.date}).`);
  if (os.patchMonthsBehind !== null && os.patchMonthsBehind > 0)
    out.push(`Its security patch level is ${os.patchMonthsBehind} month${os.patchMonthsBehind === 1 ? "" : "s"} behind the newest.`);
  if (os.esuEnd) out.push(`Paid Extended Security Updates run until ${os.esuEnd} for those who enrol; they are not counted as support.`);
  return out;
}

/** Judges one row: its match, its OS, Google's AUE, its action and the ends the chart counts. `today` is the reader's day. */
export function judgeRow(fleet: FleetIndex, match: Match, rowOs: RowOs, manufacturer: string, judge: OsJudge | null, today: string): RowResult {
  const position = matchedPosition(match);
  const d = position === null ? null : fleet.devices[position]!;
  const judged = rowOs.input && judge ? judge(rowOs.input) : null;
  const os = rowOs.aue && (!judged || judged.status === "unknown") ? aueJudgement(rowOs.aue, rowOs.input, today) : judged;
  const device: DeviceFacts = d
    ? { kind: "matched", verdict: d[2] as VerdictCode, securityEnd: firstEnd(d[4]), takes: d[7] ?? null }
    : match.by === "ambiguous"
      ? { kind: "ambiguous" }
      : { kind: "unknown", maker: manufacturer };
  const action = actionOf({ device, os, aue: rowOs.aue, today });
  const notes = [matchNote(match, fleet.devices)];
  if (d && rowOs.aue && !agrees(rowOs.aue, d[4]))
    notes.push(
      `Google's export gives this device's Auto Update Expiration as ${rowOs.aue}; our record says ${endsWords(d[4]) || "no documented end"}. Google's statement about this device is used.`,
    );
  if (rowOs.aueUnread) notes.push(`The Auto Update Expiration "${rowOs.aueUnread}" could not be read as a month.`);
  notes.push(...osNote(os));
  const securityEnds = [d ? firstEnd(d[4]) : null, os?.securityEnd ?? null, rowOs.aue];
  return {
    match,
    position,
    os,
    aue: rowOs.aue,
    action,
    note: notes.filter(Boolean).join(" "),
    ends: { os: earliest([d ? firstEnd(d[5]) : null, rowOs.aue]), security: earliest(securityEnds) },
  };
}

/** A device's verdict in plain words: its headline (derive/verdict-headline.ts), as the device page and the badge say it. */
export const verdictWords = (d: FleetDevice) => d[3];

/** The verdict's kind in words, with no date: what devices are counted under. */
export const verdictKind = (d: FleetDevice) => VERDICT_KIND_WORDS[d[2] as VerdictCode] ?? d[3];

/** Ends of one kind in words: each commitment's end with its precision, and its coverage when the commitments differ ("2027-Q2 (quarter); regions US | 2028-06 (month); regions DE, FR"). */
export function endsText(ends: readonly FleetEnd[]): string {
  const one = ends.length === 1;
  const parts = ends.map(([value, precision, coverage, minimum, minimumPrecision]) => {
    const when = value ? `${value} (${precision})` : minimum ? `at least until ${minimum} (${minimumPrecision})` : "not documented";
    return one && coverage === "all variants" ? when : `${when}; ${coverage}`;
  });
  return parts.join(" | ");
}

/** Documented ends only, for a note ("2029-06 (month)"). */
const endsWords = (ends: readonly FleetEnd[]) =>
  ends
    .filter(([value]) => value)
    .map(([value, precision]) => `${value} (${precision})`)
    .join(" | ");

/** The columns the report adds after the export's own, in order; later additions go at the end (scripts read them by name or place). */
export const REPORT_COLUMNS = [
  "match",
  "matched_by",
  "device",
  "device_manufacturer",
  "verdict",
  "verdict_code",
  "security_end",
  "security_end_precision",
  "security_scope",
  "os_end",
  "os_end_precision",
  "os_scope",
  "record_url",
  "note",
  "attribution",
  "security_minimum",
  "security_minimum_precision",
  "os_minimum",
  "os_minimum_precision",
  "os_release",
  "os_status",
  "os_headline",
  "os_security_end",
  "os_newer_build",
  "os_patch_months_behind",
  "auto_update_expiration",
  "action",
  "action_by",
  "action_why",
] as const;

/** Aligned cells of one kind, as the dataset writes them (values of several commitments joined by " | "): end, precision, scope, minimum, minimum precision. */
function kindCells(ends: readonly FleetEnd[]): string[] {
  const cell = (values: (string | null)[]) => (values.some((v) => v) ? values.map((v) => v ?? "").join(" | ") : "");
  return [0, 1, 2, 3, 4].map((i) => cell(ends.map((e) => e[i] as string | null)));
}

/**
 * The downloadable report: the export's header and rows, each followed by
 * the report's columns, every cell (the export's own included: the file is
 * someone else's text) made safe for spreadsheets as the dataset's are.
 */
export function reportRows(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  results: readonly RowResult[],
  fleet: FleetIndex,
  slugs: readonly string[],
): string[][] {
  const width = rows.reduce((w, r) => Math.max(w, r.length), header.length);
  return [reportHeader(header, width), ...rows.map((row, i) => reportLine(row, width, results[i]!, fleet, slugs))];
}

/** The report's header: the export's own, padded to `width` columns, then the report's. A streamed export's rows are written one batch at a time after it. */
export const reportHeader = (header: readonly string[], width: number): string[] => [...padded(header, width), ...REPORT_COLUMNS];

/** One row of the report: the export's cells, padded to `width`, then the report's own. */
export const reportLine = (row: readonly string[], width: number, result: RowResult, fleet: FleetIndex, slugs: readonly string[]): string[] => [
  ...padded(row, width),
  ...reportCells(result, fleet, slugs),
];

/**
 * The export's cells in `width` columns, made safe for spreadsheets. A
 * longer row loses its empty trailing cells (a spreadsheet's stray commas);
 * one with text there keeps it, so nothing of the export is dropped.
 */
function padded(cells: readonly string[], width: number): string[] {
  let length = cells.length;
  while (length > width && !cells[length - 1]) length--;
  return Array.from({ length: Math.max(width, length) }, (_, i) => neutralizeFormula(cells[i] ?? ""));
}

/** The report's own cells for one row, made safe for spreadsheets. */
export function reportCells(r: RowResult, fleet: FleetIndex, slugs: readonly string[]): string[] {
  const d = r.position === null ? null : fleet.devices[r.position]!;
  const [secEnd, secPrecision, secScope, secMin, secMinPrecision] = d ? kindCells(d[4]) : ["", "", "", "", ""];
  const [osEnd, osPrecision, osScope, osMin, osMinPrecision] = d ? kindCells(d[5]) : ["", "", "", "", ""];
  const os = r.os;
  const cells = [
    d ? "yes" : r.match.by === "ambiguous" ? "ambiguous" : "no",
    d ? r.match.by : "",
    d?.[0] ?? "",
    d?.[1] ?? "",
    d ? verdictWords(d) : "",
    d?.[2] ?? "",
    secEnd!,
    secPrecision!,
    secScope!,
    osEnd!,
    osPrecision!,
    osScope!,
    d ? `${fleet.pages}${slugs[r.position!]}` : "",
    r.note,
    d ? fleet.attribution : "",
    secMin!,
    secMinPrecision!,
    osMin!,
    osMinPrecision!,
    os?.label ?? "",
    os?.status ?? "",
    os?.headline ?? "",
    os?.securityEnd ?? "",
    os?.newerBuild ? `${os.newerBuild.version} (${os.newerBuild.date})` : "",
    os?.patchMonthsBehind == null ? "" : String(os.patchMonthsBehind),
    r.aue ?? "",
    r.action.code,
    r.action.by ?? "",
    r.action.why,
  ];
  return cells.map(neutralizeFormula);
}

/** The report as a file Excel opens as UTF-8: a byte-order mark, then the CSV text. */
export const reportFile = (csv: string) => `${CSV_BOM}${csv}`;
