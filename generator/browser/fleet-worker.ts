// The fleet check's worker (bundled to /assets/fleet-worker.js): reads the
// export with a real CSV parser, loads the fleet index (one static file,
// never the API), matches every row (derive/fleet-match.ts) and writes the
// report and the calendar, off the page's thread so a 10,000-row export
// never freezes it. The export stays in the browser: nothing is sent anywhere.
import { parse } from "csv-parse/browser/esm/sync";
import { stringify } from "csv-stringify/browser/esm/sync";
import ical, { ICalEventTransparency } from "ical-generator";
import { CSV_OPTIONS } from "../derive/csv-cells.ts";
import { fold } from "../derive/ics-fold.ts";
import { FLEET_INDEX_FORMAT, type FleetEvent, type FleetIndex } from "../derive/fleet-files.ts";
import {
  detectColumns,
  endsText,
  fleetMatcher,
  looksLikeHeader,
  matchNote,
  reportRows,
  rowInput,
  sniffDelimiter,
  type Columns,
  type Match,
} from "../derive/fleet-match.ts";
import { MAX_ROWS, PROGRESS_EVERY, type ColumnChoice, type FromWorker, type ResultRow, type ToWorker } from "./fleet-protocol.ts";

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

/** Text that is not a CSV export: binary (NUL bytes), or mostly undecodable (a spreadsheet, an image, a zip). */
function notText(text: string): boolean {
  if (text.includes("\u0000")) return true;
  const sample = text.slice(0, 65_536);
  let bad = 0;
  for (const ch of sample) if (ch === "\uFFFD") bad++;
  return bad > sample.length / 100;
}

let pending: { records: string[][]; indexUrl: string } | null = null;

async function run(records: string[][], header: string[] | null, columns: Columns, indexUrl: string): Promise<void> {
  const index = await loadFleet(indexUrl);
  const matcher = fleetMatcher(index);
  const first = header ? 2 : 1;
  const matches: Match[] = new Array(records.length);
  const rows: ResultRow[] = new Array(records.length);
  const counts = new Map<string, { code: string; label: string; count: number }>();
  let unmatched = 0;
  const upcoming = new Map<string, { event: FleetEvent; page: string }>();
  records.forEach((record, i) => {
    const input = rowInput(record, columns);
    const m = matcher.match(input);
    matches[i] = m;
    const p = m.by === "code" || m.by === "name" ? m.positions[0] : null;
    const d = p === null ? null : index.devices[p]!;
    const page = p === null ? "" : `${index.pages}${matcher.slugs[p]}`;
    rows[i] = {
      line: i + first,
      input: [input.model, ...input.codes.filter((c) => c !== input.model), input.manufacturer].filter(Boolean).join(" · "),
      matched: d !== null,
      by: m.by,
      device: d?.[0] ?? "",
      manufacturer: d?.[1] ?? "",
      verdict: d?.[3] ?? "",
      verdictCode: d?.[2] ?? "",
      security: d ? endsText(d[4]) : "",
      os: d ? endsText(d[5]) : "",
      page,
      note: matchNote(m, index.devices),
    };
    if (d) {
      const c = counts.get(d[2]) ?? { code: d[2], label: d[3], count: 0 };
      c.count++;
      counts.set(d[2], c);
      for (const e of d[6]) upcoming.set(e[0], { event: e, page });
    } else unmatched++;
    if ((i + 1) % PROGRESS_EVERY === 0) post({ type: "progress", done: i + 1, total: records.length });
  });
  // An export without a header (pasted lines, or as the reader said) gets column names in the report.
  const names = header ?? (columns.model !== null && records.every((r) => r.length === 1) ? ["Model"] : (records[0] ?? []).map((_, i) => `Column ${i + 1}`));
  const csv = stringify(reportRows(names, records, matches, index, matcher.slugs), CSV_OPTIONS);
  post({
    type: "done",
    rows,
    counts: [...counts.values()].sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : 1)),
    unmatched,
    csv,
    ics: upcoming.size ? calendar([...upcoming.values()], index) : null,
    events: upcoming.size,
  });
}

