// The per-device JSON bodies (documents.ts): a record document carries its
// facts, each commitment's status on the day, its verdict, its links and the
// attribution; the evidence document ties every dated claim to its sources,
// words a recall search without overclaiming, and lists revisions newest first.
import { describe, expect, it } from "vitest";
import { fixtureRecord, fixtureRecords, TEST_SITE } from "../../test/helpers/records.ts";
import type { DeviceRecord } from "../schema/record.ts";
import { deviceDocument, deviceSummary, evidenceDocument, latestUpdated, recentlyChanged } from "./documents.ts";

const site = { ...TEST_SITE };

describe("the record document", () => {
  const alpha = fixtureRecord("alpha-phone");
  const doc = deviceDocument(alpha, site);

  it("carries the record's facts as curated", () => {
    expect(doc).toMatchObject({
      slug: "alpha-phone",
      name: "Alpha Phone",
      manufacturer: "Example Maker",
      deviceType: "phone",
      aliases: ["Alpha 1"],
      released: { value: "2023-10", precision: "month" },
    });
    expect(doc.variants.map((v) => v.model)).toEqual(["A1", "A2"]);
  });

  it("links itself, its page, evidence, badge and calendars", () => {
    expect(doc.links).toEqual({
      self: "https://api.devices.example/api/v1/devices/alpha-phone",
      page: "https://devices.example/devices/alpha-phone",
      evidence: "https://api.devices.example/api/v1/devices/alpha-phone/evidence",
      badge: "https://api.devices.example/api/v1/badge/alpha-phone",
      calendar: "https://api.devices.example/api/v1/calendar/alpha-phone.ics",
      manufacturerCalendar: "https://api.devices.example/api/v1/calendar/manufacturers/example-maker.ics",
    });
  });

  it("carries the attribution and its license; the summary of a list page does not", () => {
    expect(doc.attribution.text).toBe("Device lifecycle data from Device Lifecycle Records (https://devices.example), public dataset license v1");
    expect(doc.attribution.license.url).toMatch(/^https:\/\/devices\.example\//);
    expect(deviceSummary(alpha, site)).not.toHaveProperty("attribution");
  });

  it.each([
    // day, OS status, security status, verdict code
    ["2026-11-22", "continuing", "continuing", "receiving-updates"],
    ["2030-10-15", "ending-soon", "continuing", "receiving-updates"], // security still runs a year on
    ["2030-11-01", "ended", "continuing", "security-only"],
    ["2031-11-01", "ended", "ended", "security-ended"],
  ])("on %s: OS %s, security %s, verdict %s", (now, os, security, code) => {
    const d = deviceDocument(alpha, { ...site, now });
    expect(d.support.os[0]!.status).toBe(os);
    expect(d.support.security[0]!.status).toBe(security);
    expect([d.verdict.osStatus, d.verdict.securityStatus, d.verdict.code]).toEqual([os, security, code]);
  });

  it.each([
    ["2026-11-22", "2026-11-01"], // the newest revision
    ["2030-11-05", "2030-11-01"], // the verdict changed on 2030-11-01 (the OS end's month passed), after the newest revision
  ])("on %s it was updated %s, never the build day", (now, updated) => {
    expect(deviceDocument(alpha, { ...site, now }).updated).toBe(updated);
  });

  it("leaves osVersions out when no source gives them", () => {
    expect(doc).not.toHaveProperty("osVersions");
    expect(deviceDocument(fixtureRecord("kappa-phone"), site).osVersions).toEqual([expect.objectContaining({ os: "iOS", first: "11", last: "16" })]);
  });

  it("keeps former slugs, so a client can follow a renamed record", () => {
    expect(deviceDocument(fixtureRecord("epsilon-laptop"), site).formerSlugs).toEqual(["epsilon-book"]);
  });
});

describe("the evidence document", () => {
  const alpha = fixtureRecord("alpha-phone");
  const ev = evidenceDocument(alpha, site);

  it("one assertion per dated field, naming its place, claim, value, evidence level and sources", () => {
    expect(ev.assertions).toEqual([
      {
        subject: "support.security[0].end",
        claim: "Security updates end: 2031-10 (month) (all variants; until October 2031)",
        value: { value: "2031-10", precision: "month" },
        evidenceLevel: "manufacturer-dated",
        sourceIds: ["maker-policy"],
      },
      {
        subject: "support.os[0].end",
        claim: "OS updates end: 2030-10 (month) (all variants; until October 2030, from US availability)",
        value: { value: "2030-10", precision: "month" },
        evidenceLevel: "manufacturer-dated",
        sourceIds: ["maker-policy"],
      },
    ]);
  });

  it.each([
    ["beta-tablet", "at least until"],
    ["theta-watch", "announced up to (a ceiling, not a commitment)"],
    ["kappa-phone", "last update observed (not an announced end)"],
    ["kappa-phone", "ended (the source says so; end date not documented unless given above)"],
    ["lambda-tablet", "listed as continuing on 2026-08-22"],
  ])("%s: a claim reads %j, never as an end", (slug, words) => {
    const claims = evidenceDocument(fixtureRecord(slug), site).assertions.map((a) => a.claim);
    expect(claims.some((c) => c.includes(words))).toBe(true);
  });

  it("lists each variant's model codes with their model", () => {
    expect(ev.identifiers.map((i) => [i.model, i.kind, i.value])).toEqual([
      ["A1", "model-number", "SM-A525F"],
      ["A1", "hardware-identifier", "iPhone99,1"],
      ["A1", "codename", "alphaone"],
      ["A2", "model-number", "SM-A525B"],
    ]);
  });

  it.each([
    [
      { result: "no-match-on-date", matches: [] },
      "No match found in EU Safety Gate as of 2026-11-01 (searched for Example Maker Alpha Phone (codes SM-A525F)). This is not proof that no recall exists.",
    ],
    [
      {
        result: "match",
        matches: [
          {
            url: "https://ec.europa.eu/safety-gate-alerts/x",
            title: "Recall",
            number: "A12/00001/25",
            date: { value: "2025-03-04", precision: "day" },
            hazard: "the battery can overheat",
            remedy: "a free battery replacement",
          },
        ],
      },
      "Recall notice in EU Safety Gate (searched on 2026-11-01 for Example Maker Alpha Phone (codes SM-A525F)): A12/00001/25, 2025-03-04: the battery can overheat; remedy: a free battery replacement.",
    ],
    [
      { result: "match", matches: [{ url: "https://ec.europa.eu/safety-gate-alerts/y", title: "A notice with no number" }] },
      "Recall notice in EU Safety Gate (searched on 2026-11-01 for Example Maker Alpha Phone (codes SM-A525F)): A notice with no number.",
    ],
  ])("a recall review %j reads %j", (result, statement) => {
    const [review] = alpha.evidence.recallReview;
    const r = fixtureRecord("alpha-phone", { evidence: { ...alpha.evidence, recallReview: [{ ...review!, ...result }] } } as Partial<DeviceRecord>);
    const ev = evidenceDocument(r, site);
    expect(ev.recallReview[0]!.statement).toBe(statement);
    expect(ev.recallReviewSummary).toBe(statement);
    expect(statement).not.toMatch(/no recall(?! exists)/i);
  });

  it("says a record with no recall review had none performed, never nothing", () => {
    const r = fixtureRecord("alpha-phone", { evidence: { ...alpha.evidence, recallReview: [] } } as Partial<DeviceRecord>);
    expect(evidenceDocument(r, site).recallReviewSummary).toBe("Recall review: not performed.");
  });

  it("lists revisions newest first, and links the record, its page and itself", () => {
    expect(ev.revisions.map((r) => r.date)).toEqual(["2026-11-01", "2026-10-01"]);
    expect(ev.links).toEqual({
      self: "https://api.devices.example/api/v1/devices/alpha-phone/evidence",
      record: "https://api.devices.example/api/v1/devices/alpha-phone",
      page: "https://devices.example/devices/alpha-phone",
    });
    expect(ev.attribution.text).toContain("https://devices.example");
  });

  it("carries the sources and repairability as curated", () => {
    expect(ev.sources).toEqual(alpha.evidence.sources);
    expect(ev.repairability).toEqual(alpha.evidence.repairability);
  });
});

describe("the recently changed records", () => {
  const records = fixtureRecords().filter((r) => r.publication.state === "published");

  it("counts a verdict that began after the newest revision as a change, as the record's updated does", () => {
    // On this day gamma-phone's and lambda-tablet's verdicts began after their newest revisions (2026-11-01, 2026-10-15).
    const later = { ...site, now: "2028-01-01" };
    const recent = recentlyChanged(records, later, 3);
    expect(recent.map((d) => [d.slug, d.updated])).toEqual([
      ["lambda-tablet", "2027-08-23"],
      ["gamma-phone", "2027-07-01"],
      ["hostile-device", "2026-11-02"],
    ]);
  });

  it("orders by updated, newest first, then by slug, and keeps count of them", () => {
    const recent = recentlyChanged(records, site, records.length);
    expect(recent).toHaveLength(records.length);
    for (let i = 1; i < recent.length; i++) {
      const [a, b] = [recent[i - 1]!, recent[i]!];
      expect(a.updated > b.updated || (a.updated === b.updated && a.slug < b.slug)).toBe(true);
    }
    expect(recentlyChanged(records, site, 2)).toEqual(recent.slice(0, 2));
    expect(recent[0]).toEqual(deviceDocument(records.find((r) => r.slug === recent[0]!.slug)!, site));
  });
});

describe("latestUpdated", () => {
  it.each([
    [[], ""],
    [["2026-10-15"], "2026-10-15"],
    [["2026-10-15", "2026-11-02", "2026-11-01"], "2026-11-02"],
  ])("of %j is %j", (days, latest) => expect(latestUpdated(days.map((updated) => ({ updated })))).toBe(latest));
});
