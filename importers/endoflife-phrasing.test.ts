// The one phrasing table (docs/import.md, "Same words, same kind"): each
// phrasing reads as the kind of fact the docs give it ("at least" and a
// guarantee horizon a minimum, "up to" and "aim" a ceiling, an estimate no
// date at all), whole words only, the first of the table's order winning;
// and a value whose own comment uses a phrasing's words takes that phrasing
// where its file's rule reads a plain end.
import { describe, expect, it } from "vitest";
import { phrasing, phrasingIn, PHRASINGS, type PhrasingId } from "./endoflife-phrasing.ts";
import { proposalOf } from "./endoflife-proposals.ts";
import type { Commitment } from "../generator/schema/record.ts";
import { readRelease } from "./endoflife-readings.ts";
import { readProductFile } from "./endoflife-releases.ts";

describe("each phrasing reads as the kind the docs give it", () => {
  const cases: [PhrasingId, string, boolean][] = [
    ["guarantee-horizon", "minimum", true],
    ["at-least", "minimum", true],
    ["up-to", "ceiling", true],
    ["estimate", "estimate", true],
    ["period-promise", "minimum", true],
    // Known by the value's shape, not by words.
    ["launch-arithmetic", "estimate", false],
    ["newest-build", "lastUpdate", false],
    ["listed-end", "end", false],
  ];
  it.each(cases)("%s → %s (has words: %s)", (id, reading, hasWords) => {
    expect(phrasing(id).reading).toBe(reading);
    expect(phrasing(id).words !== undefined).toBe(hasWords);
  });

  it("lists the phrasings in the order the words are tried", () => {
    expect(PHRASINGS.map((p) => p.id)).toEqual([
      "guarantee-horizon",
      "at-least",
      "up-to",
      "estimate",
      "period-promise",
      "launch-arithmetic",
      "newest-build",
      "listed-end",
    ]);
  });
});

describe("the words a comment uses", () => {
  const cases: { text: string; phrase: PhrasingId | undefined }[] = [
    // Nokia's and Google's tables: a guarantee horizon, a minimum.
    { text: "No guaranteed security updates after 2025-02", phrase: "guarantee-horizon" },
    { text: "Updates guaranteed until October 2027", phrase: "guarantee-horizon" },
    { text: "guaranteed through 2030", phrase: "guarantee-horizon" },
    // A horizon's words stand in one comment: the comments above and beside a value are joined by " | ".
    { text: "no guaranteed date | published after launch", phrase: undefined },
    { text: "at least 5 years of updates", phrase: "at-least" },
    { text: "a minimum of four years", phrase: "at-least" },
    { text: "UP TO five years", phrase: "up-to" },
    { text: "Fairphone aims at 2033", phrase: "up-to" },
    { text: "we aim to deliver seven years", phrase: "up-to" },
    { text: "aiming for 2031", phrase: "up-to" },
    // "Up to and including Android 14" names a last version, not a ceiling.
    { text: "up to and including Android 14", phrase: undefined },
    { text: "estimated by endoflife.date", phrase: "estimate" },
    { text: "support expected", phrase: "estimate" },
    { text: "Approximate to the month and year.", phrase: "estimate" },
    // Whole words only.
    { text: "underestimated", phrase: undefined },
    { text: "maximum 3 upgrades", phrase: undefined },
    { text: "paid support", phrase: undefined },
    // The table's order decides when a comment uses several phrasings' words.
    { text: "guaranteed until at least 2027", phrase: "guarantee-horizon" },
    { text: "at least until 2027, estimated", phrase: "at-least" },
    { text: "up to 5 years, expected", phrase: "up-to" },
    { text: "UP1A.231105.001", phrase: undefined },
    { text: "", phrase: undefined },
  ];
  it.each(cases)("$text → $phrase", ({ text, phrase }) => {
    expect(phrasingIn(text)?.id).toBe(phrase);
  });
});

