import { describe, expect, it } from "vitest";
import type { Commitment, DeviceRecord, PartialDate } from "../schema/record.ts";
import { commitmentBars, deviceChart, devicesChart, GEOMETRY, layoutChart, wrapLabel, type Bar } from "./timeline.ts";
import { xOfDay } from "./timeline-axis.ts";

const d = (value: string | undefined, precision: PartialDate["precision"]): PartialDate => (value === undefined ? { precision } : { value, precision });
const commitment = (
  dates: Partial<Pick<Commitment, "end" | "minimum" | "ceiling" | "lastUpdate" | "ended" | "supportedOn">>,
  scope: Commitment["scope"] = {},
): Commitment => ({
  id: "c",
  scope,
  meaning: "m",
  evidenceLevel: "manufacturer-dated",
  sourceIds: [],
  ...dates,
});
const brief = (bars: Bar[]) => bars.map((b) => `${b.kind} ${b.first}..${b.last}${b.date ? ` (${b.date.precision})` : ""}`);

describe("commitmentBars: each dated statement drawn over the period its precision gives", () => {
  const released = d("2021-03", "month");
  const cases: [string, Partial<Commitment>, string[]][] = [
    [
      "a day end: support to the day before, a one-day band",
      { end: d("2028-06-30", "day") },
      ["support 2021-03-01..2028-06-29", "end 2028-06-30..2028-06-30 (day)"],
    ],
    ["a month end: the whole month", { end: d("2024-03", "month") }, ["support 2021-03-01..2024-02-29", "end 2024-03-01..2024-03-31 (month)"]],
    ["a quarter end: the whole quarter", { end: d("2027-Q2", "quarter") }, ["support 2021-03-01..2027-03-31", "end 2027-04-01..2027-06-30 (quarter)"]],
    ["a year end: the whole year", { end: d("2030", "year") }, ["support 2021-03-01..2029-12-31", "end 2030-01-01..2030-12-31 (year)"]],
    [
      "a minimum: committed to its band, open after",
      { minimum: d("2029", "year") },
      ["support 2021-03-01..2028-12-31", "minimum 2029-01-01..2029-12-31 (year)"],
    ],
    [
      "an end with a minimum before it: both bands",
      { end: d("2030-10", "month"), minimum: d("2029", "year") },
      ["support 2021-03-01..2030-09-30", "minimum 2029-01-01..2029-12-31 (year)", "end 2030-10-01..2030-10-31 (month)"],
    ],
    [
      "a ceiling alone: announced, never committed",
      { ceiling: d("2028-07", "month") },
      ["announced 2021-03-01..2028-06-30", "ceiling 2028-07-01..2028-07-31 (month)"],
    ],
    [
      "a minimum then a ceiling: committed, then announced",
      { minimum: d("2026", "year"), ceiling: d("2028-Q4", "quarter") },
      [
        "support 2021-03-01..2025-12-31",
        "minimum 2026-01-01..2026-12-31 (year)",
        "announced 2027-01-01..2028-09-30",
        "ceiling 2028-10-01..2028-12-31 (quarter)",
      ],
    ],
    ["nothing documented: unknown up to the chart's end", { end: d(undefined, "unknown") }, ["unknown 2021-03-01..2031-12-31"]],
    [
      "ended on an observed last update: support up to it, its own mark, nothing after (never an end band)",
      { ended: true, lastUpdate: d("2024-05-13", "day") },
      ["support 2021-03-01..2024-05-12", "observed 2024-05-13..2024-05-13 (day)"],
    ],
    [
      "ended without a date: a span where the end can lie, up to when the source was read, never an end band",
      { ended: true },
      ["ended-undated 2021-03-01..2026-11-15"],
    ],
    [
      "listed as continuing, latest update observed: support up to the listing, unknown after",
      { supportedOn: "2026-08-22", lastUpdate: d("2026-08", "month") },
      ["support 2021-03-01..2026-08-21", "unknown 2026-09-01..2031-12-31", "observed 2026-08-01..2026-08-31 (month)", "listed 2026-08-22..2026-08-22 (day)"],
    ],
    [
      "a listing beside a minimum: the minimum draws the bar, the listing is a mark on it",
      { minimum: d("2024", "year"), supportedOn: "2025-06-01" },
      ["support 2021-03-01..2023-12-31", "minimum 2024-01-01..2024-12-31 (year)", "listed 2025-06-01..2025-06-01 (day)"],
    ],
  ];
  for (const [name, dates, expected] of cases)
    it(name, () => expect(brief(commitmentBars(released, commitment(dates), "2031-12-31", "2026-11-15"))).toEqual(expected));

  it("a year-precision release starts the bar on the first day of its year", () => {
    expect(brief(commitmentBars(d("2024", "year"), commitment({ end: d("2026", "year") }), "2026-12-31"))[0]).toBe("support 2024-01-01..2025-12-31");
  });
});

