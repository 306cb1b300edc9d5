// The OS release records (data/os/<os>.json) as the API answers them
// (/api/v1/os, /api/v1/os/<os>/<release>; docs/os.md), the compact index
// the fleet page reads (/fleet-index/v1/os.json), and judgeOs: what one row
// of a fleet export says about the OS release a device runs. Pure and
// browser-safe: types only from the schema, so no zod reaches a page's
// bundle. A release's status is as of the build day, as a device's verdict
// is; the index holds the statuses, never the day.
import { EDITION_FAMILIES, type EditionFamily, type OsJudgement, type OsReleaseOs, type OsStatus } from "../contract/os-releases.ts";
import { API, pathOf } from "../contract/resources.ts";
import { SOON_DAYS, CONFIRMATION_DAYS } from "../contract/verdicts.ts";
import { compareVersions } from "../contract/versions.ts";
import type { OsRelease, OsReleaseFile } from "../schema/os-release.ts";
import { addDays, positionOf } from "./dates.ts";
import { attribution, type Site } from "./site.ts";

export const OS_INDEX_FORMAT = "os-release-index/1";
/** The OS index's file under PAGES.fleetIndex, beside the fleet index. */
export const OS_INDEX_FILE = "os.json";

/** The edition families in words, as labels and headlines say them. */
export const EDITION_WORDS: Record<EditionFamily, string> = {
  all: "every edition",
  "home-pro": "Home, Pro",
  "enterprise-education": "Enterprise, Education",
  ltsc: "Enterprise LTSC",
  "iot-ltsc": "IoT Enterprise LTSC",
};

/** One release in the OS index: what judgeOs needs, its status as of the build day. */
export interface OsIndexRelease {
  os: OsReleaseOs;
  id: string;
  label: string;
  /** The version a device reports for it, before any further part ("18", "12.1", "11"). */
  version: string;
  edition: EditionFamily;
  /** Windows: the build that names the release (10.0.22631). */
  build?: string;
  latest?: { version: string; date?: string };
  status: OsStatus;
  headline: string;
  securityEnd: string | null;
  esuEnd: string | null;
  /** True on a Long-Term Servicing release (chosen only when the row's edition says LTSC). */
  lts?: boolean;
}

export interface OsIndex {
  format: typeof OS_INDEX_FORMAT;
  /** Each OS with records, its name in words. */
  oses: { os: OsReleaseOs; name: string }[];
  /**
   * The newest Android security patch level the records know: the latest
   * of the days android.md gives as an Android version's last security
   * patch. Not the build day, and not the month a bulletin may since have
   * come out in: a row's patchMonthsBehind is counted against this day, so
   * it is "at least" that many months.
   */
  androidPatchReference: { date: string; release: string } | null;
  releases: OsIndexRelease[];
}

/** The status of a release's security updates as of `today`, in plain words first. */
export function releaseStatus(r: OsRelease, today: string): { status: OsStatus; headline: string; securityEnd: string | null } {
  const s = r.security;
  if (s.end) {
    const securityEnd = s.end.value ?? null;
    const pos = positionOf(today, s.end);
    if (pos === "after") return { status: "ended", headline: `No security updates since ${securityEnd}`, securityEnd };
    const soon = pos === "within" || positionOf(addDays(today, SOON_DAYS), s.end) !== "before";
    return { status: soon ? "ending-soon" : "patched", headline: `Gets security updates until ${securityEnd}`, securityEnd };
  }
  if (s.ended)
    return {
      status: "ended",
      headline: s.lastUpdate?.value ? `No security updates since ${s.lastUpdate.value}` : "No security updates; end date not documented",
      securityEnd: null,
    };
  // Listed as patched on the copy's day, no end announced: read as current for as long as a device's listing is (CONFIRMATION_DAYS).
  if (s.supportedOn && today <= addDays(s.supportedOn, CONFIRMATION_DAYS))
    return { status: "patched", headline: "Gets security updates; no end date announced", securityEnd: null };
  return { status: "unknown", headline: `Last listed as getting security updates on ${s.supportedOn}`, securityEnd: null };
}

