// The Mac importer as one pure function: AppleDB's and SOFA's Mac laptops
// (macs-models.ts) and endoflife.date's macOS cycles in, proposed records and
// the reconciliation report (data/import/macs.{md,json}) out. Each model's
// support follows the cycle of the last macOS major it runs, by the same rule
// as every Apple device (endoflife-os.ts). A record the catalog already has
// is never written: a curated one is compared, an earlier import that reads
// the same is left as it is, one that reads otherwise is listed. Proposals are
// checked by the real validator with the whole catalog before anything is
// written. Docs: docs/import-macs.md.
import { describeDate } from "../generator/derive/dates.ts";
import type { LoadedRecord } from "../generator/load/validate.ts";
import { keepValid } from "./proposals-check.ts";
import type { Commitment, DeviceRecord, Identifier, Source } from "../generator/schema/record.ts";
import { crossCheck, type CrossCheckRow } from "./apple-crosscheck.ts";
import { cycleSupport, newestCycle, nextCycle, type CycleStatement, type OsFile } from "./endoflife-os.ts";
import {
  carryIdentifiers,
  endoflifeSource,
  factOf,
  factsOf,
  IDENTIFIERS_MARK,
  MACS_REREAD_MARK,
  reread,
  shortCommit,
  type ImportContext,
} from "./endoflife-proposals.ts";
import { recordText } from "../generator/schema/record.ts";
import { cell } from "./endoflife-report.ts";
import type { SourceProblem } from "./front-matter.ts";
import { slugOf } from "./endoflife-readings.ts";
import { MAC_RULES, readMacModels, SOFA_FEED, SOFA_TABLE, type Disagreement, type MacModel, type MacSources } from "./macs-models.ts";
import { jsonText } from "../generator/contract/json-text.ts";
import { fileSourceId, fileUrl, SOURCES } from "./sources.ts";

export const MACS_JSON = "import/macs.json";
export const MACS_MARKDOWN = "import/macs.md";
/** How the Mac importer's creation entry begins. */
export const MACS_MARK = "Imported from AppleDB and SOFA";

export interface Snapshot {
  commit: string;
  commitDate: string;
}

export interface MacImportInput {
  sources: Omit<MacSources, "macos">;
  /** endoflife.date's os/macos.md, read (endoflife-os.ts). */
  macos: OsFile;
  appledb: Snapshot;
  sofa: Snapshot;
  /** The endoflife.date snapshot macos.md is from (ImportContext's commit) and the run's day and state. */
  context: ImportContext;
  catalog: LoadedRecord[];
  devicesDir: string;
}

export interface ModelEntry {
  slug: string;
  name: string;
  identifier: string;
  from: string;
  released: string;
  macos: string;
  security: string;
  /** The last build of its last major AppleDB lists for the model, beside the major's last point release in endoflife.date's macos.md: the difference a Security Update build makes. */
  lastBuild: string;
  os: string;
  /** imported: in the catalog as these sources say it (written now or by an earlier run, so a second run writes the same report); curated: the catalog's own record, compared, never written. */
  status: "imported" | "curated" | "not written";
  note?: string;
}

export interface MacReport {
  sources: { appledb: Snapshot & { repository: string }; sofa: Snapshot & { repository: string }; endoflife: Snapshot };
  rules: Record<string, string>;
  totals: {
    models: number;
    fromAppleDb: number;
    fromSofa: number;
    imported: number;
    curated: number;
    notWritten: number;
    disagreements: number;
    security: Record<string, number>;
    os: Record<string, number>;
  };
  disagreements: Disagreement[];
  cycles: CrossCheckRow[];
  models: ModelEntry[];
}

