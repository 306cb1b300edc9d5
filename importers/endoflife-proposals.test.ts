// Proposed records: valid by the project's own validator, in the template's
// key order, each fact cited to the endoflife.date file at its commit and to
// the manufacturer page it names (citedBy, never a checked day).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { factsOf, IMPORTER_MARKS, isUnrevisedImport, proposalOf } from "./endoflife-proposals.ts";
import { recordText } from "../generator/schema/record.ts";
import { withReleaseData } from "./endoflife-readings.ts";
import { validateFile } from "../generator/load/validate.ts";
import { CONTEXT, fixtureReading } from "../test/helpers/endoflife.ts";

const TEMPLATE = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../data/_template.json"), "utf8"));

const keyOrder = (o: unknown, prefix = ""): string[] =>
  o && typeof o === "object" && !Array.isArray(o)
    ? Object.entries(o).flatMap(([k, v]) => [`${prefix}${k}`, ...keyOrder(v, `${prefix}${k}.`)])
    : Array.isArray(o)
      ? keyOrder(o[0], prefix)
      : [];

describe("proposals", () => {
  const releases: [string, string][] = [
    ["pixel.md", "11"],
    ["pixel.md", "5"],
    ["samsung-mobile.md", "galaxy-s26"],
    ["samsung-mobile.md", "galaxy-x1"],
    ["samsung-mobile.md", "gear-s2"],
    ["samsung-galaxy-watch.md", "galaxy-watch6"],
    ["samsung-mobile.md", "galaxy-x2"],
    ["nokia.md", "c210"],
    ["nokia.md", "g42-5g"],
    ["google-nexus.md", "one"],
    ["pixel.md", "1"],
    ["ipad.md", "air-4"],
    ["ipad.md", "mini-4"],
    ["ipad.md", "2"],
  ];
  it.each(releases)("%s %s is a valid record", (file, cycle) => {
    const r = proposalOf(fixtureReading(file, cycle), CONTEXT);
    expect(validateFile({ file: `${r.slug}.json`, slug: r.slug, text: recordText(r) }).problems).toEqual([]);
  });

  it("keeps the template's key order", () => {
    const r = proposalOf(fixtureReading("samsung-mobile.md", "galaxy-s26"), CONTEXT);
    const order = keyOrder(r);
    const template = keyOrder(TEMPLATE).filter((k) => order.includes(k));
    expect(order.filter((k) => template.includes(k))).toEqual(template);
  });

  it("cites the file at its commit (read) and the manufacturer page it names (cited by it)", () => {
    // Galaxy X1+: "up to five years" with a link to Samsung's newsroom.
    const r = proposalOf(fixtureReading("samsung-mobile.md", "galaxy-x1"), CONTEXT);
    expect(r.evidence.sources).toEqual([
      {
        id: "endoflife-samsung-mobile",
        url: "https://github.com/endoflife-date/endoflife.date/blob/1111111111111111111111111111111111111111/products/samsung-mobile.md",
        publisher: "endoflife.date",
        title: "products/samsung-mobile.md at commit 1111111 (2026-08-22)",
        checked: "2026-11-24",
      },
      {
        id: "samsung-newsroom",
        url: "https://news.samsung.com/global/galaxy-x1",
        publisher: "Samsung",
        title: "Samsung Newsroom: page endoflife.date cites for this model (not read here)",
        citedBy: "endoflife-samsung-mobile",
      },
    ]);
    expect(r.support.security[0]).toEqual({
      id: "security",
      scope: {},
      ceiling: { value: "2030", precision: "year" },
      meaning: expect.stringMatching(/^Up to 5 years of security updates from launch, to 2030/),
      evidenceLevel: "third-party",
      sourceIds: ["endoflife-samsung-mobile", "samsung-newsroom"],
    });
  });

  it("records a promised period as a minimum and an estimate as no end, with only the status a listing can keep", () => {
    // Galaxy S26: "7 years" from launch in both columns: Samsung's promise, a minimum at the file's month, citing the newsroom page.
    const s26 = proposalOf(fixtureReading("samsung-mobile.md", "galaxy-s26"), CONTEXT);
    for (const c of [s26.support.os[0]!, s26.support.security[0]!]) {
      expect(c).toMatchObject({
        minimum: { value: "2033-03", precision: "month" },
        evidenceLevel: "manufacturer-policy",
        sourceIds: ["endoflife-samsung-mobile", "samsung-newsroom"],
      });
      for (const other of ["end", "ended", "supportedOn"]) expect(c).not.toHaveProperty(other);
      expect(c.meaning).toMatch(/at least until March 2033: Samsung promised 7 years of .* from launch/);
    }
    expect(s26.evidence.sources.map((x) => x.id)).toEqual(["endoflife-samsung-mobile", "samsung-newsroom"]);
    // Nokia C210: endoflife.date's estimate, launch + 2 years (2025), passed: never an end, the status not documented.
    const c210 = proposalOf(fixtureReading("nokia.md", "c210"), CONTEXT).support.security[0]!;
    expect(c210).toEqual({
      id: "security",
      scope: {},
      end: { precision: "unknown" },
      meaning: expect.stringMatching(/^Status not documented: endoflife.date estimates security updates to 2025/),
      evidenceLevel: "third-party",
      sourceIds: ["endoflife-nokia"],
    });
  });

  it("records the status a source gives: ended without a date, continuing on the commit day, the last update observed", () => {
    // eol: true / eoas: true → ended, date not documented.
    const nexus = proposalOf(fixtureReading("google-nexus.md", "one"), CONTEXT);
    expect(nexus.support.security[0]).toEqual({
      id: "security",
      scope: {},
      end: { precision: "unknown" },
      ended: true,
      meaning: "Ended, date not documented: endoflife.date marks security updates as ended without a date",
      evidenceLevel: "third-party",
      sourceIds: ["endoflife-google-nexus"],
    });
    // eoas: false → continuing on the snapshot's commit day.
    expect(proposalOf(fixtureReading("samsung-mobile.md", "galaxy-x1"), CONTEXT).support.os[0]).toEqual({
      id: "os",
      scope: {},
      end: { precision: "unknown" },
      supportedOn: "2026-08-22",
      meaning: "Continuing on 22 August 2026: endoflife.date lists Android version upgrades as continuing, with no end date",
      evidenceLevel: "third-party",
      sourceIds: ["endoflife-samsung-mobile"],
    });
    // A past day from the build list → the last update observed, support ended; the build list is cited by the file.
    const pixel5 = proposalOf(fixtureReading("pixel.md", "5"), CONTEXT);
    expect(pixel5.support.security[0]).toEqual({
      id: "security",
      scope: {},
      lastUpdate: { value: "2023-11", precision: "month" },
      ended: true,
      meaning: expect.stringMatching(/^Ended; last update observed, not an announced end: .*\(build UP1A\.231105\.001\) dates from November 2023$/),
      evidenceLevel: "third-party",
      sourceIds: ["endoflife-pixel", "android-build-numbers"],
    });
    expect(pixel5.evidence.sources.find((x) => x.id === "android-build-numbers")).toMatchObject({ citedBy: "endoflife-pixel" });
  });

  it("gives an Apple device its OS cycles: versions, ended with the cycle's last release, or continuing with the latest", () => {
    const ipados = {
      id: "endoflife-ipados",
      url: "https://github.com/endoflife-date/endoflife.date/blob/1111111111111111111111111111111111111111/products/ipados.md",
      publisher: "endoflife.date",
      title: "products/ipados.md at commit 1111111 (2026-08-22)",
      checked: "2026-11-24",
    };
    // iPad mini 4 runs iOS 9 to 12, then iPadOS 13 to 15; iPadOS 15 is no longer patched.
    const mini4 = proposalOf(fixtureReading("ipad.md", "mini-4"), CONTEXT);
    expect(mini4.osVersions).toEqual([
      { os: "iOS", first: "9", last: "12", sourceIds: ["endoflife-ipad", "endoflife-ipados"] },
      { os: "iPadOS", first: "13", last: "15", sourceIds: ["endoflife-ipad", "endoflife-ipados"] },
    ]);
    expect(mini4.evidence.sources.map((x) => x.id)).toEqual(["endoflife-ipad", "endoflife-ipados"]);
    expect(mini4.evidence.sources[1]).toEqual(ipados);
    expect(mini4.support.security[0]).toMatchObject({
      lastUpdate: { value: "2025-03-31", precision: "day" },
      ended: true,
      sourceIds: ["endoflife-ipad", "endoflife-ipados"],
    });
    expect(mini4.support.security[0]).not.toHaveProperty("end");
    expect(mini4.support.os[0]).toMatchObject({ lastUpdate: { value: "2021-09-20", precision: "day" }, ended: true });
    // iPad Air (4th generation) runs iPadOS 26, the newest and still patched: no last version, continuing, its latest release observed.
    const air4 = proposalOf(fixtureReading("ipad.md", "air-4"), CONTEXT);
    expect(air4.osVersions).toEqual([{ os: "iPadOS", first: "14", sourceIds: ["endoflife-ipad", "endoflife-ipados"] }]);
    expect(air4.support.security[0]).toMatchObject({
      end: { precision: "unknown" },
      lastUpdate: { value: "2026-08-17", precision: "day" },
      supportedOn: "2026-08-22",
    });
    expect(air4.support.security[0]).not.toHaveProperty("ended");
    expect(air4.support.os[0]).toMatchObject({ end: { precision: "unknown" }, supportedOn: "2026-08-22" });
  });

  it("takes a newer eol from release-data with a revision entry of its own, citing the release-data file", () => {
    const rd = {
      url: "https://github.com/endoflife-date/release-data/blob/2222222222222222222222222222222222222222/releases/samsung-mobile.json",
      file: "releases/samsung-mobile.json",
      commit: "2222222222222222222222222222222222222222",
      commitDate: "2026-08-22",
      checked: "2026-11-24",
    };
    const reading = fixtureReading("samsung-mobile.md", "galaxy-x2");
    // The same value: nothing changes.
    expect(withReleaseData(reading, { name: "galaxy-x2", eol: false, line: 9 }, rd)).toBe(reading);
    // Listed as continuing in the product file, dropped from Samsung's list two days before in the release-data.
    const r = proposalOf(withReleaseData(reading, { name: "galaxy-x2", eol: "2026-08-20", line: 9 }, rd), CONTEXT);
    expect(r.support.security[0]).toMatchObject({
      // The day the check dropped it, kept as the month as the file's note says.
      end: { value: "2026-08", precision: "month" },
      meaning: expect.stringMatching(/^Security updates ended by August 2026, .*\(from endoflife.date's release-data, newer than the product file\)$/),
      sourceIds: ["endoflife-samsung-mobile", "endoflife-release-data", "samsung-security-scope"],
    });
    expect(r.support.security[0]).not.toHaveProperty("supportedOn");
    expect(r.evidence.sources.find((x) => x.id === "endoflife-release-data")).toEqual({
      id: "endoflife-release-data",
      url: rd.url,
      publisher: "endoflife.date",
      title: "release-data releases/samsung-mobile.json at commit 2222222 (2026-08-22)",
      checked: "2026-11-24",
    });
    expect(r.evidence.revisions).toEqual([
      {
        date: "2026-11-24",
        change: 'Imported from endoflife.date products/samsung-mobile.md at commit 1111111 (release "galaxy-x2")',
        reason: expect.any(String),
      },
      {
        date: "2026-11-24",
        change:
          'Updated from endoflife.date release-data releases/samsung-mobile.json at commit 2222222 (release "galaxy-x2"): security updates continuing, no date → end 2026-08 (month)',
        reason: expect.stringMatching(/newer than the product file, and its newer fact wins/),
      },
    ]);
    expect(validateFile({ file: `${r.slug}.json`, slug: r.slug, text: recordText(r) }).problems).toEqual([]);
    // Both entries are the importers': the record is still an import nobody has revised.
    expect(isUnrevisedImport(r)).toBe(true);
  });

  it("records a missing column as unknown, unverified, without a source", () => {
    const r = proposalOf(fixtureReading("nokia.md", "g22"), CONTEXT);
    expect(r.support.os[0]).toEqual({
      id: "os",
      scope: {},
      end: { precision: "unknown" },
      meaning: "Not in endoflife.date's products/nokia.md, which has no column for OS updates",
      evidenceLevel: "unverified",
      sourceIds: [],
    });
  });

  it("says it was imported, from which file and commit, and is a draft unless asked", () => {
    const draft = proposalOf(fixtureReading("pixel.md", "11"), CONTEXT);
    expect(draft.evidence.revisions).toEqual([
      {
        date: "2026-11-24",
        change: 'Imported from endoflife.date products/pixel.md at commit 1111111 (release "11")',
        reason: expect.stringMatching(/for a device the catalog did not have/),
      },
    ]);
    expect(draft.publication.state).toBe("draft");
    expect(draft.variants).toEqual([{ model: "Pixel 11", regions: ["GLOBAL"], note: expect.stringMatching(/regions are not known/) }]);
    expect(proposalOf(fixtureReading("pixel.md", "11"), { ...CONTEXT, state: "published" }).publication).toEqual({ state: "published" });
  });

  it("knows its own unrevised imports, and compares their facts without the reading day or state", () => {
    const a = proposalOf(fixtureReading("pixel.md", "11"), CONTEXT);
    const b = proposalOf(fixtureReading("pixel.md", "11"), { ...CONTEXT, checked: "2027-01-05", state: "published" });
    expect(isUnrevisedImport(a)).toBe(true);
    expect(factsOf(a)).toBe(factsOf(b));
    const revised = structuredClone(a);
    revised.evidence.revisions.push({ date: "2026-12-01", change: "Published", reason: "Checked against Google's page" });
    expect(isUnrevisedImport(revised)).toBe(false);
    // Entries every importer writes (release-data, identifiers) leave it an import nobody has revised; a curator's entry does not.
    for (const mark of IMPORTER_MARKS) {
      const imported = structuredClone(a);
      imported.evidence.revisions.push({ date: "2026-12-01", change: `${mark} something`, reason: "x" });
      expect(isUnrevisedImport(imported), mark).toBe(true);
    }
    // A record a curator created and an importer later touched is curated.
    const curated = structuredClone(a);
    curated.evidence.revisions.unshift({ date: "2026-11-01", change: "Record created", reason: "By hand" });
    expect(isUnrevisedImport(curated)).toBe(false);
    const moved = proposalOf({ ...fixtureReading("pixel.md", "11"), released: { value: "2026-09", precision: "month" } }, CONTEXT);
    expect(factsOf(moved)).not.toBe(factsOf(a));
  });
});
