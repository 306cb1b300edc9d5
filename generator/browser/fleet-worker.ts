// The fleet check's worker (bundled to /assets/fleet-worker.js): reads the
// export as a stream, in chunks (File.stream(), split at record boundaries
// and read by derive/fleet-csv.ts), so memory
// grows with the rows' results and not with the file; loads the fleet index
// (one static file, never the API); judges every row twice, its device
// (derive/fleet-match.ts) and the OS it runs (derive/fleet-os.ts,
// derive/fleet-report.ts), with one action each (derive/fleet-actions.ts);
// and writes the report and the calendar, off the page's thread so a
// 100,000-row export never freezes it. The export stays in the browser:
// nothing is sent anywhere.
import ical from "ical-generator";
import type { OsJudgement } from "../contract/os-releases.ts";
import { periodOf, addDays } from "../derive/dates.ts";
import { ACTION_WORDS, ACTIONS, precisionOf, type ActionCode } from "../derive/fleet-actions.ts";
import { CsvSyntaxError, csvText, parseRecords, recordSplitter } from "../derive/fleet-csv.ts";
import { FLEET_INDEX_FORMAT, type FleetEvent, type FleetIndex } from "../derive/fleet-files.ts";
import { detectColumns, fleetMatcher, looksLikeHeader, rowInput, sniffDelimiter, type Columns } from "../derive/fleet-match.ts";
import { detectOsColumns, NO_OS_COLUMNS, rowOs, type OsColumns } from "../derive/fleet-os.ts";
import { quarterCounts, type DeviceEnds } from "../derive/fleet-quarters.ts";
import { endsText, judgeRow, reportFile, reportHeader, reportLine, verdictKind, verdictWords, type OsJudge, type RowResult } from "../derive/fleet-report.ts";
import { icsEvent } from "../derive/ics.ts";
import { judgeOs, OS_INDEX_FILE, OS_INDEX_FORMAT, type OsIndex } from "../derive/os-releases.ts";
import type { PartialDate } from "../schema/record.ts";
import { MAX_ROWS, PROGRESS_EVERY, type ColumnChoice, type Count, type FromWorker, type ResultRow, type ToWorker } from "./fleet-protocol.ts";

const post = (m: FromWorker) => postMessage(m);

let fleet: Promise<FleetIndex> | null = null;
function loadFleet(url: string): Promise<FleetIndex> {
  if (!fleet) {
    fleet = fetch(url).then(async (res) => {
      if (!res.ok) throw new Error(`the fleet index answered ${res.status}`);
      const index = (await res.json()) as FleetIndex;
      if (index.format !== FLEET_INDEX_FORMAT) throw new Error(`the fleet index is ${String(index.format)}, not ${FLEET_INDEX_FORMAT}`);
      return index;
    });
    fleet.catch(() => (fleet = null));
  }
  return fleet;
}

/**
 * The judge of the OS a row runs, over the OS-release index published beside
 * the fleet index (derive/os-releases.ts). A site without that file still
 * checks devices: rows then carry Google's AUE alone, and no OS verdict.
 */
async function osJudge(indexUrl: string): Promise<OsJudge | null> {
  const res = await fetch(new URL(OS_INDEX_FILE, new URL(indexUrl, location.href)).href).catch(() => null);
  if (!res?.ok) return null;
  const index = (await res.json()) as OsIndex;
  return index.format === OS_INDEX_FORMAT ? (input) => judgeOs(index, input) : null;
}

/** Text that is not a CSV export: binary (NUL bytes), or mostly undecodable (a spreadsheet, an image, a zip). */
function notText(text: string): boolean {
  if (text.includes("\u0000")) return true;
  const sample = text.slice(0, 65_536);
  let bad = 0;
  for (const ch of sample) if (ch === "\uFFFD") bad++;
  return bad > sample.length / 100;
}

/** A problem the reader is told about in words (the check stops). */
class Refusal extends Error {}

/** The export's text in decoded chunks (a byte-order mark dropped), with the bytes read so far. */
async function* textChunks(file: Blob): AsyncGenerator<{ text: string; bytes: number }> {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        const rest = decoder.decode();
        if (rest) yield { text: rest, bytes };
        return;
      }
      bytes += value.byteLength;
      yield { text: decoder.decode(value, { stream: true }), bytes };
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * The export's records, a batch per chunk: CSV with the separator its first
 * line uses, or, when that line has none, one model a line. The first text
 * is checked for binary content before anything is parsed.
 */
