// A manufacturer with hundreds of devices, as the growing catalog will have:
// its pages stay readable (a page of at most 50 devices, grouped by release
// year, each year a chart with its table), every device is on exactly one
// page, newest first, linked in order, and no page scrolls sideways on a phone.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { synthRecords } from "../../generator/synth/generate.ts";
import { periodOf } from "../../generator/derive/dates.ts";
import { MANUFACTURER_PAGE_SIZE } from "../../generator/derive/manufacturers.ts";
import { axeViolations, browsedSite, hasChromium, watchedPage } from "../helpers/browser.ts";
import { tempDir } from "../helpers/build.ts";

const MAKER = "Synthcorp";
const records = synthRecords(400, 9).map((r, i) => (i < 320 ? { ...r, manufacturer: MAKER } : r));
const published = records.filter((r) => r.publication.state === "published" && r.manufacturer === MAKER);

function catalog(): string {
  const data = tempDir();
  mkdirSync(path.join(data, "devices"));
  for (const r of records) writeFileSync(path.join(data, "devices", `${r.slug}.json`), JSON.stringify(r));
  return data;
}

describe.skipIf(!hasChromium)("a manufacturer of 300+ devices", () => {
  const site = browsedSite(catalog());

  it("lists every device once over linked pages of at most 50, newest release first, each year charted beside its table, within a phone's width", {
    timeout: 180_000,
  }, async () => {
    expect(published.length).toBeGreaterThan(300);
    const { page, errors } = await watchedPage(site.browser, { width: 390 });
    const seen: string[] = [];
    const releases: string[] = [];
    let next: string | null = `${site.origin}/manufacturers/synthcorp`;
    let pages = 0;
    while (next) {
      await page.goto(next);
      pages += 1;
      // Read in one round trip to the page, not two for each year: a page has several years, at tens of milliseconds a trip.
      const shown = await page.evaluate(() => {
        const slugsIn = (from: ParentNode, links: string) =>
          [...from.querySelectorAll(links)].map((a) => new URL((a as HTMLAnchorElement).href).pathname.split("/").pop()!);
        return {
          width: document.documentElement.scrollWidth,
          slugs: slugsIn(document, "table tbody tr td:first-child a"),
          years: [...document.querySelectorAll("main section")].map((section) => ({
            charted: [...section.querySelectorAll("svg.timeline g.row")].map((g) => g.getAttribute("data-row")),
            tabled: slugsIn(section, "tbody tr td:first-child a"),
          })),
        };
      });
      expect(shown.width, `${next} scrolls sideways`).toBeLessThanOrEqual(390);
      const slugs = shown.slugs;
      expect(slugs.length).toBeLessThanOrEqual(MANUFACTURER_PAGE_SIZE);
      // Each year's chart draws the same devices as its table, in the same order.
      for (const { charted, tabled } of shown.years) expect(charted).toEqual(tabled);
      seen.push(...slugs);
      releases.push(...slugs.map((s) => periodOf(published.find((r) => r.slug === s)!.released)?.first ?? ""));
      const link = page.locator('nav.pager a[rel="next"]');
      const href = (await link.count()) ? await link.getAttribute("href") : null;
      next = href && new URL(href, page.url()).href;
    }
    expect(pages).toBe(Math.ceil(published.length / MANUFACTURER_PAGE_SIZE));
    expect([...seen].sort()).toEqual(published.map((r) => r.slug).sort());
    expect(releases).toEqual([...releases].sort().reverse());
    expect(errors).toEqual([]);
    await page.close();
  });

  it("has no accessibility violations on a full page of devices", async () => {
    const { page } = await watchedPage(site.browser);
    await page.goto(`${site.origin}/manufacturers/synthcorp/2`);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
