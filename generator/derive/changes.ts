// Feed entries: the records' revisions, their withdrawals, and the days a
// documented end starts "ending soon" and has ended. Pure, and stable: an
// entry's id depends only on the record and the entry's own facts (the
// revision's day and its place among that day's revisions; the commitment,
// the event and its day), never on the build day, so a rebuild never
// re-announces an old change. The entries are split into archive documents
// by month (RFC 5005 §4; feedPages below).
import type { Commitment, DeviceRecord } from "../schema/record.ts";
import { FEED_ARCHIVE } from "../contract/subscriptions.ts";
import type { Catalog } from "./catalog.ts";
import escapeMarkup from "escape-html";
import { addDays, describeDate, periodOf } from "./dates.ts";
import { siteHost, urls, type Site } from "./site.ts";
import { describeCoverage } from "./verdict.ts";
import { SOON_DAYS } from "../contract/verdicts.ts";

/** The tag URIs' date (RFC 4151: a day the site's host name was held). Fixed for good: changing it would re-announce every entry. */
const TAG_DATE = "2026-09-06";

export interface ChangeEntry {
  /**
   * A tag URI (RFC 4151): tag:<site host>,2026-09-06:<slug>/<revision day>/<n>,
   * n counting that record's revisions of that day; <slug>/<day>/withdrawn;
   * or <slug>/<commitment id>/<os|security>/<ending-soon|ended>/<day>.
   */
  id: string;
  /** YYYY-MM-DD; the entry's `updated` is this day at 00:00:00Z. */
  date: string;
  slug: string;
  name: string;
  change: string;
  reason: string;
  /** The canonical device page (the entry's link), or a withdrawn record's notice page. */
  link: string;
  evidence: string | null;
}

/** The start of every entry id of a site: tag:<site host>,2026-09-06: (worked out once per feed, not per entry). */
const tagStart = (site: Site) => `tag:${siteHost(site)},${TAG_DATE}:`;

/** What every entry of one published record shares: the start of its ids, its page and its evidence (worked out once per record). */
interface RecordRefs {
  tag: string;
  link: string;
  evidence: string;
}

function revisionEntries(r: DeviceRecord, { tag, link, evidence }: RecordRefs): ChangeEntry[] {
  const seen = new Map<string, number>();
  return r.evidence.revisions.map((rev) => {
    const n = seen.get(rev.date) ?? 0;
    seen.set(rev.date, n + 1);
    return {
      id: `${tag}${r.slug}/${rev.date}/${n}`,
      date: rev.date,
      slug: r.slug,
      name: r.name,
      change: rev.change,
      reason: rev.reason,
      link,
      evidence,
    };
  });
}

const KIND_WORDS = { security: "security updates", os: "OS updates" } as const;

/** The day a record entered the catalog: its earliest revision. */
const firstRevisionDay = (r: DeviceRecord) => r.evidence.revisions.reduce((min, rev) => (min === "" || rev.date < min ? rev.date : min), "");

/**
 * The days a documented end changes the verdict (derive/verdict.ts): it is
 * "ending soon" from SOON_DAYS before its period's first day, and "ended" the
 * day after its last. Only a documented end: a minimum, a ceiling, a last
 * update observed or a listing as continuing never makes one.
 */
export function endTransitions(c: Commitment): { event: "ending-soon" | "ended"; date: string }[] {
  if (!c.end || c.ended) return [];
  const key = `${c.end.precision}:${c.end.value}`;
  let days = transitionDays.get(key);
  if (!days) {
    const p = periodOf(c.end);
    days = p ? { soon: addDays(p.first, -SOON_DAYS), ended: addDays(p.last, 1) } : null;
    transitionDays.set(key, days);
  }
  return days
    ? [
        { event: "ending-soon", date: days.soon },
        { event: "ended", date: days.ended },
      ]
    : [];
}

/** The two days of each end written in the catalog, by precision and value: a catalog's tens of thousands of commitments share a few thousand ends, and these are date arithmetic on each. */
const transitionDays = new Map<string, { soon: string; ended: string } | null>();

/**
 * An entry for each day a documented end of a published record started
 * "ending soon" or "ended": once that day has come (a fact about dates, so
 * such an entry appears on its day and then never moves), and only from the
 * day the record entered the catalog (its first revision): what happened
 * before was never news to a subscriber, and announcing it late would put it
 * in a month already archived.
 */
function transitionEntries(r: DeviceRecord, site: Site, { tag, link, evidence }: RecordRefs): ChangeEntry[] {
  const since = firstRevisionDay(r);
  return (["security", "os"] as const).flatMap((kind) =>
    r.support[kind].flatMap((c) =>
      endTransitions(c)
        .filter((t) => t.date <= site.now && t.date >= since)
        .map((t) => {
          const coverage = describeCoverage(c);
          const who = coverage === "all variants" ? r.name : `${r.name} (${coverage})`;
          const end = describeDate(c.end);
          return {
            id: `${tag}${r.slug}/${c.id}/${kind}/${t.event}/${t.date}`,
            date: t.date,
            slug: r.slug,
            name: r.name,
            change:
              t.event === "ended"
                ? `${who}: ${KIND_WORDS[kind]} ended (documented end ${end})`
                : `${who}: ${KIND_WORDS[kind]} end soon (documented end ${end}, within ${SOON_DAYS} days)`,
            reason:
              t.event === "ended"
                ? `The documented end of ${KIND_WORDS[kind]}, ${end}, has passed.`
                : `The documented end of ${KIND_WORDS[kind]}, ${end}, can fall within ${SOON_DAYS} days from this day.`,
            link,
            evidence,
          };
        }),
    ),
  );
}