const releasePath = (os: string, id: string) => pathOf(API.osRelease, { os, release: id });

/** The answer of /api/v1/os/<os>/<release>, its status as of the site's day. */
export function releaseDocument(file: OsReleaseFile, r: OsRelease, site: Site) {
  const { status, headline, securityEnd } = releaseStatus(r, site.now);
  return {
    os: file.os,
    osName: file.name,
    id: r.id,
    url: `${site.baseUrl}${releasePath(file.os, r.id)}`,
    label: r.label,
    version: r.version,
    edition: r.edition,
    ...(r.build ? { build: r.build } : {}),
    released: r.released,
    latest: r.latest ? { version: r.latest.version, date: r.latest.date ?? null } : null,
    status,
    headline,
    security: r.security,
    securityEnd,
    esu: r.esu ? { end: r.esu.end, note: "Paid Extended Security Updates, for those who enrol; not counted as support." } : null,
    sources: [
      {
        publisher: file.source.publisher,
        title: file.source.title,
        url: file.source.url,
        copy: `${file.source.copy}#L${r.line}`,
        commit: file.source.commit,
        date: file.source.date,
        ...(r.cites ? { cites: r.cites } : {}),
      },
    ],
    attribution: attribution(site),
  };
}
export type OsReleaseDocument = ReturnType<typeof releaseDocument>;

/** The answer of /api/v1/os: every OS with its releases in brief, newest first as the source lists them. */
export function osListDocument(files: readonly OsReleaseFile[], site: Site) {
  const today = site.now;
  return {
    oses: files.map((f) => ({
      os: f.os,
      name: f.name,
      source: { publisher: f.source.publisher, url: f.source.url, copy: f.source.copy, commit: f.source.commit, date: f.source.date },
      releases: f.releases.map((r) => {
        const { status, headline, securityEnd } = releaseStatus(r, today);
        return {
          id: r.id,
          url: `${site.baseUrl}${releasePath(f.os, r.id)}`,
          label: r.label,
          edition: r.edition,
          ...(r.build ? { build: r.build } : {}),
          latest: r.latest ? { version: r.latest.version, date: r.latest.date ?? null } : null,
          status,
          headline,
          securityEnd,
          esuEnd: r.esu?.end.value ?? null,
        };
      }),
    })),
    attribution: attribution(site),
  };
}

/** The compact index the fleet page judges rows with (judgeOs), statuses as of `today`. */
export function osIndex(files: readonly OsReleaseFile[], today: string): OsIndex {
  const android = files.find((f) => f.os === "android");
  let androidPatchReference: OsIndex["androidPatchReference"] = null;
  for (const r of android?.releases ?? []) {
    const day = r.security.lastUpdate?.precision === "day" ? r.security.lastUpdate.value : undefined;
    if (day && (!androidPatchReference || day > androidPatchReference.date)) androidPatchReference = { date: day, release: r.label };
  }
  return {
    format: OS_INDEX_FORMAT,
    oses: files.map((f) => ({ os: f.os, name: f.name })),
    androidPatchReference,
    releases: files.flatMap((f) =>
      f.releases.map((r): OsIndexRelease => {
        const { status, headline, securityEnd } = releaseStatus(r, today);
        return {
          os: f.os,
          id: r.id,
          label: r.label,
          version: r.version,
          edition: r.edition,
          ...(r.build ? { build: r.build } : {}),
          ...(r.latest ? { latest: r.latest } : {}),
          status,
          headline,
          securityEnd,
          esuEnd: r.esu?.end.value ?? null,
          ...(r.edition === "ltsc" || r.edition === "iot-ltsc" ? { lts: true } : {}),
        };
      }),
    ),
  };
}

/**
 * The edition family an export's edition text names: Intune's SkuFamily or
 * edition ("Enterprise", "Education", "Pro", "Home", "IoT Enterprise LTSC",
 * "EnterpriseS"), as windows.md's notes group them: Pro Education and Pro
 * for Workstations are serviced as Home and Pro; IoT Enterprise (not LTSC)
 * as Enterprise. Null when the text names none.
 */
