// Feed entries from documented ends, and the cut into monthly archives
// (RFC 5005 §4), on hand-picked days around each boundary.
import { describe, expect, it } from "vitest";
import { archivedFrom, boundCurrent, changeEntries, endTransitions, feedPages, type ChangeEntry } from "./changes.ts";
import { catalogOf } from "./catalog.ts";
import { SOON_DAYS } from "../contract/verdicts.ts";
import { addDays } from "./dates.ts";
import type { Commitment, DeviceRecord, PartialDate } from "../schema/record.ts";

const SITE = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example", now: "2026-11-22" };
const c = (id: string, fields: Partial<Commitment>): Commitment =>
  ({ id, scope: {}, meaning: "test", evidenceLevel: "manufacturer-dated", sourceIds: ["s"], ...fields }) as Commitment;
const month = (value: string): PartialDate => ({ value, precision: "month" });
const rec = (slug: string, security: Commitment[], revisions = [{ date: "2026-09-06", change: "Record created", reason: "r" }]) =>
  ({
    slug,
    name: slug,
    manufacturer: "M",
    publication: { state: "published" },
    formerSlugs: [],
    caveats: [],
    support: { os: [], security },
    evidence: { sources: [], revisions },
  }) as unknown as DeviceRecord;

describe("endTransitions: the verdict's own days, for documented ends only", () => {
  it.each([
    ["a day", { end: { value: "2027-03-15", precision: "day" } }, [addDays("2027-03-15", -SOON_DAYS), "2027-03-16"]],
    ["a month", { end: month("2027-10") }, [addDays("2027-10-01", -SOON_DAYS), "2027-11-01"]],
    ["a quarter", { end: { value: "2027-Q2", precision: "quarter" } }, [addDays("2027-04-01", -SOON_DAYS), "2027-07-01"]],
    ["a year", { end: { value: "2027", precision: "year" } }, [addDays("2027-01-01", -SOON_DAYS), "2028-01-01"]],
  ] as const)("%s end is ending soon SOON_DAYS before its first day and ended the day after its last", (_, fields, [soon, ended]) => {
    expect(endTransitions(c("x", fields as Partial<Commitment>))).toEqual([
      { event: "ending-soon", date: soon },
      { event: "ended", date: ended },
    ]);
  });

  it.each([
    ["a minimum", { minimum: month("2027-10") }],
    ["a ceiling", { ceiling: month("2027-10") }],
    ["a last update observed", { ended: true, lastUpdate: month("2024-05") }],
    ["a listing as continuing", { supportedOn: "2026-08-22" }],
    ["an unknown end", { end: { precision: "unknown" } }],
  ] as const)("%s makes none", (_, fields) => expect(endTransitions(c("x", fields as Partial<Commitment>))).toEqual([]));
});

describe("changeEntries: the days an end starts ending soon and has ended", () => {
  const r = rec("p", [c("sec", { end: month("2027-10") })]);
  const ids = (now: string) => changeEntries(catalogOf([r]), { ...SITE, now }).map((e) => e.id);
  const soon = addDays("2027-10-01", -SOON_DAYS);

  it.each([
    ["before either day", addDays(soon, -1), []],
    ["on the ending-soon day", soon, [`p/sec/security/ending-soon/${soon}`]],
    ["in the end's month", "2027-10-31", [`p/sec/security/ending-soon/${soon}`]],
    ["the day after the end", "2027-11-01", ["p/sec/security/ended/2027-11-01", `p/sec/security/ending-soon/${soon}`]],
    ["years later", "2031-01-01", ["p/sec/security/ended/2027-11-01", `p/sec/security/ending-soon/${soon}`]],
  ])("%s (%s)", (_, now, expected) => {
    const tags = ids(now).map((id) => id.replace("tag:devices.example,2026-09-06:", ""));
    expect(tags).toEqual([...expected, "p/2026-09-06/0"]);
  });

  it("announces nothing from before the record entered the catalog (its first revision)", () => {
    const late = rec("q", [c("sec", { end: month("2026-10") })], [{ date: "2026-11-20", change: "Record created", reason: "r" }]);
    expect(changeEntries(catalogOf([late]), SITE).map((e) => e.id)).toEqual(["tag:devices.example,2026-09-06:q/2026-11-20/0"]);
  });

  it("says which updates, the end with its precision and the scope", () => {
    const scoped = rec("s", [c("eu", { end: month("2027-04"), scope: { regions: ["DE"] } })]);
    const [soonEntry] = changeEntries(catalogOf([scoped]), SITE);
    expect(soonEntry).toMatchObject({
      change: `s (regions DE): security updates end soon (documented end 2027-04 (month), within ${SOON_DAYS} days)`,
      link: "https://devices.example/devices/s",
    });
  });

  it("orders newest first, one day's entries by id whatever the records' order", () => {
    const day = [{ date: "2026-10-01", change: "c", reason: "r" }];
    const a = changeEntries(catalogOf([rec("b", [], day), rec("a", [], day)]), SITE).map((e) => e.id);
    const b = changeEntries(catalogOf([rec("a", [], day), rec("b", [], day)]), SITE).map((e) => e.id);
    expect(a).toEqual(b);
    expect(a).toEqual(["tag:devices.example,2026-09-06:a/2026-10-01/0", "tag:devices.example,2026-09-06:b/2026-10-01/0"]);
  });
});

