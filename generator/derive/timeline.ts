// Timelines as geometry: which bars and bands a support timeline holds, and
// where they sit. Pure: a record (or several) in, rectangles with their dates
// out; emit/timeline-svg.ts draws them and the browser's today marker
// (generator/browser/timeline.ts) places itself with xOfDay.
//
// Every date is drawn as the period its precision gives (dates.ts): a
// year-precision end is a band over the whole year, a day-precision end the
// narrowest mark. The three dated statements stay different things: a
// documented end closes the support bar with its band; a minimum commitment
// ("at least until") is a band after which the bar stays open; an announced
// ceiling ("up to") is drawn only as announced support, never as a commitment.
// Three statements without a horizon have marks of their own: a last update
// observed (support ran at least to it; after it, ended if the source says so,
// otherwise not documented), the day a source listed support as continuing,
// and an end the source gives no date for (support ended on a day somewhere
// in the span drawn, never shown as a documented end).
import type { Commitment, DeviceRecord, PartialDate, Scope } from "../schema/record.ts";
import { addDays, periodOf, readableDate } from "./dates.ts";
import { describeCoverage } from "./verdict.ts";
import { axisScale, dayNumber, round2, type Axis } from "./timeline-axis.ts";
import type { SupportEnd } from "./calendar-events.ts";

/** What a drawn rectangle means. */
export type BarKind =
  /** Updates the record documents or commits to, from the release. */
  | "support"
  /** Updates only announced (up to a ceiling), not committed. */
  | "announced"
  /** No end, minimum or ceiling is documented: how long updates go on is unknown. */
  | "unknown"
  /** The period the release date names. */
  | "release"
  /** The period a documented end names: updates end on some day in it. */
  | "end"
  /** The period a minimum commitment names: updates go on at least until some day in it, maybe longer. */
  | "minimum"
  /** The period an announced ceiling names: the most announced, not promised. */
  | "ceiling"
  /** The period of the last update observed: an observation, not an end. */
  | "observed"
  /** The day a source listed support as continuing. */
  | "listed"
  /** The source says support ended and gives no date: it ended on some day in this span. */
  | "ended-undated";

/** The kinds that stand for one dated statement of the record, with its precision. */
export const DATED_BARS = ["release", "end", "minimum", "ceiling", "observed", "listed"] as const;

export interface Bar {
  kind: BarKind;
  /** First and last day covered (inclusive). */
  first: string;
  last: string;
  /** For the dated kinds: the date as the record gives it. */
  date?: PartialDate;
}

export type LineKind = "release" | "os" | "security";

/** One horizontal track of bars. */
export interface Line {
  kind: LineKind;
  bars: Bar[];
}

/** A labelled group of lines: a commitment on a device page, a device on a manufacturer page. */
export interface Row {
  /** Stable within the chart (used in element ids and tests). */
  id: string;
  label: string;
  /** The record's caveats that apply to what this row shows (caveat text with its scope). */
  caveats: string[];
  lines: Line[];
  /** The row in words: its text equivalent (or its tooltip, where a table is the chart's text equivalent). */
  words: string;
}

export interface Chart {
  /** First and last day of the axis (inclusive): whole years around every bar. */
  first: string;
  last: string;
  rows: Row[];
}

const KIND_WORDS = { os: "OS updates", security: "Security updates" } as const;

// ---- Rows from records --------------------------------------------------------

/** Two scopes overlap unless some dimension both name has no value in common. */
function overlaps(a: Scope, b: Scope): boolean {
  const meets = (x?: string[], y?: string[]) => !x || !y || x.some((v) => y.includes(v));
  return meets(a.models, b.models) && meets(a.regions, b.regions) && meets(a.carriers, b.carriers);
}

const caveatsFor = (r: DeviceRecord, scope: Scope) =>
  r.caveats.filter((c) => overlaps(c.scope, scope)).map((c) => `${c.text} (${describeCoverage({ scope: c.scope })})`);

/**
 * The bars of one commitment, from the release. Support the record documents
 * or commits to runs to the start of its end (or minimum) band; beyond a
 * minimum only a ceiling can say more, as announced support; with neither an
 * end nor a minimum, a ceiling makes the whole span announced. Without any of
 * them, an observed last update or a listing as continuing shows how far
 * support is known to have run; after it (or from the release, with nothing
 * at all) support is unknown, drawn up to `openUntil` (the chart's last day),
 * unless the source says it ended: then it ended on a day the source does not
 * give, drawn over the span where that day can lie (up to `endedBy`, the day
 * its source was read), and never as an end band.
 */
