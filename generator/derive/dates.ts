// Precision-aware date arithmetic. A partial date is a period (a whole month,
// quarter or year), never silently its first day.
import type { PartialDate } from "../schema/record.ts";

/** First and last day (inclusive, YYYY-MM-DD) that a known partial date can mean. */
export interface Period {
  first: string;
  last: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
const lastDayOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function periodOf(d: PartialDate): Period | null {
  if (d.precision === "unknown" || d.value === undefined) return null;
  const v = d.value;
  const y = Number(v.slice(0, 4));
  switch (d.precision) {
    case "day":
      return { first: v, last: v };
    case "month": {
      const m = Number(v.slice(5, 7));
      return { first: `${v}-01`, last: `${v}-${pad(lastDayOfMonth(y, m))}` };
    }
    case "quarter": {
      const q = Number(v.slice(6));
      const m1 = (q - 1) * 3 + 1;
      const m3 = m1 + 2;
      return { first: `${y}-${pad(m1)}-01`, last: `${y}-${pad(m3)}-${pad(lastDayOfMonth(y, m3))}` };
    }
    case "year":
      return { first: `${y}-01-01`, last: `${y}-12-31` };
  }
}

/** Where `today` stands relative to a partial date's period. */
export type Position = "before" | "within" | "after" | "unknown";

export function positionOf(today: string, d: PartialDate | undefined): Position {
  const p = d ? periodOf(d) : null;
  if (!p) return "unknown";
  if (today < p.first) return "before";
  if (today > p.last) return "after";
  return "within";
}

/** Human wording that keeps the precision visible: "2030-10 (month)" style. */
export function describeDate(d: PartialDate | undefined): string {
  if (!d || d.precision === "unknown" || d.value === undefined) return "unknown";
  switch (d.precision) {
    case "day":
      return d.value;
    case "month":
      return `${d.value} (month)`;
    case "quarter":
      return `${d.value} (quarter)`;
    case "year":
      return `${d.value} (year)`;
  }
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** The way a person reads a partial date, precision spelled out: "October 2030, month precision". */
export function readableDate(d: PartialDate | undefined): string {
  if (!d || d.precision === "unknown" || d.value === undefined) return "not documented (unknown)";
  const y = d.value.slice(0, 4);
  switch (d.precision) {
    case "day":
      return `${Number(d.value.slice(8))} ${MONTHS[Number(d.value.slice(5, 7)) - 1]} ${y}, day precision`;
    case "month":
      return `${MONTHS[Number(d.value.slice(5, 7)) - 1]} ${y}, month precision`;
    case "quarter": {
      const q = Number(d.value.slice(6));
      return `Q${q} ${y} (${MONTHS[(q - 1) * 3]} to ${MONTHS[q * 3 - 1]}), quarter precision`;
    }
    case "year":
      return `${y}, year precision`;
  }
}

/** A partial date as a headline says it, its precision in its wording: "12 October 2027", "October 2027", "Q2 2027", "2027"; null when unknown. */
export function plainDate(d: PartialDate | undefined): string | null {
  if (!d || d.precision === "unknown" || d.value === undefined) return null;
  const y = d.value.slice(0, 4);
  switch (d.precision) {
    case "day":
      return `${Number(d.value.slice(8))} ${MONTHS[Number(d.value.slice(5, 7)) - 1]} ${y}`;
    case "month":
      return `${MONTHS[Number(d.value.slice(5, 7)) - 1]} ${y}`;
    case "quarter":
      return `Q${d.value.slice(6)} ${y}`;
    case "year":
      return y;
  }
}

export function addDays(day: string, n: number): string {
  const t = new Date(`${day}T00:00:00Z`).getTime() + n * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The calendar year of a known partial date (a period never spans two years). */
export function yearOf(d: PartialDate | undefined): number | null {
  const p = d ? periodOf(d) : null;
  return p ? Number(p.first.slice(0, 4)) : null;
}