describe("feedPages: monthly archives cut FEED_ARCHIVE.graceDays after the month", () => {
  const entry = (date: string, n = 0): ChangeEntry => ({
    id: `x/${date}/${n}`,
    date,
    slug: "x",
    name: "X",
    change: "c",
    reason: "r",
    link: "l",
    evidence: null,
  });
  const entries = [entry("2026-11-02"), entry("2026-10-31"), entry("2026-10-01"), entry("2026-08-15", 1), entry("2026-08-15")];

  it("archives a month from archivedFrom(month) on", () => {
    expect(archivedFrom("2026-10")).toBe("2026-11-15");
    expect(archivedFrom("2026-02")).toBe("2026-03-15");
  });

  it.each([
    ["2026-11-14", ["2026-08"], ["2026-11-02", "2026-10-31", "2026-10-01"]],
    ["2026-11-15", ["2026-08", "2026-10"], ["2026-11-02"]],
    ["2027-01-01", ["2026-08", "2026-10", "2026-11"], []],
  ])("on %s: archives %j, the subscription document the rest", (now, months, current) => {
    const pages = feedPages(entries, now);
    expect(pages.archives.map((a) => a.month)).toEqual(months);
    expect(pages.current.map((e) => e.date)).toEqual(current);
    // Every entry once, in its month, newest first within it.
    expect([...pages.current, ...pages.archives.toReversed().flatMap((a) => a.entries)]).toEqual(entries);
  });

  it("never changes an archive when an entry of a later month arrives", () => {
    const before = feedPages(entries, "2026-11-20").archives;
    const after = feedPages([entry("2026-11-20"), ...entries], "2026-11-20").archives;
    expect(after).toEqual(before);
  });
  describe("boundCurrent: the subscription document within a byte budget", () => {
    // On 2026-11-14 October is not archived yet: three entries of two open months.
    const { current } = feedPages(entries, "2026-11-14");
    const ten = () => 10;

    it.each([
      [30, ["2026-11-02", "2026-10-31", "2026-10-01"], []],
      [29, ["2026-11-02", "2026-10-31"], [["2026-10", ["2026-10-01"]]]],
      [10, ["2026-11-02"], [["2026-10", ["2026-10-31", "2026-10-01"]]]],
      [
        9,
        [],
        [
          ["2026-10", ["2026-10-31", "2026-10-01"]],
          ["2026-11", ["2026-11-02"]],
        ],
      ],
    ])("%d bytes: keeps %j, the rest in their months' documents, oldest month first", (max, kept, early) => {
      const bounded = boundCurrent(current, ten, max);
      expect(bounded.current.map((e) => e.date)).toEqual(kept);
      expect(bounded.early.map((m) => [m.month, m.entries.map((e) => e.date)])).toEqual(early);
      // The prev-archive walk (subscription, then the months newest first) still meets every entry once, newest first.
      expect([...bounded.current, ...bounded.early.toReversed().flatMap((m) => m.entries)]).toEqual(current);
    });
  });
});
