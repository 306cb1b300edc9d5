// The identifier importers' one merge: rows a source reader found (a device
// as the source names it, the codes it gives it) in, the records to rewrite
// and the reconciliation report out. A row goes into a record only when its
// name is the record's slug, former slug, name or alias as the endoflife.date
// importer compares them; a near name (the S10 for the S10e, the Pixel 7 for
// the 7a) goes to the review list, never into a record. Nothing a curator
// wrote is removed or changed: codes are appended, each record changed gets
// one revision entry. Pure: records and their raw JSON in, texts out.
import { identifierKey } from "../generator/contract/identifiers.ts";
import { compact } from "../generator/derive/search.ts";
import { IDENTIFIER_FORMATS } from "../generator/load/identifier-formats.ts";
import { formatProblem, validateFiles, type LoadedRecord } from "../generator/load/validate.ts";
import { IDENTIFIER_KINDS, recordText, type DeviceRecord, type Identifier, type Source } from "../generator/schema/record.ts";
import { indexCatalog, nameKey } from "./endoflife-matching.ts";
import { IDENTIFIERS_MARK, shortCommit } from "./endoflife-proposals.ts";
import type { DecidedEntry, IdentifierReport, ReportCode, ReviewEntry, RowRef, RunSummary, UnmatchedRow } from "./identifiers-report.ts";
import { buildReport } from "./identifiers-report.ts";
import type { Decision } from "./identifiers-decisions.ts";
import type { SourceProblem } from "./front-matter.ts";

export type Kind = Identifier["kind"];

export interface Code {
  kind: Kind;
  value: string;
  regions?: string[];
}

/** One device as a source names it, with the codes the source gives it. */
export interface SourceRow {
  ref: RowRef;
  /** The manufacturer as the catalog spells it. */
  manufacturer: string;
  /** The device's name as the source writes it (with or without the manufacturer). */
  name: string;
  /** Further names to try, in order, when the name matches no record exactly (a configuration's name without its qualifiers). */
  fallbackNames?: string[];
  /** Slugs the source's own reading gives the device (the endoflife.date importer's), tried before the name. */
  slugs?: string[];
  codes: Code[];
  /** The evidence entry the codes are cited to: a stable URL to the upstream file at its commit. */
  source: Source;
  /** The copy that was read, when the source is a page it cites (source.citedBy names it): added to the record with it. */
  citedBy?: Source;
  /** Why the reader doubts the row (a name Google Play gives unrelated codenames): it goes to review unless a curator decided it. */
  doubt?: string;
}

/** What a source reader hands the merge. */
export interface SourceRun extends RunSummary {
  rows: SourceRow[];
  /** Doubts the reader found itself (a name the source gives several generations, two tables that disagree). */
  review: ReviewEntry[];
  /**
   * The model family of a model number, where the manufacturer numbers its
   * generations (Samsung: SM-A525F → A525). A row whose families share none
   * with the model numbers a record already has is another device, or a
   * wrong link, as likely as a new variant: it goes to review.
   */
  familyOf?: (modelNumber: string) => string | undefined;
  /** Records another change is correcting, with why: a row placed on one goes to review instead. */
  held?: Record<string, string>;
}

/** What a reader returns: the run without the source's name and commit, which the shared run adds (identifiers-import.ts). */
export type SourceRead = Omit<SourceRun, "importer" | "title" | "repository" | "commit" | "commitDate">;

export interface CatalogFile extends LoadedRecord {
  /** The file's JSON as written, so a rewrite keeps the curator's key order and every field. */
  // biome-ignore lint/suspicious/noExplicitAny: a record's JSON as written, edited in place and checked by the validator before it is written
  raw: Record<string, any>;
}

export interface MergeResult {
  writes: { file: string; text: string }[];
  report: IdentifierReport;
  /** Identifiers written by this run (0 on a second run). */
  addedNow: number;
  /** Decisions that cannot be applied (no such row, record or code): the run writes nothing. */
  problems: SourceProblem[];
}

export const IDENTIFIER_REASON_MARK = "Proposed by the ";

const fullName = (manufacturer: string, name: string) => (compact(name).startsWith(compact(manufacturer)) ? name : `${manufacturer} ${name}`);