async function* recordBatches(file: Blob): AsyncGenerator<{ records: string[][]; bytes: number }> {
  let head = "";
  let delimiter: string | null | undefined;
  let split: { push(t: string): string; end(): string } | null = null;
  /** Lines before the text being parsed, so an error names the file's own line. */
  let linesBefore = 0;
  const parseText = (text: string): string[][] => {
    if (!text) return [];
    const first = linesBefore + 1;
    for (let k = text.indexOf("\n"); k >= 0; k = text.indexOf("\n", k + 1)) linesBefore++;
    if (delimiter === null)
      return text
        .split(/\r\n|\r|\n/)
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => [line]);
    try {
      return parseRecords(text, delimiter!, first);
    } catch (e) {
      if (!(e instanceof CsvSyntaxError)) throw e;
      throw new Refusal(`The file could not be read as CSV: ${e.message}. Check that it is the export as the tool wrote it, not edited by hand.`);
    }
  };
  let bytes = 0;
  for await (const chunk of textChunks(file)) {
    bytes = chunk.bytes;
    let text = chunk.text;
    if (delimiter === undefined) {
      // Wait for the first line (or the end) before choosing how to read.
      head += text;
      if (!/[\r\n]/.test(head)) continue;
      if (notText(head)) throw new Refusal(NOT_CSV);
      delimiter = sniffDelimiter(head);
      text = head;
    }
    if (text.includes("\u0000")) throw new Refusal(NOT_CSV);
    split ??= delimiter === null ? lineSplitter() : recordSplitter();
    const records = parseText(split.push(text));
    if (records.length) yield { records, bytes };
  }
  if (delimiter === undefined) {
    if (!head.trim()) return;
    if (notText(head)) throw new Refusal(NOT_CSV);
    delimiter = sniffDelimiter(head);
    split = delimiter === null ? lineSplitter() : recordSplitter();
    split.push(head);
  }
  const records = parseText(split!.end());
  if (records.length) yield { records, bytes };
}

/** One model a line: a line end always ends a record (a model's name may hold a quote: MacBook Pro 13"). */
function lineSplitter() {
  let carry = "";
  return {
    push(text: string): string {
      const all = carry + text;
      const cut = all.lastIndexOf("\n") + 1;
      carry = all.slice(cut);
      return all.slice(0, cut);
    },
    end: () => carry,
  };
}

const NOT_CSV = "This is not a CSV file: it holds binary data. Export the device list as CSV (comma- or semicolon-separated text) and try again.";

/** How the rows are read: the header (null when there is none), and which columns hold what. */
interface Layout {
  header: string[] | null;
  columns: Columns;
  os: OsColumns;
}

/** The last file checked, kept (as the browser's handle, not its text) until the reader chooses its columns. */
let pending: { file: Blob; indexUrl: string; today: string } | null = null;

async function check(file: Blob, indexUrl: string, today: string, choice: ColumnChoice | null): Promise<void> {
  const indexLoad = loadFleet(indexUrl);
  const judgeLoad = osJudge(indexUrl).catch(() => null);
  indexLoad.catch(() => {});
  let layout: Layout | null = null;
  let first: string[][] = [];
  let rowsSeen = 0;
  let run: ReturnType<typeof runner> | null = null;
  for await (const { records, bytes } of recordBatches(file)) {
    let batch = records;
    if (!layout) {
      first = [...first, ...batch];
      const head = first[0]!;
      if (choice) {
        const header = choice.header ? head : null;
        layout = {
          header,
          columns: { codes: [], model: choice.model, manufacturer: choice.manufacturer },
          os: header ? detectOsColumns(header) : NO_OS_COLUMNS,
        };
      } else if (looksLikeHeader(head)) layout = { header: head, columns: detectColumns(head)!, os: detectOsColumns(head) };
      else if (head.length === 1) layout = { header: null, columns: { codes: [], model: 0, manufacturer: null }, os: NO_OS_COLUMNS };
      else if (first.length < 2) continue;
      else {
        pending = { file, indexUrl, today };
        post({ type: "ask", header: head, sample: first[1] ?? [] });
        return;
      }
      batch = layout.header ? first.slice(1) : first;
      first = [];
      run = runner(layout, await indexLoad, await judgeLoad, today);
    }
    rowsSeen += batch.length;
    if (rowsSeen > MAX_ROWS) {
      run = null;
      continue;
    }
    run!.take(batch);
    if (Math.floor(rowsSeen / PROGRESS_EVERY) > Math.floor((rowsSeen - batch.length) / PROGRESS_EVERY))
      post({ type: "progress", rows: rowsSeen, bytes, total: file.size });
  }
  if (!layout) {
    if (first.length) {
      // A single line with several cells and no known header: ask, as for a longer file.
      pending = { file, indexUrl, today };
      post({ type: "ask", header: first[0]!, sample: [] });
    } else post({ type: "error", message: "The file holds no rows." });
    return;
  }
  if (rowsSeen > MAX_ROWS) {
    post({
      type: "error",
      message: `The file has ${(rowsSeen + (layout.header ? 1 : 0)).toLocaleString("en")} rows; the page checks up to ${MAX_ROWS.toLocaleString("en")} at a time. Split the export and check each part.`,
    });
    return;
  }
  if (!run) {
    post({ type: "error", message: "The file holds no rows." });
    return;
  }
  post(run.finish());
}

