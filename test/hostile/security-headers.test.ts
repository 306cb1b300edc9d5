// Security headers in Chromium, served by the preview: the pages' policy lets
// their own stylesheet, scripts and badge load with no violation, and the
// badge still shows as an <img> on another site's page. (The headers
// themselves are checked on every target by test/http/headers.ts.)
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTo, SITE, servePreview, type Preview } from "../helpers/build.ts";
import { noChromium, launchChromium } from "../helpers/browser.ts";
import { PAGES } from "../http/headers.ts";

let preview: Preview;
beforeAll(async () => {
  preview = await servePreview((await buildTo()).outDir);
});
afterAll(() => preview?.close());

describe.skipIf(noChromium)("in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  /**
   * A page whose requests to the build's own origins ({site_url}, {base_url})
   * are answered by the preview, with its headers, so Chromium enforces the
   * policy exactly as served; each document it loads collects its own CSP
   * violations.
   */
  async function siteBrowser(): Promise<{ page: Page; violations: () => Promise<string[]> }> {
    const page = await browser.newPage();
    for (const origin of [SITE.siteUrl, SITE.baseUrl]) {
      await page.route(`${origin}/**`, async (route) => {
        const url = new URL(route.request().url());
        const res = await fetch(preview.url + url.pathname + url.search, { redirect: "manual" });
        await route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) });
      });
    }
    await page.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = []);
      document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
    return { page, violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp) };
  }

  it("every page loads its stylesheet, scripts and badge under its own policy, with no violation", async () => {
    const { page, violations } = await siteBrowser();
    for (const path of Object.values(PAGES)) {
      await page.goto(SITE.siteUrl + path, { waitUntil: "load" });
      expect(await violations(), path).toEqual([]);
      const sheets = await page.evaluate(() => [...document.styleSheets].filter((s) => s.href).length);
      expect(sheets, `${path}: stylesheet`).toBeGreaterThan(0);
      if (path === PAGES["device page"]) {
        const badge = await page.evaluate(() => document.querySelector(".badge svg")?.getBoundingClientRect().width ?? -1);
        expect(badge, "the page's own badge, drawn into it").toBeGreaterThan(0);
      }
    }
    await page.close();
  });

  it("the badge shows as an <img> on another site's page, whatever the API's own policy", async () => {
    const page = await browser.newPage();
    await page.setContent(
      `<a href="${preview.url}/devices/alpha-phone"><img id="b" src="${preview.url}/api/v1/badge/alpha-phone"></a><img id="u" src="${preview.url}/api/v1/badge/no-such-device">`,
    );
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));
    const widths = await page.evaluate(() => [...document.images].map((i) => i.naturalWidth));
    expect(
      widths.every((w) => w > 0),
      `badge widths ${widths}`,
    ).toBe(true);
    await page.close();
  });
});
