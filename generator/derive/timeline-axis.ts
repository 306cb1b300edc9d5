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

/** Days since 1970-01-01 of a "YYYY-MM-DD" day (read by hand: a chart places thousands of days). */
export const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Where each day starts on an axis, by its day number (dayNumber): the axis's own numbers read once. */
export function axisScale(axis: Axis): (dayNo: number) => number {
  const first = dayNumber(axis.first);
  const span = dayNumber(axis.last) + 1 - first;
  return (dayNo) => round2(axis.x0 + ((dayNo - first) / span) * (axis.x1 - axis.x0));
}

/** The x where a day starts (a day outside the axis lies outside [x0, x1]). */
export function xOfDay(axis: Axis, day: string): number {
  return axisScale(axis)(dayNumber(day));
}
