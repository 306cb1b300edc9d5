// endoflife.date's operating-system files (os/ios.md, ipados.md, watchos.md,
// macos.md, android.md): each release cycle, whether it is still patched and
// its latest release. Apple announces no end dates for devices, so a device's
// support follows the cycle of the last OS major it runs. Pure: text in,
// cycles or problems (file:line) out.
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from "yaml";
import { Day } from "../schema/record.ts";
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
  const lineAt = (n: Node | null | undefined) => (n?.range ? lineOf(n.range[0]) : 1);
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
    if (typeof cycle !== "string" || !/^\d[\w.]*$/.test(cycle))
      add(line, `releaseCycle must be a version such as "16" or "4.4w", got ${JSON.stringify(cycle)}`);
    else if (!isDay(releaseDate)) add(lineAt(get("releaseDate")) || line, `releaseDate of cycle ${cycle} must be a day YYYY-MM-DD`);
    else if (typeof eol !== "boolean" && !isDay(eol)) add(lineAt(get("eol")) || line, `eol of cycle ${cycle} must be true, false or a day YYYY-MM-DD`);
    else if (latestReleaseDate !== undefined && !isDay(latestReleaseDate))
      add(lineAt(get("latestReleaseDate")), `latestReleaseDate of cycle ${cycle} must be a day YYYY-MM-DD`);
    else
      cycles.push({
        cycle,
        line,
        releaseDate,
        eol,
        ...(latest !== undefined ? { latest: String(latest) } : {}),
        ...(isDay(latestReleaseDate) ? { latestReleaseDate } : {}),
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
