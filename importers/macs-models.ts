// Mac laptops from two sources, and the macOS majors each runs. AppleDB's
// device files give one model per file (its name as Apple gives it, hardware
// identifier, A-numbers, board, release day) and its os-builds.json the macOS
// builds each identifier received up to its copy's date (2024-09-03); SOFA's
// macOS feed (2026-08-22) lists the majors from Monterey 12 on that each
// identifier runs, and names the M4 and M5 laptops AppleDB's copy predates.
// Where the two disagree, one rule decides (MAC_RULES, printed in the report
// and docs/import-macs.md). Pure: texts in, models, disagreements and
// problems (file:line) out.
import { compareVersions, Day, type PartialDate } from "../generator/schema/record.ts";
import type { AppleBuild } from "./apple-crosscheck.ts";
import { readAppleBuilds, readSofaMacFeed, type SofaMacFeed } from "./apple-sources.ts";
import type { OsFile } from "./endoflife-os.ts";
import type { SourceProblem } from "./front-matter.ts";
import { lineOfKey, parseJson } from "./identifiers-json.ts";
import type { SourceFile } from "./identifiers-appledb.ts";

/** AppleDB's folders of Mac laptops. */
export const MAC_FOLDERS = ["deviceFiles/Macbook", "deviceFiles/Macbook Air", "deviceFiles/Macbook Pro"];
export const APPLEDB_BUILDS = "os-builds.json";
export const SOFA_FEED = "v2/macos_data_feed.json";
export const SOFA_TABLE = "data/models/sources/macos_devices.json";
/** AppleDB's names of macOS over the years. */
const MACOS_NAMES = ["macOS", "OS X", "Mac OS X"];
/** The oldest major SOFA's feed covers: a model's smallest major there is its first only when it is later. */
export const SOFA_FLOOR = "12";

export interface MacModel {
  /** Where the model comes from: an AppleDB device file (its path inside the folder) or SOFA's feed. */
  origin: { source: "appledb" | "sofa"; file: string; line: number };
  /** AppleDB's key for the model where one identifier names several (e.g. MacBookPro15,1-2019): its builds list it so. */
  key?: string;
  /** The model's name as the source gives it (Apple's naming), e.g. "MacBook Pro (14-inch, M3, Nov 2023)". */
  name: string;
  identifier: string;
  modelNumbers: string[];
  boards: string[];
  /** Where the board comes from when not the model's own file (SOFA's model table). */
  boardFrom?: { file: string };
  released: PartialDate;
  /** The first and last macOS major it runs, each with where it comes from; last absent when not known. */
  first?: { version: string; from: "appledb" | "sofa" };
  last?: { version: string; from: "appledb" | "sofa" };
  /** The last build of its last major AppleDB lists for it (a "Security Update" build can follow the major's last point release by years). */
  lastBuild?: { version: string; build?: string; released: string };
}

export interface Disagreement {
  identifier: string;
  model: string;
  field: "name" | "first macOS" | "last macOS";
  appledb: string;
  sofa: string;
  /** What the record says, and the rule that decided it. */
  resolution: string;
  rule: keyof typeof MAC_RULES;
}

/** The rules that settle every disagreement, each applied to every model alike. */
export const MAC_RULES = {
  observed:
    "AppleDB's builds are observations of what each identifier received. Up to AppleDB's copy's date (2024-09-03) they decide the majors; where SOFA's compatibility table says otherwise, AppleDB wins and SOFA's claim is listed.",
  later:
    "A model whose AppleDB builds reach the newest major of AppleDB's date (macOS 14) takes its later majors from SOFA (2026-08-22): its last major is SOFA's newest for the identifier.",
  shipped:
    "A Mac never runs a major older than the newest one released before it went on sale: its first major is the later of that and its first build in AppleDB. Builds that list its identifier for older majors went to an earlier model with the same identifier (MacBookPro15,1 in 2018 and 2019).",
  sofaOnly:
    "A laptop only SOFA names (released after AppleDB's copy) takes every major from SOFA; its smallest major is its first when later than Monterey 12, the oldest SOFA covers.",
  names:
    "A name is AppleDB's, one record per AppleDB device file; where SOFA spells the same name with other punctuation, SOFA's spelling (from Apple's support page) is kept. SOFA names one device per identifier, so where AppleDB has several files for it SOFA's name is listed, not taken.",
} as const;

/** A build's major as endoflife.date's macos.md names its cycles: "10.15.7" → "10.15", "12.7.6" → "12", "10.6.8 (Supplemental Update)" → "10.6". */
export function majorOf(version: string): string | undefined {
  const m = /^(\d+)(?:\.(\d+))?/.exec(version);
  if (!m) return undefined;
  return Number(m[1]) >= 11 ? m[1]! : m[2] !== undefined ? `${m[1]}.${m[2]}` : undefined;
}

