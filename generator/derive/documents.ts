// The JSON bodies of the per-device endpoints, as pure functions of a record,
// the site and the day. The list endpoint reuses deviceSummary.
import { DATED_FIELDS, type Commitment, type DeviceRecord, type PartialDate } from "../schema/record.ts";
import type { DeviceDocument, DeviceSummary, EvidenceDocument } from "../schema/responses.ts";
import { describeDate } from "./dates.ts";
import { attribution, urls, type Site } from "./site.ts";
import { commitmentStatus, describeScope, verdictOf } from "./verdict.ts";
import { verdictHeadline } from "./verdict-headline.ts";
import { perRecord } from "./memo.ts";
import { latestRevisionDay } from "./catalog.ts";
import { manufacturerSlug } from "./manufacturers.ts";

function commitmentDocument(c: Commitment, now: string) {
  return { ...c, status: commitmentStatus(c, now) };
}

/**
 * The day a record's published data last changed: its newest revision, or the
 * first day of its current verdict when that came later. Not the build day,
 * so a rebuild that changes nothing about the record leaves it alone.
 */
function updatedDay(r: DeviceRecord, verdictFrom: string | null): string {
  const revised = latestRevisionDay(r);
  return verdictFrom && verdictFrom > revised ? verdictFrom : revised;
}

/**
 * The `count` most recently changed records, as documents: newest `updated`
 * first (the one meaning of "changed" that the records, the list's
 * meta.updated and the sitemap's lastmod share: a revision, or a verdict
 * that began later), then by slug. The home page's "Recently changed".
 */
export function recentlyChanged(records: DeviceRecord[], site: Site, count: number): DeviceDocument[] {
  return records
    .map((r) => deviceDocument(r, site))
    .sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : a.slug < b.slug ? -1 : 1))
    .slice(0, count);
}

/** The newest `updated` day of some documents (a page's "data last changed"), or "" for none. */
export const latestUpdated = (xs: { updated: string }[]) => xs.reduce((max, x) => (x.updated > max ? x.updated : max), "");

/** A device as it appears in list pages: everything but the attribution block. */
export const deviceSummary = perRecord(summaryOf);

function summaryOf(r: DeviceRecord, site: Site): DeviceSummary {
  const u = urls(site);
  const v = verdictOf(r, site.now);
  return {
    slug: r.slug,
    name: r.name,
    manufacturer: r.manufacturer,
    deviceType: r.deviceType,
    aliases: r.aliases,
    formerSlugs: r.formerSlugs,
    released: r.released,
    ...(r.osVersions ? { osVersions: r.osVersions } : {}),
    variants: r.variants,
    caveats: r.caveats,
    support: {
      os: r.support.os.map((c) => commitmentDocument(c, site.now)),
      security: r.support.security.map((c) => commitmentDocument(c, site.now)),
    },
    verdict: {
      code: v.code,
      headline: verdictHeadline(v, r),
      label: v.label,
      reason: v.reason,
      validFrom: v.validFrom,
      validUntil: v.validUntil,
      osStatus: v.os.status,
      securityStatus: v.security.status,
    },
    updated: updatedDay(r, v.validFrom),
    links: {
      self: u.record(r.slug),
      page: u.page(r.slug),
      evidence: u.evidence(r.slug),
      badge: u.badge(r.slug),
      calendar: u.deviceCalendar(r.slug),
      manufacturerCalendar: u.manufacturerCalendar(manufacturerSlug(r.manufacturer)),
    },
  };
}

export function deviceDocument(r: DeviceRecord, site: Site): DeviceDocument {
  return { ...deviceSummary(r, site), attribution: attribution(site) };
}

/** How an assertion names each kind of dated statement: they are different facts and never read as one another. */
const CLAIM_WORDS = {
  end: "end",
  minimum: "at least until",
  ceiling: "announced up to (a ceiling, not a commitment)",
  lastUpdate: "last update observed (not an announced end)",
} as const;

/** Which claim rests on which source, one line per dated or unknown commitment field. */
function assertionsOf(r: DeviceRecord) {
  return (["security", "os"] as const).flatMap((kind) =>
    r.support[kind].flatMap((c, i) => {
      const what = `${kind === "os" ? "OS" : "Security"} updates`;
      const claim = (field: string, words: string, value: PartialDate) => ({
        subject: `support.${kind}[${i}].${field}`,
        claim: `${what} ${words} (${describeScope(c.scope)}; ${c.meaning})`,
        value,
        evidenceLevel: c.evidenceLevel,
        sourceIds: c.sourceIds,
      });
      return [
        ...DATED_FIELDS.flatMap((field) => (c[field] ? [claim(field, `${CLAIM_WORDS[field]}: ${describeDate(c[field])}`, c[field]!)] : [])),
        // The two undated statements: that support has ended (its date, if any, is the end or the last update above) and the day it was last listed as continuing.
        ...(c.ended ? [claim("ended", "ended (the source says so; end date not documented unless given above)", { precision: "unknown" })] : []),
        ...(c.supportedOn ? [claim("supportedOn", `listed as continuing on ${c.supportedOn}`, { value: c.supportedOn, precision: "day" })] : []),
      ];
    }),
  );
}

function recallStatement(rr: DeviceRecord["evidence"]["recallReview"][number]): string {
  return rr.result === "match"
    ? `${rr.matches.length} notice(s) in ${rr.registry} matched the query "${rr.query}" on ${rr.searchedOn}.`
    : `No match in ${rr.registry} as of ${rr.searchedOn} (query "${rr.query}"). This is not proof that no recall exists.`;
}

export function evidenceDocument(r: DeviceRecord, site: Site): EvidenceDocument {
  const u = urls(site);
  return {
    slug: r.slug,
    name: r.name,
    links: { self: u.evidence(r.slug), record: u.record(r.slug), page: u.page(r.slug) },
    assertions: assertionsOf(r),
    identifiers: r.variants.flatMap((v) => (v.identifiers ?? []).map((identifier) => ({ model: v.model, ...identifier }))),
    sources: r.evidence.sources,
    recallReview: r.evidence.recallReview.map((rr) => ({ ...rr, statement: recallStatement(rr) })),
    repairability: r.evidence.repairability,
    revisions: [...r.evidence.revisions].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)),
    attribution: attribution(site),
  };
}
