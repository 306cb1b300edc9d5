// The home page's live search as a person uses it, in Chromium, against the
// preview with the public rate limit on (20 API requests a minute): typing
// and paging through results read the static search index, never the API,
// and list what the API lists.
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { synthRecords } from "../../generator/synth/generate.ts";
import { browsedSite, noChromium, watchedPage } from "../helpers/browser.ts";
import { FIXTURES, tempDir } from "../helpers/build.ts";

/** The fixtures and enough synthetic records that the index has nodes as well as leaves. */
function catalog(): string {
  const data = tempDir();
  cpSync(path.join(FIXTURES, "devices"), path.join(data, "devices"), { recursive: true });
  mkdirSync(path.join(data, "devices"), { recursive: true });
  for (const r of synthRecords(1200, 5)) writeFileSync(path.join(data, "devices", `${r.slug}.json`), JSON.stringify(r));
  return data;
}

describe.skipIf(noChromium)("live search in Chromium", () => {
  const site = browsedSite(catalog(), { rateLimit: true });

  it("60 keystrokes within a minute, and more results, send no request to the API and list what it lists", { timeout: 120_000 }, async () => {
    const { page, errors } = await watchedPage(site.browser);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    const statuses: number[] = [];
    page.on("response", (r) => statuses.push(r.status()));
    // The page's clock stands still but for the pauses a person makes, which the test moves it on by: the search's
    // debounce (200 ms after the last keystroke) fires where it would, with no real waiting; the index still loads in real time.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.goto(`${site.origin}/`);
    await page.focus("#q");
    const results = () => page.locator("#results-list li a").allInnerTexts();
    /** The person stops to read: a pending debounce fires, and the latest search's results show. */
    const settled = async () => {
      await page.clock.runFor(1000);
      await expect.poll(() => page.locator("#results-status").innerText(), { timeout: 10_000 }).toMatch(/^(Showing|No device|Too many)/);
    };
    /** What the API lists first for q (fetched here, not by the page). */
    const apiFirst = async (q: string) => {
      const body = (await (await fetch(`${site.origin}/api/v1/devices?${new URLSearchParams({ q, limit: "20" })}`)).json()) as {
        devices: { name: string }[];
        meta: { total: number };
      };
      return { names: body.devices.map((d) => d.name), total: body.meta.total };
    };

    let keystrokes = 0;
    const type = async (text: string) => {
      for (const ch of text) {
        await page.keyboard.type(ch);
        keystrokes += 1;
        await page.clock.runFor(120 + (keystrokes % 5) * 60); // a person's pace, with pauses the search fires on
      }
    };
    const erase = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await page.keyboard.press("Backspace");
        keystrokes += 1;
        await page.clock.runFor(90);
      }
    };
    // Words, a manufacturer and line, corrections: what people type, 60 keystrokes in all.
    const checks: string[] = [];
    for (const [text, back] of [
      ["nova 1", 1],
      ["2 pro", 10],
      ["kestrel edge", 12],
      ["gamma", 5],
      ["alph", 0],
    ] as const) {
      await type(text);
      await settled();
      checks.push(await page.inputValue("#q"));
      await erase(back);
    }
    expect(keystrokes).toBe(60);

    // What the last typed query shows is what the API lists first.
    await settled();
    const last = await page.inputValue("#q");
    const api = await apiFirst(last);
    expect(await results()).toEqual(api.names);
    expect(await page.locator("#results-status").innerText()).toBe(`Showing ${Math.min(20, api.total)} of ${api.total.toLocaleString("en")} matching devices.`);

    // More results, twice: the next records in the API's order, still from the index.
    await page.fill("#q", "nova");
    await settled();
    for (let k = 0; k < 2; k++) {
      await page.click("#results-more");
      await expect.poll(async () => (await results()).length).toBe(40 + 20 * k);
    }
    const walk = (await (await fetch(`${site.origin}/api/v1/devices?q=nova&limit=60`)).json()) as { devices: { name: string }[] };
    expect(await results()).toEqual(walk.devices.map((d) => d.name));

    expect(requested.filter((p) => p.startsWith("/api/"))).toEqual([]);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();

    // Each intermediate query the search settled on lists what the API lists (checked after the minute, within the API's own limit),
    // each typed into the home page loaded afresh.
    const page2 = await site.browser.newPage();
    for (const q of checks) {
      await page2.goto(`${site.origin}/`);
      await page2.fill("#q", q);
      await expect.poll(() => page2.locator("#results-status").innerText(), { timeout: 10_000 }).toMatch(/^Showing/);
      expect(await page2.locator("#results-list li a").allInnerTexts(), q).toEqual((await apiFirst(q)).names);
    }
    await page2.close();
  });

  it("without JavaScript, the search form still asks the API", async () => {
    const { page } = await watchedPage(site.browser, { javaScript: false });
    await page.goto(`${site.origin}/`);
    await page.fill("#q", "gamma phone");
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/devices"),
      page.click("form[role=search] button[type=submit]"),
    ]);
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { devices: { slug: string }[] }).devices[0]!.slug).toBe("gamma-phone");
    await page.close();
  });
});
