// The A–Z pages scale with the catalog: a hundred devices a page, every
// published device on exactly one page, linked in order; each device type's
// A–Z pages (the catalog page's type filter) alike. Plain HTML, read back over
// HTTP from the preview; in Chromium, the filter from the catalog page, with
// and without JavaScript, at a phone's width, and axe.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { normalize } from "../../generator/derive/search.ts";
import { synthRecords } from "../../generator/synth/generate.ts";
import { buildTo, servePreview, tempDir, type Preview } from "../helpers/build.ts";
import { axeViolations, browsedSite, noChromium, watchedPage } from "../helpers/browser.ts";
import { DEVICE_TYPE_PLURALS, DEVICE_TYPES } from "../../generator/contract/device-types.ts";

const COUNT = 250;

describe("browse pages over a 250-record catalog", () => {
  const records = synthRecords(COUNT, 7);
  const published = records.filter((r) => r.publication.state === "published").length;
  let preview: Preview;
  beforeAll(async () => {
    const data = tempDir();
    mkdirSync(path.join(data, "devices"));
    for (const r of records) writeFileSync(path.join(data, "devices", `${r.slug}.json`), JSON.stringify(r));
    preview = await servePreview((await buildTo(data)).outDir);
  });
  afterAll(() => preview?.close());

  it("lists every device once, in name order, across linked pages", async () => {
    const names: string[] = [];
    const slugs: string[] = [];
    const pages: string[] = [];
    let next: string | null = "/browse/";
    while (next) {
      const res = await fetch(preview.url + next);
      expect(res.status, next).toBe(200);
      expect(res.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
      const html = await res.text();
      pages.push(next);
      for (const m of html.matchAll(/<li><a href="[^"]*\/devices\/([^"]+)">([^<]+)<\/a>/g)) {
        slugs.push(m[1]!);
        names.push(m[2]!);
      }
      const rel = /<a rel="next" href="(\/[^"]+)">/.exec(html);
      next = rel ? rel[1]! : null;
    }
    expect(pages).toEqual(["/browse/", "/browse/2", "/browse/3"]);
    expect(published).toBeGreaterThan(200);
    expect(names).toHaveLength(published);
    expect(new Set(slugs).size).toBe(published);
    const keys = names.map(normalize);
    expect(keys).toEqual([...keys].sort());
    const last = await (await fetch(`${preview.url}/browse/3`)).text();
    expect(last).toContain('<a rel="prev" href="/browse/2">');
    expect(last).not.toContain('rel="next"');
  });

  /** Every device a linked walk of pages lists, from `first`, and the pages' type filters. */
  async function walkPages(first: string) {
    const slugs: string[] = [];
    const navs: string[] = [];
    let next: string | null = first;
    while (next) {
      const html = await (await fetch(preview.url + next)).text();
      for (const m of html.matchAll(/<li><a href="[^"]*\/devices\/([^"]+)">/g)) slugs.push(m[1]!);
      navs.push(/<nav class="jump"[\s\S]*?<\/nav>/.exec(html)![0]);
      next = /<a rel="next" href="(\/[^"]+)">/.exec(html)?.[1] ?? null;
    }
    return { slugs, navs };
  }

  it("each device type's A–Z pages list that type's devices, every one once; the filter marks the type shown", async () => {
    const live = records.filter((r) => r.publication.state === "published");
    const types = DEVICE_TYPES.filter((t) => live.some((r) => r.deviceType === t));
    expect(types.length).toBeGreaterThanOrEqual(4);
    for (const type of types) {
      const { slugs, navs } = await walkPages(`/browse/${type}/`);
      expect(slugs.sort(), type).toEqual(
        live
          .filter((r) => r.deviceType === type)
          .map((r) => r.slug)
          .sort(),
      );
      for (const nav of navs) {
        expect(nav).toContain(`<a href="/browse/${type}/" aria-current="true">${DEVICE_TYPE_PLURALS[type]}</a>`);
        for (const t of types) expect(nav).toContain(`>${DEVICE_TYPE_PLURALS[t]}</a> (${live.filter((r) => r.deviceType === t).length})`);
      }
    }
    // A type the catalog does not hold has no pages and no link.
    const absent = DEVICE_TYPES.filter((t) => !types.includes(t));
    for (const t of absent) expect((await fetch(`${preview.url}/browse/${t}/`)).status).toBe(404);
    const phones = await (await fetch(`${preview.url}/browse/phone/`)).text();
    expect(phones).toMatch(
      /<link rel="alternate" type="application\/json" title="The phones of the catalog \(JSON list API\)" href="[^"]*\/api\/v1\/devices\?type=phone">/,
    );
    // Each walk links within itself: the phones' first page has no previous page, and its next is the phones' second.
    expect(phones).not.toContain('rel="prev"');
    expect(phones).toContain('<link rel="next" href="/browse/phone/2">');
    expect(phones).toContain('<a rel="next" href="/browse/phone/2">');
  });
});

describe.skipIf(noChromium)("the catalog page's device type filter", () => {
  const site = browsedSite();
  /** No sideways scroll at a phone's width, and (where axe can run: it is a script) no accessibility violation. */
  const expectUsable = async (page: Page, javaScript: boolean) => {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (javaScript) expect(await axeViolations(page)).toEqual([]);
  };

  for (const javaScript of [true, false]) {
    it(`leads from the catalog page to a type's devices ${javaScript ? "with" : "without"} JavaScript, at a phone's width${javaScript ? ", with no axe violations" : ""}`, async () => {
      const { page, errors } = await watchedPage(site.browser, { width: 390, javaScript });
      await page.goto(`${site.origin}/`);
      const filter = page.getByRole("navigation", { name: "Browse by device type" });
      expect(await filter.getByRole("link").allTextContents()).toEqual(["All devices", "Phones", "Tablets", "Laptops", "Wearables"]);
      await expectUsable(page, javaScript);
      await filter.getByRole("link", { name: "Laptops" }).click();
      await page.waitForURL(/\/browse\/laptop\/$/);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Laptops A–Z");
      const listed = await page.locator("ul.listing a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
      expect(listed).toEqual(["/devices/epsilon-laptop"]);
      expect(await page.getByRole("link", { name: "Laptops", exact: true }).getAttribute("aria-current")).toBe("true");
      await expectUsable(page, javaScript);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
