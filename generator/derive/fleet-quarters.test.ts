// The fleet page's quarter chart (fleet-quarters.ts): ends counted in the
// quarter they fall in, from the reader's quarter on, for three years; ends
// known only to their year under that year; past ends not at all.
import { describe, expect, it } from "vitest";
import { CHART, earliest, placeQuarters, quarterCounts, QUARTERS_AHEAD } from "./fleet-quarters.ts";

describe("devices losing updates, by quarter", () => {
  const today = "2026-11-28";
  const { quarters, years } = quarterCounts(
    [
      { os: "2026-12", security: "2027-02-15" },
      { os: null, security: "2027-Q1" },
      { os: "2025-10-14", security: "2026-11-10" }, // past: these need action now, not later
      { os: "2028", security: "2029-09" },
      { os: "2026-11", security: null }, // this month: still ahead
      { os: "2030", security: "2031-01" }, // beyond three years
    ],
    today,
  );

  it("spans twelve quarters from the reader's", () => {
    expect(quarters).toHaveLength(QUARTERS_AHEAD);
    expect([quarters[0]!.period, quarters[1]!.period, quarters.at(-1)!.period]).toEqual(["2026-Q4", "2027-Q1", "2029-Q3"]);
  });

  it.each([
    ["2026-Q4", 2, 0],
    ["2027-Q1", 0, 2],
    ["2029-Q3", 0, 1],
    ["2028-Q1", 0, 0],
  ])("%s: %i lose OS updates, %i security updates", (period, os, security) => {
    expect(quarters.find((q) => q.period === period)).toEqual({ period, os, security });
  });

  it("counts an end known only to its year under the year, never in a quarter", () => {
    expect(years).toEqual([{ period: "2028", os: 1, security: 0 }]);
  });

  it("takes the earliest of several ends by the first day each can mean", () => {
    expect(earliest(["2027-06", "2027-Q2", null, "2027"])).toBe("2027");
    expect(earliest(["2027-06-30", "2027-06"])).toBe("2027-06");
    expect(earliest([null])).toBeNull();
  });

  it("draws bars to scale inside the chart, the tallest reaching the top", () => {
    const { bars, max } = placeQuarters(quarters);
    expect(max).toBe(2);
    const tallest = bars.find((b) => b.period === "2027-Q1")!.security;
    expect(tallest.y).toBe(CHART.top);
    expect(bars.every((b) => b.os.x + b.os.width <= b.security.x && b.security.x + b.security.width <= CHART.width)).toBe(true);
    expect(bars.map((b) => b.year).filter(Boolean)).toEqual(["2026", "2027", "2028", "2029"]);
  });
});
