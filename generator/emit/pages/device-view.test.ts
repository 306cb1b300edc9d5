// What a device page receives (device-view.ts): its neighbours in the whole
// catalog, whichever pages a run renders; a meta description cut at a word
// under its maximum; the badge and timeline drawn in; what its legend needs.
import { describe, expect, it } from "vitest";
import { catalogOf } from "../../derive/catalog.ts";
import { fixtureRecord, fixtureRecords, TEST_SITE } from "../../../test/helpers/records.ts";
import { DESCRIPTION_MAX, deviceDescription, deviceViews } from "./device-view.ts";

const site = { ...TEST_SITE };
const catalog = catalogOf(fixtureRecords());

describe("a device page's neighbours", () => {
  const viewOf = deviceViews(catalog, site);
  it.each([
    ["alpha-phone", null, "/devices/beta-tablet"],
    ["epsilon-laptop", "/devices/delta-watch", "/devices/gamma-phone"],
    ["theta-watch", "/devices/mu-phone", null],
  ])("%s: previous %s, next %s", (slug, prev, next) => {
    const view = viewOf(catalog.published.find((r) => r.slug === slug)!);
    expect([view.prev, view.next]).toEqual([prev, next]);
  });

  it("cross the boundary between two runs of pages, and ignore which pages a watch rebuild renders", () => {
    const runs = [catalog.published.slice(0, 4), catalog.published.slice(4)];
    const [first, second] = runs.map((run) => run.map(viewOf));
    expect(first!.at(-1)!.next).toBe("/devices/gamma-phone");
    expect(second![0]!.prev).toBe("/devices/epsilon-laptop");
    const alone = deviceViews(catalog, site)(catalog.published[4]!);
    expect([alone.prev, alone.next]).toEqual(["/devices/epsilon-laptop", "/devices/hostile-device"]);
  });

  it("are asked only of published records", () => {
    expect(() => viewOf(catalog.withdrawn[0]!)).toThrow(/eta-phone is not published/);
  });
});

describe("deviceDescription", () => {
  it("says what the device is, its verdict and why, whole when it fits", () => {
    const text = deviceDescription(fixtureRecord("alpha-phone"), site);
    expect(text).toMatch(/^Alpha Phone \(Example Maker, phone\): .+\. .+/);
    expect(text.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(text).not.toMatch(/…$/);
  });

  it.each([60, 61, 200])("is cut at a word under its maximum (a name of %i words)", (words) => {
    const name = Array.from({ length: words }, (_, i) => `Word${i}`).join(" ");
    const text = deviceDescription(fixtureRecord("alpha-phone", { name }), site);
    expect(text.length).toBeLessThanOrEqual(DESCRIPTION_MAX);
    expect(text).toMatch(/ Word\d+…$/);
    expect(`${name} (`.startsWith(text.slice(0, -1))).toBe(true);
  });
});

describe("a device page's view", () => {
  const viewOf = deviceViews(catalog, site);
  const view = (slug: string) => viewOf(catalog.published.find((r) => r.slug === slug)!);

  it("carries the record and evidence documents, its manufacturer's page and its badge's embed code", () => {
    const v = view("alpha-phone");
    expect(v.doc.slug).toBe("alpha-phone");
    expect(v.evidence.slug).toBe("alpha-phone");
    expect([v.maker, v.makerSlug]).toEqual(["/manufacturers/example-maker", "example-maker"]);
    expect(JSON.stringify(v.embed)).toContain("/api/v1/badge/alpha-phone");
  });

  it("draws the badge in the page, in the verdict's words", () => {
    const v = view("alpha-phone");
    expect(v.badge).toMatch(/^<svg [^>]*role="img"/);
    expect(v.badge).toContain(v.doc.verdict.label.slice(0, 10));
  });

  it("draws the timeline labelled by its caption and described by its words", () => {
    const { timeline } = view("gamma-phone");
    expect(timeline).toMatchObject({ id: "timeline" });
    expect(timeline!.svg).toContain('aria-labelledby="timeline-caption"');
    expect(timeline!.svg).toContain('aria-describedby="timeline-words"');
    expect(timeline!.words.length).toBeGreaterThan(0);
  });

  it.each([
    ["alpha-phone", false, false],
    ["beta-tablet", true, false],
    ["theta-watch", false, true],
  ])("%s: the legend explains a minimum %s, a ceiling %s", (slug, hasMinimum, hasCeiling) => {
    expect(view(slug)).toMatchObject({ hasMinimum, hasCeiling });
  });

  it.each([
    ["alpha-phone", [2030, 2031]],
    ["gamma-phone", [2024, 2027, 2028]],
    ["iota-phone", []],
  ])("%s links the dataset's years of its support ends", (slug, years) => {
    const { datasetYears } = view(slug);
    expect(datasetYears.map((y) => y.year)).toEqual(years);
    for (const y of datasetYears) expect(y.url).toBe(`https://api.devices.example/api/v1/dataset/${y.year}.csv`);
  });
});