/**
 * The fleet's upcoming documented ends as iCalendar: the device calendars'
 * own events (same UIDs, so a subscriber's copies merge), soonest first,
 * each written by ical-generator and folded once (derive/ics-fold.ts), as
 * the build writes its calendars (emit/calendar.ts).
 */
function calendar(ends: { event: FleetEvent; page: string }[], index: FleetIndex): string {
  const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
  const shell = ical({
    name: "Support endings of my fleet",
    description: `Upcoming documented ends of OS and security updates of the devices in a fleet export. ${index.attribution}.`,
    prodId: { company: "Device Lifecycle Records", product: "Fleet check", language: "EN" },
  }).toString();
  const end = shell.lastIndexOf("END:VCALENDAR");
  const scratch = ical();
  ends.sort((a, b) => (a.event[1] < b.event[1] ? -1 : a.event[1] > b.event[1] ? 1 : a.event[0] < b.event[0] ? -1 : 1));
  const events = ends.map(({ event: [uid, start, endExclusive, summary, stamp], page }) => {
    const text = scratch
      .createEvent({
        id: uid,
        start: midnight(start),
        end: midnight(endExclusive),
        allDay: true,
        stamp: midnight(stamp),
        summary,
        description: `${summary}. A documented end of updates, as the sources state it; not a certification of the device. Scope, evidence and uncertainty: ${page}\n${index.attribution}`,
        url: page,
        transparency: ICalEventTransparency.TRANSPARENT,
      })
      .toString();
    scratch.clear();
    return fold(text);
  });
  // RFC 5545 ends every content line, the last one too, with CRLF.
  return `${shell.slice(0, end)}${events.join("")}${shell.slice(end).replace(/(\r\n)?$/, "\r\n")}`;
}

async function check(text: string, indexUrl: string): Promise<void> {
  if (notText(text)) {
    post({
      type: "error",
      message: "This is not a CSV file: it holds binary data. Export the device list as CSV (comma- or semicolon-separated text) and try again.",
    });
    return;
  }
  let records: string[][];
  const delimiter = sniffDelimiter(text);
  try {
    records =
      delimiter === null
        ? text
            .replace(/^\uFEFF/, "")
            .split(/\r\n|\r|\n/)
            .map((line) => line.trim())
            .filter(Boolean)
            .map((line) => [line])
        : parse(text, { delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true });
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    post({ type: "error", message: `The file could not be read as CSV: ${why}. Check that it is the export as the tool wrote it, not edited by hand.` });
    return;
  }
  if (!records.length) {
    post({ type: "error", message: "The file holds no rows." });
    return;
  }
  if (records.length > MAX_ROWS + 1) {
    post({
      type: "error",
      message: `The file has ${records.length.toLocaleString("en")} rows; the page checks up to ${MAX_ROWS.toLocaleString("en")} at a time. Split the export and check each part.`,
    });
    return;
  }
  const head = records[0]!;
  if (looksLikeHeader(head)) {
    await run(records.slice(1), head, detectColumns(head)!, indexUrl);
  } else if (records.every((r) => r.length === 1)) {
    // Pasted lines, or a one-column list: every line is a model name or code.
    await run(records, null, { codes: [], model: 0, manufacturer: null }, indexUrl);
  } else {
    pending = { records, indexUrl };
    post({ type: "ask", header: head, sample: records[1] ?? [] });
  }
}

async function choose(choice: ColumnChoice): Promise<void> {
  if (!pending) return;
  const { records, indexUrl } = pending;
  pending = null;
  const columns: Columns = { codes: [], model: choice.model, manufacturer: choice.manufacturer };
  await run(choice.header ? records.slice(1) : records, choice.header ? records[0]! : null, columns, indexUrl);
}

addEventListener("message", (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  const done = m.type === "check" ? check(m.text, m.indexUrl) : choose(m.choice);
  done.catch((err: unknown) =>
    post({
      type: "error",
      message: `The device index could not be loaded (${err instanceof Error ? err.message : String(err)}). Check your connection and try again.`,
    }),
  );
});
