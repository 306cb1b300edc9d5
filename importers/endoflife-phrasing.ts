// One table from a source's phrasing to the kind of fact it states, applied
// to every endoflife.date file: the same words mean the same kind wherever
// they appear. A rule of the per-file table (endoflife-mapping.ts) names a
// phrasing when its dates are worded so on the page they come from (Google's
// and Nokia's "no guaranteed updates after" tables alike); a value whose own
// comment uses a phrasing's words takes that phrasing even where its file's
// rule says otherwise. docs/import.md prints this table. Pure.

/**
 * What a dated value becomes. `end`, `minimum`, `ceiling` and `lastUpdate`
 * are the record's four kinds of dated statement and are never turned into
 * one another; `estimate` is a reckoning (launch plus N years, "expected",
 * "approximation"): the record gets no date from it, only the status the
 * source gives (ended once the estimate has passed, continuing before), and
 * the meaning says what was estimated.
 */
export type Reading = "end" | "minimum" | "ceiling" | "lastUpdate" | "estimate";

export interface Phrasing {
  id: string;
  /** The words that mark it in a value's comment or a page's column heading; absent for a phrasing known by the shape of the value alone. */
  words?: RegExp;
  reading: Reading;
  /** What it means, for docs/import.md. */
  reads: string;
  /**
   * The meaning a date takes when its own comment uses these words where its
   * file's rule reads a plain end: the comment's kind, never the rule's
   * wording for a dated end. Placeholders as in a rule's meaning.
   */
  fromComment?: string;
}

/** A period in years a manufacturer promises: "5 years", "five years", "6-year". */
export const PERIOD_WORDS = /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)[ -]years?\b/i;

export const PHRASINGS = [
  {
    id: "guarantee-horizon",
    words: /\bno guaranteed\b[^|]*\bafter\b|\bguaranteed (?:until|through)\b/i,
    reading: "minimum",
    reads:
      'A guarantee horizon ("no guaranteed updates after", "guaranteed until"): updates are promised at least until then and may go on; a minimum, never an end.',
    fromComment: "{Subject} guaranteed at least until {date}, as endoflife.date's note on the date puts it",
  },
  {
    id: "at-least",
    words: /\bat least\b|\bminimum\b/i,
    reading: "minimum",
    reads: '"At least", "a minimum of": a minimum commitment.',
    fromComment: "{Subject} at least until {date}, as endoflife.date's note on the date puts it",
  },
  {
    id: "up-to",
    words: /\bup to\b(?! and including)|\baim(?:s|ed|ing)?\b/i,
    reading: "ceiling",
    reads: '"Up to", "we aim to": the most that was announced; a ceiling, neither an end nor a commitment.',
    fromComment: "{Subject} up to {date}, as endoflife.date's note on the date puts it: a ceiling, not a commitment",
  },
  {
    id: "estimate",
    words: /\bestimat|\bexpected\b|\bapproximat/i,
    reading: "estimate",
    reads:
      '"Estimated", "expected", "approximation": the file\'s own reckoning. No date is recorded and never an end: an estimate still ahead is recorded as continuing on the snapshot\'s day only when it lies beyond the year that listing stays current (so the listing never outlives the estimate); otherwise, and once it has passed, the status is not documented.',
    fromComment: "{Status}: endoflife.date's note calls its date for the end of {subject} (in {year}) an estimate or an approximation, so no date is recorded",
  },
  {
    id: "period-promise",
    words: PERIOD_WORDS,
    reading: "minimum",
    reads:
      'A manufacturer\'s promise of a period ("five years of security updates", "6 years of OS upgrades"): a minimum commitment the manufacturer made, even where the date is launch plus N years worked out by endoflife.date. Kept as a minimum at the precision the launch date and the file support (never more precise than the launch), citing the promise\'s page where the file links it; evidence level manufacturer-policy. Words in a comment beside a past date the file\'s rule reads as the day support ended do not turn it back into a promise.',
    fromComment:
      "{Subject} at least until {date}: {Brand} promised {years} years of {subject} from launch, which endoflife.date counts to that date (a minimum commitment, not an end)",
  },
  {
    id: "launch-arithmetic",
    reading: "estimate",
    reads:
      'A day that falls on the launch day some whole years later, with no period promised in words: a count of versions ("four generations of OS upgrades", "2 Android updates") that endoflife.date turned into years. No date is recorded; the meaning gives the count and the year it reaches. Ahead, it is recorded as continuing only where that listing lapses before the year; once passed, the promised count has by that reckoning been delivered: ended, date not documented. Where the comment words a period and the day is still ahead, it is the manufacturer\'s period promise instead (period-promise); a bare day, in any column, is the file\'s own arithmetic ("most … dates are approximate to the year"), never a promise.',
  },
  {
    id: "newest-build",
    reading: "lastUpdate",
    reads:
      "A past day taken from the newest build or release listed for the model: the last update observed, not an announced end. Recorded as lastUpdate with ended.",
  },
  {
    id: "listed-end",
    reading: "end",
    reads: "A date the manufacturer's table or page gives as the end, with no qualifying words: a documented end.",
  },
] as const satisfies readonly Phrasing[];

export type PhrasingId = (typeof PHRASINGS)[number]["id"];

export const phrasing = (id: PhrasingId): Phrasing => PHRASINGS.find((p) => p.id === id)!;

/** The first phrasing whose words a text uses, in the table's order (a guarantee horizon before "at least", both before "estimated", all before a period promised). */
export function phrasingIn(text: string): Phrasing | undefined {
  return PHRASINGS.find((p: Phrasing) => p.words?.test(text));
}

/** The undated statuses a file can give, and what the importer records for them. */
export const STATUS_PHRASINGS = [
  { value: "eol: true / eoas: true", records: "ended, date not documented (ended: true, no date)" },
  { value: "eol: false / eoas: false", records: "continuing on the snapshot's day (supportedOn: the snapshot's commit date)" },
] as const;