describe("a value's own words decide where its file's rule reads a plain end", () => {
  // sony-xperia.md reads every date as a listed end: the month for the 1st of a month, the day otherwise.
  const sony = (eol: string) =>
    [
      "---",
      "title: Sony Xperia",
      "releasePolicyLink: https://www.sony.co.uk/electronics/support/articles/SX243901",
      "releases:",
      '  - releaseCycle: "x"',
      '    releaseLabel: "Xperia X"',
      "    releaseDate: 2023-06-14",
      `    eol: ${eol}`,
      "---",
    ].join("\n");
  const CONTEXT = { commit: "1111111111111111111111111111111111111111", commitDate: "2026-08-22", checked: "2026-11-24", osFiles: new Map() };
  const readingOf = (eol: string) => {
    const { product, problems } = readProductFile("products/sony-xperia.md", "sony-xperia.md", sony(eol));
    expect(problems).toEqual([]);
    return readRelease(product!, product!.releases[0]!, CONTEXT);
  };

  const cases: { eol: string; status: string; kind?: string; date: string; precision?: string; phrase: PhrasingId }[] = [
    { eol: "2027-06-14", status: "dated", kind: "end", date: "2027-06-14", precision: "day", phrase: "listed-end" },
    { eol: "2027-06-14 # at least until then", status: "dated", kind: "minimum", date: "2027-06-14", precision: "day", phrase: "at-least" },
    { eol: "2027-06-14 # guaranteed until then", status: "dated", kind: "minimum", date: "2027-06-14", precision: "day", phrase: "guarantee-horizon" },
    { eol: "2027-06-14 # up to four years", status: "dated", kind: "ceiling", date: "2027-06-14", precision: "day", phrase: "up-to" },
    // The rule's precision stands: the 1st of a month is the month, whatever the words.
    { eol: "2027-06-01 # a minimum of four years", status: "dated", kind: "minimum", date: "2027-06", precision: "month", phrase: "at-least" },
    { eol: "2027-06-01", status: "dated", kind: "end", date: "2027-06", precision: "month", phrase: "listed-end" },
    // An estimate keeps only its year, for the report; the statement has no kind.
    { eol: "2027-06-14 # estimated", status: "estimate", date: "2027", phrase: "estimate" },
    // A period promised in words, on a future date: a minimum (a past date the rule reads as an end stays that end).
    { eol: "2031-12-31 # 6 years of security updates", status: "dated", kind: "minimum", date: "2031-12-31", precision: "day", phrase: "period-promise" },
    { eol: "2025-12-31 # 6 years of security updates", status: "dated", kind: "end", date: "2025-12-31", precision: "day", phrase: "listed-end" },
    // An estimate's words win over a period's: "approximation" is endoflife.date's own reckoning.
    { eol: "2031-12-31 # approximation 6 years of security updates", status: "estimate", date: "2031", phrase: "estimate" },
  ];
  it.each(cases)("eol: $eol → $status $kind $date", ({ eol, status, kind, date, precision, phrase }) => {
    const s = readingOf(eol).security!;
    expect({ status: s.status, kind: s.kind, date: s.date?.value, phrase: s.phrase }).toEqual({ status, kind, date, phrase });
    if (precision) expect(s.date?.precision).toBe(precision);
  });

  it.each([
    // Ahead by more than the year a listing stays current: listed as continuing on the commit day.
    ["2028-06-14 # expected", "supported", { supportedOn: "2026-08-22" }, /^Continuing on 22 August 2026: /],
    // Ahead, but the listing would outlive it: no status, so it never reads as continuing after the estimate.
    ["2027-06-14 # expected", "supported", {}, /^Status not documented: /],
    // Passed: never an end.
    ["2025-06-14 # expected", "ended", {}, /^Status not documented: /],
  ] as const)(
    "an estimate (%s) records no date and never an end; the commit day's status (%s) only where a listing lapses first",
    (eol, implies, status, meaning) => {
      const reading = readingOf(eol);
      expect(reading.security).toMatchObject({ status: "estimate", implies, pages: [] });
      const commitment = proposalOf(reading, { commit: CONTEXT.commit, commitDate: CONTEXT.commitDate, checked: CONTEXT.checked, state: "draft" }).support
        .security[0]!;
      expect(commitment).toEqual({
        id: "security",
        scope: {},
        end: { precision: "unknown" },
        ...status,
        meaning: expect.stringMatching(meaning),
        evidenceLevel: "third-party",
        sourceIds: ["endoflife-sony-xperia"],
      });
    },
  );
});