export function commitmentBars(released: PartialDate, c: Commitment, openUntil: string, endedBy = openUntil): Bar[] {
  const start = periodOf(released)?.first;
  const end = c.end && periodOf(c.end);
  const min = c.minimum && periodOf(c.minimum);
  const ceiling = c.ceiling && periodOf(c.ceiling);
  const observed = c.lastUpdate && periodOf(c.lastUpdate);
  const listedDay: PartialDate | undefined = c.supportedOn ? { value: c.supportedOn, precision: "day" } : undefined;
  const listed = listedDay && periodOf(listedDay);
  const bars: Bar[] = [];
  const span = (kind: BarKind, from: string | undefined, to: string) => {
    if (from !== undefined && from < to) bars.push({ kind, first: from, last: addDays(to, -1) });
  };
  const dated = (kind: "end" | "minimum" | "ceiling" | "observed" | "listed", date: PartialDate, p: { first: string; last: string }) =>
    bars.push({ kind, first: p.first, last: p.last, date });
  if (end) {
    span("support", start, end.first);
    if (min) dated("minimum", c.minimum!, min);
    dated("end", c.end!, end);
  } else if (min) {
    span("support", start, min.first);
    dated("minimum", c.minimum!, min);
    if (ceiling && ceiling.first > min.last) {
      span("announced", addDays(min.last, 1), ceiling.first);
      dated("ceiling", c.ceiling!, ceiling);
    } else if (ceiling) dated("ceiling", c.ceiling!, ceiling);
  } else if (ceiling) {
    span("announced", start, ceiling.first);
    dated("ceiling", c.ceiling!, ceiling);
  } else {
    // How far support is known to have run: the later of the last update observed and the listing.
    const known = [observed?.first, listed?.first]
      .filter((d): d is string => d !== undefined)
      .sort()
      .at(-1);
    const after = [observed?.last, listed?.last]
      .filter((d): d is string => d !== undefined)
      .sort()
      .at(-1);
    if (known) span("support", start, known);
    if (!c.ended) span("unknown", after ? addDays(after, 1) : start, addDays(openUntil, 1));
    else if (!observed) span("ended-undated", after ? addDays(after, 1) : start, addDays(endedBy, 1));
  }
  // Observations sit on top of whatever the horizons drew: they never close or extend it.
  if (observed) dated("observed", c.lastUpdate!, observed);
  if (listed) dated("listed", listedDay!, listed);
  return bars;
}

/** What a commitment's dates say, in words (a row's text equivalent, a table cell). */
export function commitmentWords(c: Commitment): string {
  const parts: string[] = [];
  const observed = c.lastUpdate && c.lastUpdate.precision !== "unknown";
  if (c.ended) parts.push(observed ? "ended, no end date announced" : "ended, date not documented");
  if (c.end && !(c.ended && c.end.precision === "unknown"))
    parts.push(c.end.precision === "unknown" ? "end not documented" : `documented end ${readableDate(c.end)}`);
  if (c.minimum) parts.push(`at least until ${readableDate(c.minimum)} (a minimum commitment; updates may go on after it)`);
  if (c.ceiling) parts.push(`up to ${readableDate(c.ceiling)}, announced (a ceiling, not a commitment)`);
  if (observed) parts.push(`last update observed ${readableDate(c.lastUpdate)} (an observation, not an announced end)`);
  if (c.supportedOn) parts.push(`listed as continuing on ${readableDate({ value: c.supportedOn, precision: "day" })}`);
  return parts.length ? parts.join("; ") : "no end, minimum or ceiling documented";
}

/**
 * The day by which a commitment the source marks ended without a date had
 * ended: the latest day one of its sources was read here (none: undefined).
 */
function endedBy(r: DeviceRecord, c: Commitment): string | undefined {
  if (!c.ended || (c.lastUpdate && periodOf(c.lastUpdate))) return undefined;
  const checked = r.evidence.sources.flatMap((s) => (c.sourceIds.includes(s.id) && s.checked ? [s.checked] : []));
  return checked.sort().at(-1);
}

const datedDays = (r: DeviceRecord) =>
  [
    r.released,
    ...[...r.support.os, ...r.support.security].flatMap((c) => [
      c.end,
      c.minimum,
      c.ceiling,
      c.lastUpdate,
      c.supportedOn ? { value: c.supportedOn, precision: "day" as const } : undefined,
      ...[endedBy(r, c)].flatMap((day) => (day ? [{ value: day, precision: "day" as const }] : [])),
    ]),
  ].flatMap((d) => {
    const p = d && periodOf(d);
    return p ? [p.first, p.last] : [];
  });