/**
 * A longer name that begins with a shorter one may be another model of it
 * (S10 → S10e, Pixel 7 → Pixel 7a, Pro 7+ → Pro 7+ LTE), but not when a
 * number merely goes on (Moto G7 → Moto G71, Nokia 3 → Nokia 31).
 */
function near(longer: string, shorter: string): boolean {
  if (longer === shorter || !longer.startsWith(shorter)) return false;
  return !(/\d$/.test(shorter) && /^\d/.test(longer.slice(shorter.length)));
}

type Placement = { slug: string; variant: number } | { review: string; candidates: string[] } | { none: true };

function placer(catalog: CatalogFile[]) {
  const live = catalog.filter((c) => c.record.publication.state !== "withdrawn");
  const index = indexCatalog(live);
  const byManufacturer = new Map<string, CatalogFile[]>();
  for (const c of live) byManufacturer.set(compact(c.record.manufacturer), [...(byManufacturer.get(compact(c.record.manufacturer)) ?? []), c]);
  const keysOf = (r: DeviceRecord) => [r.name, ...r.aliases].map(nameKey);

  return (row: SourceRow): Placement => {
    const maker = compact(row.manufacturer);
    const own = (l: LoadedRecord) => compact(l.record.manufacturer) === maker;
    let found: LoadedRecord[] = [];
    for (const slug of row.slugs ?? []) {
      const hit = index.bySlug.get(slug) ?? index.byFormerSlug.get(slug);
      if (hit && own(hit)) found = [hit];
      if (found.length) break;
    }
    // The name with the manufacturer before it, then as written (a Nokia phone's record is filed under HMD Global).
    const keys = [...new Set([row.name, ...(row.fallbackNames ?? [])].flatMap((n) => [nameKey(fullName(row.manufacturer, n)), nameKey(n)]))];
    for (const k of keys) {
      if (found.length) break;
      found = (index.byName.get(k) ?? []).filter(own);
    }
    const slugs = [...new Set(found.map((l) => l.record.slug))].sort();
    if (slugs.length > 1) return { review: "its name reads as several records' names or aliases", candidates: slugs };
    if (slugs.length === 1) {
      const record = found[0]!.record;
      if (record.variants.length === 1) return { slug: record.slug, variant: 0 };
      const variant = record.variants.findIndex((v) => keys.includes(nameKey(fullName(row.manufacturer, v.model))));
      if (variant >= 0) return { slug: record.slug, variant };
      return { review: "the record lists several variants and the source does not say which one this is", candidates: [record.slug] };
    }
    // A name that one of ours begins with, or that begins with one of ours, may be another generation or model.
    const nearBy = (byManufacturer.get(maker) ?? [])
      .filter((c) => keysOf(c.record).some((k) => k.length > 0 && keys.some((q) => near(k, q) || near(q, k))))
      .map((c) => c.record.slug)
      .sort();
    if (nearBy.length) return { review: "only a near name matches: it could be another generation or model", candidates: nearBy };
    return { none: true };
  };
}

interface Carrier {
  slug: string;
  variant: number;
  identifier: Identifier;
  sourceUrl?: string;
}

interface Proposal {
  row: SourceRow;
  slug: string;
  variant: number;
  code: Code;
  /** The curator's decision that placed the row, when the importer alone would not have. */
  decision?: Decision;
}

