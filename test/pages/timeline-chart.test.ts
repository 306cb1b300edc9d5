// The support timelines as a reader's browser draws them: the bands read back
// from the SVG in Chromium (their place on the axis, turned back into days)
// must be the periods the record's dates and precisions give; minimum
// commitments and announced ceilings are drawn as themselves, never as ends;
// the today marker follows the reader's clock, not the build's.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { periodOf } from "../../generator/derive/dates.ts";
import { DeviceRecord, type PartialDate } from "../../generator/schema/record.ts";
import { browsedSite, noChromium, sharedPage, watchedPage } from "../helpers/browser.ts";
import { FIXTURES } from "../helpers/build.ts";

const records = readdirSync(path.join(FIXTURES, "devices"))
  .map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(FIXTURES, "devices", f), "utf8"))))
  .filter((r) => r.publication.state === "published");

interface DrawnBand {
  row: string;
  kind: string;
  value: string | null;
  precision: string | null;
  /** Where the band is drawn (viewBox units), and the axis it is drawn on. */
  x: number;
  width: number;
  axis: { first: string; last: string; x0: number; x1: number };
}

/** Every dated band of a chart, as drawn: its place and size, and the axis from the chart's own attributes. */
async function drawnBands(page: Page, chart: string): Promise<DrawnBand[]> {
  return page.locator(chart).evaluate((svg) => {
    const { first, last, x0, x1 } = (svg as SVGSVGElement).dataset;
    const axis = { first: first!, last: last!, x0: Number(x0), x1: Number(x1) };
    return [...svg.querySelectorAll("rect.bar")].flatMap((rect) => {
      const r = rect as SVGRectElement;
      const kind = r.dataset.kind!;
      if (!["release", "end", "minimum", "ceiling", "observed", "listed"].includes(kind)) return [];
      return [
        {
          row: r.closest("g.row")!.getAttribute("data-row")!,
          kind,
          value: r.dataset.value ?? null,
          precision: r.dataset.precision ?? null,
          x: Number(r.getAttribute("x")),
          width: Number(r.getAttribute("width")),
          axis,
        },
      ];
    });
  });
}

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/**
 * How far (in days) a drawn band is from the period it should cover: its
 * edges turned back into days on its axis. A band too narrow to see (under 3
 * units, a day on a long axis) is drawn 3 units wide around its days' centre,
 * so then its centre is compared.
 */
function offByDays(b: DrawnBand, period: { first: string; last: string }): number {
  const perDay = (b.axis.x1 - b.axis.x0) / (dayNumber(b.axis.last) + 1 - dayNumber(b.axis.first));
  const day = (x: number) => dayNumber(b.axis.first) + (x - b.axis.x0) / perDay;
  const [from, to] = [dayNumber(period.first), dayNumber(period.last) + 1];
  if ((to - from) * perDay < 3) return Math.abs(day(b.x + b.width / 2) - (from + to) / 2) + (b.width === 3 ? 0 : 99);
  return Math.max(Math.abs(day(b.x) - from), Math.abs(day(b.x + b.width) - to));
}

/** The bands a record's dates call for, as the chart's rows name them. */
function expectedBands(r: DeviceRecord, row = (id: string) => id) {
  const band = (id: string, kind: string, d: PartialDate | undefined) => {
    const p = d && periodOf(d);
    return p ? [{ row: row(id), kind, value: d.value!, precision: d.precision, period: p }] : [];
  };
  return [
    ...band("release", "release", r.released),
    ...(["os", "security"] as const).flatMap((kind) =>
      r.support[kind].flatMap((c) => [
        ...band(`${kind}-${c.id}`, "minimum", c.minimum),
        ...band(`${kind}-${c.id}`, "end", c.end),
        ...band(`${kind}-${c.id}`, "ceiling", c.ceiling),
        ...band(`${kind}-${c.id}`, "observed", c.lastUpdate),
        ...band(`${kind}-${c.id}`, "listed", c.supportedOn ? { value: c.supportedOn, precision: "day" } : undefined),
      ]),
    ),
  ];
}