/** A date a SOFA marketing name carries: "(…, Nov 2024)" a month, "(…, 2025)" a year, none otherwise. */
export function releasedFromName(name: string): PartialDate {
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const month = /,\s*(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\s+(\d{4})\)\s*$/.exec(name);
  if (month) return { value: `${month[2]}-${String(months.indexOf(month[1]!) + 1).padStart(2, "0")}`, precision: "month" };
  const year = /,\s*(\d{4})\)\s*$/.exec(name);
  return year ? { value: year[1]!, precision: "year" } : { precision: "unknown" };
}

const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const loose = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "");

export interface MacSources {
  deviceFiles: SourceFile[];
  builds: SourceFile;
  sofaFeed: SourceFile;
  sofaTable: SourceFile;
  macos: OsFile;
}

interface SofaModel {
  name: string;
  majors: string[];
  line: number;
}

export function readMacModels(input: MacSources): {
  models: MacModel[];
  disagreements: Disagreement[];
  /** SOFA's feed and AppleDB's builds as read and checked here, for the cycles' cross-check; absent on a problem. */
  apple?: { sofa: SofaMacFeed; builds: AppleBuild[]; appledbDate: string };
  problems: SourceProblem[];
} {
  const problems: SourceProblem[] = [];
  const add = (file: string, line: number, message: string) => problems.push({ file, line, message });

  // AppleDB's device files: one model each; an unreleased one is set aside.
  const fromAppleDb: MacModel[] = [];
  for (const f of input.deviceFiles) {
    const parsed = parseJson(f.path, f.text);
    problems.push(...parsed.problems);
    const e = parsed.value as Record<string, unknown> | undefined;
    if (!e || typeof e !== "object") {
      if (!parsed.problems.length) add(f.path, 1, "must be a JSON object: one AppleDB device");
      continue;
    }
    if (typeof e.name === "string" && /\bunreleased\b/i.test(e.name)) continue;
    const before = problems.length;
    const bad = (key: string, message: string) => add(f.path, lineOfKey(f.text, key), `${key} ${message}`);
    if (typeof e.name !== "string" || !e.name.trim()) bad("name", "must be the model's name, text");
    if (typeof e.identifier !== "string" || !/^MacBook(Pro|Air)?\d+,\d+$|^Mac\d+,\d+$/.test(e.identifier))
      bad("identifier", "must be a Mac hardware identifier (e.g. MacBookPro18,3)");
    const released = list(e.released);
    if (!released.length || released.some((d) => typeof d !== "string" || !Day.safeParse(d).success))
      bad("released", "must be a day YYYY-MM-DD or a list of days");
    if (list(e.model).some((m) => typeof m !== "string")) bad("model", "must be text or a list of text (A-numbers)");
    if (list(e.board).some((b) => typeof b !== "string")) bad("board", "must be text or a list of text");
    if (problems.length > before) continue;
    fromAppleDb.push({
      origin: { source: "appledb", file: f.rel, line: 1 },
      name: e.name as string,
      identifier: e.identifier as string,
      ...(typeof e.key === "string" ? { key: e.key } : {}),
      modelNumbers: list(e.model) as string[],
      boards: list(e.board) as string[],
      // A model sold from a second day on (a later configuration) went on sale on the first.
      released: { value: [...(released as string[])].sort()[0]!, precision: "day" },
    });
  }

  // AppleDB's builds: the majors each identifier received, to its copy's date.
  const builds = readAppleBuilds(input.builds.path, input.builds.text);
  problems.push(...builds.problems);
  const received = new Map<string, Set<string>>();
  /** Per identifier and major, the build released last. */
  const lastBuilds = new Map<string, AppleBuild>();
  for (const x of builds.builds?.builds ?? []) {
    const major = MACOS_NAMES.includes(x.osStr) ? majorOf(x.version) : undefined;
    if (!major) continue;
    for (const id of x.deviceMap) {
      received.set(id, (received.get(id) ?? new Set()).add(major));
      const key = `${id}#${major}`;
      const had = lastBuilds.get(key);
      if (x.released && (!had || x.released > had.released!)) lastBuilds.set(key, x);
    }
  }

  // SOFA's feed: the majors each identifier runs, Monterey 12 on; its table: boards.
  const sofa = new Map<string, SofaModel>();
  const feed = readSofaMacFeed(input.sofaFeed.path, input.sofaFeed.text);
  problems.push(...feed.problems);
  for (const [id, m] of Object.entries(feed.feed?.Models ?? {})) {
    const line = lineOfKey(input.sofaFeed.text, id, input.sofaFeed.text.indexOf('"Models"'));
    sofa.set(id, { name: m.MarketingName, majors: m.OSVersions.map(String).sort(compareVersions), line });
  }
  const table = parseJson(input.sofaTable.path, input.sofaTable.text);
  problems.push(...table.problems);
  const devices = (table.value as { devices?: Record<string, { BoardID?: unknown }> } | undefined)?.devices ?? {};
  if (problems.length || !builds.builds || !feed.feed) return { models: [], disagreements: [], problems };
  const appledbDate = builds.builds.date;

  const cycles = input.macos.cycles;
  const newestBy = (day: string) =>
    cycles
      .filter((c) => c.releaseDate <= day)
      .sort((x, y) => (x.releaseDate < y.releaseDate ? -1 : 1))
      .at(-1)?.cycle;
  const newestAtCopy = newestBy(appledbDate)!;
  const disagreements: Disagreement[] = [];
  const perIdentifier = new Map<string, number>();
  for (const m of fromAppleDb) perIdentifier.set(m.identifier, (perIdentifier.get(m.identifier) ?? 0) + 1);

  const out: MacModel[] = [];
  for (const m of fromAppleDb) {
    const s = sofa.get(m.identifier);
    const model = { ...m };
    const differ = (field: Disagreement["field"], appledb: string, sofaSays: string, resolution: string, rule: Disagreement["rule"]) =>
      disagreements.push({ identifier: m.identifier, model: m.name, field, appledb, sofa: sofaSays, resolution, rule });
    if (s && s.name !== m.name) {
      if (loose(s.name) === loose(m.name) && perIdentifier.get(m.identifier) === 1) {
        model.name = s.name;
        differ("name", m.name, s.name, `SOFA's spelling, "${s.name}"`, "names");
      } else differ("name", m.name, s.name, `AppleDB's name, "${m.name}"`, "names");
    }
    const got = [...(received.get(m.key ?? m.identifier) ?? [])].sort(compareVersions);
    if (got.length) {
      const onSale = newestBy(m.released.value!);
      const first = onSale && compareVersions(onSale, got[0]!) > 0 && got.includes(onSale) ? onSale : got[0]!;
      model.first = { version: first, from: "appledb" };
      const sofaFirst = s?.majors[0];
      if (sofaFirst && compareVersions(sofaFirst, SOFA_FLOOR) > 0 && sofaFirst !== first)
        differ(
          "first macOS",
          `builds from ${got[0]}; on sale ${m.released.value} under ${onSale}`,
          `runs ${s!.majors.join(", ")}`,
          `macOS ${first}`,
          "shipped",
        );
      const lastBuilt = got.at(-1)!;
      const sofaLast = s?.majors.at(-1);
      if (compareVersions(lastBuilt, newestAtCopy) < 0) {
        model.last = { version: lastBuilt, from: "appledb" };
        if (sofaLast && sofaLast !== lastBuilt)
          differ("last macOS", `builds end at ${lastBuilt}`, `runs ${s!.majors.join(", ")}`, `macOS ${lastBuilt}`, "observed");
      } else if (sofaLast && compareVersions(sofaLast, lastBuilt) >= 0) model.last = { version: sofaLast, from: "sofa" };
      else if (sofaLast) {
        model.last = { version: lastBuilt, from: "appledb" };
        differ("last macOS", `builds reach ${lastBuilt}`, `runs ${s!.majors.join(", ")}`, `macOS ${lastBuilt}`, "observed");
      }
    } else if (s) {
      if (compareVersions(s.majors[0]!, SOFA_FLOOR) > 0) model.first = { version: s.majors[0]!, from: "sofa" };
      model.last = { version: s.majors.at(-1)!, from: "sofa" };
    }
    const built = model.last?.from === "appledb" ? lastBuilds.get(`${m.key ?? m.identifier}#${model.last.version}`) : undefined;
    if (built) model.lastBuild = { version: built.version, ...(built.build ? { build: built.build } : {}), released: built.released! };
    out.push(model);
  }

  // The laptops only SOFA names: released after AppleDB's copy.
  const known = new Set(fromAppleDb.map((m) => m.identifier));
  for (const [id, s] of [...sofa].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (known.has(id) || !/^MacBook/.test(s.name)) continue;
    const board = devices[id]?.BoardID;
    out.push({
      origin: { source: "sofa", file: SOFA_FEED, line: s.line },
      name: s.name,
      identifier: id,
      modelNumbers: [],
      boards: typeof board === "string" ? [board] : [],
      ...(typeof board === "string" ? { boardFrom: { file: SOFA_TABLE } } : {}),
      released: releasedFromName(s.name),
      ...(compareVersions(s.majors[0]!, SOFA_FLOOR) > 0 ? { first: { version: s.majors[0]!, from: "sofa" as const } } : {}),
      last: { version: s.majors.at(-1)!, from: "sofa" },
    });
  }
  return { models: out, disagreements, apple: { sofa: feed.feed, builds: builds.builds.builds, appledbDate }, problems };
}
