// The sanity report on hand-made readings: what agrees is counted, what
// contradicts is listed, explained when a reason holds, unexplained first.
import { describe, expect, it } from "vitest";
import { fixtureReading, fixtureRecord } from "../test/helpers/endoflife.ts";
import type { DeviceRecord } from "../generator/schema/record.ts";
import { proposalOf } from "./endoflife-proposals.ts";
import { sanityMarkdown, verdictSanity } from "./verdict-sanity.ts";

const CONTEXT = { commit: "1111111111111111111111111111111111111111", commitDate: "2026-08-22", checked: "2026-11-24", state: "published" as const };
const proposed = (file: string, cycle: string) => {
  const reading = fixtureReading(file, cycle);
  return { reading, record: proposalOf(reading, CONTEXT) };
};
const withSecurity = (r: DeviceRecord, security: Partial<DeviceRecord["support"]["security"][number]>): DeviceRecord => ({
  ...r,
  support: { ...r.support, security: [{ ...r.support.security[0]!, ...security }] },
});

describe("verdict sanity", () => {
  it("counts the importer's own proposals as agreeing: ended reads as ended, continuing as continuing", () => {
    const report = verdictSanity({
      readings: [proposed("samsung-mobile.md", "gear-s2"), proposed("samsung-mobile.md", "galaxy-x1"), proposed("ipad.md", "7"), proposed("ipad.md", "2")],
      ...CONTEXT,
    });
    expect(report.totals).toMatchObject({ records: 4, agree: 4, explained: 0, unexplained: 0 });
  });

  it("explains a passed guarantee horizon: past its last commitment, not ended", () => {
    const report = verdictSanity({ readings: [proposed("nokia.md", "g22")], ...CONTEXT });
    expect(report.contradictions).toEqual([
      expect.objectContaining({
        slug: "nokia-g22",
        source: "ended",
        verdict: "commitment-passed",
        explanation: expect.stringMatching(/^the source's date is a minimum/),
      }),
    ]);
  });

  it("lists a record that reads as continuing where its source says ended, unexplained and first", () => {
    const gear = proposed("samsung-mobile.md", "gear-s2");
    const wrong = withSecurity(gear.record, { ended: undefined, supportedOn: "2026-08-22" });
    const report = verdictSanity({ readings: [proposed("nokia.md", "g22"), { ...gear, record: wrong }], ...CONTEXT });
    expect(report.totals).toMatchObject({ explained: 1, unexplained: 1 });
    expect(report.contradictions[0]).toMatchObject({ slug: "samsung-gear-s2", source: "ended", ours: "supported" });
    expect(report.contradictions[0]!.explanation).toBeUndefined();
    expect(sanityMarkdown(report)).toMatch(/## Unexplained contradictions\n\n\| Record .*\n.*\n\| `samsung-gear-s2` \| samsung-mobile.md#gear-s2/);
  });

  it("takes a curator's revision naming the source file as the explanation", () => {
    const ipad = fixtureReading("ipad.md", "10");
    const curated = fixtureRecord("apple-ipad-10th-generation");
    const ended = withSecurity(curated, { end: { value: "2026-01", precision: "month" } });
    ended.evidence.revisions.push({ date: "2026-11-24", change: "Security end from ipad.md kept", reason: "Apple's own notice" });
    const report = verdictSanity({ readings: [{ reading: ipad, record: ended }], ...CONTEXT });
    expect(report.contradictions[0]!.explanation).toMatch(/^curated record: 2026-11-24: Security end from ipad.md kept/);
  });

  it("leaves drafts out", () => {
    const draft = proposalOf(fixtureReading("nokia.md", "g22"), { ...CONTEXT, state: "draft" });
    expect(verdictSanity({ readings: [{ reading: fixtureReading("nokia.md", "g22"), record: draft }], ...CONTEXT }).totals.records).toBe(0);
  });
});