/** Whole years from the first to the last day given: the axis of a chart (null without a day: nothing to draw). */
function yearSpan(days: string[]): { first: string; last: string } | null {
  if (!days.length) return null;
  const sorted = [...days].sort();
  return { first: `${sorted[0]!.slice(0, 4)}-01-01`, last: `${sorted[sorted.length - 1]!.slice(0, 4)}-12-31` };
}

/** The axis that holds every date of some records (null when none is known). */
export const recordsSpan = (records: DeviceRecord[]) => yearSpan(records.flatMap(datedDays));

/** A device page's chart: the release, then each OS and each security commitment on its own row (null when no date is known). */
export function deviceChart(r: DeviceRecord): Chart | null {
  const axis = yearSpan(datedDays(r));
  if (!axis) return null;
  const released = periodOf(r.released);
  const rows: Row[] = [];
  if (released) {
    rows.push({
      id: "release",
      label: "Released",
      caveats: [],
      lines: [{ kind: "release", bars: [{ kind: "release", first: released.first, last: released.last, date: r.released }] }],
      words: `Released ${readableDate(r.released)}.`,
    });
  }
  for (const kind of ["os", "security"] as const) {
    for (const c of r.support[kind]) {
      const coverage = describeCoverage(c);
      const caveats = caveatsFor(r, c.scope);
      rows.push({
        id: `${kind}-${c.id}`,
        label: coverage === "all variants" ? KIND_WORDS[kind] : `${KIND_WORDS[kind]} (${coverage})`,
        caveats,
        lines: [{ kind, bars: commitmentBars(r.released, c, axis.last, endedBy(r, c)) }],
        words: `${KIND_WORDS[kind]}, ${coverage}: ${commitmentWords(c)}.${caveats.length ? ` Caveats: ${caveats.join("; ")}.` : ""}`,
      });
    }
  }
  return { ...axis, rows };
}

/**
 * A manufacturer page's chart: one row per device, its OS commitments on one
 * line and its security commitments on the line below (a device whose
 * commitments differ by region or model draws each on the same line, and is
 * flagged by its caveats and its label's "varies").
 */
export function devicesChart(records: { record: DeviceRecord; verdict: string }[], axis = recordsSpan(records.map((x) => x.record))): Chart | null {
  // The axis may span more records than the rows (the other charts of a page, so that all compare: recordsSpan of them all).
  if (!axis) return null;
  const rows = records.map(({ record: r, verdict }) => ({
    id: r.slug,
    label: r.name,
    caveats: caveatsFor(r, {}),
    lines: (["os", "security"] as const).map((kind) => ({
      kind,
      bars: r.support[kind].flatMap((c) => commitmentBars(r.released, c, axis.last, endedBy(r, c))),
    })),
    words: `${r.name}: released ${readableDate(r.released)}; ${(["os", "security"] as const)
      .map((kind) => `${KIND_WORDS[kind]}: ${r.support[kind].map((c) => `${describeCoverage(c)}, ${commitmentWords(c)}`).join("; ")}`)
      .join("; ")}. Verdict: ${verdict}.`,
  }));
  return { ...axis, rows };
}

/** The catalog's upcoming endings: each documented end as one row holding its period. */
export function endingsChart(ends: SupportEnd[]): Chart | null {
  const periods = ends.map((e) => ({ e, p: periodOf(e.end)! }));
  const axis = yearSpan(periods.flatMap(({ p }) => [p.first, p.last]));
  if (!axis) return null;
  const rows = periods.map(({ e, p }) => ({
    id: e.uid,
    label: e.coverage === "all variants" ? `${e.device}: ${e.what}` : `${e.device} (${e.coverage}): ${e.what}`,
    caveats: [],
    lines: [{ kind: e.kind, bars: [{ kind: "end" as const, first: p.first, last: p.last, date: e.end }] }],
    words: `${e.device}, ${e.coverage}: ${e.what} end ${readableDate(e.end)}.`,
  }));
  return { ...axis, rows };
}

// ---- Geometry -------------------------------------------------------------------

