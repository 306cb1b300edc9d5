// A proposed record for a device the catalog does not have: every fact from
// the release's readings, cited to the endoflife.date file at its commit and
// to the manufacturer pages that file names (cited, not read). Keys are in the
// order of data/_template.json, so a written proposal looks like a curated file.
import type { Commitment, DeviceRecord, Source } from "../generator/schema/record.ts";
import { DeviceRecord as DeviceRecordSchema } from "../generator/schema/record.ts";
import type { CitedPage } from "./endoflife-mapping.ts";
import { statementSummary, type ReleaseReading, type Statement } from "./endoflife-readings.ts";
import { describeCommitment } from "./endoflife-reconcile.ts";
import { fileUrl, SOURCES } from "./sources.ts";

export interface ImportContext {
  commit: string;
  commitDate: string;
  /** The day the files were read here: every endoflife.date source's `checked`. */
  checked: string;
  state: "draft" | "published";
  /** Rewrite the imports nobody has revised where this snapshot (or the importer's reading of it) says something else. */
  refresh?: boolean;
}

/** How the importer's creation entry begins. */
export const IMPORT_MARK = "Imported from endoflife.date";

/** How the entry begins that records a newer fact from endoflife.date's release-data. */
export const RELEASE_DATA_MARK = "Updated from endoflife.date release-data";

/** How the entry begins that records a re-read of a file whose reading changed (npm run import -- endoflife --refresh). */
export const REREAD_MARK = "Re-read from endoflife.date";

/** How the identifier importers' entries begin (importers/identifiers-*.ts). */
export const IDENTIFIERS_MARK = "Identifiers imported from ";

/** How every importer's entries begin: a record whose revisions all begin so is an import nobody has revised. */
export const IMPORTER_MARKS = [IMPORT_MARK, RELEASE_DATA_MARK, REREAD_MARK, IDENTIFIERS_MARK];

/** The sources only a variant's identifiers cite. */
const identifierSourceIds = (r: DeviceRecord) => {
  const cited = new Set(
    [...r.support.os, ...r.support.security, ...r.caveats]
      .flatMap((c) => c.sourceIds)
      .concat(
        (r.osVersions ?? []).flatMap((v) => v.sourceIds),
        r.evidence.repairability.map((x) => x.sourceId),
      ),
  );
  return new Set(r.variants.flatMap((v) => (v.identifiers ?? []).map((i) => i.sourceId)).filter((id) => !cited.has(id)));
};

/** A record without what the identifier importers added: what the endoflife.date importer reads and compares. */
function withoutIdentifiers(r: DeviceRecord): DeviceRecord {
  const only = identifierSourceIds(r);
  return {
    ...r,
    variants: r.variants.map(({ identifiers: _identifiers, ...v }) => v),
    evidence: {
      ...r.evidence,
      sources: r.evidence.sources.filter((s) => !only.has(s.id)),
      revisions: r.evidence.revisions.filter((v) => !v.change.startsWith(IDENTIFIERS_MARK)),
    },
  };
}

/** How the entry begins that records a re-read of the Mac importer's sources (npm run import -- macs --refresh). */
export const MACS_REREAD_MARK = "Re-read from AppleDB and SOFA";

/** Who re-read a record's sources: the mark its entry begins with, what was read, the importer's own creation mark and why. */
export interface Rereader {
  mark: string;
  /** "products/pixel.md at commit abc1234". */
  read: string;
  created: string;
  reason: string;
}

/**
 * A rewritten import: the earlier one's creation entry and earlier re-reads
 * stay (the feed keeps its history), and one entry says what the new reading
 * changed, dated the day it was read.
 */
export function reread(earlier: DeviceRecord, proposal: DeviceRecord, file: string, ctx: ImportContext, by?: Rereader): DeviceRecord {
  const who: Rereader = by ?? {
    mark: REREAD_MARK,
    read: `products/${file} at commit ${shortCommit(ctx.commit)}`,
    created: IMPORT_MARK,
    reason: "Proposed by the endoflife.date importer: its reading of the file changed (docs/import.md says how each file is read)",
  };
  const versions = (r: DeviceRecord) => (r.osVersions ?? []).map((v) => `${v.os} ${v.first}${v.last ? ` to ${v.last}` : " onwards"}`).join(", ") || "none";
  const said = (r: DeviceRecord) => [
    ...(["security", "os"] as const).map((k) => `${k === "os" ? "OS" : "security"} ${r.support[k].map(describeCommitment).join("; ")}`),
    `OS versions ${versions(r)}`,
  ];
  const before = said(earlier);
  const changes = said(proposal)
    .map((now, i) => (now === before[i] ? "" : `${before[i]} → ${now.replace(/^(OS versions|OS|security) /, "")}`))
    .filter(Boolean);
  const kept = earlier.evidence.revisions.filter((v) => v.change.startsWith(who.created) || v.change.startsWith(who.mark));
  return {
    ...proposal,
    evidence: {
      ...proposal.evidence,
      revisions: [
        ...kept,
        ...proposal.evidence.revisions.filter((v) => !v.change.startsWith(who.created)),
        {
          date: ctx.checked,
          change: `${who.mark} ${who.read}: ${changes.join("; ") || "the wording of its meaning"}`,
          reason: who.reason,
        },
      ],
    },
  };
}

