// Security headers as the preview serves them (the build's _headers, the same
// rules Netlify applies), checked against what a sound policy needs rather
// than against the policy's current text:
// - HTML pages: a Content-Security-Policy whose scripts exclude inline code,
//   eval and whole schemes, no plugins, a fixed <base>, no framing
//   (frame-ancestors 'none' or X-Frame-Options DENY), nosniff, and a
//   Referrer-Policy that never sends a full URL to another origin;
// - API answers: nosniff; the SVG badge also a CSP under which an SVG opened
//   directly runs no script at all (script-src, or default-src without it, is 'none');
// - and in Chromium: the pages' policy lets their own stylesheet, scripts and
//   badge load with no violation, and the badge still shows as an <img> on
//   another site's page.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTo, SITE, servePreview, type Preview } from "../helpers/build.ts";
import { hasChromium, launchChromium } from "../helpers/browser.ts";

let preview: Preview;
beforeAll(async () => {
  preview = await servePreview((await buildTo()).outDir);
});
afterAll(() => preview?.close());

const get = (path: string) => fetch(preview.url + path, { redirect: "manual" });

/** One CSP as directive → sources (the first occurrence of a directive wins, as browsers read it). */
function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** The sources a fetch directive falls back to: itself, else default-src (CSP 3 §6.8.3). */
const effective = (csp: Map<string, string[]>, directive: string) => csp.get(directive) ?? csp.get("default-src");

/**
 * Whether the Content-Security-Policy field forbids what `holds` checks for.
 * Several policies (several rules setting the header, which Netlify joins with
 * commas) are all enforced, so one policy that holds is enough.
 */
function enforced(field: string | null, holds: (csp: Map<string, string[]>) => boolean): boolean {
  return (field ?? "").split(",").map(directives).some(holds);
}

const same = (a: string[] | undefined, b: string[]) => a?.join(" ") === b.join(" ");

const PAGES = {
  "device page": "/devices/alpha-phone",
  "home page": "/",
  "docs page": "/docs/api",
  "404 page": "/devices/no-such-device",
};

const API = {
  record: "/api/v1/devices/alpha-phone",
  "computed list page": "/api/v1/devices?q=phone",
  "problem (computed 404)": "/api/v1/devices/no-such-device",
  "problem (static 410)": "/api/v1/devices/eta-phone",
  CSV: "/api/v1/dataset",
  badge: "/api/v1/badge/alpha-phone",
  "badge (unknown device)": "/api/v1/badge/no-such-device",
  "badge (withdrawn)": "/api/v1/badge/eta-phone",
  feed: "/feed.xml",
  calendar: "/support-calendar.ics",
};

const BADGES = ["badge", "badge (unknown device)", "badge (withdrawn)"] as const;

/** Referrer policies that never send a path or query to another origin. */
const STRICT_REFERRER = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];

describe("HTML pages", () => {
  for (const [name, path] of Object.entries(PAGES)) {
    describe(name, () => {
      let headers: Headers;
      beforeAll(async () => {
        const res = await get(path);
        expect(res.headers.get("content-type")).toMatch(/^text\/html/);
        headers = res.headers;
      });

      it("has a CSP whose scripts are the site's own files only: no inline code, no eval, no whole schemes or hosts", () => {
        const field = headers.get("content-security-policy");
        const BAD = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*", "data:", "http:", "https:", "blob:"];
        expect(enforced(field, (csp) => effective(csp, "script-src")?.every((source) => !BAD.includes(source)) ?? false), `${field}`).toBe(true);
      });

      it("allows no plugins and no <base> from elsewhere", () => {
        const field = headers.get("content-security-policy");
        expect(enforced(field, (csp) => same(effective(csp, "object-src"), ["'none'"])), `object-src: ${field}`).toBe(true);
        expect(enforced(field, (csp) => same(csp.get("base-uri"), ["'none'"]) || same(csp.get("base-uri"), ["'self'"])), `base-uri: ${field}`).toBe(true);
      });

      it("cannot be framed: frame-ancestors 'none' or X-Frame-Options DENY", () => {
        const framedBy = enforced(headers.get("content-security-policy"), (csp) => same(csp.get("frame-ancestors"), ["'none'"]));
        expect(framedBy || headers.get("x-frame-options")?.toUpperCase() === "DENY").toBe(true);
      });

      it("is never sniffed, and sends no full URL to other sites", () => {
        expect(headers.get("x-content-type-options")).toBe("nosniff");
        expect(STRICT_REFERRER).toContain(headers.get("referrer-policy"));
      });
    });
  }
});

describe("API answers", () => {
  for (const [name, path] of Object.entries(API)) {
    it(`${name}: nosniff, and never HTML`, async () => {
      const res = await get(path);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get("x-content-type-options"), name).toBe("nosniff");
      expect(res.headers.get("content-type"), name).not.toMatch(/html/);
    });
  }

  for (const name of BADGES) {
    it(`${name}: opened directly, the SVG can run no script (CSP script-src 'none')`, async () => {
      const res = await get(API[name]);
      expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      const field = res.headers.get("content-security-policy");
      expect(enforced(field, (csp) => same(effective(csp, "script-src"), ["'none'"])), `${name}: ${field}`).toBe(true);
    });
  }
});

describe.skipIf(!hasChromium)("in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  /**
   * A page whose requests to the build's own origins ({site_url}, {base_url})
   * are answered by the preview, with its headers, so Chromium enforces the
   * policy exactly as served; CSP violations are collected.
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
    for (const path of Object.values(PAGES)) {
      const { page, violations } = await siteBrowser();
      await page.goto(SITE.siteUrl + path, { waitUntil: "load" });
      expect(await violations(), path).toEqual([]);
      const sheets = await page.evaluate(() => [...document.styleSheets].filter((s) => s.href).length);
      expect(sheets, `${path}: stylesheet`).toBeGreaterThan(0);
      if (path === PAGES["device page"]) {
        const badge = await page.evaluate(() => document.querySelector(".badge svg")?.getBoundingClientRect().width ?? -1);
        expect(badge, "the page's own badge, drawn into it").toBeGreaterThan(0);
      }
      await page.close();
    }
  });

  it("the badge shows as an <img> on another site's page, whatever the API's own policy", async () => {
    const page = await browser.newPage();
    await page.setContent(`<a href="${preview.url}/devices/alpha-phone"><img id="b" src="${preview.url}/api/v1/badge/alpha-phone"></a><img id="u" src="${preview.url}/api/v1/badge/no-such-device">`);
    await page.waitForFunction(() => [...document.images].every((i) => i.complete));
    const widths = await page.evaluate(() => [...document.images].map((i) => i.naturalWidth));
    expect(widths.every((w) => w > 0), `badge widths ${widths}`).toBe(true);
    await page.close();
  });
});
