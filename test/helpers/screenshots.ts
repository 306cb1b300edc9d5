// Screenshots compared with committed baselines (test/pages/baselines/), so
// a changed picture is noticed. What makes two machines draw the same
// picture: the same origins in every visible URL, a fixed viewport and clock,
// and one font (Inter, from the @fontsource package, served to the page as
// data) instead of whatever system fonts the machine has. What is left
// (anti-aliasing, hinting) pixelmatch's threshold and a few differing
// pixels absorb.
//
//   npm run test:baselines      redraw every baseline (after a change you meant), then review the PNGs in git
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";
import type { Browser, Page } from "playwright-core";

export const BASELINES = path.resolve(import.meta.dirname, "../pages/baselines");
const ARTIFACTS = path.resolve(import.meta.dirname, "../../test-artifacts/screenshots");
const UPDATE = process.env.UPDATE_BASELINES === "1";

/** pixelmatch's per-pixel colour distance (0 to 1) under which two pixels count as the same. */
export const PIXEL_THRESHOLD = 0.1;
/**
 * How many pixels of a screenshot may differ from its baseline: 0.01% of them,
 * and at least 64 (a changed word, or a band a month wider, is more; the same
 * machine differs by none).
 */
export const allowedDiff = (pixels: number) => Math.max(64, Math.floor(0.0001 * pixels));

const fontFile = (weight: number) =>
  readFileSync(createRequire(import.meta.url).resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff2`)).toString("base64");
const FONT_CSS = [400, 600, 700]
  .map((w) => `@font-face { font-family: "Baseline Inter"; font-weight: ${w}; src: url(data:font/woff2;base64,${fontFile(w)}) format("woff2"); }`)
  .concat(['*, *::before, *::after { font-family: "Baseline Inter" !important; caret-color: transparent !important; }'])
  .join("\n");

/**
 * A page that draws the same on every machine: the site's origins answered by
 * the preview at `previewUrl`, the reader's clock at `now`, the one font.
 * Its content security policy is bypassed only to add the font. The clock and
 * the routes hold for every page it then visits (applyFont() or shoot() adds
 * the font to each); close it with `page.context().close()`.
 */
export async function stablePage(browser: Browser, opts: { previewUrl: string; origins: string[]; width: number; now: string }): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: opts.width, height: 900 },
    deviceScaleFactor: 1,
    bypassCSP: true,
    locale: "en-US",
    timezoneId: "UTC",
    reducedMotion: "reduce",
  });
  for (const origin of opts.origins) {
    await context.route(`${origin}/**`, async (route) => {
      const url = new URL(route.request().url());
      const res = await fetch(opts.previewUrl + url.pathname + url.search, { redirect: "manual" });
      // A request still in flight when the page moves on or closes has nobody left to answer.
      await route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) }).catch(() => {});
    });
  }
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(`${opts.now}T12:00:00Z`));
  return page;
}

/** Gives the page the one font and waits for it: once after each navigation, before any screenshot. */
export async function applyFont(page: Page): Promise<void> {
  await page.addStyleTag({ content: FONT_CSS });
  await page.evaluate(async () => {
    await Promise.all([400, 600, 700].map((w) => document.fonts.load(`${w} 16px "Baseline Inter"`)));
    await document.fonts.ready;
  });
}

/** Gives the page the one font, then takes the screenshot: the whole page, or at most its first `height` pixels. */
export async function shoot(page: Page, height?: number): Promise<Buffer> {
  await applyFont(page);
  const full = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()!.width;
  return page.screenshot({ fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(full, height ?? full) }, animations: "disabled", caret: "hide" });
}

/**
 * Compares a screenshot with its baseline (`<name>.png`); under
 * UPDATE_BASELINES=1 writes it as the baseline instead. The screenshot, and
 * on a difference an image of the differing pixels, are kept as test
 * artifacts. Returns what differs, or null.
 */
export function differenceFromBaseline(png: Buffer, name: string): string | null {
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(path.join(ARTIFACTS, `${name}.png`), png);
  const baselineFile = path.join(BASELINES, `${name}.png`);
  if (UPDATE) {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(baselineFile, png);
    return null;
  }
  if (!existsSync(baselineFile)) return `${name}: no baseline (npm run test:baselines draws it)`;
  const baseline = readFileSync(baselineFile);
  // The same bytes are the same pixels: decoding both only to count no difference costs a quarter of a second a picture.
  if (png.equals(baseline)) return null;
  const compared = compareImages(png, baseline);
  if (compared.size) return `${name}: ${compared.size}, the baseline is ${compared.baselineSize}`;
  if (compared.differing <= allowedDiff(compared.pixels)) return null;
  writeFileSync(path.join(ARTIFACTS, `${name}.diff.png`), PNG.sync.write(compared.diff!));
  return `${name}: ${compared.differing} pixels differ from the baseline (at most ${allowedDiff(compared.pixels)}); see test-artifacts/screenshots/${name}.diff.png`;
}

/** How two PNGs differ: in size, or in how many pixels (pixelmatch, at PIXEL_THRESHOLD, anti-aliased pixels not counted), with an image of those pixels. */
export function compareImages(png: Buffer, baseline: Buffer): { size?: string; baselineSize?: string; pixels: number; differing: number; diff?: PNG } {
  const [now, was] = [PNG.sync.read(png), PNG.sync.read(baseline)];
  if (now.width !== was.width || now.height !== was.height)
    return { size: `${now.width}×${now.height}`, baselineSize: `${was.width}×${was.height}`, pixels: 0, differing: 0 };
  const diff = new PNG({ width: now.width, height: now.height });
  return { pixels: now.width * now.height, differing: pixelmatch(now.data, was.data, diff.data, now.width, now.height, { threshold: PIXEL_THRESHOLD }), diff };
}
