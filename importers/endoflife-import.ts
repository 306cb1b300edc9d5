// The importer as one pure function: product files and the loaded catalog in,
// problems or the files to write out. Bad input gives every problem and no
// file at all. A release that names a curated record is compared with it (the
// record is never written); any other becomes a proposed record, checked by
// the real validator together with the whole catalog before it is written.
// An import nobody has revised since (one revision, the importer's) counts as
// a proposal, not as a curated record, so a second run writes nothing new and
// produces the same report.
import { describeDate } from "../generator/derive/dates.ts";
import { formatProblem, validateFiles, type LoadedRecord, type RawFile } from "../generator/load/validate.ts";
import type { SourceProblem } from "./front-matter.ts";
import { readProductFile, type ProductFile } from "./endoflife-releases.ts";
import { readRelease, statementSummary, withReleaseData, type ReleaseReading, type Statement } from "./endoflife-readings.ts";
import { productFileOf, readReleaseDataFile, type ReleaseDataFile, type ReleaseDataText } from "./endoflife-release-data.ts";
import { readOsFile, type OsFile, type OsText } from "./endoflife-os.ts";
import { sanityJson, sanityMarkdown, verdictSanity, type SanityReport } from "./verdict-sanity.ts";
import type { AppleBuild, SofaFeed } from "./apple-crosscheck.ts";
import { indexCatalog, matchRelease } from "./endoflife-matching.ts";
import { reconcile } from "./endoflife-reconcile.ts";
import { carryIdentifiers, factsOf, isUnrevisedImport, reread, proposalOf, type ImportContext } from "./endoflife-proposals.ts";
import { recordText } from "../generator/schema/record.ts";
import {
  sortedCounts,
  sortReport,
  reportJson,
  reportMarkdown,
  type ProposalEntry,
  type RecordEntry,
  type Report,
  type SkippedEntry,
} from "./endoflife-report.ts";
import type { DeviceRecord } from "../generator/schema/record.ts";
import { fileUrl, SOURCES } from "./sources.ts";

/** "at commit `<sha>` (YYYY-MM-DD)", as the snapshot's README records it. */
export function snapshotFromReadme(text: string): { commit: string; commitDate: string } | undefined {
  const m = /commit\s*`?([0-9a-f]{40})`?\s*\((\d{4}-\d{2}-\d{2})[^)]*\)/.exec(text);
  return m ? { commit: m[1]!, commitDate: m[2]! } : undefined;
}

export interface ProductText {
  /** products/<name>, e.g. "pixel.md": the key of the importer's table. */
  name: string;
  /** The path shown in problems. */
  path: string;
  text: string;
}

export interface ImportInput {
  products: ProductText[];
  /** endoflife.date's OS files (os/*.md) of the same commit: Apple's devices follow their cycles. */
  osFiles: OsText[];
  /** endoflife.date's release-data (releases/*.json), newer than the product files: its eol wins where it differs, with a revision entry. */
  releaseData?: { files: ReleaseDataText[]; commit: string; commitDate: string };
  /** SOFA's feeds and AppleDB's builds, to check Apple's OS cycles against in the sanity report. */
  apple?: { sofa: Record<string, SofaFeed>; builds: AppleBuild[]; appledbDate: string };
  catalog: LoadedRecord[];
  /** The devices folder as the catalog's file names show it (e.g. data/devices). */
  devicesDir: string;
  context: ImportContext;
}

export interface ImportResult {
  problems: SourceProblem[];
  /** Paths relative to the data folder: devices/<slug>.json for new proposals, import/endoflife.{json,md}. */
  writes: { path: string; text: string }[];
  report?: Report;
  sanity?: SanityReport;
}

export const REPORT_JSON = "import/endoflife.json";
export const REPORT_MARKDOWN = "import/endoflife.md";
export const SANITY_JSON = "import/verdict-sanity.json";
export const SANITY_MARKDOWN = "import/verdict-sanity.md";

const summary = statementSummary;

