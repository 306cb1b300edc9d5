// The human site as people use it, in headless Chromium against the preview
// server: search, browse, every link, accessibility (axe-core), the corrections
// form, the 404 page, and every page within a phone's width (screenshots are
// compared with their baselines in screenshots.test.ts).
import { describe, expect, it } from "vitest";
import { attribution } from "../../generator/derive/site.ts";
import { axeViolations, browsedSite, noChromium, sharedPage, watchedPage } from "../helpers/browser.ts";

/** Every kind of page the site has. */
const PAGES = {
  home: "/",
  device: "/devices/gamma-phone",
  "device-hostile": "/devices/hostile-device",
  "device-ended-observed": "/devices/kappa-phone",
  "device-ended-undated": "/devices/iota-phone",
  browse: "/browse/",
  "browse-type": "/browse/laptop/",
  manufacturers: "/manufacturers/",
  manufacturer: "/manufacturers/example-maker",
  "manufacturer-hostile": "/manufacturers/hyperlink-https-evil-example",
  corrections: "/corrections",
  license: "/license",
  "docs-api": "/docs/api",
  "docs-reference": "/docs/reference",
  problems: "/docs/problems",
  "not-found": "/no-such-page",
};

describe.skipIf(noChromium)("the site in Chromium", () => {
  const site = browsedSite();

  it("finds a device by name, by alias and by model number as you type, and opens it from the keyboard", async () => {
    const { page, errors } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/`);
    const results = page.locator("#results-list");
    for (const [query, name] of [
      ["Alpha Phone", "Alpha Phone"],
      ["alpha 1", "Alpha Phone"],
      ["G-EU", "Gamma Phone"],
      ["epsilon-laptop-1", "Epsilon Laptop"],
    ] as const) {
      await page.fill("#q", query);
      await expect.poll(() => results.locator("a").first().innerText()).toBe(name);
    }
    await page.fill("#q", "no such device anywhere");
    await expect.poll(() => page.locator("#results-status").innerText()).toMatch(/No device matches/);

    await page.fill("#q", "");
    await page.focus("#q");
    await page.keyboard.type("Gamma");
    await page.keyboard.press("Enter");
    await expect.poll(() => results.locator("a").count()).toBe(1);
    await page.keyboard.press("Tab"); // the Search button
    await page.keyboard.press("Tab"); // the help text's browse link
    await page.keyboard.press("Tab"); // the first result
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Gamma Phone");
    await Promise.all([page.waitForURL(`${site.origin}/devices/gamma-phone`), page.keyboard.press("Enter")]);
    expect(errors).toEqual([]);
  });

  it("works without JavaScript: the catalog, browsing and device pages are plain HTML", async () => {
    const { page, errors } = await watchedPage(site.browser, { javaScript: false });
    await page.goto(`${site.origin}/`);
    expect(await page.locator("table").first().innerText()).toMatch(/Q2 2027 \(April to June\), quarter precision/);
    await page.getByRole("link", { name: /Browse all 11 records/ }).click();
    await page.waitForURL(`${site.origin}/browse/`);
    const entries = await page.locator("ul.listing li").allInnerTexts();
    expect(entries).toHaveLength(11);
    expect(entries[0]).toMatch(/^Alpha Phone \(Example Maker; A1, A2\)/);
    await page.getByRole("link", { name: "Gamma Phone" }).click();
    expect(await page.locator("h1").innerText()).toBe("Gamma Phone");
    // The search form falls back to the API itself.
    await page.goto(`${site.origin}/`);
    expect(await page.locator("form[role=search]").getAttribute("action")).toBe("/api/v1/devices");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("has no broken link: every page, API address, asset and #fragment on the site answers", async () => {
    const { page } = await sharedPage(site.browser);
    const queue = ["/"];
    const seen = new Set(queue);
    const checked = new Map<string, number>();
    const external = new Set<string>();
    while (queue.length) {
      const path = queue.shift()!;
      await page.goto(site.origin + path);
      // Both lists in one round trip to the page, not two: the crawl visits some twenty pages, at tens of milliseconds a trip.
      const found = await page.evaluate(() => ({
        ids: [...document.querySelectorAll("[id]")].map((e) => e.id),
        hrefs: [...document.querySelectorAll("a[href], link[href], img[src], script[src]")].map(
          (e) => (e as HTMLAnchorElement).href || (e as HTMLImageElement).src,
        ),
      }));
      const ids = new Set(found.ids);
      for (const href of found.hrefs) {
        if (href.startsWith("data:")) continue;
        const url = new URL(href);
        if (url.origin !== site.origin) {
          expect(url.protocol, href).toMatch(/^https?:$/);
          external.add(href);
          continue;
        }
        if (url.hash && url.pathname === new URL(page.url()).pathname)
          expect(ids, `${path} links to missing #${url.hash}`).toContain(decodeURIComponent(url.hash.slice(1)));
        const key = url.pathname + url.search;
        if (!checked.has(key)) {
          const res = await fetch(site.origin + key);
          checked.set(key, res.status);
          expect(res.status, `${key} (linked from ${path})`).toBeLessThan(400);
          if (res.headers.get("content-type")?.startsWith("text/html") && !seen.has(url.pathname)) {
            seen.add(url.pathname);
            queue.push(url.pathname);
          }
        }
      }
    }
    console.log(`links: ${checked.size} site addresses on ${seen.size} pages answered; ${external.size} external source links (not fetched: no network)`);
    expect(seen.size).toBeGreaterThan(10);
  });

  it("reports no accessibility violations (axe-core, WCAG 2.1 A/AA and best practices), and no console errors, on every kind of page", async () => {
    const found: Record<string, unknown> = {};
    for (const [name, path] of Object.entries(PAGES)) {
      const { page, errors } = await sharedPage(site.browser);
      await page.goto(site.origin + path);
      const violations = await axeViolations(page);
      if (violations.length || errors.length) found[name] = { violations, errors };
    }
    expect(found).toEqual({});
  });

  it("keeps every kind of page within a phone's width: nothing scrolls sideways at 390 px", async () => {
    const wide: Record<string, number> = {};
    const { page } = await watchedPage(site.browser, { width: 390 });
    for (const [name, path] of Object.entries(PAGES)) {
      await page.goto(site.origin + path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wide[name] = width;
    }
    await page.close();
    expect(wide).toEqual({});
  });

  it("states the dataset license's terms as the contract does, with a ready-made attribution line and link", async () => {
    const { page } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/license`);
    const text = await page.locator("main").innerText();
    expect(text).toContain("Effective 6 September 2026");
    for (const term of [
      "Exported factual fields may be reused with visible attribution to the service and a link to the canonical device record.",
      "The license does not transfer rights in linked source pages, publisher text, product images or trademarks.",
      "Model, region, evidence, date-precision and source context must be preserved.",
      "Users must not imply that the service or a cited authority certifies the user's product or service.",
      "The CSV and API endpoints are the public distribution endpoints. No source-code repository is offered.",
    ])
      expect(text).toContain(term);
    expect(text).toContain(attribution({ siteUrl: site.origin, baseUrl: site.origin }).text);
    expect(text).toContain(`<a href="${site.origin}/devices/<device_slug>">Device Lifecycle Records</a>`);
    expect(text).not.toContain("{site_url}");
  });

  it("takes a correction through the form, starting from a device page", async () => {
    const { page, errors } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/alpha-phone`);
    await page.getByRole("link", { name: "Report a correction for Alpha Phone" }).click();
    // The deferred script fills the field once the page has loaded, which the click does not wait for.
    await expect.poll(() => page.inputValue("#device")).toBe("alpha-phone");
    const form = page.locator("form[data-netlify=true]");
    expect(await form.locator("input[name=form-name]").inputValue()).toBe("correction");
    await page.fill("#problem", "The OS end is September 2030, not October.");
    await page.fill("#source", "https://maker.example/policy");
    await Promise.all([page.waitForURL(`${site.origin}/corrections/thanks`), page.click("button[type=submit]")]);
    expect(await page.locator("h1").innerText()).toBe("Thank you");
    expect(errors).toEqual([]);
  });

  it("answers people with a helpful 404 page, and programs under /api with JSON", async () => {
    const { page } = await sharedPage(site.browser);
    const res = await page.goto(`${site.origin}/devices/no-such-device`);
    expect(res?.status()).toBe(404);
    expect(await page.locator("h1").innerText()).toBe("Not found");
    expect(await page.getByRole("link", { name: "browse it A–Z" }).count()).toBe(1);
    const api = await fetch(`${site.origin}/api/v1/devices/no-such-device`);
    expect(api.status).toBe(404);
    expect(api.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  });
});
