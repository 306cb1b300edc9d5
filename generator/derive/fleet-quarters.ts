// How many devices of a fleet lose OS or security updates in each quarter of
// the next three years, and the bars that draw it (the fleet page's chart,
// browser/fleet.ts; its table beside it). Pure: the first quarter is the one
// holding "today", which the page takes from the reader's clock, so no page
// holds the build day. A date is never made more precise than its source: an
// end known only to the year is counted under its year, not in a quarter.
import type { PartialDate } from "../schema/record.ts";
import { periodOf } from "./dates.ts";
import { precisionOf } from "./fleet-actions.ts";

/** Quarters the chart spans: three years. */
export const QUARTERS_AHEAD = 12;

/** A device's ends as the chart counts them: the first documented end of each kind (YYYY, YYYY-Qn, YYYY-MM or YYYY-MM-DD), or null. */
export interface DeviceEnds {
  os: string | null;
  security: string | null;
}

export interface Bucket {
  /** "2027-Q1", or "2028" for ends known only to the year. */
  period: string;
  os: number;
  security: number;
}

export interface QuarterCounts {
  /** One bucket per quarter, from today's, in order (empty quarters too). */
  quarters: Bucket[];
  /** Ends within the span known only to their year, by year. */
  years: Bucket[];
}

const quarterOfDay = (day: string) => `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;

/** The quarter after a quarter ("2026-Q4" → "2027-Q1"). */
function nextQuarter(q: string): string {
  const y = Number(q.slice(0, 4));
  const n = Number(q.slice(6));
  return n === 4 ? `${y + 1}-Q1` : `${y}-Q${n + 1}`;
}

/** The earliest of several ends, by the first day each can mean (null when none is dated). */
export function earliest(values: readonly (string | null)[]): string | null {
  let best: { value: string; first: string } | null = null;
  for (const value of values) {
    if (!value) continue;
    const p = periodOf({ value, precision: precisionOf(value) } as PartialDate);
    if (p && (!best || p.first < best.first)) best = { value, first: p.first };
  }
  return best?.value ?? null;
}

/** Counts of the ends that fall from today's quarter on, for QUARTERS_AHEAD quarters. Ends already past are not counted: those devices need action now. */
export function quarterCounts(devices: readonly DeviceEnds[], today: string): QuarterCounts {
  const quarters: Bucket[] = [];
  for (let q = quarterOfDay(today); quarters.length < QUARTERS_AHEAD; q = nextQuarter(q)) quarters.push({ period: q, os: 0, security: 0 });
  const byQuarter = new Map(quarters.map((b) => [b.period, b]));
  const firstYear = Number(today.slice(0, 4));
  const lastYear = Number(quarters.at(-1)!.period.slice(0, 4));
  const years = new Map<string, Bucket>();
  const count = (value: string | null, kind: "os" | "security") => {
    if (!value) return;
    const precision = precisionOf(value);
    const p = periodOf({ value, precision } as PartialDate);
    if (!p || p.last < today) return;
    if (precision === "year") {
      const y = Number(value);
      if (y < firstYear || y > lastYear) return;
      const b = years.get(value) ?? { period: value, os: 0, security: 0 };
      b[kind]++;
      years.set(value, b);
      return;
    }
    const b = byQuarter.get(quarterOfDay(p.first));
    if (b) b[kind]++;
  };
  for (const d of devices) {
    count(d.os, "os");
    count(d.security, "security");
  }
  return { quarters, years: [...years.values()].sort((a, b) => (a.period < b.period ? -1 : 1)) };
}

/** The chart's drawing area, in SVG user units (the SVG scales to its box: at 390 px it is read at about a third). */
export const CHART = { width: 640, height: 220, left: 36, bottom: 40, top: 12, barGap: 2 } as const;

export interface PlacedQuarter {
  period: string;
  /** The label under the bars ("Q1", with the year under the year's first quarter). */
  label: string;
  year: string | null;
  labelX: number;
  os: { x: number; y: number; width: number; height: number; count: number };
  security: { x: number; y: number; width: number; height: number; count: number };
}

/** The bars of the quarter chart: two per quarter (OS updates, security updates), heights to scale, and the axis's top value. */
export function placeQuarters(quarters: readonly Bucket[]): { bars: PlacedQuarter[]; max: number } {
  const max = Math.max(1, ...quarters.flatMap((b) => [b.os, b.security]));
  const plot = CHART.height - CHART.bottom - CHART.top;
  const slot = (CHART.width - CHART.left) / Math.max(1, quarters.length);
  const barWidth = (slot - 4 * CHART.barGap) / 2;
  const r = (n: number) => Math.round(n * 100) / 100;
  const bar = (x: number, count: number) => {
    const height = r((count / max) * plot);
    return { x: r(x), y: r(CHART.top + plot - height), width: r(barWidth), height, count };
  };
  return {
    max,
    bars: quarters.map((b, i) => {
      const x = CHART.left + i * slot + CHART.barGap;
      const q = b.period.slice(5);
      return {
        period: b.period,
        label: q,
        year: q === "Q1" || i === 0 ? b.period.slice(0, 4) : null,
        labelX: r(CHART.left + i * slot + slot / 2),
        os: bar(x, b.os),
        security: bar(x + barWidth + CHART.barGap, b.security),
      };
    }),
  };
}
