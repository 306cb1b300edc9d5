// The OS release importer (npm run import -- os-releases SOURCES [DATA]):
// endoflife.date's os/*.md, read by endoflife-os.ts, into data/os/<os>.json,
// one file per OS, validated by the schema (schema/os-release.ts) before
// anything is written. Each cycle's facts keep their kind: Windows' eol is a
// documented end of servicing (by edition family: -w Home and Pro, -e
// Enterprise and Education, -e-lts Enterprise LTSC, -iot-lts IoT Enterprise
// LTSC) and its eoes the end of paid Extended Security Updates; an Apple or
// Android cycle's eol day means it is no longer patched, its last release
// (latestReleaseDate, else that day) an observed last update, never an
// announced end; eol false is "listed as patched on the copy's day". A file
// whose content differs from the proposal is rewritten when it was written
// from another commit (the source moved on), and otherwise left alone and
// reported (someone edited it), unless --refresh. Pure: texts in, writes and
// a report out.
import { OS_RELEASE_OSES, type EditionFamily, type OsReleaseOs } from "../generator/contract/os-releases.ts";
import { EDITION_WORDS } from "../generator/derive/os-releases.ts";
import { OsReleaseFile, type OsRelease } from "../generator/schema/os-release.ts";
import { readOsFile, type OsCycle, type OsText } from "./endoflife-os.ts";
import type { SourceProblem } from "./front-matter.ts";
import { jsonText } from "../generator/contract/json-text.ts";

export const OS_RELEASES_REPORT = "import/os-releases.md";

const NAMES: Record<OsReleaseOs, string> = { ios: "iOS", ipados: "iPadOS", macos: "macOS", watchos: "watchOS", android: "Android", windows: "Windows" };

export interface OsReleaseImportInput {
  /** endoflife.date's os/*.md, as read from the snapshot folder. */
  osFiles: OsText[];
  /** The path prefix of the sources folder, stripped from a file's path to name its copy ("endoflife.date/os/windows.md"). */
  sourcesDir: string;
  snapshot: { commit: string; commitDate: string };
  /** The current text of each file the import may write, by its path under the data folder ("os/ios.json", OS_RELEASES_REPORT). */
  existing: Map<string, string>;
  refresh: boolean;
}

export interface OsReleaseImportResult {
  problems: SourceProblem[];
  writes: { path: string; text: string }[];
  report?: string;
  totals?: { oses: number; releases: number; written: number; unchanged: number; kept: number; skipped: number };
}

/** Windows' edition family from the cycle's suffix (windows.md's notes: (E), (W), LTS). */
function windowsFamily(cycle: string): EditionFamily {
  if (cycle.endsWith("-iot-lts")) return "iot-ltsc";
  if (cycle.endsWith("-e-lts")) return "ltsc";
  if (cycle.endsWith("-e")) return "enterprise-education";
  if (cycle.endsWith("-w")) return "home-pro";
  return "all";
}

/** Why a cycle has no release record here, or undefined when it has one. */
function skipped(os: OsReleaseOs, c: OsCycle): string | undefined {
  if (os === "windows") {
    if (!/^1[01]-/.test(c.cycle)) return "before Windows 10: not covered";
    if (c.cycle.endsWith("-iot") && !c.lts) return "Windows 10 IoT Core, not a desktop edition";
    if (!c.latest || !/^\d+\.\d+\.\d+$/.test(c.latest)) return "no build number (latest) to recognise it by";
    return undefined;
  }
  return /^\d+(\.\d+)*$/.test(c.cycle) ? undefined : `"${c.cycle}" is not a version a device reports (Android Wear 4.4W)`;
}

const day = (value: string) => ({ value, precision: "day" as const });

function releaseOf(os: OsReleaseOs, c: OsCycle, snapshotDay: string): OsRelease {
  const edition = os === "windows" ? windowsFamily(c.cycle) : "all";
  const windowsBase = (c.label ?? c.cycle).replace(/\s*\((E|W)\)$/, "").replace(/\s+IoT$/i, "");
  const label =
    os === "windows"
      ? `Windows ${windowsBase}${edition === "all" ? "" : ` (${EDITION_WORDS[edition]})`}`
      : `${NAMES[os]} ${c.cycle}${c.codename ? ` (${c.codename})` : ""}`;
  const security: OsRelease["security"] =
    c.eol === false
      ? { supportedOn: snapshotDay }
      : c.eol === true
        ? { ended: true }
        : os === "windows"
          ? { end: day(c.eol) }
          : { ended: true, lastUpdate: day(c.latestReleaseDate ?? c.eol) };
  return {
    id: c.cycle,
    label,
    version: os === "windows" ? c.cycle.split("-")[0]! : c.cycle,
    edition,
    ...(os === "windows" ? { build: c.latest! } : {}),
    released: c.releaseDate,
    ...(c.latest ? { latest: { version: c.latest, ...(c.latestReleaseDate ? { date: c.latestReleaseDate } : {}) } } : {}),
    security,
    ...(typeof c.eoes === "string" ? { esu: { end: day(c.eoes) } } : {}),
    ...(c.link ? { cites: c.link } : {}),
    line: c.line,
  };
}