/**
 * A rewritten import keeps what the identifier importers added to the earlier
 * one (a variant's codes, their sources, their revision entries), so a
 * refresh never loses a model code.
 */
export function carryIdentifiers(earlier: DeviceRecord, proposal: DeviceRecord): DeviceRecord {
  const only = identifierSourceIds(earlier);
  const codes = new Map(earlier.variants.map((v) => [v.model, v.identifiers]));
  const have = new Set(proposal.evidence.sources.map((s) => s.id));
  return {
    ...proposal,
    variants: proposal.variants.map((v) => (codes.get(v.model) ? { ...v, identifiers: codes.get(v.model)! } : v)),
    evidence: {
      ...proposal.evidence,
      sources: [...proposal.evidence.sources, ...earlier.evidence.sources.filter((s) => only.has(s.id) && !have.has(s.id))],
      revisions: [...proposal.evidence.revisions, ...earlier.evidence.revisions.filter((v) => v.change.startsWith(IDENTIFIERS_MARK))],
    },
  };
}

export const shortCommit = (commit: string) => commit.slice(0, 7);

export function endoflifeSource(file: string, ctx: ImportContext): Source {
  return {
    id: `endoflife-${file.replace(/\.md$/, "")}`,
    url: fileUrl(SOURCES.endoflife.repository, ctx.commit, `products/${file}`),
    publisher: "endoflife.date",
    title: `products/${file} at commit ${shortCommit(ctx.commit)} (${ctx.commitDate})`,
    checked: ctx.checked,
  };
}

/** Pages get their entry's id (a second page from the same host in one record is "-2", and so on); one nobody here read is citedBy the file. */
function citedSources(statements: Statement[], citedBy: string): { sources: Source[]; idOf: Map<string, string> } {
  const idOf = new Map<string, string>();
  const sources: Source[] = [];
  const pages: CitedPage[] = statements.flatMap((s) => s.pages);
  for (const page of pages) {
    if (idOf.has(page.url)) continue;
    let id = page.id;
    for (let n = 2; sources.some((s) => s.id === id); n++) id = `${page.id}-${n}`;
    idOf.set(page.url, id);
    const read = page.checked ? { checked: page.checked } : { citedBy };
    sources.push({ id, url: page.url, publisher: page.publisher, title: page.title, ...read });
  }
  return { sources, idOf };
}

/**
 * The record's fields for a statement: a dated kind as read (an observed last
 * update says support ended); an end the source marks without a date as
 * ended with no date, as is a promised count of versions put in a past year;
 * a listing as continuing, or an estimate far enough ahead that the listing
 * lapses first, as supportedOn the snapshot's day; any other estimate,
 * passed or near, as no status at all (an estimate is never an end).
 */
export function factOf(
  s: Pick<Statement, "status"> & Partial<Pick<Statement, "kind" | "date" | "listing" | "lastUpdate" | "implies" | "phrase">>,
  commitDate: string,
): Partial<Commitment> {
  if (s.status === "dated" && s.kind === "lastUpdate") return { ended: true, lastUpdate: s.date! };
  if (s.status === "dated") return { [s.kind!]: s.date! };
  // A promised count of versions (launch arithmetic, no period in words) put in a past year has been delivered by that count.
  if (s.status === "ended" || (s.status === "estimate" && s.phrase === "launch-arithmetic" && s.implies === "ended"))
    return { end: { precision: "unknown" }, ended: true };
  // An estimate is never an end, and a listing never outlives it: past or near, nothing is recorded.
  if (s.status === "estimate" && !s.listing) return { end: { precision: "unknown" } };
  return { end: { precision: "unknown" }, ...(s.lastUpdate ? { lastUpdate: s.lastUpdate } : {}), supportedOn: commitDate };
}