const countKey = (s: Statement | undefined) =>
  !s ? "not in file" : s.status === "dated" ? `${s.kind} ${s.date!.precision}` : s.status === "supported" ? "continuing" : s.status;

const refOf = (r: ReleaseReading) => ({ file: r.product.mapping.file, cycle: r.release.cycle, label: r.release.label, line: r.release.line });

const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

export function runImport(input: ImportInput): ImportResult {
  const { context: ctx, catalog, devicesDir } = input;
  const problems: SourceProblem[] = [];
  const files: ProductFile[] = [];
  for (const p of [...input.products].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const read = readProductFile(p.path, p.name, p.text);
    problems.push(...read.problems);
    if (read.product) files.push(read.product);
  }
  const osFiles = new Map<string, OsFile>();
  for (const o of input.osFiles) {
    const read = readOsFile(o);
    problems.push(...read.problems);
    if (read.os) osFiles.set(o.name, read.os);
  }
  for (const f of files)
    if (f.mapping.osCycles)
      for (const name of [f.mapping.osCycles.file, f.mapping.osCycles.before?.file].filter((n): n is string => !!n))
        if (!input.osFiles.some((o) => o.name === name))
          problems.push({ file: f.path, line: 1, message: `its devices follow the OS cycles of os/${name}, which the snapshot folder does not hold` });
  const releaseData = new Map<string, ReleaseDataFile>();
  for (const t of input.releaseData?.files ?? []) {
    const read = readReleaseDataFile(t);
    problems.push(...read.problems);
    if (read.file) releaseData.set(productFileOf(t.name), read.file);
  }
  if (problems.length) return { problems, writes: [] };

  const rd = input.releaseData;
  const readings = files.flatMap((f) =>
    f.releases.map((r) => {
      const reading = readRelease(f, r, { ...ctx, osFiles });
      const entry = releaseData.get(f.mapping.file)?.entries.get(r.cycle);
      return entry && rd
        ? withReleaseData(reading, entry, {
            url: fileUrl(SOURCES.releaseData.repository, rd.commit, `releases/${releaseData.get(f.mapping.file)!.name}`),
            file: `releases/${releaseData.get(f.mapping.file)!.name}`,
            commit: rd.commit,
            commitDate: rd.commitDate,
            checked: ctx.checked,
          })
        : reading;
    }),
  );
  const imports = new Map(catalog.filter((l) => isUnrevisedImport(l.record)).map((l) => [l.record.slug, l]));
  const index = indexCatalog(catalog.filter((l) => !isUnrevisedImport(l.record)));

  const matched = new Map<string, RecordEntry>();
  /** Each reading beside the record it speaks about, for the verdict sanity report. */
  const about: { reading: ReleaseReading; record: DeviceRecord }[] = [];
  const notWritten: SkippedEntry[] = [];
  const candidates = new Map<string, ReleaseReading[]>();
  for (const reading of readings) {
    const m = matchRelease(reading, index);
    if (m && "ambiguous" in m) {
      notWritten.push({ ...refOf(reading), reason: `its name reads as several records' names: ${m.ambiguous.map((l) => l.record.slug).join(", ")}` });
    } else if (m) {
      const r = m.record.record;
      const entry = matched.get(r.slug) ?? { slug: r.slug, name: r.name, state: r.publication.state, releases: [], rows: [] };
      entry.releases.push({ ...refOf(reading), matchedBy: m.by });
      about.push({ reading, record: r });
      entry.rows.push(...reconcile(reading, r, ctx.commitDate).map((row) => ({ ...row, release: `${reading.product.mapping.file}#${reading.release.cycle}` })));
      matched.set(r.slug, entry);
    } else candidates.set(reading.slug, [...(candidates.get(reading.slug) ?? []), reading]);
  }

  const proposals: { reading: ReleaseReading; record: DeviceRecord; present: boolean }[] = [];
  for (const [slug, same] of candidates) {
    if (same.length > 1) {
      for (const reading of same)
        notWritten.push({
          ...refOf(reading),
          reason: `its slug "${slug}" is also the slug of ${same
            .filter((o) => o !== reading)
            .map((o) => `${o.product.mapping.file}#${o.release.cycle}`)
            .join(", ")}`,
        });
      continue;
    }
    const reading = same[0]!;
    const earlier = imports.get(slug);
    // A rewritten import keeps the publication state a curator gave it.
    const fresh = proposalOf(reading, ctx);
    const changed = earlier !== undefined && factsOf(earlier.record) !== factsOf(fresh);
    const record = !earlier
      ? fresh
      : changed
        ? carryIdentifiers(earlier.record, reread(earlier.record, { ...fresh, publication: earlier.record.publication }, reading.product.mapping.file, ctx))
        : earlier.record;
    if (changed && !ctx.refresh)
      notWritten.push({
        ...refOf(reading),
        reason: `an earlier import (devices/${slug}.json) differs from what this snapshot says; it is not rewritten: run with --refresh to rewrite the imports nobody has revised, or revise it as a curated record`,
      });
    else proposals.push({ reading, record, present: earlier !== undefined && !changed });
  }

  // The real validator on the whole catalog with the new proposals: a proposal
  // that breaks a rule (its own or a catalog-wide one) is not written.
  const fileOf = (slug: string) => `${devicesDir}/${slug}.json`;
  const rewritten = new Set(proposals.filter((p) => !p.present).map((p) => p.record.slug));
  const catalogFiles: RawFile[] = catalog
    .filter((l) => !rewritten.has(l.record.slug))
    .map((l) => ({ file: l.file, slug: l.record.slug, text: recordText(l.record) }));
  const baseline = new Set(validateFiles(catalogFiles).problems.map(formatProblem));
  let fresh = proposals.filter((p) => !p.present);
  for (;;) {
    const found = validateFiles([
      ...catalogFiles,
      ...fresh.map((p) => ({ file: fileOf(p.record.slug), slug: p.record.slug, text: recordText(p.record) })),
    ]).problems.filter((p) => !baseline.has(formatProblem(p)));
    if (!found.length) break;
    const culprits = fresh.filter((p) => found.some((f) => f.file === fileOf(p.record.slug) || f.message.includes(fileOf(p.record.slug))));
    if (!culprits.length) throw new Error(`validation problems no proposal explains: ${found.map(formatProblem).join("; ")}`);
    for (const c of culprits) {
      const why = found.filter((f) => f.file === fileOf(c.record.slug) || f.message.includes(fileOf(c.record.slug)));
      // The report names files under the data folder, wherever that folder is.
      const message = (f: { path: string; message: string }) => `${f.path || "(file)"}: ${f.message.replaceAll(`${devicesDir}/`, "devices/")}`;
      notWritten.push({ ...refOf(c.reading), reason: `the proposal fails validation: ${why.map(message).join("; ")}` });
    }
    fresh = fresh.filter((p) => !culprits.includes(p));
  }
  const kept = proposals.filter((p) => p.present || fresh.includes(p));

  for (const p of kept) about.push({ reading: p.reading, record: p.present ? imports.get(p.record.slug)!.record : p.record });
  const sanity = verdictSanity({
    readings: about,
    commit: ctx.commit,
    commitDate: ctx.commitDate,
    ...(input.apple ? { apple: { ...input.apple, osFiles } } : {}),
  });
  const report = buildReport(ctx, files, readings, [...matched.values()], kept, notWritten, catalog);
  if (rd && releaseData.size)
    report.releaseData = {
      repository: SOURCES.releaseData.repository,
      commit: rd.commit,
      commitDate: rd.commitDate,
      files: [...releaseData].map(([productFile, f]) => {
        const ours = readings.filter((r) => r.product.mapping.file === productFile);
        const cycles = new Set(files.find((p) => p.mapping.file === productFile)?.releases.map((r) => r.cycle));
        return {
          file: `releases/${f.name}`,
          agree: ours.filter((r) => !r.newer && f.entries.has(r.release.cycle)).length,
          newer: ours
            .filter((r) => r.newer)
            .map((r) => ({ cycle: r.release.cycle, productFile: summary(r.newer!.replaced), release: summary(r[r.product.mapping.eol!.support]) })),
          notInProductFile: [...f.entries.values()]
            .filter((e) => !cycles.has(e.name))
            .map((e) => ({ cycle: e.name, eol: String(e.eol) }))
            .sort((a, b) => (a.cycle < b.cycle ? -1 : 1)),
        };
      }),
    };
  return {
    problems: [],
    writes: [
      ...fresh.map((p) => ({ path: `devices/${p.record.slug}.json`, text: recordText(p.record) })),
      { path: REPORT_JSON, text: reportJson(report) },
      { path: REPORT_MARKDOWN, text: reportMarkdown(report) },
      { path: SANITY_JSON, text: sanityJson(sanity) },
      { path: SANITY_MARKDOWN, text: sanityMarkdown(sanity) },
    ],
    report,
    sanity,
  };
}

function buildReport(
  ctx: ImportContext,
  files: ProductFile[],
  readings: ReleaseReading[],
  records: RecordEntry[],
  proposals: { reading: ReleaseReading; record: DeviceRecord }[],
  notWritten: SkippedEntry[],
  catalog: LoadedRecord[],
): Report {
  const proposalEntries: ProposalEntry[] = proposals.map(({ reading, record }) => ({
    ...refOf(reading),
    slug: record.slug,
    name: record.name,
    manufacturer: record.manufacturer,
    deviceType: record.deviceType,
    released: describeDate(record.released),
    os: summary(reading.os),
    security: summary(reading.security),
  }));
  const covered = new Set([...records.map((r) => r.slug), ...proposalEntries.map((p) => p.slug)]);
  const rows = records.flatMap((r) => r.rows);
  const statusCounts = { same: 0, compatible: 0, conflict: 0, resolved: 0 };
  const byField = new Map<string, { unresolved: number; resolved: number }>();
  for (const row of rows) {
    statusCounts[row.status]++;
    if (row.status !== "conflict" && row.status !== "resolved") continue;
    const field = row.field.split(".")[0]!;
    const c = byField.get(field) ?? { unresolved: 0, resolved: 0 };
    c[row.status === "conflict" ? "unresolved" : "resolved"]++;
    byField.set(field, c);
  }
  const manufacturers = new Map<string, number>();
  const statements = { os: new Map<string, number>(), security: new Map<string, number>() };
  for (const { reading, record } of proposals) {
    bump(manufacturers, record.manufacturer);
    bump(statements.os, countKey(reading.os));
    bump(statements.security, countKey(reading.security));
  }
  const count = <T>(xs: T[], file: string, fileOf: (x: T) => string) => xs.filter((x) => fileOf(x) === file).length;
  return sortReport({
    source: { repository: SOURCES.endoflife.repository, commit: ctx.commit, commitDate: ctx.commitDate },
    files: files.map((f) => ({
      file: f.mapping.file,
      releases: f.releases.length,
      proposed: count(proposalEntries, f.mapping.file, (p) => p.file),
      matched: records.reduce((n, r) => n + count(r.releases, f.mapping.file, (x) => x.file), 0),
      notWritten: count(notWritten, f.mapping.file, (s) => s.file),
    })),
    totals: {
      releases: readings.length,
      proposed: proposalEntries.length,
      matchedRecords: records.length,
      notWritten: notWritten.length,
      notCovered: catalog.filter((l) => !covered.has(l.record.slug)).length,
      rows: statusCounts,
    },
    conflictsByField: Object.fromEntries([...byField].sort(([a], [b]) => (a < b ? -1 : 1))),
    proposalsByManufacturer: sortedCounts(manufacturers),
    proposalStatements: { os: sortedCounts(statements.os), security: sortedCounts(statements.security) },
    records,
    proposals: proposalEntries,
    notWritten,
    notCovered: catalog
      .filter((l) => !covered.has(l.record.slug))
      .map((l) => ({ slug: l.record.slug, name: l.record.name, state: l.record.publication.state })),
  });
}
