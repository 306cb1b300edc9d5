// A build as Netlify makes it (`npm run build` with the environment Netlify
// sets for a deploy preview), served from another origin than the one it was
// built for, as a deploy's netlify.app address or a www alias serves it: no
// file names localhost, the pages load their stylesheet and scripts under
// their own content security policy, and a preview asks search engines not to
// index it. A Netlify build with no origin at all stops, naming the variable.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noChromium, launchChromium, watchedPage } from "../helpers/browser.ts";
import { FIXTURES, filesIn, servePreview, tempDir, type Preview } from "../helpers/build.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PREVIEW_ORIGIN = "https://deploy-preview-42--device-lifecycle.netlify.app";

/** What Netlify sets in a build's environment (docs.netlify.com, build environment variables), for a context. */
function netlifyEnv(context: "production" | "deploy-preview"): NodeJS.ProcessEnv {
  const { SITE_URL, BASE_URL, ...rest } = process.env;
  return {
    ...rest,
    NETLIFY: "true",
    CONTEXT: context,
    URL: "https://devices.example",
    DEPLOY_URL: "https://6743f0c1a2b3c4000812abcd--device-lifecycle.netlify.app",
    DEPLOY_PRIME_URL: context === "production" ? "https://main--device-lifecycle.netlify.app" : PREVIEW_ORIGIN,
  };
}

/** `npm run build` as Netlify runs it, into a fresh folder. */
function npmBuild(env: NodeJS.ProcessEnv, outDir = path.join(tempDir(), "dist")) {
  const run = spawnSync(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["generator/cli/build.ts", "--data", FIXTURES, "--out", outDir, "--now", "2026-11-22", "--quiet"],
    {
      cwd: ROOT,
      env,
      encoding: "utf8",
    },
  );
  return { ...run, outDir };
}

describe("a Netlify build", () => {
  const preview = { outDir: "", stdout: "" };
  let server: Preview;
  let browser: Browser;
  beforeAll(async () => {
    const run = npmBuild(netlifyEnv("deploy-preview"));
    expect(run.status, run.stderr).toBe(0);
    preview.outDir = run.outDir;
    preview.stdout = run.stdout;
    if (noChromium) return;
    server = await servePreview(preview.outDir);
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("with --quiet prints no progress, not even Eleventy's summary", () => {
    expect(preview.stdout).not.toMatch(/\[11ty\]|Wrote \d+ files/);
  });

  it("of a deploy preview names no localhost in any file, and links to the deploy preview's origin where a document leaves the site", () => {
    const files = filesIn(preview.outDir);
    expect(files.length).toBeGreaterThan(100);
    const naming = files.filter((f) => readFileSync(path.join(preview.outDir, f)).toString("latin1").includes("localhost"));
    expect(naming).toEqual([]);
    const page = readFileSync(path.join(preview.outDir, "devices/alpha-phone.html"), "utf8");
    expect(page).toContain(`<link rel="canonical" href="${PREVIEW_ORIGIN}/devices/alpha-phone">`);
    expect(readFileSync(path.join(preview.outDir, "feed.xml"), "utf8")).toContain(`${PREVIEW_ORIGIN}/devices/alpha-phone`);
  });

  it("of a deploy preview asks search engines not to index it; the production build does not", () => {
    expect(readFileSync(path.join(preview.outDir, "_headers"), "utf8")).toMatch(/^\/\*\n(?: {2}.*\n)* {2}X-Robots-Tag: noindex$/m);
    const production = npmBuild(netlifyEnv("production"));
    expect(production.status, production.stderr).toBe(0);
    expect(readFileSync(path.join(production.outDir, "_headers"), "utf8")).not.toContain("X-Robots-Tag");
    expect(readFileSync(path.join(production.outDir, "devices/alpha-phone.html"), "utf8")).toContain(
      '<link rel="canonical" href="https://devices.example/devices/alpha-phone">',
    );
  }, 120_000);

  it.each([
    ["deploy-preview", "DEPLOY_PRIME_URL"],
    ["production", "URL"],
  ] as const)("in the %s context without %s exits non-zero, naming it, and writes nothing", (context, name) => {
    const env = netlifyEnv(context);
    delete env[name];
    const run = npmBuild(env);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(`${name} is not set`);
    expect(() => filesIn(run.outDir)).toThrow();
  });

  describe.skipIf(noChromium)("served from another origin than it was built for", () => {
    it.each(["/devices/alpha-phone", "/", "/manufacturers/example-maker"])("%s loads its stylesheet and scripts under its own policy", async (pagePath) => {
      const { page, errors } = await watchedPage(browser);
      const assets: { url: string; status: number }[] = [];
      page.on("response", (r) => new URL(r.url()).pathname.startsWith("/assets/") && assets.push({ url: r.url(), status: r.status() }));
      const response = await page.goto(server.url + pagePath);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["x-robots-tag"]).toBe("noindex");
      // Every asset from the origin that serves the page; the stylesheet applied (the page's own rules, not the browser's defaults).
      await expect.poll(() => assets.length).toBeGreaterThanOrEqual(2);
      for (const a of assets) {
        expect(a.url.startsWith(`${server.url}/assets/`), a.url).toBe(true);
        expect(a.status).toBe(200);
      }
      const rules = await page.evaluate(() => [...document.styleSheets].reduce((n, s) => n + s.cssRules.length, 0));
      expect(rules).toBeGreaterThan(10);
      // The timeline script ran: it placed today's marker.
      await expect.poll(() => page.locator("svg.timeline g.today[data-day]").count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await page.close();
    });

    it("the live search reads the index from the origin that serves the page", async () => {
      const { page, errors } = await watchedPage(browser);
      await page.goto(`${server.url}/`);
      await page.fill("#q", "alpha");
      await expect.poll(() => page.locator("#results-list li a").allInnerTexts()).toContain("Alpha Phone");
      const href = await page.locator("#results-list li a", { hasText: "Alpha Phone" }).getAttribute("href");
      expect(href).toBe("/devices/alpha-phone");
      expect(errors).toEqual([]);
      await page.close();
    });
  });
});
