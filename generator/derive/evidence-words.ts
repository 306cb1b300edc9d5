// The recall review and the EU energy label in words, as the device page,
// the evidence JSON, the CSV and the SQLite dump say them. Pure. The
// specification's duty shapes the recall wording: a dated non-match is said
// as exactly that, scoped to one registry and one day, never as "no recall";
// and a record with no review says "not performed", never nothing.
import type { DeviceRecord } from "../schema/record.ts";
import { describeDate } from "./dates.ts";

type Review = DeviceRecord["evidence"]["recallReview"][number];
type Repair = DeviceRecord["evidence"]["repairability"][number];

/** What a review searched for: "Samsung Galaxy Note7 (codes SM-N930F, SM-N930A)". */
const searchedFor = (rr: Review) => `${rr.searched.maker} ${rr.searched.model}${rr.searched.codes.length ? ` (codes ${rr.searched.codes.join(", ")})` : ""}`;

/** One notice in a few words: "CPSC 16-266, 2016-09-15: battery can overheat and catch fire; remedy: refund or replacement". */
export function noticeWords(n: Review["matches"][number]): string {
  const head = [n.number, n.date ? describeDate(n.date) : undefined].filter(Boolean).join(", ") || n.title;
  return `${head}${n.hazard ? `: ${n.hazard}` : ""}${n.remedy ? `; remedy: ${n.remedy}` : ""}`;
}

/** A review's result in words: its notices, or a dated non-match that says it proves nothing more. */
export function recallStatement(rr: Review): string {
  return rr.result === "match"
    ? `Recall notice in ${rr.registry} (searched on ${rr.searchedOn} for ${searchedFor(rr)}): ${rr.matches.map(noticeWords).join(" | ")}.`
    : `No match found in ${rr.registry} as of ${rr.searchedOn} (searched for ${searchedFor(rr)}). This is not proof that no recall exists.`;
}

/** The record's recall review in one line: its statements, or that none was performed. */
export const recallSummary = (r: Pick<DeviceRecord, "evidence">): string =>
  r.evidence.recallReview.length ? r.evidence.recallReview.map(recallStatement).join(" ") : RECALL_NOT_PERFORMED;

export const RECALL_NOT_PERFORMED = "Recall review: not performed.";

/** The record's EU energy label entries. */
export const euLabels = (r: Pick<DeviceRecord, "evidence">): (Repair & { euLabel: NonNullable<Repair["euLabel"]> })[] =>
  r.evidence.repairability.filter((x): x is Repair & { euLabel: NonNullable<Repair["euLabel"]> } => x.euLabel !== undefined);

/** The supplier's declared minimum years of software updates, as what it is: a minimum with no known start, so no date. */
export const softwareYearsWords = (years: number) =>
  `The supplier declares at least ${years} year${years === 1 ? "" : "s"} of software updates, counted from the end of placement on the EU market, a day not known here; it gives no end date.`;
