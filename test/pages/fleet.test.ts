// The fleet check (/fleet) as a fleet manager uses it, in Chromium, against
// the preview: a synthetic 10,000-row Intune export is matched in the
// browser with no request to the API; hostile cells stay text on the page
// and are made safe in the downloaded report; the calendar reads back; a
// binary, malformed or unknown-layout file gets a clear message or a
// question and the page stays usable; axe finds nothing; and nothing scrolls
// sideways at 390 px.
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DeviceRecord } from "../../generator/schema/record.ts";
import { synthRecords } from "../../generator/synth/generate.ts";
import { axeViolations, browsedSite, noChromium, watchedPage } from "../helpers/browser.ts";
import { FIXTURES, tempDir } from "../helpers/build.ts";
import { fleetExport, HOSTILE } from "../helpers/fleet-export.ts";
import { readCalendar } from "../helpers/ical.ts";

/** The fixtures and 300 synthetic records, whose codes the export mixes with names. */
function catalog(): string {
  const data = tempDir();
  cpSync(path.join(FIXTURES, "devices"), path.join(data, "devices"), { recursive: true });
  for (const r of synthRecords(300, 3)) writeFileSync(path.join(data, "devices", `${r.slug}.json`), JSON.stringify(r));
  return data;
}

const DATA = catalog();
const RECORDS = readdirSync(path.join(DATA, "devices")).map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(DATA, "devices", f), "utf8"))));

