// A timeline's axis (timeline-axis.ts): where a day starts on it, so the
// browser's today marker lands on the same scale as the bands.
import { describe, expect, it } from "vitest";
import { round2, xOfDay, type Axis } from "./timeline-axis.ts";

describe("xOfDay", () => {
  // Ten days, 2030-01-01..2030-01-10, over x 100..200: ten units a day.
  const axis: Axis = { first: "2030-01-01", last: "2030-01-10", x0: 100, x1: 200 };
  it.each([
    ["2030-01-01", 100], // the first day starts at x0
    ["2030-01-02", 110],
    ["2030-01-10", 190], // the last day starts a day before x1
    ["2030-01-11", 200], // the day after the last starts at x1
    ["2029-12-31", 90], // outside the axis: outside [x0, x1]
    ["2030-01-21", 300],
  ])("%s starts at %d", (day, x) => expect(xOfDay(axis, day)).toBe(x));

  it("counts days, not months, across a leap February", () => {
    const leap: Axis = { first: "2028-02-01", last: "2028-03-01", x0: 0, x1: 30 }; // 30 days
    expect(xOfDay(leap, "2028-02-29")).toBe(28);
    expect(xOfDay(leap, "2028-03-01")).toBe(29);
  });

  it("rounds to hundredths, so the SVG and the marker agree to the digit", () => {
    const third: Axis = { first: "2030-01-01", last: "2030-01-03", x0: 0, x1: 100 };
    expect(xOfDay(third, "2030-01-02")).toBe(33.33);
    expect(xOfDay(third, "2030-01-03")).toBe(66.67);
  });
});

describe("round2", () => {
  it.each([
    [1.005, 1], // binary 1.005 is just below: as Math.round gives it
    [1.234, 1.23],
    [1.235, 1.24],
    [-2.5, -2.5],
    [0, 0],
  ])("%d → %d", (n, r) => expect(round2(n)).toBe(r));
});
