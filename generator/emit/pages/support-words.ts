// A commitment in a reader's words, as the pages' filters (statusWords,
// endWords) and the manufacturer pages' tables put it.
import type { CommitmentStatus } from "../../contract/verdicts.ts";
import { readableDate } from "../../derive/dates.ts";
import { commitmentWords } from "../../derive/timeline.ts";
import { describeCoverage } from "../../derive/verdict.ts";
import type { Commitment } from "../../schema/record.ts";

/** A commitment's status in a reader's words. */
export const STATUS_WORDS: Record<CommitmentStatus, string> = {
  ended: "ended",
  "ended-observed": "ended; the date is the last update observed, not an announced end",
  "ended-undated": "ended; end date not documented",
  "ending-soon": "ending within six months",
  continuing: "continuing",
  "minimum-commitment": "within a minimum commitment",
  "minimum-passed": "minimum commitment passed; nothing later documented, so the current status is not documented",
  "announced-ceiling": "within an announced ceiling (not a commitment)",
  "ceiling-passed": "announced ceiling passed; nothing later documented, so the current status is not documented",
  "listed-continuing": "listed as continuing by its source within the last year; no documented end",
  "confirmation-passed": "last listed as continuing over a year ago; current status not documented",
  unknown: "unknown",
};

/** A commitment's end in words: the documented end, or that support ended on a day the source does not give. */
export function endWords(c: Commitment): string {
  if (!c.ended) return readableDate(c.end);
  return c.lastUpdate && c.lastUpdate.precision !== "unknown"
    ? "ended; no end date announced (the last update observed is below)"
    : "ended; date not documented";
}

/** A kind of support in a table cell: each commitment's dates in words, with its scope when it has one. */
export const supportWords = (cs: Commitment[]) =>
  cs.map((c) => (describeCoverage(c) === "all variants" ? commitmentWords(c) : `${describeCoverage(c)}: ${commitmentWords(c)}`));