function sourcesOf(m: MacModel, input: MacImportInput): { own: Source; builds?: Source; feed?: Source; table?: Source } {
  const { appledb, sofa } = input;
  const checked = input.context.checked;
  const at = (s: Snapshot) => `at commit ${shortCommit(s.commit)} (${s.commitDate})`;
  const feed: Source = {
    id: "sofa-macos-feed",
    url: fileUrl(SOURCES.sofa.repository, sofa.commit, SOFA_FEED),
    publisher: "SOFA (macadmins)",
    title: `${SOFA_FEED} ${at(sofa)}`,
    checked,
  };
  const own: Source =
    m.origin.source === "appledb"
      ? {
          id: fileSourceId("appledb", m.origin.file),
          url: fileUrl(SOURCES.appledb.repository, appledb.commit, m.origin.file),
          publisher: "AppleDB",
          title: `${m.origin.file} ${at(appledb)}`,
          checked,
        }
      : feed;
  const uses = (from: "appledb" | "sofa") => m.first?.from === from || m.last?.from === from;
  return {
    own,
    ...(uses("appledb")
      ? {
          builds: {
            id: "appledb-macos-builds",
            url: `${SOURCES.appledb.repository}/tree/${appledb.commit}/osFiles/macOS`,
            publisher: "AppleDB",
            title: `osFiles/macOS (every macOS build and the identifiers that received it) ${at(appledb)}`,
            checked,
          },
        }
      : {}),
    ...(uses("sofa") && own.id !== feed.id ? { feed } : {}),
    ...(m.boardFrom
      ? {
          table: {
            id: "sofa-macos-models",
            url: fileUrl(SOURCES.sofa.repository, sofa.commit, SOFA_TABLE),
            publisher: "SOFA (macadmins)",
            title: `${SOFA_TABLE} ${at(sofa)}`,
            checked,
          },
        }
      : {}),
  };
}

const summary = (s: CycleStatement | undefined) =>
  !s ? "unknown" : s.status === "supported" ? "continuing" : s.status === "dated" ? `ended, last update ${describeDate(s.date)}` : "ended, no date";

/** The model's last AppleDB build beside its last major's last point release, and how many days later it came. */
function lastBuildOf(m: MacModel, macos: OsFile): string {
  const cycle = m.last && macos.cycles.find((c) => c.cycle === m.last!.version);
  const point = cycle?.latest && cycle.latestReleaseDate ? `${cycle.latest} on ${cycle.latestReleaseDate}` : "no point release listed";
  if (!m.lastBuild) return `no AppleDB build (${m.last?.from === "sofa" ? "majors from SOFA" : "no last major"}); cycle: ${point}`;
  const built = `${m.lastBuild.version}${m.lastBuild.build ? ` ${m.lastBuild.build}` : ""} on ${m.lastBuild.released}`;
  const later = cycle?.latestReleaseDate && m.lastBuild.released > cycle.latestReleaseDate;
  const days = later ? Math.round((Date.parse(m.lastBuild.released) - Date.parse(cycle!.latestReleaseDate!)) / 86_400_000) : 0;
  return `${built}; cycle: ${point}${later ? `; ${days} days later, taken` : "; not later, the cycle's release taken"}`;
}

