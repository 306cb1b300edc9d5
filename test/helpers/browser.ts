// Headless Debian Chromium through playwright-core, against the real preview
// server. Tests that need it skip when it is not installed, except on CI
// (CI=true; .ci/run installs it), where a missing Chromium fails them.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { chromium, type Browser, type Page } from "playwright-core";
import { build } from "../../generator/build.ts";
import { FIXTURES, freePort, servePreview, tempDir, type Preview } from "./build.ts";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);

/** Whether the Chromium suites skip: only off CI. On CI they run, and a missing Chromium fails them, as the README promises. */
export const noChromium = !hasChromium && !process.env.CI;

export async function launchChromium(): Promise<Browser> {
  if (!hasChromium) throw new Error(`Chromium is not installed at ${CHROMIUM} (CHROMIUM_PATH names another); on CI the browser suites need it`);
  return chromium.launch({
    executablePath: CHROMIUM,
    // The machine has no network beyond loopback: keep Chromium from reaching out.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * For a test file: the fixture catalog built with {site_url} and {base_url}
 * pointing at the preview itself (so every link resolves locally), served
 * (with the public rate limit when asked), and one Chromium for all its tests.
 */
export function browsedSite(dataDir = FIXTURES, opts: { rateLimit?: boolean } = {}) {
  const ctx = {} as { preview: Preview; browser: Browser; origin: string; outDir: string };
  beforeAll(async () => {
    const port = await freePort();
    ctx.origin = `http://localhost:${port}`;
    ctx.outDir = path.join(tempDir(), "dist");
    const report = await build({ dataDir, outDir: ctx.outDir, site: { siteUrl: ctx.origin, baseUrl: ctx.origin, now: "2026-11-22" } });
    expect(report.ok).toBe(true);
    ctx.preview = await servePreview(ctx.outDir, { port, rateLimit: opts.rateLimit });
    ctx.browser = await launchChromium();
  });
  afterAll(async () => {
    await ctx.browser?.close();
    await ctx.preview?.close();
  });
  return ctx;
}

/** A page that records console errors, uncaught exceptions and failed requests: a reader's page should have none. */
export async function watchedPage(browser: Browser, opts: { width?: number; javaScript?: boolean } = {}) {
  const page = await browser.newPage({ viewport: { width: opts.width ?? 1280, height: 900 }, javaScriptEnabled: opts.javaScript ?? true });
  return { page, errors: watch(page) };
}

/**
 * The page's console errors, uncaught exceptions and failed requests from now
 * on. The listeners for them, and for dialogs, that earlier checks added are
 * removed: a shared page carries none into the next check.
 */
function watch(page: Page): string[] {
  for (const event of ["console", "pageerror", "requestfailed", "dialog"] as const) page.removeAllListeners(event);
  const errors: string[] = [];
  // Chromium logs a 404 document's own status as a console error; that one is the page's answer, not a fault in it.
  page.on("console", (m) => m.type() === "error" && m.location().url !== page.url() && errors.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => errors.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()}`));
  return errors;
}

const reused = new WeakMap<Browser, Page>();

/**
 * The browser's one shared watched page (1280 px, JavaScript on), recording
 * errors afresh from this call. Opening a page starts a renderer process, a
 * quarter of a CPU second; navigating one costs a fraction of that. For
 * checks that navigate and read: one that sets the clock, turns JavaScript
 * off or watches requests (the shared page's cache may answer some unseen)
 * opens its own with watchedPage(). Left open for the next check; closing
 * the browser closes it.
 */
export async function sharedPage(browser: Browser) {
  let page = reused.get(browser);
  if (!page || page.isClosed()) reused.set(browser, (page = (await watchedPage(browser)).page));
  return { page, errors: watch(page) };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's violations on the page (WCAG 2.x A and AA rules). The script is
 * evaluated through the DevTools protocol, which the page's content security
 * policy does not govern, so the page is checked as served.
 */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, opts: unknown): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    // Only violations are reported: axe then details one node of each passing or inapplicable rule instead of all of them.
    const { violations } = await axe.run(document, {
      resultTypes: ["violations"],
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")) }));
  });
}
