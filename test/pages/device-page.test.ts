// Device pages as a reader sees them, in headless Chromium against the preview server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { FIXTURES, freePort, servePreview, tempDir, type Preview } from "../helpers/build.ts";
import { hasChromium, launchChromium } from "../helpers/browser.ts";
import { build } from "../../generator/build.ts";
import path from "node:path";

describe.skipIf(!hasChromium)("device pages in Chromium", () => {
  let preview: Preview;
  let browser: Browser;
  beforeAll(async () => {
    // Page links use {site_url}; point it at the preview so links resolve locally.
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const outDir = path.join(tempDir(), "dist");
    const report = await build({ dataDir: FIXTURES, outDir, site: { siteUrl: origin, baseUrl: origin, now: "2026-11-22" } });
    expect(report.ok).toBe(true);
    preview = await servePreview(outDir, { port });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
  });

  it("shows the verdict with its as-of day, scoped commitments and evidence", async () => {
    const page = await browser.newPage();
    await page.goto(`${preview.url}/devices/gamma-phone`);
    expect(await page.title()).toBe("Gamma Phone · Device Lifecycle Records");
    const verdict = page.getByRole("region", { name: /Lifecycle verdict as of 2026-11-22/ });
    await expect(verdict.innerText()).resolves.toMatch(/varies by region or model/);
    const security = await page.locator("h3:has-text('Security updates') + table").innerText();
    expect(security).toMatch(/models G-US; regions US\s+2027-Q2 \(quarter\)/);
    expect(security).toMatch(/models G-EU; regions DE, FR\s+2028-06-30/);
    expect(await page.getByText("Carrier builds may arrive weeks later").count()).toBe(1);
    await page.close();
  });

  it("never runs record text as markup", async () => {
    const page = await browser.newPage();
    let dialogs = 0;
    page.on("dialog", async (d) => {
      dialogs += 1;
      await d.dismiss();
    });
    await page.goto(`${preview.url}/devices/hostile-device`);
    expect(await page.locator("h1").innerText()).toContain('<script>alert(1)</script>');
    expect(dialogs).toBe(0);
    await page.close();
  });

  it("advertises the feed and the JSON record, and links the canonical page", async () => {
    const page = await browser.newPage();
    await page.goto(`${preview.url}/devices/alpha-phone`);
    expect(await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute("href")).toBe(`${preview.url}/feed.xml`);
    expect(await page.locator('link[rel="alternate"][type="application/json"]').getAttribute("href")).toBe(`${preview.url}/api/v1/devices/alpha-phone`);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${preview.url}/devices/alpha-phone`);
    await page.close();
  });
});
