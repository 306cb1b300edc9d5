// Feed entries from the records' revision histories. Pure, and stable: an
// entry's id depends only on the record, the revision's day and its place among
// that day's revisions, so a rebuild never re-announces an old change.
import type { DeviceRecord } from "../schema/record.ts";
import type { Catalog } from "./catalog.ts";
import escapeMarkup from "escape-html";
import { siteHost, urls, type Site } from "./site.ts";

/** The feed holds at most this many entries, the newest. */
export const FEED_CAP = 200;

/** The tag URIs' date (RFC 4151: a day the site's host name was held). Fixed for good: changing it would re-announce every entry. */
const TAG_DATE = "2026-09-06";

export interface ChangeEntry {
  /** A tag URI (RFC 4151): tag:<site host>,2026-09-06:<slug>/<revision day>/<n>, n counting that record's revisions of that day. */
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

function revisionEntries(r: DeviceRecord, site: Site): ChangeEntry[] {
  const u = urls(site);
  const seen = new Map<string, number>();
  return r.evidence.revisions.map((rev) => {
    const n = seen.get(rev.date) ?? 0;
    seen.set(rev.date, n + 1);
    return {
      id: `tag:${siteHost(site)},${TAG_DATE}:${r.slug}/${rev.date}/${n}`,
      date: rev.date,
      slug: r.slug,
      name: r.name,
      change: rev.change,
      reason: rev.reason,
      link: u.page(r.slug),
      evidence: u.evidence(r.slug),
    };
  });
}

function withdrawalEntry(r: DeviceRecord, site: Site): ChangeEntry[] {
  if (r.publication.state !== "withdrawn") return [];
  const { withdrawnOn, reason } = r.publication;
  return [
    {
      id: `tag:${siteHost(site)},${TAG_DATE}:${r.slug}/${withdrawnOn}/withdrawn`,
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

const newestFirst = (a: ChangeEntry, b: ChangeEntry) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every revision of every published record and every withdrawal (of a catalog, or of one manufacturer's records), newest first, capped. */
export function changeEntries(catalog: Pick<Catalog, "published" | "withdrawn">, site: Site, cap = FEED_CAP): ChangeEntry[] {
  return [...catalog.published.flatMap((r) => revisionEntries(r, site)), ...catalog.withdrawn.flatMap((r) => withdrawalEntry(r, site))]
    .sort(newestFirst)
    .slice(0, cap);
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

/** The autodiscovery tag for HTML pages' <head>. */
export function feedLinkTag(site: Site): string {
  return `<link rel="alternate" type="application/atom+xml" title="Device Lifecycle Records: record changes" href="${escapeMarkup(urls(site).feed())}">`;
}