describe("one reading for one phrasing: OnePlus 15 and 15R", () => {
  // oneplus.md: the 15's date is launch + 6 years to the day, the 15R's the month's last day; both comments say "6 years of security updates".
  const text = [
    "---",
    "title: OnePlus",
    "eoasColumn: Android Updates",
    "eolColumn: Security Updates",
    "releasePolicyLink: https://community.oneplus.com/thread/1462181",
    'releaseLabel: "OnePlus __RELEASE_CYCLE__"',
    "releases:",
    '  - releaseCycle: "15r"',
    '    releaseLabel: "15R"',
    "    releaseDate: 2025-12-22",
    "    eol: 2031-12-31 # 6 years of security updates",
    '  - releaseCycle: "15"',
    "    releaseDate: 2025-11-13",
    "    eol: 2031-11-13 # 6 years of security updates",
    "---",
  ].join("\n");
  const CONTEXT = { commit: "1111111111111111111111111111111111111111", commitDate: "2026-08-22", checked: "2026-11-24", state: "draft" as const };
  const { product, problems } = readProductFile("products/oneplus.md", "oneplus.md", text);
  it("reads the file", () => expect(problems).toEqual([]));
  const [r15r, r15] = product!.releases.map((r) => proposalOf(readRelease(product!, r, { ...CONTEXT, osFiles: new Map() }), CONTEXT).support.security[0]!) as [
    Commitment,
    Commitment,
  ];

  it("reads both as OnePlus's promise: a minimum, manufacturer-policy, citing OnePlus's policy, worded alike", () => {
    expect(r15).toMatchObject({
      minimum: { value: "2031-11-13", precision: "day" },
      evidenceLevel: "manufacturer-policy",
      sourceIds: ["endoflife-oneplus", "oneplus-policy"],
    });
    expect(r15r).toMatchObject({
      minimum: { value: "2031-12", precision: "month" },
      evidenceLevel: "manufacturer-policy",
      sourceIds: ["endoflife-oneplus", "oneplus-policy"],
    });
    const template = (m: string) => m.replace(/until .*?: /, "until DATE: ");
    expect(template(r15.meaning)).toBe(template(r15r.meaning));
    expect(r15.meaning).toBe(
      "Security updates at least until 13 November 2031: OnePlus promised 6 years of security updates from launch, which endoflife.date counts to that date (a minimum commitment, not an end)",
    );
    for (const c of [r15, r15r]) for (const other of ["end", "supportedOn", "ended"]) expect(c).not.toHaveProperty(other);
  });
});

describe("a launch anniversary is a promise only where the words promise it, and only ahead", () => {
  // samsung-mobile.md: "most … security update dates are approximate to the year"; a bare anniversary is its arithmetic.
  const samsung = (eol: string) =>
    [
      "---",
      "title: Samsung Mobile",
      "releasePolicyLink: https://security.samsungmobile.com/workScope.smsb",
      "eoasColumn: Android Upgrades",
      "eolColumn: Security Updates",
      "releases:",
      '  - releaseCycle: "galaxy-x1"',
      '    releaseLabel: "Galaxy X1"',
      "    releaseDate: 2023-01-12",
      `    eol: ${eol}`,
      "---",
    ].join("\n");
  const CONTEXT = { commit: "1111111111111111111111111111111111111111", commitDate: "2026-08-22", checked: "2026-11-24", state: "draft" as const };
  const securityOf = (eol: string) => {
    const { product, problems } = readProductFile("products/samsung-mobile.md", "samsung-mobile.md", samsung(eol));
    expect(problems).toEqual([]);
    return proposalOf(readRelease(product!, product!.releases[0]!, { ...CONTEXT, osFiles: new Map() }), CONTEXT).support.security[0]!;
  };

  it.each([
    // Worded and ahead: Samsung's promise, a minimum at the month.
    ["2029-01-12 # five years of security updates", { minimum: { value: "2029-01", precision: "month" }, evidenceLevel: "manufacturer-policy" }],
    // Bare and ahead: the file's arithmetic, listed as continuing on the snapshot's day.
    ["2029-01-12", { supportedOn: "2026-08-22", evidenceLevel: "third-party" }],
    // Bare and past: support ended, its day not documented, and nobody's promise.
    ["2025-01-12", { ended: true, evidenceLevel: "third-party" }],
    // Worded but past: the end the file records stands.
    ["2025-01-12 # two years of security updates", { ended: true, evidenceLevel: "third-party" }],
  ] as const)("eol: %s", (eol, expected) => {
    const c = securityOf(eol);
    expect(c).toMatchObject(expected);
    if (!("minimum" in expected)) expect(c.meaning).not.toMatch(/promised/);
  });
});