export function mergeIdentifiers(run: SourceRun, catalog: CatalogFile[], checked: string, decisions: Decision[] = []): MergeResult {
  const place = placer(catalog);
  const decided = applyDecisions(run, catalog, decisions);
  const review: ReviewEntry[] = [...run.review];
  const notMatched: UnmatchedRow[] = [];
  // On a curator's list the unmatched rows carry their maker, codes and near records.
  const unmatched = (row: SourceRow, candidates: string[] = []): UnmatchedRow =>
    run.curatorList ? { ...row.ref, manufacturer: row.manufacturer, codes: row.codes.map((c) => c.value), candidates } : row.ref;
  const proposals: Proposal[] = [];
  const families = (codes: { kind: string; value: string }[]) =>
    new Set(codes.filter((c) => c.kind === "model-number").flatMap((c) => run.familyOf?.(c.value) ?? []));
  const recordFamilies = new Map(catalog.map((c) => [c.record.slug, families(c.record.variants.flatMap((v) => v.identifiers ?? []))]));
  let matchedRows = 0;
  for (const row of run.rows) {
    const d = decided.byLabel.get(row.ref.label);
    if (d === "rejected") continue;
    if (d) {
      matchedRows++;
      for (const code of d.codes) proposals.push({ row, slug: d.slug, variant: d.variant, code, decision: d.decision });
      continue;
    }
    if (row.doubt) {
      review.push({ ...row.ref, codes: row.codes.map((c) => c.value), candidates: [], reason: row.doubt });
      continue;
    }
    const p = place(row);
    const theirs = "slug" in p ? recordFamilies.get(p.slug)! : new Set<string>();
    const mine = families(row.codes);
    if ("none" in p) notMatched.push(unmatched(row));
    // A row without codes has nothing to review: on a curator's list it names the records it is near.
    else if ("review" in p && !row.codes.length && run.curatorList) notMatched.push(unmatched(row, p.candidates));
    else if ("review" in p) review.push({ ...row.ref, codes: row.codes.map((c) => c.value), candidates: p.candidates, reason: p.review });
    else if (run.held?.[p.slug] && row.codes.length)
      review.push({ ...row.ref, codes: row.codes.map((c) => c.value), candidates: [p.slug], reason: `held: ${run.held[p.slug]}` });
    else if (theirs.size && mine.size && ![...mine].some((f) => theirs.has(f)))
      review.push({
        ...row.ref,
        codes: row.codes.map((c) => c.value),
        candidates: [p.slug],
        reason: `its model family (${[...mine].sort().join(", ")}) is not the record's (${[...theirs].sort().join(", ")}): another generation, or a wrong link?`,
      });
    else {
      matchedRows++;
      for (const code of row.codes) {
        if (!IDENTIFIER_FORMATS[code.kind].pattern.test(code.value))
          review.push({ ...row.ref, codes: [code.value], candidates: [p.slug], reason: `not written as a ${code.kind} is written` });
        else proposals.push({ row, slug: p.slug, variant: p.variant, code });
      }
    }
  }

  const bySlug = new Map(catalog.map((c) => [c.record.slug, c]));
  const carriers = new Map<string, Carrier[]>();
  for (const c of catalog) {
    const urls = new Map(c.record.evidence.sources.map((s) => [s.id, s.url]));
    c.record.variants.forEach((v, variant) => {
      for (const identifier of v.identifiers ?? []) {
        const key = identifierKey(identifier.value);
        carriers.set(key, [...(carriers.get(key) ?? []), { slug: c.record.slug, variant, identifier, sourceUrl: urls.get(identifier.sourceId) }]);
      }
    });
  }

  const runUrls = new Set(run.rows.map((r) => r.source.url));
  const alreadyPresent: ReportCode[] = [];
  const conflicts: (ReportCode & { reason: string })[] = [];
  const additions = new Map<string, { variant: number; code: Code & { shared?: true }; source: Source; citedBy?: Source; decision?: Decision }[]>();
  const byKey = new Map<string, Proposal[]>();
  for (const p of proposals) byKey.set(identifierKey(p.code.value), [...(byKey.get(identifierKey(p.code.value)) ?? []), p]);
  for (const [key, list] of [...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const existing = carriers.get(key) ?? [];
    const fresh: Proposal[] = [];
    for (const p of list) {
      if (fresh.some((f) => f.slug === p.slug)) continue;
      const mine = existing.find((e) => e.slug === p.slug);
      if (!mine) fresh.push(p);
      else if (mine.identifier.kind !== p.code.kind)
        conflicts.push({
          slug: p.slug,
          kind: p.code.kind,
          value: p.code.value,
          reason: `the record has "${mine.identifier.value}" as a ${mine.identifier.kind}`,
        });
      else if (!runUrls.has(mine.sourceUrl ?? ""))
        alreadyPresent.push({ slug: p.slug, kind: p.code.kind, value: p.code.value, sourceId: mine.identifier.sourceId });
    }
    if (!fresh.length) continue;
    // One code for several records is a fact only a curator or a source that says so can state (shared: true);
    // an importer never infers it: a copied link or a reused name looks just the same.
    const elsewhere = existing.filter((e) => !list.some((p) => p.slug === e.slug)).map((e) => e.slug);
    if (elsewhere.length) {
      for (const p of fresh)
        conflicts.push({ slug: p.slug, kind: p.code.kind, value: p.code.value, reason: `already a code of ${[...new Set(elsewhere)].join(", ")}` });
      continue;
    }
    const slugs = [...new Set(list.map((p) => p.slug))].sort();
    // Several records with one code: only a curator's decision that says so (shared: true, on every row) writes it.
    const sharedByCurator = list.every((p) => p.decision?.shared);
    if (slugs.length > 1 && sharedByCurator) {
      for (const p of fresh)
        additions.set(p.slug, [
          ...(additions.get(p.slug) ?? []),
          { variant: p.variant, code: { ...p.code, shared: true }, source: p.row.source, citedBy: p.row.citedBy, decision: p.decision },
        ]);
      continue;
    }
    if (slugs.length > 1) {
      for (const p of fresh)
        review.push({
          ...p.row.ref,
          codes: [p.code.value],
          candidates: slugs,
          reason: "the source gives this code to several records; add it by hand (shared: true) if they truly share it",
        });
      continue;
    }
    for (const p of fresh)
      additions.set(p.slug, [
        ...(additions.get(p.slug) ?? []),
        { variant: p.variant, code: p.code, source: p.row.source, citedBy: p.row.citedBy, decision: p.decision },
      ]);
  }

  // Apply, record by record, to the JSON as written.
  const changed = new Map<string, CatalogFile & { text: string }>();
  let addedNow = 0;
  for (const [slug, adds] of [...additions].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const file = bySlug.get(slug)!;
    const raw = structuredClone(file.raw);
    raw.evidence ??= {};
    raw.evidence.sources ??= [];
    const sources: Source[] = raw.evidence.sources;
    const idFor = (s: Source, citedBy?: Source): string => {
      const same = sources.find((x) => x.url === s.url);
      if (same) return same.id;
      // The citing copy first, so the page names it by the id it has in this record.
      const via = citedBy ? { citedBy: idFor(citedBy) } : {};
      let id = s.id;
      for (let n = 2; sources.some((x) => x.id === id); n++) id = `${s.id}-${n}`;
      sources.push({ ...s, ...via, id });
      return id;
    };
    const order = (a: { code: Code }, b: { code: Code }) =>
      IDENTIFIER_KINDS.indexOf(a.code.kind) - IDENTIFIER_KINDS.indexOf(b.code.kind) || (a.code.value < b.code.value ? -1 : a.code.value > b.code.value ? 1 : 0);
    for (const a of [...adds].sort(order)) {
      const v = raw.variants[a.variant];
      const identifier: Identifier = {
        kind: a.code.kind,
        value: a.code.value,
        sourceId: idFor(a.source, a.citedBy),
        ...(a.code.regions ? { regions: a.code.regions } : {}),
        ...(a.code.shared ? { shared: true as const } : {}),
      };
      v.identifiers = [...(v.identifiers ?? []), identifier];
      addedNow++;
    }
    raw.evidence.revisions = [
      ...(raw.evidence.revisions ?? []),
      {
        date: checked,
        change: `${IDENTIFIERS_MARK}${run.title}, ${run.repository} at commit ${shortCommit(run.commit)} (${run.commitDate}): ${[...adds]
          .sort(order)
          .map((a) => a.code.value)
          .join(", ")}`,
        reason: revisionReason(run.importer, adds),
      },
    ];
    changed.set(slug, { ...file, raw, text: recordText(raw) });
  }

  // The real validator over the whole catalog as it would be: a change that breaks a rule is not written.
  const notWritten: { slug: string; reason: string }[] = [];
  const filesOf = () => catalog.map((c) => ({ file: c.file, slug: c.record.slug, text: changed.get(c.record.slug)?.text ?? recordText(c.raw) }));
  const baseline = new Set(validateFiles(catalog.map((c) => ({ file: c.file, slug: c.record.slug, text: JSON.stringify(c.raw) }))).problems.map(formatProblem));
  for (;;) {
    const found = validateFiles(filesOf()).problems.filter((p) => !baseline.has(formatProblem(p)));
    const culprits = [...changed.values()].filter((c) => found.some((f) => f.file === c.file));
    if (!culprits.length) break;
    for (const c of culprits) {
      notWritten.push({
        slug: c.record.slug,
        reason: found
          .filter((f) => f.file === c.file)
          .map((f) => `${f.path}: ${f.message}`)
          .join("; "),
      });
      addedNow -= additions.get(c.record.slug)!.length;
      changed.delete(c.record.slug);
    }
  }

  const after = catalog.map((c) => {
    const ch = changed.get(c.record.slug);
    return ch ? (validateFiles([{ file: c.file, slug: c.record.slug, text: ch.text }]).records[0]?.record ?? c.record) : c.record;
  });
  const report = buildReport({ run, records: after, matchedRows, alreadyPresent, conflicts, review, notMatched, notWritten, decided: decided.entries });
  return {
    writes: [...changed.values()].map((c) => ({ file: c.file, text: c.text })),
    report,
    addedNow,
    problems: decided.problems,
  };
}

function revisionReason(importer: string, adds: { decision?: Decision }[]): string {
  const plain = `${IDENTIFIER_REASON_MARK}${importer} identifier importer: the source names this device as the record does (docs/import-identifiers.md#${importer})`;
  const curated = [...new Set(adds.flatMap((a) => (a.decision ? [a.decision] : [])))];
  if (!curated.length) return plain;
  const why = curated.map((d) => `"${d.row}": ${d.reason}`).join(" ");
  const some = adds.some((a) => !a.decision) ? `${plain}; ` : `${IDENTIFIER_REASON_MARK}${importer} identifier importer; `;
  return `${some}accepted from its review list by a curator (data/identifier-decisions.json): ${why}`;
}

interface Placed {
  decision: Decision;
  slug: string;
  variant: number;
  codes: Code[];
}

/**
 * Each decision for this importer checked against the run and the catalog:
 * its row must be one the source has, its record one the catalog publishes
 * (a former slug is followed), its codes the row's own. A decision that fails
 * any of these is a problem at its line: the source or the catalog moved, and
 * a curator must look again.
 */
function applyDecisions(run: SourceRun, catalog: CatalogFile[], decisions: Decision[]) {
  const mine = decisions.filter((d) => d.importer === run.importer);
  const rows = new Map<string, SourceRow>();
  for (const r of run.rows) if (!rows.has(r.ref.label)) rows.set(r.ref.label, r);
  const live = catalog.filter((c) => c.record.publication.state !== "withdrawn");
  const problems: SourceProblem[] = [];
  const byLabel = new Map<string, Placed | "rejected">();
  const entries: DecidedEntry[] = [];
  for (const d of mine) {
    const at = (message: string) => problems.push({ file: d.file, line: d.line, message: `${d.importer} row "${d.row}": ${message}` });
    const row = rows.get(d.row);
    if (!row) {
      at("the source has no row by this name (see the report's review list for how rows are named)");
      continue;
    }
    if (d.decision === "reject") {
      byLabel.set(d.row, "rejected");
      entries.push({ ...row.ref, decision: "rejected", record: "", codes: [], reason: d.reason });
      continue;
    }
    const file = live.find((c) => c.record.slug === d.record) ?? live.find((c) => c.record.formerSlugs.includes(d.record!));
    if (!file) {
      at(`no published record has the slug "${d.record}"`);
      continue;
    }
    const variants = file.record.variants.length;
    if (d.variant === undefined && variants > 1) {
      at(`${file.record.slug} has ${variants} variants: say which one ("variant": 0 to ${variants - 1})`);
      continue;
    }
    if (d.variant !== undefined && d.variant >= variants) {
      at(`${file.record.slug} has no variant ${d.variant}`);
      continue;
    }
    const own = new Map(row.codes.map((c) => [c.value, c]));
    const unknown = (d.codes ?? []).filter((c) => !own.has(c));
    if (unknown.length) {
      at(`${unknown.join(", ")} ${unknown.length > 1 ? "are not codes" : "is not a code"} of this row (it has ${row.codes.map((c) => c.value).join(", ")})`);
      continue;
    }
    const codes = d.codes ? d.codes.map((c) => own.get(c)!) : row.codes;
    const placed: Placed = { decision: d, slug: file.record.slug, variant: d.variant ?? 0, codes };
    byLabel.set(d.row, placed);
    entries.push({ ...row.ref, decision: "accepted", record: placed.slug, codes: codes.map((c) => c.value), reason: d.reason });
  }
  return { byLabel, entries, problems };
}
