// The site's pictures, drawn at desktop and phone width and compared with
// their committed baselines (test/pages/baselines/, redrawn with `npm run
// test:baselines`): a changed picture (a chart's band, a layout, a colour) is
// noticed. The fixture catalog is built with fixed origins, so no port number
// reaches a picture, and the reader's clock is the build day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { noChromium, launchChromium } from "../helpers/browser.ts";
import { SITE, buildTo, servePreview, type Preview } from "../helpers/build.ts";
import { readFileSync } from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import { BASELINES, allowedDiff, applyFont, compareImages, differenceFromBaseline, shoot, stablePage } from "../helpers/screenshots.ts";

const NOW = "2026-11-22";
const WIDTHS = { desktop: 1280, phone: 390 } as const;

/**
 * Name → path, and how much of the page is compared: its top (in pixels;
 * long pages keep the baselines small, and documents change with every edit
 * to docs/), or the whole page.
 */
const PAGES: Record<string, [string, number | "whole"]> = {
  home: ["/", 2400],
  device: ["/devices/gamma-phone", 2400],
  manufacturer: ["/manufacturers/example-maker", 2400],
  manufacturers: ["/manufacturers/", "whole"],
  browse: ["/browse/", "whole"],
  corrections: ["/corrections", 900],
  "not-found": ["/no-such-page", "whole"],
  "docs-api": ["/docs/api", 900],
};

/**
 * The timelines of the other kinds of statement: a minimum commitment, announced ceilings, an end known only from
 * the last update observed, an end without a date, a listing as continuing.
 */
const CHARTS: Record<string, string> = {
  "timeline-minimum": "/devices/beta-tablet",
  "timeline-ceiling": "/devices/theta-watch",
  "timeline-observed": "/devices/kappa-phone",
  "timeline-undated": "/devices/iota-phone",
  "timeline-listed": "/devices/lambda-tablet",
};

describe.skipIf(noChromium)("screenshots against their baselines", () => {
  let preview: Preview;
  let browser: Browser;
  beforeAll(async () => {
    preview = await servePreview((await buildTo(undefined, NOW)).outDir);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
  });

  /** One page per width for every picture: a new page costs a renderer process, and a visited page draws the next one no differently. */
  const pages = new Map<number, Page>();
  const open = async (width: number) => {
    let page = pages.get(width);
    if (!page) pages.set(width, (page = await stablePage(browser, { previewUrl: preview.url, origins: [SITE.siteUrl, SITE.baseUrl], width, now: NOW })));
    return page;
  };

  it("draws every kind of page as its baseline, at desktop and phone width", { timeout: 240_000 }, async () => {
    const differences: string[] = [];
    for (const [name, [path, extent]] of Object.entries(PAGES)) {
      for (const [label, width] of Object.entries(WIDTHS)) {
        const page = await open(width);
        await page.goto(SITE.siteUrl + path);
        const difference = differenceFromBaseline(await shoot(page, extent === "whole" ? undefined : extent), `${name}-${label}`);
        if (difference) differences.push(difference);
      }
    }
    expect(differences).toEqual([]);
  });

  it("draws the timelines of minimum commitments, announced ceilings, observed and undated ends and listings, and the live search's results, as their baselines", {
    timeout: 120_000,
  }, async () => {
    const differences: string[] = [];
    const compare = (png: Buffer, name: string) => {
      const difference = differenceFromBaseline(png, name);
      if (difference) differences.push(difference);
    };
    for (const [label, width] of Object.entries(WIDTHS)) {
      for (const [name, path] of Object.entries(CHARTS)) {
        const page = await open(width);
        await page.goto(SITE.siteUrl + path);
        await applyFont(page);
        compare(await page.locator("figure.chart").screenshot({ animations: "disabled" }), `${name}-${label}`);
      }
      const page = await open(width);
      await page.goto(`${SITE.siteUrl}/`);
      await page.fill("#q", "phone");
      await expect.poll(() => page.locator("#results-status").innerText()).toMatch(/Showing \d+ of \d+/);
      await applyFont(page);
      compare(await page.locator("#search-results").screenshot({ animations: "disabled", caret: "hide" }), `search-${label}`);
    }
    expect(differences).toEqual([]);
  });
});

describe("the comparison", () => {
  const baseline = readFileSync(path.join(BASELINES, "device-desktop.png"));
  /** A painted picture as a PNG file, unfiltered and barely deflated: the comparison reads only its pixels, and it is written four times quicker. */
  const written = (png: PNG) => PNG.sync.write(png, { filterType: 0, deflateLevel: 1 });
  /** The baseline with `n` pixels painted red, `spread` apart. */
  const painted = (n: number, spread: number) => {
    const png = PNG.sync.read(baseline);
    for (let k = 0; k < n; k++) {
      const at = ((200 + Math.floor((k * spread) / png.width) * 3) * png.width + ((k * spread) % png.width)) * 4;
      png.data.set([255, 0, 0, 255], at);
    }
    return written(png);
  };
  const passes = (png: Buffer) => {
    const c = compareImages(png, baseline);
    return c.differing <= allowedDiff(c.pixels);
  };

  it("passes the same picture, and a few stray pixels", () => {
    expect(compareImages(baseline, baseline).differing).toBe(0);
    expect(passes(painted(200, 997))).toBe(true);
  });

  it("notices a changed band: a block of 30×12 pixels, a month's band at desktop width", () => {
    const png = PNG.sync.read(baseline);
    for (let y = 600; y < 612; y++) for (let x = 300; x < 330; x++) png.data.set([255, 0, 0, 255], (y * png.width + x) * 4);
    expect(passes(written(png))).toBe(false);
  });
});