/** The record for a model, or why it has none. */
function recordOf(
  m: MacModel,
  input: MacImportInput,
  shared: Set<string>,
): { record?: DeviceRecord; why?: string; security?: CycleStatement; os?: CycleStatement } {
  const macos = input.macos;
  const ctx = input.context;
  const cycle = m.last && macos.cycles.find((c) => c.cycle === m.last!.version);
  if (!m.first) return { why: "its first macOS major is not known from AppleDB or SOFA" };
  if (!cycle)
    return { why: m.last ? `macOS ${m.last.version} is not a cycle of endoflife.date's macos.md` : "its last macOS major is not known from AppleDB or SOFA" };
  const src = sourcesOf(m, input);
  const eol = endoflifeSource("macos.md", ctx);
  const current = cycle.cycle === newestCycle(macos)!.cycle;
  const next = nextCycle(macos, cycle);
  const read = cycleSupport({
    name: `macOS ${cycle.cycle}`,
    cycle,
    file: "macos.md",
    current,
    ...(next ? { next: `macOS ${next.cycle}` } : {}),
    on: ctx.commitDate,
    upgradesPer: "the macOS versions AppleDB's builds and SOFA's feed list for this model and endoflife.date's products/macos.md",
    ...(m.lastBuild ? { lastBuild: { ...m.lastBuild, per: "AppleDB's osFiles/macOS" } } : {}),
  });
  const versionIds = [...new Set([m.first.from, m.last!.from].map((f) => (f === "appledb" ? (src.builds ?? src.own).id : (src.feed ?? src.own).id)))];
  const commitment = (id: "os" | "security", s: CycleStatement): Commitment =>
    ({ id, scope: {}, ...factOf(s, ctx.commitDate), meaning: s.meaning, evidenceLevel: "third-party", sourceIds: [...versionIds, eol.id] }) as Commitment;
  const code = (kind: Identifier["kind"], value: string, from: Source): Identifier => ({
    kind,
    value,
    sourceId: from.id,
    ...(shared.has(`${kind}:${value}`) ? { shared: true as const } : {}),
  });
  const boardSource = src.table ?? src.own;
  const name = `Apple ${m.name}`;
  const record: DeviceRecord = {
    $schema: "../device-record.schema.json",
    slug: slugOf(name),
    name,
    manufacturer: "Apple",
    deviceType: "laptop",
    aliases: [],
    formerSlugs: [],
    publication: ctx.state === "published" ? { state: "published" } : { state: "draft", note: "Proposed by the Mac importer; review it before publishing" },
    released: m.released,
    osVersions: [{ os: "macOS", first: m.first.version, ...(current ? {} : { last: cycle.cycle }), sourceIds: [...versionIds, eol.id] }],
    variants: [
      {
        model: m.name,
        regions: ["GLOBAL"],
        note: "AppleDB and SOFA record no markets; regions are not known",
        identifiers: [
          ...m.modelNumbers.map((v) => code("model-number", v, src.own)),
          code("hardware-identifier", m.identifier, src.own),
          ...m.boards.map((v) => code("board", v, boardSource)),
        ],
      },
    ],
    caveats: [],
    support: { os: [commitment("os", read.os)], security: [commitment("security", read.security)] },
    evidence: {
      sources: [src.own, ...[src.builds, src.feed, src.table].filter((s): s is Source => s !== undefined), eol],
      recallReview: [],
      repairability: [],
      revisions: [
        {
          date: ctx.checked,
          change: `${MACS_MARK}: ${m.origin.source === "appledb" ? `AppleDB ${m.origin.file} at commit ${shortCommit(input.appledb.commit)}` : `SOFA ${SOFA_FEED} at commit ${shortCommit(input.sofa.commit)}`}, macOS ${m.first.version} to ${cycle.cycle}, cycles from endoflife.date products/macos.md at commit ${shortCommit(ctx.commit)}`,
          reason: "Proposed by the Mac importer for a model the catalog did not have; docs/import-macs.md says how each fact is read",
        },
      ],
    },
  };
  return { record, security: read.security, os: read.os };
}

/** An import nobody has revised since: every entry the Mac importer's or an identifier importer's. */
const isUnrevisedMacImport = (r: DeviceRecord) =>
  r.evidence.revisions[0]?.change.startsWith(MACS_MARK) &&
  r.evidence.revisions.every((v) => [MACS_MARK, MACS_REREAD_MARK, IDENTIFIERS_MARK].some((mark) => v.change.startsWith(mark)));

