// endoflife.date's operating-system files (os/ios.md, ipados.md, watchos.md,
// macos.md, android.md): each release cycle, whether it is still patched and
// its latest release. Apple announces no end dates for devices, so a device's
// support follows the cycle of the last OS major it runs. Pure: text in,
// cycles or problems (file:line) out.
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from "yaml";
import { readableDate } from "../generator/derive/dates.ts";
import { Day, type PartialDate } from "../generator/schema/record.ts";
import { parseFrontMatter, type SourceProblem } from "./front-matter.ts";

export interface OsCycle {
  /** The major version, e.g. "16". */
  cycle: string;
  line: number;
  releaseDate: string;
  /** false: still patched on the snapshot's day; a day: the cycle's last release (endoflife.date sets eol to it when the cycle ends); true: ended, no day. */
  eol: boolean | string;
  latest?: string;
  latestReleaseDate?: string;
  /** The cycle's own releaseLabel ("11 23H2 (E)"), when it has one. */
  label?: string;
  /** Its codename ("Sonoma", "Upside Down Cake"), when the file gives one. */
  codename?: string;
  /** windows.md: the end of Extended Security Updates (eoes), a day, or false where none are sold. */
  eoes?: boolean | string;
  /** windows.md: true on a Long-Term Servicing cycle. */
  lts?: boolean;
  /** The page the cycle cites (link), when it names one. */
  link?: string;
}

export interface OsFile {
  /** os/<name>, e.g. "ios.md". */
  name: string;
  path: string;
  cycles: OsCycle[];
}

export interface OsText {
  name: string;
  path: string;
  text: string;
}

const isDay = (v: unknown): v is string => typeof v === "string" && Day.safeParse(v).success;