describe.skipIf(noChromium)("the fleet check in Chromium", () => {
  const site = browsedSite(DATA);

  /** A fresh page on /fleet that records every request it and its worker make, and any dialog (a script run from a cell would open one). */
  async function fleetPage(width = 1280) {
    const { page, errors } = await watchedPage(site.browser, { width });
    const requested: string[] = [];
    page.context().on("request", (r) => requested.push(new URL(r.url()).pathname));
    page.on("dialog", (d) => {
      errors.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await page.goto(`${site.origin}/fleet`);
    return { page, errors, requested };
  }
  const status = (page: Page) => page.locator("#fleet-status").innerText();
  const upload = (page: Page, name: string, text: string | Buffer) =>
    page.setInputFiles("#fleet-file", { name, mimeType: "text/csv", buffer: typeof text === "string" ? Buffer.from(text) : text });

  it("matches a 10,000-row export in the browser with no request to the API, and says so on the page", { timeout: 120_000 }, async () => {
    const { page, errors, requested } = await fleetPage();
    expect(await page.locator("#fleet").innerText()).toContain("Nothing is uploaded");
    await upload(page, "intune-devices.csv", fleetExport(RECORDS, 10_000, 7));
    await expect.poll(() => status(page), { timeout: 60_000 }).toMatch(/^Checked 10,000 rows: /);
    const [, matched, unmatched] = /Checked 10,000 rows: ([\d,]+) matched, ([\d,]+) not matched/
      .exec(await status(page))!
      .map((s) => Number(s.replaceAll(",", "")));
    expect(matched! + unmatched!).toBe(10_000);
    expect(matched).toBeGreaterThan(8_000);
    expect(requested.filter((p) => p.startsWith("/api/"))).toEqual([]);
    // The worker's one read of the catalog is seen, so the count above covers the worker's requests too.
    expect(requested).toContain("/fleet-index/v1/fleet.json");
    expect(requested.filter((p) => p === "/fleet-index/v1/fleet.json")).toHaveLength(1);
    // Counts by verdict kind (never one row's date), the rows not matched (ambiguous, or not in the catalog) last.
    const counts = await page.locator("#fleet-counts li").allInnerTexts();
    const number = (c: string) => Number(c.split(": ").at(-1)!.replaceAll(",", ""));
    expect(counts.reduce((n, c) => n + number(c), 0)).toBe(10_000);
    expect(counts.filter((c) => /^(Ambiguous|Not in the catalog)/.test(c)).reduce((n, c) => n + number(c), 0)).toBe(unmatched);
    expect(counts.every((c) => !/\d{4}-\d{2}/.test(c.split(": ")[0]!))).toBe(true);
    // The headline answers how many need action; devices by action and by quarter are drawn, each beside its table.
    expect(await page.locator("#fleet-headline").innerText()).toMatch(/^([\d,]+ of 10,000 devices need action: [\d,]+ now|None of your)/);
    const byAction = await page.locator("#fleet-actions-rows tr").allInnerTexts();
    expect(byAction.map((r) => r.split("\t")[0])).toEqual(["Replace or isolate", "Update the OS", "Check by hand", "Nothing to do yet"]);
    expect(byAction.reduce((n, r) => n + Number(r.split("\t").at(-1)!.replaceAll(",", "")), 0)).toBe(10_000);
    expect(await page.locator("#fleet-actions-svg .action-row").count()).toBe(4);
    expect(await page.locator("#fleet-quarters-svg .quarter").count()).toBe(12);
    expect(await page.locator("#fleet-quarters-svg").getAttribute("aria-describedby")).toBe("fleet-quarters-svg-table");
    expect(await page.locator("#fleet-rows tr").count()).toBe(500);
    await page.click("#fleet-more");
    expect(await page.locator("#fleet-rows tr").count()).toBe(1000);
    // The hostile row is text: no element made of it, no script run.
    expect(await page.locator("#fleet-rows tr").nth(0).innerText()).toContain(HOSTILE.model);
    expect(await page.locator("#fleet-rows tr").nth(1).innerText()).toContain(HOSTILE.name);
    expect(await page.locator("#fleet-results img").count()).toBe(0);
    // Unmatched rows come back with a hint.
    const miss = page.locator("#fleet-unmatched-rows tr").filter({ hasText: "Unlisted Phone" }).first();
    expect(await miss.innerText()).toMatch(/No device in the catalog has exactly this name|The catalog has no (record|device)/);
    expect(errors).toEqual([]);
  });

  it("downloads the report with the export's cells made safe and the attribution, and the fleet's calendar", { timeout: 60_000 }, async () => {
    const { page } = await fleetPage();
    const csv = [
      "Device name,Model,Manufacturer",
      `"${HOSTILE.name}","${HOSTILE.model.replaceAll('"', '""')}",Evil`,
      "Phone 1,SM-A525F,samsung",
      "Phone 2,Gamma Phone,Example Maker",
      `Phone 3,"${HOSTILE.name}",Evil`,
    ].join("\r\n");
    await upload(page, "export.csv", csv);
    await expect.poll(() => status(page)).toMatch(/^Checked 4 rows: 2 matched, 2 not matched/);
    expect(await page.locator("#fleet-rows tr").nth(3).innerText()).toContain(HOSTILE.name);
    expect(await page.locator("#fleet-results img").count()).toBe(0);
    const [report] = await Promise.all([page.waitForEvent("download"), page.click("#fleet-csv")]);
    const text = readFileSync((await report.path())!, "utf8");
    // UTF-8 with a byte-order mark, as Excel expects.
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows[0]).toMatchObject({ "Device name": HOSTILE.name, Model: `'${HOSTILE.model}`, match: "no" });
    expect(rows[1]).toMatchObject({
      Model: "SM-A525F",
      match: "yes",
      matched_by: "code",
      device: "Alpha Phone",
      record_url: `${site.origin}/devices/alpha-phone`,
    });
    expect(rows[1]!.attribution).toMatch(/^Device lifecycle data from Device Lifecycle Records .*public dataset license v1$/);
    expect(rows[2]).toMatchObject({ matched_by: "name", device: "Gamma Phone", security_end: "2027-Q2 | 2028-06-30", security_end_precision: "quarter | day" });
    // The minimum-commitment, OS and action columns follow the earlier ones.
    expect(Object.keys(rows[0]!).slice(-14)).toEqual([
      "security_minimum",
      "security_minimum_precision",
      "os_minimum",
      "os_minimum_precision",
      "os_release",
      "os_status",
      "os_headline",
      "os_security_end",
      "os_newer_build",
      "os_patch_months_behind",
      "auto_update_expiration",
      "action",
      "action_by",
      "action_why",
    ]);
    expect(rows[0]).toMatchObject({ action: "check", action_why: expect.stringContaining("no record of this Evil model") });
    const [ics] = await Promise.all([page.waitForEvent("download"), page.click("#fleet-ics")]);
    const calendar = readCalendar(readFileSync((await ics.path())!, "utf8"));
    expect(calendar.events.length).toBeGreaterThan(0);
    expect(calendar.events.every((e) => e.allDay && /@localhost$/.test(e.uid))).toBe(true);
    expect(calendar.events.map((e) => e.url)).toContain(`${site.origin}/devices/gamma-phone`);
  });

  it("a binary, malformed, too long or empty file gets a clear message, and the page stays usable", { timeout: 60_000 }, async () => {
    const { page, errors } = await fleetPage();
    await upload(page, "devices.xlsx", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x08, 0, 0xff, 0xfe, 0, 1, 2, 3]));
    await expect.poll(() => status(page)).toMatch(/^This is not a CSV file/);
    await upload(page, "broken.csv", 'Model,Manufacturer\n"SM-A525F,samsung\n');
    await expect.poll(() => status(page)).toMatch(/^The file could not be read as CSV: /);
    await upload(page, "huge.csv", `Model\n${"SM-A525F\n".repeat(100_001)}`);
    await expect.poll(() => status(page)).toMatch(/^The file has 100,002 rows; the page checks up to 100,000 at a time/);
    await upload(page, "empty.csv", "");
    await expect.poll(() => status(page)).toMatch(/empty/);
    await upload(page, "good.csv", "Model\nSM-A525F\n");
    await expect.poll(() => status(page)).toMatch(/^Checked 1 rows: 1 matched/);
    expect(errors).toEqual([]);
  });

  it("asks which column holds the model when the header does not say, and takes pasted lines", { timeout: 60_000 }, async () => {
    const { page } = await fleetPage();
    await upload(page, "assets.csv", "Asset,Owner,Kind\nA-1,Ann,Gamma Phone\nA-2,Bob,iphone99,1\n".replace("iphone99,1", '"iphone99,1"'));
    await page.locator("#fleet-columns").waitFor({ state: "visible" });
    await page.selectOption("#fleet-model-column", "2");
    await page.click("#fleet-columns button[type=submit]");
    await expect.poll(() => status(page)).toMatch(/^Checked 2 rows: 2 matched/);
    await page.fill("#fleet-paste", "SM-A525F/DS\niPhone 99\nWatch7,1");
    await page.click("#fleet-paste-check");
    await expect.poll(() => status(page)).toMatch(/^Checked 3 rows: 2 matched, 1 not matched/);
    expect(await page.locator("#fleet-unmatched-rows").innerText()).toContain("iPhone 99");
  });

  it("axe finds nothing, before and after a check, and nothing scrolls sideways at 390 px", { timeout: 60_000 }, async () => {
    for (const width of [1280, 390]) {
      const { page, errors } = await fleetPage(width);
      expect(await axeViolations(page)).toEqual([]);
      await upload(page, "export.csv", fleetExport(RECORDS, 300, 3));
      await expect.poll(() => status(page), { timeout: 30_000 }).toMatch(/^Checked 300 rows/);
      if (await page.locator("#fleet-more").isVisible()) await page.click("#fleet-more");
      expect(await axeViolations(page)).toEqual([]);
      const shown = await page.evaluate(() => ({ width: document.documentElement.scrollWidth }));
      expect(shown.width, `${width} px`).toBeLessThanOrEqual(width);
      expect(errors).toEqual([]);
    }
  });
});