function withdrawalEntry(r: DeviceRecord, site: Site, tag: string): ChangeEntry[] {
  if (r.publication.state !== "withdrawn") return [];
  const { withdrawnOn, reason } = r.publication;
  return [
    {
      id: `${tag}${r.slug}/${withdrawnOn}/withdrawn`,
      date: withdrawnOn,
      slug: r.slug,
      name: r.name,
      change: "Record withdrawn",
      reason,
      link: urls(site).withdrawal(r.slug),
      evidence: null,
    },
  ];
}

/** Newest first; entries of one day by id, so the order never depends on the records' order. */
export const newestFirst = (a: ChangeEntry, b: ChangeEntry) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Every entry of a catalog (or of one manufacturer's records), newest first:
 * the revisions and the passed ending-soon and ended days of each published
 * record, and each withdrawal. Nothing is capped: the archives hold them all.
 */
export function changeEntries(catalog: Pick<Catalog, "published" | "withdrawn">, site: Site): ChangeEntry[] {
  const tag = tagStart(site);
  const u = urls(site);
  return [
    ...catalog.published.flatMap((r) => {
      const refs = { tag, link: u.page(r.slug), evidence: u.evidence(r.slug) };
      return [...revisionEntries(r, refs), ...transitionEntries(r, site, refs)];
    }),
    ...catalog.withdrawn.flatMap((r) => withdrawalEntry(r, site, tag)),
  ].sort(newestFirst);
}

/** A feed's documents: the subscription document's entries, and the archives, oldest first, each of one month. */
export interface FeedPages {
  current: ChangeEntry[];
  archives: { month: string; entries: ChangeEntry[] }[];
}

/** The first day on which a month (YYYY-MM) is archived: FEED_ARCHIVE.graceDays after its last day. */
export function archivedFrom(month: string): string {
  const last = periodOf({ value: month, precision: "month" })!.last;
  return addDays(last, 1 + FEED_ARCHIVE.graceDays);
}

/**
 * The entries (newest first) cut into archive documents (RFC 5005 §4) by the
 * month of their date, each month once `now` has reached archivedFrom(month);
 * the rest stay in the subscription document. A month's cut depends on
 * nothing but its entries and the calendar, so a new entry (dated in a month
 * still open) never changes an archive, and no entry is ever left out.
 */
export function feedPages(entries: ChangeEntry[], now: string): FeedPages {
  const current: ChangeEntry[] = [];
  const byMonth = new Map<string, ChangeEntry[]>();
  // Whether a month is archived, asked once per month rather than once per entry.
  const archived = new Map<string, boolean>();
  for (const e of entries) {
    const month = e.date.slice(0, 7);
    let isArchived = archived.get(month);
    if (isArchived === undefined) archived.set(month, (isArchived = now >= archivedFrom(month)));
    if (!isArchived) current.push(e);
    else {
      const list = byMonth.get(month);
      if (list) list.push(e);
      else byMonth.set(month, [e]);
    }
  }
  const archives = [...byMonth].map(([month, list]) => ({ month, entries: list })).sort((a, b) => (a.month < b.month ? -1 : 1));
  return { current, archives };
}

/** The documents of the months not yet archived that hold what the subscription document has no room for, oldest first. */
export type EarlyMonths = FeedPages["archives"];

/**
 * A subscription document's entries (newest first) bounded in bytes: the
 * newest that fit in `maxBytes` stay, and the rest go to their month's
 * document ahead of the month's cut. Such a document is not an archive yet
 * (no <fh:archive/>, so a reader knows it may change) and sits between the
 * subscription document and the newest archive on the prev-archive walk, so
 * the walk still meets every entry once.
 */
export function boundCurrent(current: ChangeEntry[], sizeOf: (e: ChangeEntry) => number, maxBytes: number): { current: ChangeEntry[]; early: EarlyMonths } {
  let kept = 0;
  for (let bytes = 0; kept < current.length && (bytes += sizeOf(current[kept]!)) <= maxBytes; ) kept++;
  const byMonth = new Map<string, ChangeEntry[]>();
  for (const e of current.slice(kept)) {
    const month = e.date.slice(0, 7);
    const list = byMonth.get(month);
    if (list) list.push(e);
    else byMonth.set(month, [e]);
  }
  const early = [...byMonth].map(([month, entries]) => ({ month, entries })).sort((a, b) => (a.month < b.month ? -1 : 1));
  return { current: current.slice(0, kept), early };
}

/** The HTML body of an entry: every piece of record text escaped. */
export function entryHtml(e: ChangeEntry, attributionText: string): string {
  const links = [`<a href="${escapeMarkup(e.link)}">${e.evidence ? "Device page" : "Withdrawal notice"}</a>`];
  if (e.evidence) links.push(`<a href="${escapeMarkup(e.evidence)}">Evidence (JSON)</a>`);
  return [
    `<p>${escapeMarkup(e.change)}</p>`,
    `<p>Reason: ${escapeMarkup(e.reason)}</p>`,
    `<p>${links.join(" · ")}</p>`,
    `<p>${escapeMarkup(attributionText)}</p>`,
  ].join("\n");
}
