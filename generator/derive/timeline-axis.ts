// A timeline's time axis: where a day falls on it. Shared by the layout
// (derive/timeline.ts) and the browser's today marker (generator/browser/
// timeline.ts), so the marker lands on the same scale as the bands; kept apart
// so the browser bundle holds nothing else.

export interface Axis {
  /** First and last day of the axis (inclusive). */
  first: string;
  last: string;
  /** `first` starts at x0, the day after `last` at x1. */
  x0: number;
  x1: number;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The x where a day starts (a day outside the axis lies outside [x0, x1]). */
export function xOfDay(axis: Axis, day: string): number {
  const span = dayNumber(axis.last) + 1 - dayNumber(axis.first);
  return round2(axis.x0 + ((dayNumber(day) - dayNumber(axis.first)) / span) * (axis.x1 - axis.x0));
}
