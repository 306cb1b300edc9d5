// The verdict and commitment-status codes and the day counts they turn on:
// the public vocabulary every layer shares (the schema of the responses, the
// derivation, the pages, the OpenAPI document).
/** A documented end this close (in days) is "ending soon". */
export const SOON_DAYS = 180;

/**
 * A source not read for more than this many days may be out of date: the
 * build warns about the facts resting on it and the device page marks it.
 * The weekly refresh (.github/workflows/source-refresh.yml) re-reads every
 * pinned source well within it.
 */
export const STALE_SOURCE_DAYS = SOON_DAYS;

/** How long (in days) a source's listing of support as continuing is read as "receiving updates"; after that it has lapsed. */
export const CONFIRMATION_DAYS = 365;

export const COMMITMENT_STATUSES = [
  "ended",
  "ended-observed",
  "ended-undated",
  "ending-soon",
  "continuing",
  "minimum-commitment",
  "minimum-passed",
  "announced-ceiling",
  "ceiling-passed",
  "listed-continuing",
  "confirmation-passed",
  "unknown",
] as const;
export type CommitmentStatus = (typeof COMMITMENT_STATUSES)[number];

export const VERDICT_CODES = [
  "security-ended",
  "security-ending-soon",
  "security-only",
  "receiving-updates",
  "minimum-commitment",
  "announced-ceiling",
  "commitment-passed",
  "varies",
  "unknown",
] as const;
export type VerdictCode = (typeof VERDICT_CODES)[number];

/**
 * Components that are the operating system itself: when a record dates parts
 * of its software separately (Microsoft dates a Surface's firmware and drivers
 * apart from Windows), the verdict follows these, since they carry the
 * device's security updates.
 */
export const OS_COMPONENTS: readonly string[] = ["Windows"];