function commitmentOf(
  id: "os" | "security",
  s: Statement | undefined,
  file: string,
  sourceId: string,
  idOf: Map<string, string>,
  commitDate: string,
): Commitment {
  if (!s)
    return {
      id,
      scope: {},
      end: { precision: "unknown" },
      meaning: `Not in endoflife.date's products/${file}, which has no column for ${id === "os" ? "OS" : "security"} updates`,
      evidenceLevel: "unverified",
      sourceIds: [],
    };
  return {
    id,
    scope: {},
    ...(s.component ? { component: s.component } : {}),
    ...factOf(s, commitDate),
    meaning: s.meaning,
    // A period the manufacturer promised is its own rule, computed: manufacturer-policy, whoever did the arithmetic.
    evidenceLevel: s.phrase === "period-promise" ? "manufacturer-policy" : "third-party",
    sourceIds: [...new Set([sourceId, ...s.pages.map((p) => idOf.get(p.url)!)])],
  } as Commitment;
}

export function proposalOf(r: ReleaseReading, ctx: ImportContext): DeviceRecord {
  const file = r.product.mapping.file;
  const source = endoflifeSource(file, ctx);
  const statements = [r.os, r.security].filter((s): s is Statement => s !== undefined);
  const { sources, idOf } = citedSources(statements, source.id);
  return {
    $schema: "../device-record.schema.json",
    slug: r.slug,
    name: r.name,
    manufacturer: r.manufacturer,
    deviceType: r.deviceType,
    aliases: [],
    formerSlugs: [],
    publication:
      ctx.state === "published" ? { state: "published" } : { state: "draft", note: "Proposed by the endoflife.date importer; review it before publishing" },
    released: r.released,
    ...(r.osVersions
      ? // The versions come from the product file, and for Apple also from the OS file its cycle was looked up in.
        {
          osVersions: r.osVersions.map((v) => ({ ...v, sourceIds: [source.id, ...(r.osCycle ? (r.security?.pages ?? []).map((p) => idOf.get(p.url)!) : [])] })),
        }
      : {}),
    variants: [{ model: r.model, regions: ["GLOBAL"], note: "endoflife.date records neither model numbers nor markets; regions are not known" }],
    caveats: [],
    support: {
      os: [commitmentOf("os", r.os, file, source.id, idOf, ctx.commitDate)],
      security: [commitmentOf("security", r.security, file, source.id, idOf, ctx.commitDate)],
    },
    evidence: {
      sources: [source, ...sources],
      recallReview: [],
      repairability: [],
      revisions: [
        {
          date: ctx.checked,
          change: `${IMPORT_MARK} products/${file} at commit ${shortCommit(ctx.commit)} (release "${r.release.cycle}")`,
          reason: "Proposed by the endoflife.date importer for a device the catalog did not have; each date is read as docs/import.md describes for this file",
        },
        ...(r.newer
          ? [
              {
                date: ctx.checked,
                change: `${RELEASE_DATA_MARK} ${r.newer.file} at commit ${shortCommit(r.newer.commit)} (release "${r.release.cycle}"): ${r.product.mapping.eol!.support} updates ${statementSummary(r.newer.replaced)} → ${statementSummary(r[r.product.mapping.eol!.support])}`,
                reason:
                  "Proposed by the endoflife.date importer: the release-data file, scraped from the manufacturer's page, is newer than the product file, and its newer fact wins",
              },
            ]
          : []),
      ],
    },
  };
}

export function isUnrevisedImport(r: DeviceRecord): boolean {
  return r.evidence.revisions[0]!.change.startsWith(IMPORT_MARK) && r.evidence.revisions.every((v) => IMPORTER_MARKS.some((m) => v.change.startsWith(m)));
}

/** A record's facts without the day it was read, its revision days and its publication state: what a later import compares. */
export function factsOf(r: DeviceRecord): string {
  const parsed = withoutIdentifiers(DeviceRecordSchema.parse(structuredClone(r)));
  return JSON.stringify({
    ...parsed,
    publication: null,
    evidence: {
      ...parsed.evidence,
      sources: parsed.evidence.sources.map(({ checked: _checked, ...s }) => s),
      // Re-read entries are the record's history, not what the file says now.
      revisions: parsed.evidence.revisions
        .filter((v) => !v.change.startsWith(REREAD_MARK) && !v.change.startsWith(MACS_REREAD_MARK))
        .map(({ date: _date, ...v }) => v),
    },
  });
}
