// The fleet check on exports written to the products' own column layouts
// (test/helpers/fleet-export.ts: Intune's All devices, Jamf Pro's computer
// and mobile inventories, Google Admin's Chrome devices), against the real
// catalog (data/), in Chromium: no row names the wrong device (each matched
// slug is the one the row was written from; a model the catalog lacks is
// unmatched), every Windows row names its release and that release's end
// for its edition, every Chromebook row gives the Auto Update Expiration
// month its export states, no request goes to /api/, and the downloaded
// report starts with a byte-order mark and reads back with csv-parse.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DeviceRecord } from "../../generator/schema/record.ts";
import { browsedSite, noChromium, watchedPage } from "../helpers/browser.ts";
import { googleAdminExport, intuneExport, jamfComputersExport, jamfMobileExport, type LayoutExport } from "../helpers/fleet-export.ts";

const DATA = path.resolve(import.meta.dirname, "../../data");
const RECORDS = readdirSync(path.join(DATA, "devices")).map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(DATA, "devices", f), "utf8"))));
const EXPORTS: LayoutExport[] = [intuneExport(RECORDS), jamfComputersExport(RECORDS), jamfMobileExport(RECORDS), googleAdminExport(RECORDS)];
const slugOf = (url: string) => (url ? url.slice(url.lastIndexOf("/") + 1) : null);

describe.skipIf(noChromium)("the fleet check on the products' own exports", () => {
  const site = browsedSite(DATA);

  async function check(page: Page, e: LayoutExport) {
    await page.setInputFiles("#fleet-file", { name: e.name, mimeType: "text/csv", buffer: Buffer.from(e.csv) });
    await expect.poll(() => page.locator("#fleet-status").innerText(), { timeout: 60_000 }).toMatch(new RegExp(`^Checked ${e.rows.length} rows`));
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#fleet-csv")]);
    const text = readFileSync((await download.path())!, "utf8");
    return { text, report: parse(text, { bom: true, columns: true }) as Record<string, string>[] };
  }

  it.each(EXPORTS.map((e) => [e.name, e] as const))(
    "%s: the right device or none, each OS release and AUE, nothing sent",
    { timeout: 120_000 },
    async (_, e) => {
      const { page, errors } = await watchedPage(site.browser);
      const requested: string[] = [];
      page.context().on("request", (r) => requested.push(new URL(r.url()).pathname));
      await page.goto(`${site.origin}/fleet`);
      const { text, report } = await check(page, e);
      expect(text.charCodeAt(0)).toBe(0xfeff);
      expect(report).toHaveLength(e.rows.length);
      const cells = await page
        .locator("#fleet-rows tr")
        .evaluateAll((trs) => trs.map((tr) => Object.fromEntries([...tr.querySelectorAll("td")].map((td) => [td.dataset.label!, td.textContent ?? ""]))));
      e.rows.forEach((row, i) => {
        const got = report[i]!;
        const where = `${e.name} row ${i + 2} (${got.Model})`;
        // 0 false matches: the device the row was written from, or none.
        if (row.slug) expect([got.match, slugOf(got.record_url!)], where).toEqual(["yes", row.slug]);
        else expect(got.match, where).not.toBe("yes");
        if (row.windows) {
          expect([got.os_release, got.os_security_end], where).toEqual([row.windows.label, row.windows.end]);
          expect(cells[i]!["Its OS"], where).toContain(row.windows.label);
          expect(cells[i]!["Its OS"], where).toContain(row.windows.end);
        }
        if (row.aue) {
          expect(got.auto_update_expiration, where).toBe(row.aue);
          expect(cells[i]!["Its OS"], where).toContain(row.aue);
        }
      });
      // The headline says how many need action; the counts by action add up to the rows.
      expect(await page.locator("#fleet-headline").innerText()).toMatch(/devices? need|None of your/);
      const byAction = await page.locator("#fleet-actions-rows tr").allInnerTexts();
      expect(byAction.reduce((n, r) => n + Number(r.split("\t").at(-1)!.replaceAll(",", "")), 0)).toBe(e.rows.length);
      expect(requested.filter((p) => p.startsWith("/api/"))).toEqual([]);
      expect(errors).toEqual([]);
      const count = (f: (r: Record<string, string>) => boolean) => report.filter(f).length;
      console.log(
        `${e.name}: ${e.rows.length} rows; matched ${count((r) => r.match === "yes")}, ambiguous ${count((r) => r.match === "ambiguous")}, unmatched ${count((r) => r.match === "no")}; by action: ${["replace", "update-os", "check", "none"].map((a) => `${a} ${count((r) => r.action === a)}`).join(", ")}`,
      );
    },
  );
});