const record = (over: Partial<DeviceRecord>): DeviceRecord => ({
  slug: "x-phone",
  name: "X Phone",
  manufacturer: "X",
  deviceType: "phone",
  aliases: [],
  formerSlugs: [],
  publication: { state: "published" },
  released: d("2021-03-15", "day"),
  variants: [{ model: "X-US", regions: ["US"] }],
  caveats: [],
  support: { os: [commitment({ end: d("2024-03", "month") })], security: [commitment({ end: d("2027-Q2", "quarter") })] },
  evidence: { sources: [], recallReview: [], repairability: [], revisions: [{ date: "2026-01-01", change: "c", reason: "r" }] },
  ...over,
});

describe("deviceChart", () => {
  it("spans whole years from the release to the latest period, one row per commitment", () => {
    const chart = deviceChart(record({}))!;
    expect([chart.first, chart.last]).toEqual(["2021-01-01", "2027-12-31"]);
    expect(chart.rows.map((r) => [r.id, r.label])).toEqual([
      ["release", "Released"],
      ["os-c", "OS updates"],
      ["security-c", "Security updates"],
    ]);
    expect(chart.rows[2]!.words).toBe("Security updates, all variants: documented end Q2 2027 (April to June), quarter precision.");
  });

  it("names a commitment's scope and flags the caveats whose scope meets it", () => {
    const us = { ...commitment({ end: d("2027-Q2", "quarter") }, { models: ["X-US"], regions: ["US"] }), id: "us" };
    const eu = { ...commitment({ end: d("2028-06-30", "day") }, { models: ["X-EU"], regions: ["DE"] }), id: "eu" };
    const chart = deviceChart(
      record({
        caveats: [{ scope: { regions: ["US"], carriers: ["Acme"] }, text: "Carrier builds lag", sourceIds: [] }],
        support: { os: [commitment({ end: d("2024", "year") })], security: [us, eu] },
      }),
    )!;
    expect(chart.rows.map((r) => [r.label, r.caveats])).toEqual([
      ["Released", []],
      ["OS updates", ["Carrier builds lag (regions US; carriers Acme)"]],
      ["Security updates (models X-US; regions US)", ["Carrier builds lag (regions US; carriers Acme)"]],
      ["Security updates (models X-EU; regions DE)", []],
    ]);
  });

  it("says in words what each statement is: ended without a date, a last update observed, a listing", () => {
    const words = (c: Partial<Commitment>) =>
      deviceChart(record({ support: { os: [commitment({ end: d("2024", "year") })], security: [commitment(c)] } }))!.rows[2]!.words;
    expect(words({ ended: true })).toBe("Security updates, all variants: ended, date not documented.");
    expect(words({ ended: true, lastUpdate: d("2024-05-13", "day") })).toBe(
      "Security updates, all variants: ended, no end date announced; last update observed 13 May 2024, day precision (an observation, not an announced end).",
    );
    expect(words({ supportedOn: "2026-08-22" })).toBe("Security updates, all variants: listed as continuing on 22 August 2026, day precision.");
  });

  it("extends the axis to the day an undated end's source was read, and to observed and listed days", () => {
    const ended = { ...commitment({ ended: true }), sourceIds: ["s"] };
    const sources = [{ id: "s", url: "https://s.example", publisher: "S", title: "T", checked: "2026-11-15" }];
    const chart = deviceChart(
      record({ support: { os: [commitment({ lastUpdate: d("2029-01", "month") })], security: [ended] }, evidence: { ...record({}).evidence, sources } }),
    )!;
    expect([chart.first, chart.last]).toEqual(["2021-01-01", "2029-12-31"]);
    expect(brief(chart.rows[2]!.lines[0]!.bars)).toEqual(["ended-undated 2021-03-15..2026-11-15"]);
  });

  it("has nothing to draw when no date is known", () => {
    const unknown = commitment({ end: d(undefined, "unknown") });
    expect(deviceChart(record({ released: d(undefined, "unknown"), support: { os: [unknown], security: [unknown] } }))).toBeNull();
  });
});