export function runMacImport(input: MacImportInput): { problems: SourceProblem[]; writes: { path: string; text: string }[]; report?: MacReport } {
  const read = readMacModels({ ...input.sources, macos: input.macos });
  if (read.problems.length || !read.apple) return { problems: read.problems, writes: [] };
  const { models, disagreements, apple } = read;

  // A code the sources give to several models (one identifier for a 2018 and a 2019 model, one A-number for years of MacBook Airs) is shared.
  const seen = new Map<string, number>();
  for (const m of models)
    for (const k of new Set([...m.modelNumbers.map((v) => `model-number:${v}`), `hardware-identifier:${m.identifier}`, ...m.boards.map((v) => `board:${v}`)]))
      seen.set(k, (seen.get(k) ?? 0) + 1);
  const shared = new Set([...seen].filter(([, n]) => n > 1).map(([k]) => k));

  const bySlug = new Map(input.catalog.map((l) => [l.record.slug, l]));
  const entries: ModelEntry[] = [];
  const fresh: DeviceRecord[] = [];
  for (const m of models) {
    const r = recordOf(m, input, shared);
    const base = {
      name: m.name,
      identifier: m.identifier,
      from: m.origin.source === "appledb" ? `AppleDB ${m.origin.file}` : `SOFA ${m.origin.file}:${m.origin.line}`,
      released: describeDate(m.released),
      macos: m.first || m.last ? `${m.first?.version ?? "?"} (${m.first?.from ?? "?"}) to ${m.last?.version ?? "?"} (${m.last?.from ?? "?"})` : "unknown",
      security: summary(r.security),
      lastBuild: lastBuildOf(m, input.macos),
      os: summary(r.os),
    };
    if (!r.record) {
      entries.push({ ...base, slug: slugOf(`Apple ${m.name}`), status: "not written", note: r.why! });
      continue;
    }
    const earlier = bySlug.get(r.record.slug);
    if (!earlier) {
      fresh.push(r.record);
      entries.push({ ...base, slug: r.record.slug, status: "imported" });
    } else if (!isUnrevisedMacImport(earlier.record))
      entries.push({ ...base, slug: r.record.slug, status: "curated", note: "the catalog's own record: compared, never written" });
    else if (factsOf(earlier.record) === factsOf({ ...r.record, publication: earlier.record.publication }))
      entries.push({ ...base, slug: r.record.slug, status: "imported" });
    else if (input.context.refresh) {
      // Rewritten as these sources say now, keeping its publication state, history and the codes identifier importers added.
      const by = {
        mark: MACS_REREAD_MARK,
        read: `(AppleDB at commit ${shortCommit(input.appledb.commit)}, SOFA at commit ${shortCommit(input.sofa.commit)}, endoflife.date products/macos.md at commit ${shortCommit(input.context.commit)})`,
        created: MACS_MARK,
        reason: "Proposed by the Mac importer: its reading of the sources changed (docs/import-macs.md says how each fact is read)",
      };
      fresh.push(
        carryIdentifiers(earlier.record, reread(earlier.record, { ...r.record, publication: earlier.record.publication }, "macos.md", input.context, by)),
      );
      entries.push({ ...base, slug: r.record.slug, status: "imported" });
    } else
      entries.push({
        ...base,
        slug: r.record.slug,
        status: "not written",
        note: "an earlier import differs from what these sources say now; run with --refresh to rewrite the imports nobody has revised, or revise it by hand",
      });
  }

  // The real validator on the whole catalog with the proposals: a proposal that breaks a rule is not written.
  const { kept, rejected } = keepValid(input.catalog, fresh, input.devicesDir);
  for (const [slug, why] of rejected) {
    const e = entries.find((x) => x.slug === slug && x.status === "imported")!;
    e.status = "not written";
    e.note = why;
  }

  const count = (key: "security" | "os") => {
    const c: Record<string, number> = {};
    for (const e of entries) if (e.status !== "not written") c[e[key].replace(/ \d.*$/, "")] = (c[e[key].replace(/ \d.*$/, "")] ?? 0) + 1;
    return Object.fromEntries(Object.entries(c).sort(([a], [b]) => (a < b ? -1 : 1)));
  };
  const lastCycles = models.flatMap((m) => (m.last ? [`macos.md#${m.last.version}`] : []));
  const report: MacReport = {
    sources: {
      appledb: { repository: SOURCES.appledb.repository, ...input.appledb },
      sofa: { repository: SOURCES.sofa.repository, ...input.sofa },
      endoflife: { commit: input.context.commit, commitDate: input.context.commitDate },
    },
    rules: { ...MAC_RULES },
    totals: {
      models: models.length,
      fromAppleDb: models.filter((m) => m.origin.source === "appledb").length,
      fromSofa: models.filter((m) => m.origin.source === "sofa").length,
      imported: entries.filter((e) => e.status === "imported").length,
      curated: entries.filter((e) => e.status === "curated").length,
      notWritten: entries.filter((e) => e.status === "not written").length,
      disagreements: disagreements.length,
      security: count("security"),
      os: count("os"),
    },
    disagreements,
    cycles: crossCheck({
      osFiles: new Map([["macos.md", input.macos]]),
      cycles: lastCycles,
      // Read and checked once, by readMacModels.
      sofa: { macos: apple.sofa },
      builds: apple.builds,
      appledbDate: apple.appledbDate,
    }),
    models: entries.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)),
  };
  return {
    problems: [],
    writes: [
      ...kept.map((r) => ({ path: `devices/${r.slug}.json`, text: recordText(r) })),
      { path: MACS_JSON, text: jsonText(report) },
      { path: MACS_MARKDOWN, text: macsMarkdown(report) },
    ],
    report,
  };
}