/** The drawing's units (the SVG viewBox): a fixed width that scales to the page. */
export const GEOMETRY = {
  width: 600,
  /** Left and right margin of the plot. */
  pad: 8,
  /** Height of the year axis at the top. */
  axis: 26,
  /** Height of a line of a row's label above its bars (fits the phone font size of site.css). */
  label: 22,
  /** Characters on a line of a row's label (at the phone font size, the plot's width); a label takes at most two lines. */
  labelChars: 46,
  /** Room under the rows for the today marker's label. */
  foot: 16,
  /** A line's bar height, and the gap between lines and after a row. */
  bar: 12,
  lineGap: 3,
  rowGap: 10,
  /** The narrowest a dated band is drawn (a day is far less than a unit wide). */
  minBand: 3,
} as const;

export interface PlacedBar extends Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A piece of a label line: label text, or the caveat flag. */
export interface LabelPart {
  text: string;
  flag: boolean;
}

export interface PlacedRow extends Row {
  /** The label's lines above the bars, each with its baseline; a row with caveats ends in the caveat flag. */
  labelLines: { y: number; parts: LabelPart[] }[];
  placed: { kind: LineKind; bars: PlacedBar[] }[];
}

/** What flags a row whose scope a caveat meets. */
const CAVEAT_FLAG = "· caveats apply";

/**
 * The words of `text` in lines of at most `width` characters (a longer word
 * is cut), at most `max` lines; text beyond them ends the last line in "…".
 */
export function wrapLabel(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = "";
  const words = text.split(/\s+/).filter(Boolean);
  for (let i = 0; i < words.length; i++) {
    const word = Array.from(words[i]!);
    const next = line ? `${line} ${word.join("")}` : word.join("");
    if (Array.from(next).length <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word.length > width ? `${word.slice(0, width - 1).join("")}…` : word.join("");
    if (lines.length === max) {
      const last = Array.from(lines[max - 1]!);
      lines[max - 1] = `${last.slice(0, width - 1).join("")}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A row's label as lines of parts: the wrapped label, then the caveat flag after it or on a line of its own. */
function labelLines(row: Row): LabelPart[][] {
  const lines = wrapLabel(row.label, GEOMETRY.labelChars, 2).map((text) => [{ text, flag: false }]);
  if (!row.caveats.length) return lines;
  const last = lines[lines.length - 1];
  if (last && Array.from(last[0]!.text).length + 1 + CAVEAT_FLAG.length <= GEOMETRY.labelChars) last.push({ text: ` ${CAVEAT_FLAG}`, flag: true });
  else lines.push([{ text: CAVEAT_FLAG, flag: true }]);
  return lines;
}

const DATED = new Set<BarKind>(DATED_BARS);

export interface Layout {
  width: number;
  height: number;
  axis: Axis;
  /** One tick per 1 January inside the axis, and each year's label centred on its span. */
  years: { year: number; x: number; labelX: number }[];
  rows: PlacedRow[];
}

export function layoutChart(chart: Chart): Layout {
  const g = GEOMETRY;
  const axis: Axis = { first: chart.first, last: chart.last, x0: g.pad, x1: g.width - g.pad };
  const xOf = axisScale(axis);
  const years = [];
  for (let y = Number(chart.first.slice(0, 4)); y <= Number(chart.last.slice(0, 4)); y++) {
    const x = xOf(Date.UTC(y, 0, 1) / 86_400_000);
    years.push({ year: y, x, labelX: round2((x + xOf(Date.UTC(y + 1, 0, 1) / 86_400_000)) / 2) });
  }
  let y = g.axis;
  const rows = chart.rows.map((row) => {
    const lines = labelLines(row).map((parts) => {
      y += g.label;
      return { y: y - 7, parts };
    });
    const placed = row.lines.map((line) => {
      const bars = line.bars.map((b) => {
        const x = xOf(dayNumber(b.first));
        const width = round2(xOf(dayNumber(b.last) + 1) - x);
        // A narrow dated band keeps its centre where its days are.
        const w = DATED.has(b.kind) && width < g.minBand ? g.minBand : width;
        // Written out, not spread: a chart is laid out for every device and V8 spreads objects of mixed shapes slowly.
        const placed: PlacedBar = { kind: b.kind, first: b.first, last: b.last, x: round2(x - (w - width) / 2), y, width: w, height: g.bar };
        if (b.date) placed.date = b.date;
        return placed;
      });
      y += g.bar + g.lineGap;
      return { kind: line.kind, bars };
    });
    y += g.rowGap - g.lineGap;
    return { id: row.id, label: row.label, caveats: row.caveats, lines: row.lines, words: row.words, labelLines: lines, placed };
  });
  return { width: g.width, height: y + g.foot, axis, years, rows };
}