/** The check of one export: rows taken a batch at a time, the results and the report built as they come. */
function runner(layout: Layout, index: FleetIndex, judge: OsJudge | null, today: string) {
  const matcher = fleetMatcher(index);
  const firstLine = layout.header ? 2 : 1;
  const rows: ResultRow[] = [];
  const ends: DeviceEnds[] = [];
  const actions = new Map<ActionCode, number>(ACTIONS.map((a) => [a, 0]));
  const kinds = new Map<string, number>();
  const dueBy: string[] = [];
  let now = 0;
  let unmatched = 0;
  let ambiguous = 0;
  const upcoming = new Map<string, { event: FleetEvent; page: string }>();
  const memo = new Map<string, RowResult>();
  let width = layout.header?.length ?? 0;
  const parts: Blob[] = [];
  let headerWritten = false;

  function take(batch: string[][]): void {
    if (!headerWritten) {
      width = Math.max(width, ...batch.map((r) => r.length));
      // An export without a header (pasted lines, or as the reader said) gets column names in the report.
      const names = layout.header ?? (width === 1 ? ["Model"] : Array.from({ length: width }, (_, i) => `Column ${i + 1}`));
      parts.push(new Blob([reportFile(csvText([reportHeader(names, width)]))]));
      headerWritten = true;
    }
    const lines: string[][] = [];
    for (const record of batch) {
      const input = rowInput(record, layout.columns);
      const os = rowOs(record, layout.os);
      const key = JSON.stringify([input, os]);
      let r = memo.get(key);
      if (!r) memo.set(key, (r = judgeRow(index, matcher.match(input), os, input.manufacturer, judge, today)));
      const d = r.position === null ? null : index.devices[r.position]!;
      const page = d ? `${index.pages}${matcher.slugs[r.position!]}` : "";
      const a = r.action;
      rows.push({
        line: rows.length + firstLine,
        input: [input.model, ...input.codes.filter((c) => c !== input.model), input.manufacturer].filter(Boolean).join(" · "),
        matched: d !== null,
        by: r.match.by,
        device: d?.[0] ?? "",
        manufacturer: d?.[1] ?? "",
        verdict: d ? verdictWords(d) : "",
        verdictCode: d?.[2] ?? "",
        security: d ? endsText(d[4]) : "",
        os: d ? endsText(d[5]) : "",
        page,
        osVerdict: r.os ? `${r.os.label}: ${r.os.headline}` : "",
        action: a.code,
        actionText: `${ACTION_WORDS[a.code]}${a.code === "none" ? "" : a.by ? ` by ${a.by}` : " now"}`,
        note: [a.why, r.note].filter(Boolean).join(" "),
      });
      ends.push(r.ends);
      actions.set(a.code, actions.get(a.code)! + 1);
      if (a.code !== "none") {
        if (a.by) dueBy.push(a.by);
        else now++;
      }
      if (d) {
        const kind = verdictKind(d);
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
        for (const e of d[6]) upcoming.set(e[0], { event: e, page });
      } else if (r.match.by === "ambiguous") ambiguous++;
      else unmatched++;
      const osEvent = r.os ? osReleaseEvent(r.os, index, today) : null;
      if (osEvent) upcoming.set(osEvent.event[0], osEvent);
      lines.push(reportLine(record, width, r, index, matcher.slugs));
    }
    parts.push(new Blob([csvText(lines)]));
  }

  function finish(): Extract<FromWorker, { type: "done" }> {
    const total = rows.length;
    const need = total - actions.get("none")!;
    const latest = dueBy.sort().at(-1);
    const headline =
      need === 0
        ? `None of your ${total.toLocaleString("en")} devices needs action now.`
        : `${need.toLocaleString("en")} of ${total.toLocaleString("en")} devices need action: ${now.toLocaleString("en")} now${dueBy.length ? `, ${dueBy.length.toLocaleString("en")} more by ${latest}` : ""}.`;
    const verdicts: Count[] = [...kinds].map(([label, count]) => ({ label, count })).sort((a, b) => b.count - a.count || (a.label < b.label ? -1 : 1));
    if (ambiguous) verdicts.push({ label: "Ambiguous: the export does not say which device", count: ambiguous });
    if (unmatched) verdicts.push({ label: "Not in the catalog", count: unmatched });
    const { quarters, years } = quarterCounts(ends, today);
    return {
      type: "done",
      rows,
      headline,
      actions: ACTIONS.map((code) => ({ code, label: ACTION_WORDS[code], count: actions.get(code)! })),
      verdicts,
      quarters,
      years,
      unmatched: unmatched + ambiguous,
      csv: new Blob(parts, { type: "text/csv;charset=utf-8" }),
      ics: upcoming.size ? calendar([...upcoming.values()], index) : null,
      events: upcoming.size,
    };
  }
  return { take, finish };
}