export function macsMarkdown(r: MacReport): string {
  const t = r.totals;
  const lines = [
    "# Mac laptops: import report",
    "",
    "Generated by `npm run import -- macs` (docs/import-macs.md); do not edit by hand.",
    "",
    `Sources: AppleDB (${r.sources.appledb.repository}) at commit ${shortCommit(r.sources.appledb.commit)} (${r.sources.appledb.commitDate}); SOFA (${r.sources.sofa.repository}) at commit ${shortCommit(r.sources.sofa.commit)} (${r.sources.sofa.commitDate}); endoflife.date products/macos.md at commit ${shortCommit(r.sources.endoflife.commit)} (${r.sources.endoflife.commitDate}).`,
    "",
    `${t.models} models (${t.fromAppleDb} from AppleDB's device files, ${t.fromSofa} only in SOFA): ${t.imported} imported, ${t.curated} curated, ${t.notWritten} not written. ${t.disagreements} disagreements between AppleDB and SOFA, each resolved by a rule below.`,
    "",
    `Security updates: ${Object.entries(t.security)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}. OS upgrades: ${Object.entries(t.os)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}.`,
    "",
    "## Rules",
    "",
    ...Object.entries(r.rules).map(([k, v]) => `- **${k}**: ${v}`),
    "",
    "## Disagreements between AppleDB and SOFA",
    "",
    "| Identifier | Model | Field | AppleDB | SOFA | Record says | Rule |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...r.disagreements.map(
      (d) => `| ${cell(d.identifier)} | ${cell(d.model)} | ${d.field} | ${cell(d.appledb)} | ${cell(d.sofa)} | ${cell(d.resolution)} | ${d.rule} |`,
    ),
    "",
    "## macOS cycles the models end on",
    "",
    "endoflife.date's cycle beside SOFA's security releases and AppleDB's last build (apple-crosscheck.ts).",
    "",
    "| Cycle | endoflife.date | SOFA | AppleDB | Disagreement |",
    "| --- | --- | --- | --- | --- |",
    ...r.cycles.map((c) => `| macOS ${c.cycle} | ${cell(c.endoflife)} | ${cell(c.sofa ?? "")} | ${cell(c.appledb ?? "")} | ${cell(c.disagreement ?? "")} |`),
    "",
    "## Models",
    "",
    "| Record | Identifier | From | Released | macOS (from) | Security | Last build (AppleDB) beside the cycle's last release | OS upgrades | Status |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...r.models.map(
      (m) =>
        `| \`${m.slug}\` | ${cell(m.identifier)} | ${cell(m.from)} | ${m.released} | ${cell(m.macos)} | ${cell(m.security)} | ${cell(m.lastBuild)} | ${cell(m.os)} | ${m.status}${m.note ? `: ${cell(m.note)}` : ""} |`,
    ),
    "",
  ];
  return lines.join("\n");
}