const copyOf = (sourcesDir: string, file: string) =>
  file
    .slice(sourcesDir.length)
    .replace(/^[\\/]+/, "")
    .replaceAll("\\", "/");

export function runOsReleaseImport(input: OsReleaseImportInput): OsReleaseImportResult {
  const problems: SourceProblem[] = [];
  const files: { file: OsReleaseFile; path: string }[] = [];
  const skips: { os: string; cycle: string; line: number; why: string }[] = [];
  for (const os of OS_RELEASE_OSES) {
    const text = input.osFiles.find((f) => f.name === `${os}.md`);
    if (!text) {
      problems.push({
        file: `${input.sourcesDir}/endoflife.date/os/${os}.md`,
        line: 1,
        message: "not found: the importer reads every OS with release records",
      });
      continue;
    }
    const read = readOsFile(text);
    problems.push(...read.problems);
    if (!read.os) continue;
    const releases: OsRelease[] = [];
    for (const c of read.os.cycles) {
      const why = skipped(os, c);
      if (why) skips.push({ os, cycle: c.cycle, line: c.line, why });
      else releases.push(releaseOf(os, c, input.snapshot.commitDate));
    }
    const file = {
      os,
      name: NAMES[os],
      source: {
        publisher: "endoflife.date",
        title: `${NAMES[os]} release cycles`,
        url: `https://endoflife.date/${os}`,
        copy: copyOf(input.sourcesDir, text.path),
        commit: input.snapshot.commit,
        date: input.snapshot.commitDate,
      },
      releases,
    };
    const checked = OsReleaseFile.safeParse(file);
    if (!checked.success)
      for (const issue of checked.error.issues) {
        const i = issue.path[0] === "releases" ? Number(issue.path[1]) : -1;
        problems.push({ file: text.path, line: releases[i]?.line ?? 1, message: `${issue.path.join(".") || "file"}: ${issue.message}` });
      }
    else files.push({ file: checked.data, path: `os/${os}.json` });
  }
  if (problems.length) return { problems, writes: [] };

  const writes: { path: string; text: string }[] = [];
  const kept: string[] = [];
  let unchanged = 0;
  for (const { file, path } of files) {
    const text = jsonText(file);
    const before = input.existing.get(path);
    if (before === text) unchanged++;
    else if (before !== undefined && !input.refresh && commitOf(before) === file.source.commit) kept.push(path);
    else writes.push({ path, text });
  }
  const totals = {
    oses: files.length,
    releases: files.reduce((n, f) => n + f.file.releases.length, 0),
    written: writes.length,
    unchanged,
    kept: kept.length,
    skipped: skips.length,
  };
  const report = [
    "# OS releases import",
    "",
    `From endoflife.date commit \`${input.snapshot.commit}\` (${input.snapshot.commitDate}), os/*.md; generated by \`npm run import -- os-releases\` (docs/os.md).`,
    "",
    // What this run wrote is the console's to say: the report is the same on every run of the same input, so a second run writes nothing.
    `${totals.oses} operating systems, ${totals.releases} releases.`,
    "",
    "| OS | Releases | Patched on the copy's day or with an end ahead of it | Ended |",
    "| --- | --- | --- | --- |",
    ...files.map(({ file }) => {
      const ended = file.releases.filter((r) => r.security.ended || (r.security.end?.value ?? "9999") < file.source.date).length;
      return `| ${file.name} | ${file.releases.length} | ${file.releases.length - ended} | ${ended} |`;
    }),
    "",
    ...(kept.length ? ["## Kept (edited after the import, same commit)", "", ...kept.map((p) => `- data/${p}`), ""] : []),
    "## Cycles without a release record",
    "",
    ...skips.map((s) => `- ${s.os}.md:${s.line} \`${s.cycle}\`: ${s.why}`),
    "",
  ].join("\n");
  if (input.existing.get(OS_RELEASES_REPORT) !== report) writes.push({ path: OS_RELEASES_REPORT, text: report });
  return { problems, writes, report, totals };
}

function commitOf(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { source?: { commit?: string } }).source?.commit;
  } catch {
    return undefined;
  }
}
