// The OS-release vocabulary every layer shares: which operating systems have
// release records (/api/v1/os, docs/os.md), the edition families Windows is
// serviced by, and what the fleet check says about the OS a device runs. The
// build derives the facts (derive/os-releases.ts); the fleet page, the CLI
// and the report only word them. No imports: it runs in the browser too.

/** The operating systems with release records, as their path segment (/api/v1/os/<os>/<release>). */
export const OS_RELEASE_OSES = ["ios", "ipados", "macos", "watchos", "android", "windows"] as const;
export type OsReleaseOs = (typeof OS_RELEASE_OSES)[number];

/**
 * Windows releases are serviced for different lengths by edition family:
 * Home and Pro; Enterprise and Education; the LTSC channel (Enterprise
 * LTSC), and IoT Enterprise LTSC, whose LTSC releases are serviced years
 * longer. Other OSes, and a Windows release serviced alike for every
 * edition (Windows 10 22H2), have one family, "all".
 */
export const EDITION_FAMILIES = ["all", "home-pro", "enterprise-education", "ltsc", "iot-ltsc"] as const;
export type EditionFamily = (typeof EDITION_FAMILIES)[number];

/**
 * Whether the release a device runs still gets security updates, as of the
 * build: patched (with or without a documented end), ending soon, ended, or
 * not known (the release or the OS is not in the records).
 */
export const OS_STATUSES = ["patched", "ending-soon", "ended", "unknown"] as const;
export type OsStatus = (typeof OS_STATUSES)[number];

/** What the fleet check says about one row's OS (derive/os-releases.ts judgeOs). */
export interface OsJudgement {
  status: OsStatus;
  /** The release record's path segment pair ("windows/11-23h2-e"), or null when no release was recognised. */
  release: string | null;
  /** The release in words: "Windows 11 23H2 (Enterprise, Education)", "iOS 18". */
  label: string;
  /** Plain words first: "Gets security updates until 2027-10-12", "No security updates since 2025-10-14". */
  headline: string;
  /** The documented end of security updates (YYYY, YYYY-MM or YYYY-MM-DD, as precise as the source), or null. */
  securityEnd: string | null;
  /** The newest build of the same release and its day, when the row's version is older ("18.7", "2025-09-15"). */
  newerBuild: { version: string; date: string } | null;
  /** Android: whole months between the row's security patch level and the newest patch level the build knows; null elsewhere. */
  patchMonthsBehind: number | null;
  /** Paid Extended Security Updates, a fact of its own (never counted as support): their end, or null. */
  esuEnd: string | null;
  /** The release record's API path, or null. */
  url: string | null;
}