export function readOsFile(input: OsText): { os?: OsFile; problems: SourceProblem[] } {
  const { frontMatter, problems } = parseFrontMatter(input.path, input.text);
  if (!frontMatter || problems.length) return { problems };
  const { doc, lineOf } = frontMatter;
  /** The line a node stands on; a key that is missing stands on `fallback`, the cycle's line. */
  const lineAt = (n: Node | null | undefined, fallback = 1) => (n?.range ? lineOf(n.range[0]) : fallback);
  const add = (line: number, message: string) => problems.push({ file: input.path, line, message });
  const root = doc.contents;
  const releases = isMap(root) ? root.items.find((p) => isScalar(p.key) && p.key.value === "releases") : undefined;
  if (!releases || !isSeq(releases.value)) {
    add(1, "releases must be a list of release cycles");
    return { problems };
  }
  const cycles: OsCycle[] = [];
  for (const item of releases.value.items as Node[]) {
    const line = lineAt(item);
    if (!isMap(item)) {
      add(line, "a release cycle must be a map of keys");
      continue;
    }
    const get = (key: string) => (item as YAMLMap<Node, Node | null>).items.find((p) => isScalar(p.key) && p.key.value === key)?.value;
    const value = (key: string) => {
      const v = get(key);
      return v && isScalar(v) ? v.value : undefined;
    };
    const cycle = value("releaseCycle");
    const releaseDate = value("releaseDate");
    const eol = value("eol");
    const latest = value("latest");
    const latestReleaseDate = value("latestReleaseDate");
    const label = value("releaseLabel");
    const codename = value("codename");
    const eoes = value("eoes");
    const lts = value("lts");
    const link = value("link");
    if (typeof cycle !== "string" || !/^\d[\w.-]*$/.test(cycle))
      add(line, `releaseCycle must be a version such as "16" or "4.4w", got ${JSON.stringify(cycle)}`);
    else if (!isDay(releaseDate)) add(lineAt(get("releaseDate"), line), `releaseDate of cycle ${cycle} must be a day YYYY-MM-DD`);
    else if (typeof eol !== "boolean" && !isDay(eol)) add(lineAt(get("eol"), line), `eol of cycle ${cycle} must be true, false or a day YYYY-MM-DD`);
    else if (latestReleaseDate !== undefined && !isDay(latestReleaseDate))
      add(lineAt(get("latestReleaseDate")), `latestReleaseDate of cycle ${cycle} must be a day YYYY-MM-DD`);
    else if (eoes !== undefined && typeof eoes !== "boolean" && !isDay(eoes))
      add(lineAt(get("eoes"), line), `eoes of cycle ${cycle} must be true, false or a day YYYY-MM-DD`);
    else if (link !== undefined && link !== null && (typeof link !== "string" || !/^https?:\/\//.test(link)))
      add(lineAt(get("link"), line), `link of cycle ${cycle} must be an http(s) address or null`);
    else
      cycles.push({
        cycle,
        line,
        releaseDate,
        eol,
        ...(latest !== undefined ? { latest: String(latest) } : {}),
        ...(isDay(latestReleaseDate) ? { latestReleaseDate } : {}),
        ...(typeof label === "string" ? { label } : {}),
        ...(codename !== undefined && codename !== null ? { codename: String(codename) } : {}),
        ...(eoes !== undefined ? { eoes: eoes as boolean | string } : {}),
        ...(lts === true ? { lts: true } : {}),
        ...(typeof link === "string" ? { link } : {}),
      });
  }
  return problems.length ? { problems } : { os: { name: input.name, path: input.path, cycles }, problems };
}

/** "11 - 16" → first 11, last 16; "26" → both 26; Sony's "11 > 12 > 13" → 11 and 13. Undefined when the text is not a version range. */
export function versionRange(text: unknown): { first: string; last: string } | undefined {
  if (typeof text !== "string" && typeof text !== "number") return undefined;
  const parts = String(text)
    .split(/\s*[->]\s*/u)
    .map((p) => p.replace(/\s+/gu, ""));
  return parts.every((p) => /^\d+(\.\d+)*$/.test(p)) && parts.length <= (String(text).includes(">") ? 9 : 2)
    ? { first: parts[0]!, last: parts.at(-1)! }
    : undefined;
}

/** The newest cycle of a file: the one whose release day is latest. */
export const newestCycle = (os: OsFile) => [...os.cycles].sort((a, b) => (a.releaseDate < b.releaseDate ? -1 : 1)).at(-1);

/** A build one device received, as a source that lists builds per device gives it. */
export interface DeviceBuild {
  /** "10.13.6 (Security Update 2020-006)". */
  version: string;
  build?: string;
  released: string;
  /** The source, as a meaning names it: "AppleDB's osFiles/macOS". */
  per: string;
}

/** What a device's last OS cycle says of one kind of support: continuing, ended with an observed last update, or ended without a day. */
export type CycleStatement =
  | { support: "os" | "security"; status: "supported"; lastUpdate?: PartialDate; meaning: string }
  | { support: "os" | "security"; status: "dated"; kind: "lastUpdate"; phrase: "newest-build"; date: PartialDate; meaning: string }
  | { support: "os" | "security"; status: "ended"; meaning: string };

const dayOf = (value: string): PartialDate => ({ value, precision: "day" });
/** "August 2033", "2031", "5 August 2023": a partial date as a sentence says it. */
export const spokenDate = (d: PartialDate) => readableDate(d).replace(/, \w+ precision$/, "");

/**
 * The one rule for every Apple device (iPhones, iPads and watches from
 * endoflife.date's device files, Macs from AppleDB and SOFA): security
 * updates go on while the cycle of the last major the device runs is
 * patched, and ended with that cycle's last release (an observed last
 * update, never an announced end); OS upgrades go on while that major is the
 * newest, and ended on its release day otherwise.
 */
export function cycleSupport(input: {
  /** "iOS 16": the OS and the last major the device runs. */
  name: string;
  cycle: OsCycle;
  /** The file the cycle is in, e.g. "ios.md". */
  file: string;
  /** Whether the device runs the newest major of its OS. */
  current: boolean;
  /** The major that followed without the device, named with its OS (e.g. "iPadOS 13"). */
  next?: string;
  /** The snapshot's day: the day "continuing" is said of. */
  on: string;
  /** Where the device's versions and the cycle come from, for the upgrades' meaning: "endoflife.date's products/iphone.md and products/ios.md". */
  upgradesPer: string;
  /**
   * The last build of the cycle the device itself received, where a source
   * lists builds per device (AppleDB for Macs): Apple went on shipping
   * "Security Update" builds under a cycle's last version number, so this
   * can be years after the cycle's last point release. The later of the two
   * is the last update.
   */
  lastBuild?: DeviceBuild;
}): { security: CycleStatement; os: CycleStatement } {
  const { name, cycle, file } = input;
  const on = spokenDate(dayOf(input.on));
  const listed = cycle.latestReleaseDate ? dayOf(cycle.latestReleaseDate) : undefined;
  const built = input.lastBuild && (!listed || input.lastBuild.released > listed.value!) ? input.lastBuild : undefined;
  const latest = built ? dayOf(built.released) : listed;
  const pointRelease = cycle.latest && listed ? `${cycle.latest} on ${spokenDate(listed)}` : "its latest release";
  const release = built
    ? `${built.version}${built.build ? `, build ${built.build},` : ""} on ${spokenDate(dayOf(built.released))}, the last build ${built.per} lists for this model (endoflife.date's last point release is ${pointRelease}${typeof cycle.eol === "string" ? `, its end of patches ${spokenDate(dayOf(cycle.eol))}` : ""})`
    : pointRelease;
  const security: CycleStatement =
    cycle.eol === false
      ? {
          support: "security",
          status: "supported",
          ...(latest ? { lastUpdate: latest } : {}),
          meaning: `Continuing on ${on}: ${name}, the last major version this model runs, was still patched then (latest release ${release}), per endoflife.date's products/${file}; Apple announces no end dates`,
        }
      : latest || typeof cycle.eol === "string"
        ? {
            support: "security",
            status: "dated",
            kind: "lastUpdate",
            phrase: "newest-build",
            date: latest ?? dayOf(cycle.eol as string),
            meaning: `Ended with the last ${built ? "build" : "release"} of ${name}, the last major version this model runs: ${release} (an observed last update, not an announced end; Apple announces no end dates), per ${built ? `${built.per} and ` : ""}endoflife.date's products/${file}`,
          }
        : { support: "security", status: "ended", meaning: `Ended, date not documented: endoflife.date marks ${name} as no longer patched` };
  const os: CycleStatement = input.current
    ? {
        support: "os",
        status: "supported",
        meaning: `Continuing on ${on}: ${name} is the newest major version, and this model runs it, per ${input.upgradesPer}`,
      }
    : {
        support: "os",
        status: "dated",
        kind: "lastUpdate",
        phrase: "newest-build",
        date: dayOf(cycle.releaseDate),
        meaning: `Ended: ${name} (${spokenDate(dayOf(cycle.releaseDate))}) was the last major version for this model${input.next ? `; ${input.next} followed without it` : ""}, per ${input.upgradesPer}`,
      };
  return { security, os };
}

/** The cycle released next after a given one, if any. */
export const nextCycle = (os: OsFile, cycle: OsCycle) =>
  os.cycles.filter((c) => c.releaseDate > cycle.releaseDate).sort((a, b) => (a.releaseDate < b.releaseDate ? -1 : 1))[0];
