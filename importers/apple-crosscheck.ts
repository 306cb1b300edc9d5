// Apple's OS cycles as endoflife.date gives them, checked against two other
// sources: SOFA (every security release of the current cycles, with its
// CVE count) and AppleDB (every build up to 2024-09, with the identifiers
// that received it). Where they disagree, or where the last release of a
// cycle carried no security content or reached only some devices (iOS
// 9.3.6 and 10.3.4 fixed the GPS week rollover on cellular models), the
// verdict sanity report says so. The records keep endoflife.date's cycle
// status and state the last release as the last update observed, never as
// the last security update. Pure: parsed JSON in, rows out.
import type { OsFile } from "./endoflife-os.ts";

export interface SofaRelease {
  ProductVersion: string;
  ReleaseDate: string;
  UniqueCVEsCount?: number;
}

export interface SofaFeed {
  OSVersions: { OSVersion: string; Latest: { ProductVersion: string; ReleaseDate: string }; SecurityReleases: SofaRelease[] }[];
}

export interface AppleBuild {
  osStr: string;
  version: string;
  /** The build number, e.g. "17G14042". */
  build?: string;
  released: string | null;
  deviceMap: string[];
}

export interface CrossCheckRow {
  os: string;
  cycle: string;
  /** endoflife.date: still patched, or its last release. */
  endoflife: string;
  sofa?: string;
  appledb?: string;
  /** What a curator should know; absent when the three agree. */
  disagreement?: string;
}

/** SOFA's feed for an OS, by the name endoflife.date's file uses. */
const SOFA_FEED: Record<string, string> = { "ios.md": "ios", "ipados.md": "ios", "watchos.md": "watchos", "macos.md": "macos" };
/** AppleDB's osStr names for each file (iOS was iPhone OS before 4). */
const APPLEDB_OS: Record<string, string[]> = {
  "ios.md": ["iOS", "iPhoneOS"],
  "ipados.md": ["iPadOS"],
  "watchos.md": ["watchOS"],
  "macos.md": ["macOS", "OS X", "Mac OS X"],
};