export function editionFamilyOf(text: string | undefined): EditionFamily | null {
  const t = (text ?? "").toLowerCase().replace(/[_-]+/g, " ").trim();
  if (!t) return null;
  if (/\blts[cb]\b|\benterprises\b|\biotenterprises\b/.test(t)) return /\biot/.test(t) ? "iot-ltsc" : "ltsc";
  if (/\bpro\w*\s*(for\s*)?(education|workstations?)\b/.test(t)) return "home-pro";
  if (/enterprise|education/.test(t)) return "enterprise-education";
  if (/\b(home|core|pro|professional|se)\b/.test(t)) return "home-pro";
  return (EDITION_FAMILIES as readonly string[]).includes(t) ? (t as EditionFamily) : null;
}

/** Which OS an export's OS column names; "chromeos" has no release records. Null when none. */
export function osOf(text: string): { oses: OsReleaseOs[] } | { chromeos: true } | null {
  const t = text.toLowerCase().replace(/\s+/g, " ").trim();
  if (/^chrome ?os\b/.test(t)) return { chromeos: true };
  if (/^windows\b/.test(t)) return { oses: ["windows"] };
  // Intune writes "iOS/iPadOS" for both: judged as either, and unknown if they disagree.
  if (/^ios ?\/ ?ipados$/.test(t)) return { oses: ["ios", "ipados"] };
  if (/^ipados\b/.test(t)) return { oses: ["ipados"] };
  if (/^(iphone ?)?ios\b/.test(t)) return { oses: ["ios"] };
  if (/^(macos|mac ?os ?x|os ?x)\b/.test(t)) return { oses: ["macos"] };
  if (/^watchos\b/.test(t)) return { oses: ["watchos"] };
  if (/^android\b/.test(t)) return { oses: ["android"] };
  return null;
}

/** Whole calendar months from one patch level (YYYY-MM or YYYY-MM-DD) to another; null when either is not a date. */
export function monthsBetween(from: string, to: string): number | null {
  const re = /^(\d{4})-(\d{2})(?:-\d{2})?$/;
  const a = re.exec(from.trim());
  const b = re.exec(to);
  if (!a || !b) return null;
  return (Number(b[1]) - Number(a[1])) * 12 + (Number(b[2]) - Number(a[2]));
}

const NOT_RECOGNISED = "Release not recognised";

function unknown(label: string, headline = NOT_RECOGNISED): OsJudgement {
  return { status: "unknown", release: null, label, headline, securityEnd: null, newerBuild: null, patchMonthsBehind: null, esuEnd: null, url: null };
}

function judgement(r: OsIndexRelease, version: string, patchMonthsBehind: number | null): OsJudgement {
  const newer = r.latest?.date && /^\d+(\.\d+)*$/.test(version) && compareVersions(version, r.latest.version) < 0;
  return {
    status: r.status,
    release: `${r.os}/${r.id}`,
    label: r.label,
    headline: r.headline,
    securityEnd: r.securityEnd,
    newerBuild: newer ? { version: r.latest!.version, date: r.latest!.date! } : null,
    patchMonthsBehind,
    esuEnd: r.esuEnd,
    url: releasePath(r.os, r.id),
  };
}

/** The Windows release(s) a build and edition name; several when the edition is not given and the families differ. */
function windowsCandidates(releases: OsIndexRelease[], version: string, build: string | undefined, edition: string | undefined) {
  const m = /^(\d+\.\d+\.\d+)(?:\.\d+)?$/.exec(version.trim()) ?? /^(\d+\.\d+\.\d+)(?:\.\d+)?$/.exec((build ?? "").trim());
  if (!m) return { name: `Windows ${version}`.trim(), found: [] };
  const prefix = m[1]!;
  const named = releases.filter((r) => r.build === prefix);
  const name = `Windows build ${prefix}`;
  const family = editionFamilyOf(edition);
  if (family === "ltsc" || family === "iot-ltsc") return { name, found: named.filter((r) => r.edition === family) };
  const general = named.filter((r) => !r.lts);
  if (family) {
    const exact = general.filter((r) => r.edition === family);
    return { name, found: exact.length ? exact : general.filter((r) => r.edition === "all") };
  }
  return { name, found: general };
}

