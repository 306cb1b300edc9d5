// Device pages as a reader sees them, in headless Chromium against the preview server.
import { describe, expect, it } from "vitest";
import { browsedSite, noChromium, sharedPage, watchedPage } from "../helpers/browser.ts";

describe.skipIf(noChromium)("device pages in Chromium", () => {
  const site = browsedSite();

  it("shows the verdict with the period it holds in, and each commitment's scope, date and precision in words", async () => {
    const { page, errors } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/gamma-phone`);
    expect(await page.title()).toBe("Gamma Phone · Device Lifecycle Records");
    const verdict = page.getByRole("region", { name: "Lifecycle verdict" });
    await expect(verdict.innerText()).resolves.toMatch(/varies by region or model/);
    // Not the build day: the period its dates give (the US end came within 180 days on 2026-10-03 and passes after 2027-06-30).
    await expect(verdict.innerText()).resolves.toMatch(/In force since 2026-10-03; it changes after 2027-06-30/);
    const security = await page.getByRole("region", { name: "Security updates" }).innerText();
    expect(security).toMatch(/Applies to\s+models G-US; regions US\s+End\s+Q2 2027 \(April to June\), quarter precision\s+Status\s+ending within six months/);
    expect(security).toMatch(/Applies to\s+models G-EU; regions DE, FR\s+End\s+30 June 2028, day precision/);
    const os = await page.getByRole("region", { name: "OS updates" }).innerText();
    expect(os).toMatch(/End\s+March 2024, month precision\s+Status\s+ended/);
    expect(errors).toEqual([]);
  });

  it("puts regional caveats right under the verdict, before any date", async () => {
    const { page } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/gamma-phone`);
    const caveats = page.getByRole("region", { name: "Regional and model caveats" });
    expect(await caveats.innerText()).toMatch(/regions US; carriers ExampleCarrier: Carrier builds may arrive weeks later/);
    const order = await page.locator("h2").allInnerTexts();
    expect(order.indexOf("Regional and model caveats")).toBe(order.findIndex((h) => h.startsWith("Lifecycle verdict")) + 1);
  });

  it("keeps a minimum commitment apart from end dates", async () => {
    const { page } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/beta-tablet`);
    expect(await page.getByRole("region", { name: "Minimum commitments" }).innerText()).toMatch(
      /Security updates \(all variants\): at least until 2029, year precision/,
    );
    expect(await page.getByRole("region", { name: "Security updates" }).innerText()).toMatch(
      /End\s+not documented \(unknown\)\s+Status\s+within a minimum commitment/,
    );
  });

  it("keeps an announced ceiling apart from ends and commitments, and the badge's alt text says what the badge says", async () => {
    const { page } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/theta-watch`);
    const ceilings = await page.getByRole("region", { name: "Announced ceilings" }).innerText();
    expect(ceilings).toMatch(/neither an end date nor a commitment/);
    expect(ceilings).toMatch(/OS updates \(all variants\): up to July 2028, month precision, announced/);
    expect(ceilings).toMatch(/Security updates \(all variants; watch software\): up to July 2028, month precision, announced/);
    expect(await page.getByRole("region", { name: "OS updates" }).innerText()).toMatch(
      /End\s+not documented \(unknown\)\s+Status\s+within an announced ceiling \(not a commitment\)/,
    );
    expect(await page.getByRole("region", { name: "Minimum commitments" }).innerText()).toMatch(/None recorded/);
    // Third-party evidence: the headline ends "(unconfirmed)", the precise label ", unconfirmed"; the badge says the headline, and so does its accessible name.
    // Its security commitments date parts of the software separately, all alike: the headline names the deciding part.
    const headline = "Gets watch software security updates; Example Maker aims to give them up to July 2028, not a promise (unconfirmed)";
    const verdict = await page.getByRole("region", { name: /Lifecycle verdict/ }).innerText();
    expect(verdict).toContain(headline);
    expect(verdict).toContain("updates up to 2028-07 (month), announced, unconfirmed");
    expect(
      await page
        .getByRole("img", { name: `Update status of Theta Watch: ${headline}` })
        .locator("svg title")
        .textContent(),
    ).toBe(`support: ${headline}`);
  });

  it("says an end the source gives no date for is ended, date not documented, never unknown", async () => {
    const { page, errors } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/iota-phone`);
    const label = "no security updates; end date not documented, unconfirmed";
    const headline = "No security updates; when they ended is not documented (unconfirmed)";
    const verdict = await page.getByRole("region", { name: /Lifecycle verdict/ }).innerText();
    expect(verdict).toContain(`${label} (security-ended)`);
    // The plain headline first, the precise label under it.
    expect(verdict.indexOf(headline)).toBeGreaterThan(-1);
    expect(verdict.indexOf(headline)).toBeLessThan(verdict.indexOf(label));
    const security = await page.getByRole("region", { name: "Security updates" }).innerText();
    expect(security).toMatch(/End\s+ended; date not documented\s+Status\s+ended; end date not documented/);
    expect(security).not.toMatch(/unknown/);
    expect(
      await page
        .getByRole("img", { name: `Update status of Iota Phone: ${headline}` })
        .locator("svg title")
        .textContent(),
    ).toBe(`support: ${headline}`);
    expect(errors).toEqual([]);
  });

  it("words an observed last update as observed, not as an end, and names the OS versions the device runs with their source", async () => {
    const { page } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/kappa-phone`);
    expect(await page.locator("p.os-versions").innerText()).toBe("Runs iOS 11 to 16 [os-versions].");
    expect(await page.locator("p.os-versions a").getAttribute("href")).toBe("#source-os-versions");
    expect(await page.getByRole("region", { name: /Lifecycle verdict/ }).innerText()).toContain(
      "no security updates; last update observed 2024-05-13 (security-ended)",
    );
    const security = await page.getByRole("region", { name: "Security updates" }).innerText();
    expect(security).toMatch(
      /End\s+ended; no end date announced \(the last update observed is below\)\s+Last update observed\s+13 May 2024, day precision \(an observation, not an announced end\)\s+Status\s+ended; the date is the last update observed, not an announced end/,
    );
    const assertions = await page.locator("h3:text('Lifecycle assertions') + ul").innerText();
    expect(assertions).toContain("Security updates last update observed (not an announced end): 2024-05-13");
  });

  it("shows the day a source listed support as continuing, and a device past its last commitment", async () => {
    const { page } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/lambda-tablet`);
    expect(await page.locator("p.os-versions").innerText()).toBe("Runs Android 12 and later (last version not documented) [maker-list].");
    expect(await page.getByRole("region", { name: /Lifecycle verdict/ }).innerText()).toMatch(
      /updates continuing; listed on 2026-08-22 \(receiving-updates\)[\s\S]*it changes after 2027-08-22/,
    );
    expect(await page.getByRole("region", { name: "Security updates" }).innerText()).toMatch(
      /Listed as continuing\s+on 22 August 2026, day precision \(the day the source last listed it; not an end date\)\s+Status\s+listed as continuing by its source within the last year/,
    );
    // Record text in the new rows is escaped like any other.
    expect(await page.getByRole("region", { name: "Security updates" }).innerText()).toContain('"quotes" & <angle brackets>');

    await page.goto(`${site.origin}/devices/mu-phone`);
    expect(await page.getByRole("region", { name: /Lifecycle verdict/ }).innerText()).toContain(
      "past its last commitment, 2024 (year); current status not documented (commitment-passed)",
    );
    expect(await page.getByRole("region", { name: "OS updates" }).innerText()).toMatch(
      /Listed as continuing\s+on 2 September 2024, day precision[\s\S]*Status\s+last listed as continuing over a year ago; current status not documented/,
    );
    expect(await page.locator("p.os-versions").count()).toBe(0);
  });

  it("groups the evidence as the spec does, with a dated recall non-match", async () => {
    const { page } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/alpha-phone`);
    const headings = await page.locator("h3").allInnerTexts();
    expect(headings).toEqual(expect.arrayContaining(["Lifecycle assertions", "Sources", "Repair and recalls", "Revision history"]));
    expect(await page.locator("h4").allInnerTexts()).toEqual(expect.arrayContaining(["Recall review", "Repairability"]));
    const text = await page.locator("main").innerText();
    expect(text).toContain("No match found in EU Safety Gate as of 2026-11-01");
    expect(text).toContain("This is not proof that no recall exists.");
    expect(text).not.toMatch(/no recall(?! exists)/i);
    expect(text).toMatch(/\[maker-policy\] Software update policy, Example Maker \(checked 2026-11-01\)/);
    expect(text).toContain("French repairability index: 8.2/10");
  });

  it("says the EU label's class and index with its EPREL page, the declared software years as a minimum with no date, and an unreviewed record's recall review as not performed", async () => {
    const { page } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/kappa-phone`);
    const text = await page.locator("main").innerText();
    expect(text).toMatch(/EU energy label repairability class \(Regulation \(EU\) 2023\/1669\): C \(2\.96\), that is class C, index 2\.96 of 5/);
    expect(await page.getByRole("link", { name: "EPREL registration 1234567" }).getAttribute("href")).toBe(
      "https://eprel.example/screen/product/smartphonestablets20231669/1234567",
    );
    expect(text).toContain(
      "The supplier declares at least 5 years of software updates, counted from the end of placement on the EU market, a day not known here; it gives no end date.",
    );
    expect(text).toContain("Recall review: not performed.");
    await page.goto(`${site.origin}/devices/gamma-phone`);
    expect(await page.locator("main").innerText()).toMatch(
      /Recall notice in Example Recalls Registry .*26-001, 2026-03 \(month\): the charger can overheat; remedy: a free replacement charger\./,
    );
  });

  it("links the JSON, the evidence, CSV files, its calendars, its manufacturer and a correction path, and draws its badge itself", async () => {
    const { page } = await watchedPage(site.browser);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${site.origin}/devices/alpha-phone`);
    const hrefs = await page.locator("main a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    for (const path of [
      "/api/v1/devices/alpha-phone",
      "/api/v1/devices/alpha-phone/evidence",
      "/api/v1/dataset",
      "/api/v1/dataset/2030.csv",
      "/api/v1/calendar/alpha-phone.ics",
      "/api/v1/calendar/no-alarms/alpha-phone.ics",
      "/api/v1/calendar/manufacturers/example-maker.ics",
      "/manufacturers/example-maker",
      "/corrections?device=alpha-phone",
    ]) {
      expect(hrefs).toContain(`${site.origin}${path}`);
    }
    // The badge is the API's own SVG, drawn into the page: a reader opening page after page never asks the rate-limited API for it.
    const badge = await (await fetch(`${site.origin}/api/v1/badge/alpha-phone`)).text();
    expect(await (await fetch(`${site.origin}/devices/alpha-phone`)).text()).toContain(badge.trim());
    expect(await page.locator(".badge svg").evaluate((svg) => svg.getBoundingClientRect().width)).toBeGreaterThan(100);
    expect(requested.filter((p) => p.startsWith("/api/"))).toEqual([]);
    expect(await page.locator("pre code").first().innerText()).toContain(
      `<a href="${site.origin}/devices/alpha-phone"><img src="${site.origin}/api/v1/badge/alpha-phone"`,
    );
    await page.close();
  });

  it("never runs record text as markup", async () => {
    const { page, errors } = await sharedPage(site.browser);
    let dialogs = 0;
    page.on("dialog", async (d) => {
      dialogs += 1;
      await d.dismiss();
    });
    await page.goto(`${site.origin}/devices/hostile-device`);
    expect(await page.locator("h1").innerText()).toContain("<script>alert(1)</script>");
    expect(dialogs).toBe(0);
    expect(errors).toEqual([]);
  });

  it("advertises the JSON record, its calendar and the feed root-relative, and links the canonical page absolute", async () => {
    const { page } = await sharedPage(site.browser);
    await page.goto(`${site.origin}/devices/alpha-phone`);
    expect(await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute("href")).toBe("/feed.xml");
    expect(await page.locator('link[rel="alternate"][type="application/json"]').getAttribute("href")).toBe("/api/v1/devices/alpha-phone");
    expect(await page.locator('link[rel="alternate"][type="text/calendar"]').first().getAttribute("href")).toBe("/api/v1/calendar/alpha-phone.ics");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${site.origin}/devices/alpha-phone`);
  });
});
