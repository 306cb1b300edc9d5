// Precision-aware dates (dates.ts): the period a partial date means, where a
// day stands against it, and how it is worded. Table-driven.
import { describe, expect, it } from "vitest";
import type { PartialDate } from "../schema/record.ts";
import { addDays, describeDate, periodOf, plainDate, positionOf, readableDate, yearOf } from "./dates.ts";

const day = (value: string): PartialDate => ({ value, precision: "day" });
const month = (value: string): PartialDate => ({ value, precision: "month" });
const quarter = (value: string): PartialDate => ({ value, precision: "quarter" });
const year = (value: string): PartialDate => ({ value, precision: "year" });
const unknown: PartialDate = { precision: "unknown" };

describe("periods respect precision", () => {
  it.each([
    [day("2030-10-15"), "2030-10-15", "2030-10-15"],
    [month("2030-10"), "2030-10-01", "2030-10-31"],
    [month("2028-02"), "2028-02-01", "2028-02-29"], // leap year
    [month("2027-02"), "2027-02-01", "2027-02-28"],
    [month("2100-02"), "2100-02-01", "2100-02-28"], // a century that is not a leap year
    [month("2030-04"), "2030-04-01", "2030-04-30"],
    [quarter("2030-Q4"), "2030-10-01", "2030-12-31"],
    [quarter("2030-Q1"), "2030-01-01", "2030-03-31"],
    [quarter("2030-Q2"), "2030-04-01", "2030-06-30"],
    [quarter("2030-Q3"), "2030-07-01", "2030-09-30"],
    [year("2030"), "2030-01-01", "2030-12-31"],
  ] as [PartialDate, string, string][])("%o spans %s..%s", (d, first, last) => {
    expect(periodOf(d)).toEqual({ first, last });
  });
  it.each([unknown, { precision: "month", value: undefined } as unknown as PartialDate])("%o has no period", (d) => expect(periodOf(d)).toBeNull());
});

describe("where a day stands against a period", () => {
  it.each([
    ["2030-09-30", month("2030-10"), "before"],
    ["2030-10-01", month("2030-10"), "within"],
    ["2030-10-31", month("2030-10"), "within"],
    ["2030-11-01", month("2030-10"), "after"],
    ["2030-10-14", day("2030-10-15"), "before"],
    ["2030-10-15", day("2030-10-15"), "within"],
    ["2030-10-16", day("2030-10-15"), "after"],
    ["2030-12-31", quarter("2030-Q4"), "within"],
    ["2031-01-01", quarter("2030-Q4"), "after"],
    ["2029-12-31", year("2030"), "before"],
    ["2030-06-15", year("2030"), "within"],
    ["2030-06-15", unknown, "unknown"],
    ["2030-06-15", undefined, "unknown"],
  ] as [string, PartialDate | undefined, string][])("%s against %o: %s", (today, d, position) => {
    expect(positionOf(today, d)).toBe(position);
  });
});

describe("wording keeps the precision visible", () => {
  it.each([
    [day("2030-10-15"), "2030-10-15", "15 October 2030, day precision", "15 October 2030"],
    [day("2030-01-01"), "2030-01-01", "1 January 2030, day precision", "1 January 2030"],
    [month("2030-10"), "2030-10 (month)", "October 2030, month precision", "October 2030"],
    [quarter("2030-Q4"), "2030-Q4 (quarter)", "Q4 2030 (October to December), quarter precision", "Q4 2030"],
    [quarter("2031-Q1"), "2031-Q1 (quarter)", "Q1 2031 (January to March), quarter precision", "Q1 2031"],
    [year("2030"), "2030 (year)", "2030, year precision", "2030"],
    [unknown, "unknown", "not documented (unknown)", null],
    [undefined, "unknown", "not documented (unknown)", null],
  ] as [PartialDate | undefined, string, string, string | null][])("%o: %j, %j, %j", (d, short, readable, plain) => {
    expect(describeDate(d)).toBe(short);
    expect(readableDate(d)).toBe(readable);
    expect(plainDate(d)).toBe(plain);
  });
});

describe("day arithmetic and years", () => {
  it.each([
    ["2030-10-01", -1, "2030-09-30"],
    ["2030-12-31", 1, "2031-01-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2030-10-01", -180, "2030-04-04"],
    ["2030-10-01", 0, "2030-10-01"],
  ] as [string, number, string][])("%s %+d days is %s", (from, n, to) => expect(addDays(from, n)).toBe(to));

  it.each([
    [day("2030-10-15"), 2030],
    [month("2029-12"), 2029],
    [quarter("2031-Q4"), 2031],
    [year("2032"), 2032],
    [unknown, null],
    [undefined, null],
  ] as [PartialDate | undefined, number | null][])("the year of %o is %s", (d, y) => expect(yearOf(d)).toBe(y));
});
