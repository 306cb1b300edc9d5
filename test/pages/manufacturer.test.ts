// A manufacturer with hundreds of devices of several types, as Apple's 230
// phones, tablets, watches and laptops: its pages stay usable. Devices are
// grouped by type (a heading with its count each, in the schema's order), a
// jump list on every page names each type with its count and leads to where
// its list starts, each type lists newest first by release year (a chart with
// its table), pages hold at most 50 devices, every device is on exactly one
// page, and no page scrolls sideways on a phone.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { synthRecords } from "../../generator/synth/generate.ts";
import { periodOf } from "../../generator/derive/dates.ts";
import { MANUFACTURER_PAGE_SIZE } from "../../generator/derive/manufacturers.ts";
import { DEVICE_TYPE_PLURALS, DEVICE_TYPES } from "../../generator/contract/device-types.ts";
import { axeViolations, browsedSite, noChromium, watchedPage } from "../helpers/browser.ts";
import { tempDir } from "../helpers/build.ts";

const MAKER = "Synthcorp";
const records = synthRecords(400, 9).map((r, i) => (i < 320 ? { ...r, manufacturer: MAKER } : r));
const published = records.filter((r) => r.publication.state === "published" && r.manufacturer === MAKER);
const typesMade = DEVICE_TYPES.filter((t) => published.some((r) => r.deviceType === t));
const countOf = (type: string) => published.filter((r) => r.deviceType === type).length;

function catalog(): string {
  const data = tempDir();
  mkdirSync(path.join(data, "devices"));
  for (const r of records) writeFileSync(path.join(data, "devices", `${r.slug}.json`), JSON.stringify(r));
  return data;
}

describe.skipIf(noChromium)("a manufacturer of 230+ devices of several types", () => {
  const site = browsedSite(catalog());

  it("lists every device once over linked pages of at most 50, by type, newest release first, each year charted beside its table, within a phone's width", {
    timeout: 180_000,
  }, async () => {
    expect(published.length).toBeGreaterThanOrEqual(230);
    expect(typesMade.length).toBeGreaterThanOrEqual(4);
    const { page, errors } = await watchedPage(site.browser, { width: 390 });
    const seen: string[] = [];
    const order: [number, string][] = [];
    /** Where the jump list says each type starts, as read on each page. */
    const jumps = new Set<string>();
    const starts = new Map<string, string>();
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
          jump: [...document.querySelectorAll("nav.jump li")].map((li) => ({ text: li.textContent!.trim(), href: li.querySelector("a")!.href })),
          types: [...document.querySelectorAll("main section.device-type")].map((section) => ({
            heading: section.querySelector("h2")!.textContent!.trim(),
            slugs: slugsIn(section, "tbody tr td:first-child a"),
            years: [...section.querySelectorAll("section.release-year")].map((year) => ({
              charted: [...year.querySelectorAll("svg.timeline g.row")].map((g) => g.getAttribute("data-row")),
              tabled: slugsIn(year, "tbody tr td:first-child a"),
            })),
          })),
        };
      });
      expect(shown.width, `${next} scrolls sideways`).toBeLessThanOrEqual(390);
      expect(shown.slugs.length).toBeLessThanOrEqual(MANUFACTURER_PAGE_SIZE);
      // The jump list: every type the maker makes, in order, with its count.
      expect(shown.jump.map((j) => j.text.replace(/ from page \d+$/, ""))).toEqual(typesMade.map((t) => `${DEVICE_TYPE_PLURALS[t]} (${countOf(t)})`));
      for (const j of shown.jump) jumps.add(j.href);
      for (const section of shown.types) {
        const type = DEVICE_TYPES.find((t) => section.heading.startsWith(`${DEVICE_TYPE_PLURALS[t]} (`))!;
        expect(section.heading).toMatch(new RegExp(`^${DEVICE_TYPE_PLURALS[type]} \\(${countOf(type)}\\)(, continued)?$`));
        if (!section.heading.endsWith("continued")) starts.set(type, `${page.url()}#type-${type}`);
        for (const s of section.slugs) expect(published.find((r) => r.slug === s)!.deviceType).toBe(type);
        // Each year's chart draws the same devices as its table, in the same order.
        for (const { charted, tabled } of section.years) expect(charted).toEqual(tabled);
      }
      seen.push(...shown.slugs);
      for (const s of shown.slugs) {
        const r = published.find((x) => x.slug === s)!;
        order.push([DEVICE_TYPES.indexOf(r.deviceType), periodOf(r.released)?.first ?? ""]);
      }
      const link = page.locator('nav.pager a[rel="next"]');
      const href = (await link.count()) ? await link.getAttribute("href") : null;
      next = href && new URL(href, page.url()).href;
    }
    expect(pages).toBe(Math.ceil(published.length / MANUFACTURER_PAGE_SIZE));
    expect([...seen].sort()).toEqual(published.map((r) => r.slug).sort());
    // By type, then newest release first within each type (unknown last).
    const sorted = [...order].sort((a, b) => a[0] - b[0] || (a[1] === b[1] ? 0 : a[1] === "" ? 1 : b[1] === "" ? -1 : a[1] < b[1] ? 1 : -1));
    expect(order).toEqual(sorted);
    // Every jump lands where its type starts, from whichever page it is followed.
    const pretty = (u: string) => u.replace(/\.html(#|$)/, "$1");
    expect([...jumps].map(pretty).sort()).toEqual([...starts.values()].map(pretty).sort());
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a jump link scrolls to its type's heading", async () => {
    const { page } = await watchedPage(site.browser, { width: 390 });
    await page.goto(`${site.origin}/manufacturers/synthcorp`);
    const last = typesMade.at(-1)!;
    await page.locator("nav.jump a", { hasText: DEVICE_TYPE_PLURALS[last] }).click();
    await page.waitForURL(new RegExp(`#type-${last}$`));
    await expect.poll(() => page.locator(`#type-${last}`).isVisible()).toBe(true);
    expect(await page.locator(`#type-${last}`).evaluate((h) => h.getBoundingClientRect().top)).toBeLessThan(200);
    await page.close();
  });

  it("has no accessibility violations on a full page of devices, first or later", async () => {
    const { page } = await watchedPage(site.browser);
    for (const url of ["/manufacturers/synthcorp", "/manufacturers/synthcorp/3"]) {
      await page.goto(`${site.origin}${url}`);
      expect(await axeViolations(page), url).toEqual([]);
    }
    await page.close();
  });
});