/** The release an Apple or Android version names: the longest of its dotted prefixes that is a release's version ("8.1.0" → 8.1, "17.6.1" → 17). */
function versionCandidate(releases: OsIndexRelease[], os: OsReleaseOs, version: string): OsIndexRelease | undefined {
  const parts = version.trim().split(".");
  if (!parts.every((p) => /^\d+$/.test(p))) return undefined;
  for (let n = parts.length; n > 0; n--) {
    const prefix = parts.slice(0, n).map(Number).join(".");
    const hit = releases.find((r) => r.os === os && r.version === prefix);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * What a fleet export's row says about the OS release its device runs:
 * Intune's OS and "OS version" (Windows 10.0.22631.4317 with SkuFamily
 * "Enterprise"), Jamf's "Operating System Version" (14.6.1), Google Admin's
 * "OS Version"; for Android the security patch level as well. A release the
 * records do not name, a Windows build not in the source, or an edition
 * that leaves two differently serviced releases open is unknown, saying why.
 */
export function judgeOs(index: OsIndex, input: { os: string; version: string; edition?: string; build?: string; patchLevel?: string }): OsJudgement {
  const named = osOf(input.os);
  const version = input.version.trim();
  if (!named) return unknown(`${input.os} ${version}`.trim());
  if ("chromeos" in named) return unknown(`ChromeOS ${version}`.trim(), "No release records for ChromeOS (see its Auto Update Expiration)");
  const nameOf = (os: OsReleaseOs) => index.oses.find((o) => o.os === os)?.name ?? os;
  if (named.oses[0] === "windows") {
    const { name, found } = windowsCandidates(
      index.releases.filter((r) => r.os === "windows"),
      version,
      input.build,
      input.edition,
    );
    if (found.length === 0) return unknown(name);
    if (found.length === 1) return judgement(found[0]!, version, null);
    return ambiguous(found, version, "Edition not given");
  }
  const found = named.oses.map((os) => versionCandidate(index.releases, os, version)).filter((r): r is OsIndexRelease => r !== undefined);
  if (found.length === 0) return unknown(`${named.oses.map(nameOf).join(" or ")} ${version}`.trim());
  let behind: number | null = null;
  if (found[0]!.os === "android" && input.patchLevel && index.androidPatchReference) {
    const months = monthsBetween(input.patchLevel, index.androidPatchReference.date);
    behind = months === null ? null : Math.max(0, months);
  }
  if (found.length === 1) return judgement(found[0]!, version, behind);
  return ambiguous(found, version, "Not told apart");
}

/**
 * Several releases fit the row (a Windows build without its edition, Intune's
 * "iOS/iPadOS"): their status when they all share it, else unknown; their
 * words side by side unless they say the same.
 */
function ambiguous(found: OsIndexRelease[], version: string, why: string): OsJudgement {
  const all = found.map((r) => judgement(r, version, null));
  const first = all[0]!;
  const same = <K extends keyof OsJudgement>(k: K) => all.every((j) => JSON.stringify(j[k]) === JSON.stringify(first[k]));
  const label = found.map((r) => r.label).join(" or ");
  const headline = same("headline")
    ? first.headline
    : `${why}: ${found.map((r) => `${r.label} ${r.headline.charAt(0).toLowerCase()}${r.headline.slice(1)}`).join("; ")}`;
  return {
    ...unknown(label, headline),
    status: same("status") ? first.status : "unknown",
    securityEnd: same("securityEnd") ? first.securityEnd : null,
    newerBuild: same("newerBuild") ? first.newerBuild : null,
    esuEnd: same("esuEnd") ? first.esuEnd : null,
  };
}