describe("wrapLabel", () => {
  const cases: [string, number, number, string[]][] = [
    ["Security updates", 46, 2, ["Security updates"]],
    ["Security updates (models G-US; regions US)", 20, 2, ["Security updates", "(models G-US;…"]],
    ["a b c", 3, 2, ["a b", "c"]],
    ["Supercalifragilistic phone", 8, 2, ["Superca…", "phone"]],
    ["日本語 テスト 𝒳𝒴𝒵 ok", 7, 2, ["日本語 テスト", "𝒳𝒴𝒵 ok"]],
    ["日本語 テスト 𝒳𝒴𝒵", 6, 2, ["日本語", "テスト…"]],
  ];
  for (const [text, width, max, lines] of cases) it(`${JSON.stringify(text)} in ${width}×${max}`, () => expect(wrapLabel(text, width, max)).toEqual(lines));

  it("never makes a line longer than the width, counting characters, not UTF-16 units", () => {
    for (const [text, width, max] of cases) for (const line of wrapLabel(text, width, max)) expect(Array.from(line).length).toBeLessThanOrEqual(width);
  });
});

describe("layout", () => {
  it("puts a day at its share of the axis: 1 January at x0, the day after the last at x1", () => {
    // 3,653 days from 2020 to 2029 (three leap years), one unit each.
    const axis = { first: "2020-01-01", last: "2029-12-31", x0: 10, x1: 10 + 3653 };
    const cases: [string, number][] = [
      ["2020-01-01", 10],
      ["2020-01-02", 11],
      ["2024-03-01", 10 + 1521],
      ["2030-01-01", 3663],
      ["2019-12-31", 9],
    ];
    for (const [day, x] of cases) expect(xOfDay(axis, day), day).toBe(x);
  });

  it("draws a band as wide as its period, and a one-day band at least minBand wide around its day", () => {
    const layout = layoutChart(
      deviceChart(record({ support: { os: [commitment({ end: d("2024", "year") })], security: [commitment({ end: d("2027-06-30", "day") })] } }))!,
    );
    const bars = layout.rows.flatMap((r) => r.placed.flatMap((l) => l.bars));
    const year = bars.find((b) => b.kind === "end" && b.date?.precision === "year")!;
    expect(year.x).toBe(xOfDay(layout.axis, "2024-01-01"));
    expect(year.x + year.width).toBeCloseTo(xOfDay(layout.axis, "2025-01-01"), 1);
    const day = bars.find((b) => b.kind === "end" && b.date?.precision === "day")!;
    expect(day.width).toBe(GEOMETRY.minBand);
    expect(day.x + day.width / 2).toBeCloseTo((xOfDay(layout.axis, "2027-06-30") + xOfDay(layout.axis, "2027-07-01")) / 2, 1);
    expect(layout.years.map((y) => y.year)).toEqual([2021, 2022, 2023, 2024, 2025, 2026, 2027]);
  });

  it("stacks rows: each row's label, then its lines, without overlap", () => {
    const layout = layoutChart(
      devicesChart([
        { record: record({}), verdict: "v" },
        { record: record({ slug: "y" }), verdict: "v" },
      ])!,
    );
    const ys = layout.rows.flatMap((r) => [...r.labelLines.map((l) => l.y), ...r.placed.map((l) => l.bars[0]!.y)]);
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
    expect(new Set(ys).size).toBe(ys.length);
    expect(layout.height).toBeGreaterThan(ys[ys.length - 1]! + GEOMETRY.bar);
  });
});
