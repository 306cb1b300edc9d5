// Per-record memoization (memo.ts): a watch-mode rebuild recomputes only what
// belongs to edited records, and never serves a value computed for another
// day or origin.
import { describe, expect, it } from "vitest";
import { fixtureRecord, TEST_SITE } from "../../test/helpers/records.ts";
import type { DeviceRecord } from "../schema/record.ts";
import { outputMemo, perRecord } from "./memo.ts";
import type { Site } from "./site.ts";

function counted() {
  const calls: string[] = [];
  const f = perRecord((r: DeviceRecord, site: Site) => {
    calls.push(`${r.slug}@${site.now}`);
    return `${r.name} on ${site.now} at ${site.siteUrl}`;
  });
  return { f, calls };
}

describe("perRecord", () => {
  const record = fixtureRecord("alpha-phone");
  it.each([
    ["the same site object", TEST_SITE, 1],
    ["an equal site built afresh", { ...TEST_SITE }, 1],
    ["another day", { ...TEST_SITE, now: "2026-11-23" }, 2],
    ["another site origin", { ...TEST_SITE, siteUrl: "https://preview.example" }, 2],
    ["another API origin", { ...TEST_SITE, baseUrl: "https://other.example" }, 2],
  ] as [string, Site, number][])("a second call with %s computes %d time(s) in all", (_, second, count) => {
    const { f, calls } = counted();
    f(record, TEST_SITE);
    const value = f(record, second);
    expect(calls).toHaveLength(count);
    expect(value).toBe(`Alpha Phone on ${second.now} at ${second.siteUrl}`);
  });

  it("recomputes for a new record object (an edited file), even with the same content", () => {
    const { f, calls } = counted();
    f(record, TEST_SITE);
    f(fixtureRecord("alpha-phone"), TEST_SITE);
    expect(calls).toEqual(["alpha-phone@2026-11-22", "alpha-phone@2026-11-22"]);
  });

  it("keeps each record's value apart", () => {
    const { f } = counted();
    const gamma = fixtureRecord("gamma-phone");
    expect([f(record, TEST_SITE), f(gamma, TEST_SITE), f(record, TEST_SITE)]).toEqual([
      "Alpha Phone on 2026-11-22 at https://devices.example",
      "Gamma Phone on 2026-11-22 at https://devices.example",
      "Alpha Phone on 2026-11-22 at https://devices.example",
    ]);
  });

  it("after another day, the first day's value is computed again (one value kept per record)", () => {
    const { f, calls } = counted();
    f(record, TEST_SITE);
    f(record, { ...TEST_SITE, now: "2026-11-23" });
    f(record, TEST_SITE);
    expect(calls).toHaveLength(3);
  });
});

describe("outputMemo", () => {
  const record = fixtureRecord("alpha-phone");
  /** How many computations two runs of an output make, each asking twice for the same record. */
  function twoRuns(first: boolean, second: boolean): number {
    let calls = 0;
    const memoOf = outputMemo((r: DeviceRecord) => {
      calls += 1;
      return r.slug;
    });
    for (const watching of [first, second]) {
      const f = memoOf(watching);
      f(record, TEST_SITE);
      f(record, TEST_SITE);
    }
    return calls;
  }
  it.each([
    ["two runs of a watch session share one memo", true, true, 1],
    ["two single builds each take their own", false, false, 2],
    ["a single build does not fill the watch session's memo", false, true, 2],
  ])("%s", (_, first, second, count) => {
    expect(twoRuns(first, second)).toBe(count);
  });
});