const day = (s: string) => s.slice(0, 10);
/** A version's cycle as endoflife.date names it: "16.7.2" → "16"; macOS before 11 by two parts, "10.13.6 (Security Update 2020-006)" → "10.13". */
const majorOf = (version: string) => {
  const [a, b] = version.split(/[.\s]/);
  return Number(a) === 10 && b !== undefined && /^\d+$/.test(b) ? `${a}.${b}` : a!;
};
/** The version a build carries without its qualifier: "10.13.6 (Security Update 2020-006)" → "10.13.6". */
const versionOf = (version: string) => version.replace(/\s*\(.*$/, "");

/**
 * One row per cycle a device ends on (or still runs as its last): what each
 * source says of its last release, and the disagreement if there is one.
 */
export function crossCheck(input: {
  osFiles: Map<string, OsFile>;
  /** The cycles devices end on, as "ios.md#16". */
  cycles: string[];
  sofa: Record<string, SofaFeed>;
  builds: AppleBuild[];
  /** The last day AppleDB's copy covers. */
  appledbDate: string;
}): CrossCheckRow[] {
  const rows: CrossCheckRow[] = [];
  const byFileAndVersion = (a: string, b: string) => {
    const [fa, ca] = a.split("#") as [string, string];
    const [fb, cb] = b.split("#") as [string, string];
    return fa !== fb ? (fa < fb ? -1 : 1) : Number.parseFloat(ca) - Number.parseFloat(cb);
  };
  for (const key of [...new Set(input.cycles)].sort(byFileAndVersion)) {
    const [file, cycle] = key.split("#") as [string, string];
    const c = input.osFiles.get(file)?.cycles.find((x) => x.cycle === cycle);
    if (!c) continue;
    const os = file.replace(/\.md$/, "");
    const endoflife =
      c.eol === false
        ? `still patched; latest ${c.latest ?? "?"} on ${c.latestReleaseDate ?? "?"}`
        : `ended; last release ${c.latest ?? "?"} on ${c.latestReleaseDate ?? (typeof c.eol === "string" ? c.eol : "?")}`;
    const problems: string[] = [];
    if (typeof c.eol === "string" && c.latestReleaseDate && c.latestReleaseDate > c.eol)
      problems.push(
        `endoflife.date's eol day (${c.eol}) is before its latest release (${c.latest}, ${c.latestReleaseDate}): a release after the end, of content it does not say`,
      );

    const feed = input.sofa[SOFA_FEED[file] ?? ""]?.OSVersions.find((o) => majorOf(o.OSVersion.replace(/^\D+/, "")) === cycle);
    let sofa: string | undefined;
    if (feed) {
      const releases = [...feed.SecurityReleases].sort((a, b) => (a.ReleaseDate < b.ReleaseDate ? 1 : -1));
      const latest = releases[0];
      const lastSecurity = releases.find((r) => (r.UniqueCVEsCount ?? 0) > 0);
      sofa = `latest ${latest?.ProductVersion ?? feed.Latest.ProductVersion} on ${day(latest?.ReleaseDate ?? feed.Latest.ReleaseDate)}${lastSecurity ? `; last with security content ${lastSecurity.ProductVersion} on ${day(lastSecurity.ReleaseDate)}` : ""}`;
      if (latest && c.latestReleaseDate && day(latest.ReleaseDate) > c.latestReleaseDate)
        problems.push(`SOFA lists a later release (${latest.ProductVersion}, ${day(latest.ReleaseDate)}) than endoflife.date's ${c.latest}`);
      if (lastSecurity && latest && lastSecurity !== latest)
        problems.push(`the latest release carried no security content: the last that did is ${lastSecurity.ProductVersion} (${day(lastSecurity.ReleaseDate)})`);
      if (c.eol !== false && lastSecurity && c.latestReleaseDate && day(lastSecurity.ReleaseDate) > (typeof c.eol === "string" ? c.eol : c.latestReleaseDate))
        problems.push(
          `endoflife.date marks the cycle ended, yet SOFA lists a security release after that (${lastSecurity.ProductVersion}, ${day(lastSecurity.ReleaseDate)})`,
        );
    }

    const names = APPLEDB_OS[file] ?? [];
    const inCycle = input.builds
      .filter((b) => names.includes(b.osStr) && majorOf(b.version) === cycle && b.released)
      .sort((a, b) => (a.released! < b.released! ? -1 : a.released! > b.released! ? 1 : 0));
    let appledb: string | undefined;
    if (inCycle.length) {
      // A version re-released for one more device is the same release: builds are grouped by version.
      const last = inCycle.at(-1)!;
      const lastDevices = new Set(inCycle.filter((b) => b.version === last.version).flatMap((b) => b.deviceMap));
      const previous = inCycle.filter((b) => b.version !== last.version).at(-1);
      const previousDevices = new Set(inCycle.filter((b) => b.version === previous?.version).flatMap((b) => b.deviceMap));
      appledb = `last build ${last.version} on ${last.released} to ${lastDevices.size} identifiers`;
      if (
        c.latest &&
        last.released! < input.appledbDate &&
        majorOf(c.latest) === cycle &&
        versionOf(last.version) !== c.latest &&
        (c.latestReleaseDate ?? "") <= input.appledbDate
      )
        problems.push(`AppleDB's last build is ${last.version} (${last.released}), endoflife.date's ${c.latest}`);
      if (previous && lastDevices.size > 0 && lastDevices.size < previousDevices.size)
        problems.push(
          `the last build reached ${lastDevices.size} of the ${previousDevices.size} identifiers that got ${previous.version} (${previous.released}): for the others, the last update was ${previous.version}`,
        );
    }
    rows.push({
      os,
      cycle,
      endoflife,
      ...(sofa ? { sofa } : {}),
      ...(appledb ? { appledb } : {}),
      ...(problems.length ? { disagreement: problems.join("; ") } : {}),
    });
  }
  return rows;
}