describe.skipIf(noChromium)("support timelines in Chromium", () => {
  const site = browsedSite();

  for (const r of records) {
    it(`${r.slug}: each dated band covers the period its date and precision give, where the axis puts those days`, async () => {
      const { page, errors } = await sharedPage(site.browser);
      await page.goto(`${site.origin}/devices/${r.slug}`);
      const drawn = await drawnBands(page, "svg#timeline");
      const expected = expectedBands(r);
      const key = (b: { row: string; kind: string }) => `${b.row} ${b.kind}`;
      expect(drawn.map(key).sort()).toEqual(expected.map(key).sort());
      for (const e of expected) {
        const d = drawn.find((b) => key(b) === key(e))!;
        expect([d.value, d.precision], key(e)).toEqual([e.value, e.precision]);
        // Read back within a tenth of a day: a year-precision end spans the whole year, a month the whole month.
        expect(offByDays(d, e.period), `${key(e)}: ${JSON.stringify(e.period)}`).toBeLessThan(0.1);
      }
      expect(errors).toEqual([]);
    });
  }

  it("draws minimum commitments, announced ceilings and unknown ends as themselves, never as documented ends, and flags caveats", async () => {
    const { page } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/beta-tablet`);
    const kinds = (row: string) =>
      page.locator(`svg#timeline g.row[data-row="${row}"] rect.bar`).evaluateAll((rs) => rs.map((r) => r.getAttribute("data-kind")));
    expect(await kinds("security-security")).toEqual(["support", "minimum"]);
    expect(await kinds("os-os")).toEqual(["unknown"]);
    // "At least until" stays open after its band: an arrow, not a stop.
    expect(await page.locator('svg#timeline g.row[data-row="security-security"] path.mark-open').count()).toBe(1);
    await page.goto(`${site.origin}/devices/theta-watch`);
    expect(await kinds("os-os-aim")).toEqual(["announced", "ceiling"]);
    // Only announced support: no documented end and no committed support anywhere on the chart.
    expect(await page.locator("svg#timeline rect.bar-end, svg#timeline rect.bar-support").count()).toBe(0);
    expect(await page.locator("svg#timeline path.mark-stop").count()).toBe(3);
    await page.goto(`${site.origin}/devices/gamma-phone`);
    const flagged = await page
      .locator("svg#timeline g.row")
      .evaluateAll((rows) => rows.filter((g) => g.querySelector(".caveat-flag")).map((g) => g.getAttribute("data-row")));
    // The US carrier caveat meets the OS commitment (all variants) and the US security commitment, not the EU one.
    expect(flagged).toEqual(["os-os", "security-security-us"]);
  });

  it("draws an observed last update as its own mark, an end without a date as a span, and a listing as a ring, never as end bands", async () => {
    const { page } = await sharedPage(site.browser);
    const kinds = (row: string) =>
      page.locator(`svg#timeline g.row[data-row="${row}"] rect.bar`).evaluateAll((rs) => rs.map((r) => r.getAttribute("data-kind")));
    // kappa-phone: support up to the last update observed, which is a diamond, and nothing after it.
    await page.goto(`${site.origin}/devices/kappa-phone`);
    expect(await kinds("security-security")).toEqual(["support", "observed"]);
    expect(await page.locator("svg#timeline rect.bar-end").count()).toBe(0);
    expect(await page.locator('svg#timeline g.row[data-row="security-security"] path.mark-observed').count()).toBe(1);
    expect(await page.locator("#timeline-words").innerText()).toContain(
      "Security updates, all variants: ended, no end date announced; last update observed 13 May 2024, day precision (an observation, not an announced end).",
    );
    // iota-phone: ended on a day the source does not give, somewhere from the release to when its source was read.
    await page.goto(`${site.origin}/devices/iota-phone`);
    expect(await kinds("security-security")).toEqual(["ended-undated"]);
    expect(await page.locator('svg#timeline rect[data-kind="ended-undated"]').first().getAttribute("data-last")).toBe("2026-11-15");
    expect(await page.locator("svg#timeline rect.bar-end").count()).toBe(0);
    expect(await page.locator("#timeline-words").innerText()).toContain("Security updates, all variants: ended, date not documented.");
    // lambda-tablet: support up to the listing, unknown after it.
    await page.goto(`${site.origin}/devices/lambda-tablet`);
    expect(await kinds("security-security")).toEqual(["support", "unknown", "observed", "listed"]);
    expect(await page.locator("svg#timeline circle.mark-listed").count()).toBe(1);
    // The legend says what the new marks mean.
    const legend = await page.locator("ul.legend").innerText();
    expect(legend).toContain("the last update observed: an observation, not an announced end");
    expect(legend).toContain("ended on a day the source does not give");
  });

  it("is an image with a name and a text equivalent, and its today marker follows the reader's clock", async () => {
    const { page, errors } = await watchedPage(site.browser);
    await page.clock.setFixedTime(new Date("2027-05-10T12:00:00"));
    await page.goto(`${site.origin}/devices/gamma-phone`);
    const chart = page.getByRole("img", { name: /Release, OS updates and security updates of Gamma Phone/ });
    await expect(chart.getAttribute("aria-describedby")).resolves.toBe("timeline-words");
    expect(await page.locator("#timeline-words").innerText()).toMatch(
      /Security updates, models G-US; regions US: documented end Q2 2027 \(April to June\), quarter precision\. Caveats: Carrier builds may arrive weeks later/,
    );
    const marker = page.locator("svg#timeline g.today");
    await expect(marker.getAttribute("data-day")).resolves.toBe("2027-05-10");
    // On the axis, 2027-05-10 lies inside the US security end's band (Q2 2027).
    const [markerX, band] = await Promise.all([
      marker.locator("line").getAttribute("x1"),
      page
        .locator('svg#timeline g.row[data-row="security-security-us"] rect[data-kind="end"]')
        .evaluate((r) => [Number(r.getAttribute("x")), Number(r.getAttribute("width"))]),
    ]);
    expect(Number(markerX)).toBeGreaterThan(band[0]!);
    expect(Number(markerX)).toBeLessThan(band[0]! + band[1]!);
    expect(await marker.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("without JavaScript shows the whole chart but no today marker (the page holds no build day)", async () => {
    const { page } = await watchedPage(site.browser, { javaScript: false });
    await page.goto(`${site.origin}/devices/alpha-phone`);
    expect(await page.locator("svg#timeline rect.bar").count()).toBeGreaterThan(3);
    expect(await page.locator("svg#timeline g.today").isVisible()).toBe(false);
    await page.close();
  });

  it("draws every device of a manufacturer on its page, with its bands, beside a table that says the same", async () => {
    const { page, errors } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/manufacturers/example-maker`);
    const published = records.filter((r) => r.manufacturer === "Example Maker");
    const rows = await page.locator("svg.timeline g.row").evaluateAll((gs) => gs.map((g) => g.getAttribute("data-row")));
    expect(rows.sort()).toEqual(published.map((r) => r.slug).sort());
    const tableRows = await page.locator("table tbody tr td:first-child a").allInnerTexts();
    expect(tableRows.sort()).toEqual(published.map((r) => r.name).sort());
    // Every device's dated bands, on the line of its kind; Gamma Phone's two security ends (a quarter and a day) share one line.
    const drawn = (await Promise.all((await page.locator("svg.timeline").all()).map((_, i) => drawnBands(page, `svg.timeline >> nth=${i}`)))).flat();
    for (const r of published) {
      // A device's bars start at its release; the release itself has no band of its own here.
      for (const e of expectedBands(r, () => r.slug).filter((b) => b.kind !== "release")) {
        const d = drawn.find((b) => b.row === r.slug && b.kind === e.kind && b.value === e.value);
        expect(d, `${r.slug} ${e.kind} ${e.value}`).toBeDefined();
        expect(offByDays(d!, e.period), `${r.slug} ${e.kind} ${e.value}`).toBeLessThan(0.1);
      }
    }
    expect(errors).toEqual([]);
  });
});
