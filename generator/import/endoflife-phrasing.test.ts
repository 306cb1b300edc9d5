// The one phrasing table (docs/import.md, "Same words, same kind"): each
// phrasing reads as the kind of fact the docs give it ("at least" and a
// guarantee horizon a minimum, "up to" and "aim" a ceiling, an estimate no
// date at all), whole words only, the first of the table's order winning;
// and a value whose own comment uses a phrasing's words takes that phrasing
// where its file's rule reads a plain end.
import { describe, expect, it } from "vitest";
import { phrasing, phrasingIn, PHRASINGS, type PhrasingId } from "./endoflife-phrasing.ts";
import { proposalOf } from "./endoflife-proposals.ts";
import { readRelease } from "./endoflife-readings.ts";
import { readProductFile } from "./endoflife-releases.ts";

describe("each phrasing reads as the kind the docs give it", () => {
  const cases: [PhrasingId, string, boolean][] = [
    ["guarantee-horizon", "minimum", true],
    ["at-least", "minimum", true],
    ["up-to", "ceiling", true],
    ["estimate", "estimate", true],
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
    expect(PHRASINGS.map((p) => p.id)).toEqual(["guarantee-horizon", "at-least", "up-to", "estimate", "launch-arithmetic", "newest-build", "listed-end"]);
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
  ];
  it.each(cases)("eol: $eol → $status $kind $date", ({ eol, status, kind, date, precision, phrase }) => {
    const s = readingOf(eol).security!;
    expect({ status: s.status, kind: s.kind, date: s.date?.value, phrase: s.phrase }).toEqual({ status, kind, date, phrase });
    if (precision) expect(s.date?.precision).toBe(precision);
  });

  it.each([
    ["2027-06-14 # expected", "supported", { supportedOn: "2026-08-22" }],
    ["2025-06-14 # expected", "ended", { ended: true }],
  ] as const)("an estimate (%s) records no date, only the status it implies on the commit day: %s", (eol, implies, status) => {
    const reading = readingOf(eol);
    expect(reading.security).toMatchObject({ status: "estimate", implies, pages: [] });
    const commitment = proposalOf(reading, { commit: CONTEXT.commit, commitDate: CONTEXT.commitDate, checked: CONTEXT.checked, state: "draft" }).support
      .security[0]!;
    expect(commitment).toMatchObject({ end: { precision: "unknown" }, ...status });
    expect(commitment.end).not.toHaveProperty("value");
    for (const dated of ["minimum", "ceiling", "lastUpdate"]) expect(commitment).not.toHaveProperty(dated);
  });
});