/**
 * An OS release's documented end of security updates, when it is ahead, as
 * an event of the calendar: its UID names the release (so every row running
 * it shares one event), its days are the period the end's precision gives.
 */
function osReleaseEvent(os: OsJudgement, index: FleetIndex, today: string): { event: FleetEvent; page: string } | null {
  const end = os.securityEnd;
  if (!os.release || !end) return null;
  const p = periodOf({ value: end, precision: precisionOf(end) } as PartialDate);
  if (!p || p.last < today) return null;
  const site = new URL(index.pages);
  const uid = `os-${os.release.replaceAll("/", "-")}-security-end@${site.host}`;
  // DTSTAMP: the end's first day, so the same release gives the same event bytes in every fleet's calendar.
  return { event: [uid, p.first, addDays(p.last, 1), `${os.label}: security updates end`, p.first], page: os.url ? new URL(os.url, site).href : site.origin };
}

/**
 * The fleet's upcoming documented ends as iCalendar: the device calendars'
 * own events (same UIDs, so a subscriber's copies merge) and the ends of the
 * OS releases the fleet runs, soonest first, each written by derive/ics.ts,
 * as the build writes its calendars (emit/calendar.ts).
 */
function calendar(ends: { event: FleetEvent; page: string }[], index: FleetIndex): string {
  const shell = ical({
    name: "Support endings of my fleet",
    description: `Upcoming documented ends of OS and security updates of the devices in a fleet export, and of the OS releases they run. ${index.attribution}.`,
    prodId: { company: "Device Lifecycle Records", product: "Fleet check", language: "EN" },
  }).toString();
  const end = shell.lastIndexOf("END:VCALENDAR");
  ends.sort((a, b) => (a.event[1] < b.event[1] ? -1 : a.event[1] > b.event[1] ? 1 : a.event[0] < b.event[0] ? -1 : 1));
  const events = ends.map(
    ({ event: [uid, start, endExclusive, summary, stamp], page }) =>
      icsEvent({
        uid,
        start,
        endExclusive,
        stamp,
        summary,
        description: `${summary}. A documented end of updates, as the sources state it; not a certification of the device. Scope, evidence and uncertainty: ${page}\n${index.attribution}`,
        url: page,
      }).text,
  );
  // RFC 5545 ends every content line, the last one too, with CRLF.
  return `${shell.slice(0, end)}${events.join("")}${shell.slice(end).replace(/(\r\n)?$/, "\r\n")}`;
}

addEventListener("message", (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  let done: Promise<void>;
  if (m.type === "check") {
    pending = null;
    done = check(m.file, m.indexUrl, m.today, null);
  } else {
    const p = pending;
    pending = null;
    done = p ? check(p.file, p.indexUrl, p.today, m.choice) : Promise.resolve();
  }
  done.catch((err: unknown) =>
    post({
      type: "error",
      message:
        err instanceof Refusal
          ? err.message
          : `The device index could not be loaded (${err instanceof Error ? err.message : String(err)}). Check your connection and try again.`,
    }),
  );
});
