// The change feeds in Atom (RFC 4287): ids, updated dates and rights are
// defined there without RSS's ambiguities. /feed.xml holds the whole
// catalog's changes; /api/v1/feed/manufacturers/<maker>.xml one
// manufacturer's (its published records' revisions and passed end days, and
// its withdrawals). Each is an archived feed (RFC 5005 §4): the subscription
// document holds the months not yet archived and links the newest archive
// (prev-archive); each month's archive links its neighbours and the
// subscription document, so a reader walking prev-archive reaches every
// entry once (derive/changes.ts feedPages). Entry titles and contents are
// typed "html", so record text is escaped before it goes in.
import { Feed } from "feed";
import { archivedFrom, boundCurrent, changeEntries, entryHtml, feedPages, type ChangeEntry, type EarlyMonths, type FeedPages } from "../derive/changes.ts";
import escapeMarkup from "escape-html";
import { attribution, urls, type Site } from "../derive/site.ts";
import { LICENSE } from "../contract/license.ts";
import { API } from "../contract/resources.ts";
import { MEDIA } from "../contract/media.ts";
import { FEED_ARCHIVE } from "../contract/subscriptions.ts";
import { manufacturerSlug, manufacturersOf } from "../derive/manufacturers.ts";
import type { Emitter } from "./context.ts";
import { recordViews } from "./record-views.ts";

/** What the feeds hold of a record, published or withdrawn: its entries, and its maker (which feeds it is in, their names and links). */
const views = recordViews("feed", (r, site) =>
  JSON.stringify([
    r.manufacturer,
    changeEntries(r.publication.state === "published" ? { published: [r], withdrawn: [] } : { published: [], withdrawn: [r] }, site),
  ]),
);

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

/** RFC 5005's namespace, for <fh:archive/>. */
const FH = "http://purl.org/syndication/history/1.0";

/** A feed-level link the library does not write: RFC 5005's, and the related feeds. */
interface ExtraLink {
  rel: "current" | "prev-archive" | "next-archive" | "related";
  href: string;
  title?: string;
}

export interface FeedDocument {
  /** The subscription document's URL: the id of every document of the feed (one logical feed). */
  id: string;
  /** This document's own URL. */
  self: string;
  /** The page people read it beside (the catalog, or the manufacturer's page). */
  alternate: string;
  title: string;
  description: string;
  links: ExtraLink[];
  /** An archive document: carries <fh:archive/>. */
  archive: boolean;
  /** The feed's `updated`: the newest entry's day (of the whole feed, for the subscription document). */
  updated: string;
}

/** Where the library starts an entry inside a document (four spaces a level). */
const ENTRY_START = "\n    <entry>";

/**
 * Each entry's text inside a feed document, as the library writes it: one
 * document of the entries as its items (only its entries are kept), cut where
 * each entry starts. An entry's text cannot hold ENTRY_START itself: its record
 * text is escaped markup, so no "<entry>" appears inside it (the count is
 * checked). Every entry is in the catalog feed or its archive and again in its
 * manufacturer's, and a document is mostly entries, so each is written once
 * and its text shared.
 */
export function entryTexts(list: readonly ChangeEntry[], attributionText: string): Uint8Array[] {
  if (!list.length) return [];
  const f = new Feed({ id: "entries", title: "entries", copyright: "", updated: new Date(0), generator: false });
  for (const e of list)
    f.addItem({
      id: e.id,
      title: escapeMarkup(`${e.name}: ${e.change}`),
      link: e.link,
      date: midnight(e.date),
      description: escapeMarkup(e.reason),
      content: entryHtml(e, attributionText),
    });
  const text = f.atom1();
  const body = text.slice(text.indexOf(ENTRY_START), text.lastIndexOf(FEED_END));
  const texts = body.split(ENTRY_START).slice(1);
  if (texts.length !== list.length) throw new Error(`the feed library wrote ${texts.length} entries for ${list.length}`);
  return texts.map((t) => Buffer.from(ENTRY_START + t));
}

/**
 * A document's bytes, assembled in one buffer reused from document to
 * document (OutputWriter writes synchronously and keeps nothing, so each is
 * written before the next is assembled): the tens of megabytes of a
 * catalog's feeds are copied once, never joined into strings and encoded
 * again, nor allocated afresh document after document.
 */
export class DocumentBytes {
  private buf = Buffer.allocUnsafe(1 << 20);
  private length = 0;

  /** Empties it for the next document. */
  start(): this {
    this.length = 0;
    return this;
  }

  text(text: string): void {
    this.room(Buffer.byteLength(text));
    this.length += this.buf.write(text, this.length);
  }

  bytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** The document so far: valid until the next start(). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(2 * this.buf.length, this.length + n));
    this.buf.copy(bigger, 0, 0, this.length);
    this.buf = bigger;
  }
}

/** Where the library closes a document; entries go just before it, after the head. */
const FEED_END = "\n</feed>";

/**
 * The library writes the Atom document's head; the entries' texts
 * (entryTexts) go in where it would have written them, before </feed>, and
 * RFC 5005's links and marker after its rel="self" link (its head is always
 * written in the same order), with every attribute value escaped.
 */
export function atom(entries: Uint8Array[], site: Site, doc: FeedDocument, into: DocumentBytes): Uint8Array {
  const credit = attribution(site);
  const head = new Feed({
    id: doc.id,
    title: doc.title,
    description: doc.description,
    link: doc.alternate,
    feed: doc.self,
    author: { name: "Device Lifecycle Records", link: site.siteUrl },
    copyright: `${credit.text}. ${credit.requirements} License: ${credit.license.url}`,
    // The newest entry's day, never the wall clock: the same data gives the same bytes.
    updated: midnight(doc.updated),
    generator: false,
  }).atom1();
  if (!head.endsWith(FEED_END)) throw new Error(`the feed library no longer ends a document with ${JSON.stringify(FEED_END)}`);
  const self = head.indexOf("/>", head.indexOf('<link rel="self"')) + 2;
  const extra = [
    ...doc.links.map(
      (l) => `<link rel="${l.rel}" type="${MEDIA.atom.split(";")[0]}" href="${escapeMarkup(l.href)}"${l.title ? ` title="${escapeMarkup(l.title)}"` : ""}/>`,
    ),
    ...(doc.archive ? ["<fh:archive/>"] : []),
  ];
  const start = `${head
    .slice(0, self)
    .replace(
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:fh="${FH}">`,
    )}${extra.map((l) => `\n    ${l}`).join("")}${head.slice(self, -FEED_END.length)}`;
  into.start().text(start);
  for (const e of entries) into.bytes(e);
  into.text(`${FEED_END}\n`);
  return into.view();
}

interface FeedSpec {
  url: string;
  alternate: string;
  title: string;
  description: string;
  /** The subscription document's file, and an archive's file and URL by month. */
  file: string;
  archiveFile: (month: string) => string;
  archiveUrl: (month: string) => string;
  related: ExtraLink[];
}

/** A feed to write: what names it, its entries (newest first) and their cut into documents. */
interface FeedPlan {
  spec: FeedSpec;
  entries: ChangeEntry[];
  pages: FeedPages;
  /** An archived month's place in pages.archives. */
  archiveIndex: Map<string, number>;
  /** The subscription document's entries, and the months whose older entries wait in their month's document (boundCurrent). */
  current: ChangeEntry[];
  early: EarlyMonths;
}

const planOf = (spec: FeedSpec, entries: ChangeEntry[], now: string): FeedPlan => {
  const pages = feedPages(entries, now);
  return { spec, entries, pages, archiveIndex: new Map(pages.archives.map((a, i) => [a.month, i])), current: pages.current, early: [] };
};

/** A feed's month documents on the prev-archive walk, oldest first: the archives, then the months ahead of their cut. */
const monthDocuments = (plan: FeedPlan) => [...plan.pages.archives, ...plan.early];

/** The texts of some entries (entryTexts), by entry, in UTF-8. */
type EntryTexts = Map<ChangeEntry, Uint8Array>;
const textsOf = (list: ChangeEntry[], texts: EntryTexts) => list.map((e) => texts.get(e)!);

/** A feed's subscription document: the newest entries of the months not yet archived; a feed with no entry at all is dated the day v1 began. */
function subscriptionDocument(plan: FeedPlan, texts: EntryTexts, site: Site, into: DocumentBytes): Uint8Array {
  const { spec, entries } = plan;
  const newest = monthDocuments(plan).at(-1);
  return atom(
    textsOf(plan.current, texts),
    site,
    {
      id: spec.url,
      self: spec.url,
      alternate: spec.alternate,
      title: spec.title,
      description: spec.description,
      links: [...(newest ? [{ rel: "prev-archive" as const, href: spec.archiveUrl(newest.month) }] : []), ...spec.related],
      archive: false,
      updated: entries[0]?.date ?? LICENSE.effective,
    },
    into,
  );
}

/** A feed's i-th month document (monthDocuments): an archive, or a month's older entries ahead of its cut. */
function archiveDocument(plan: FeedPlan, i: number, texts: EntryTexts, site: Site, into: DocumentBytes): Uint8Array {
  const { spec } = plan;
  const months = monthDocuments(plan);
  const { month, entries: list } = months[i]!;
  const prev = months[i - 1];
  const next = months[i + 1];
  const archive = i < plan.pages.archives.length;
  return atom(
    textsOf(list, texts),
    site,
    {
      id: spec.url,
      self: spec.archiveUrl(month),
      alternate: spec.alternate,
      title: `${spec.title}, ${month} (${archive ? "archive" : "not yet archived"})`,
      // No related links and no words that may change: an archive's entries never change, and its only later change is the next-archive link added once the following month has a document.
      description: archive
        ? `The entries dated ${month}, newest first: an archive document (RFC 5005). The newest entries are in ${spec.url}.`
        : `The older entries dated ${month}, newest first, that ${spec.url} has no room for. This month is archived (RFC 5005) on ${archivedFrom(month)}; until then this document may change.`,
      links: [
        { rel: "current", href: spec.url },
        ...(prev ? [{ rel: "prev-archive" as const, href: spec.archiveUrl(prev.month) }] : []),
        ...(next ? [{ rel: "next-archive" as const, href: spec.archiveUrl(next.month) }] : []),
      ],
      archive,
      updated: list[0]!.date,
    },
    into,
  );
}

export const feed: Emitter = {
  name: "feed",
  emit(ctx) {
    if (views.unchanged(ctx)) return;
    const { catalog, site, out } = ctx;
    const u = urls(site);
    const makers = manufacturersOf(catalog);
    const entries = changeEntries(catalog, site);
    // A manufacturer's entries are the catalog's entries of its records (its
    // published ones and its withdrawn ones), in the same order: filtering
    // the sorted list is sorting the filtered one.
    const makerOf = new Map<string, string>();
    for (const m of makers) for (const r of m.records) makerOf.set(r.slug, m.slug);
    for (const r of catalog.withdrawn) makerOf.set(r.slug, manufacturerSlug(r.manufacturer));
    const byMaker = new Map<string, ChangeEntry[]>(makers.map((m) => [m.slug, []]));
    for (const e of entries) byMaker.get(makerOf.get(e.slug)!)?.push(e);
    const whole = planOf(
      {
        url: u.feed(),
        alternate: site.siteUrl,
        title: "Device Lifecycle Records: record changes",
        description:
          "Each dated change to a published device support-lifecycle record, and each day a documented end starts ending soon or has ended, newest first. Older months are in the archives (prev-archive); each manufacturer's feed is linked as related.",
        file: API.feed.file({}),
        archiveFile: (month) => API.feedArchive.file({ month }),
        archiveUrl: u.feedArchive,
        related: makers.map((m) => ({ rel: "related", href: u.manufacturerFeed(m.slug), title: `${m.name} record changes` })),
      },
      entries,
      site.now,
    );
    const plans = [
      whole,
      ...makers.map((m) =>
        planOf(
          {
            url: u.manufacturerFeed(m.slug),
            alternate: u.manufacturerPage(m.slug),
            // Plain text (the feed's title and subtitle are escaped as XML text by the library).
            title: `Device Lifecycle Records: ${m.name} record changes`,
            description: `Each dated change to a published support-lifecycle record of a ${m.name} device, and each day a documented end of one starts ending soon or has ended, newest first. Older months are in the archives (prev-archive).`,
            file: API.manufacturerFeed.file({ manufacturer: m.slug }),
            archiveFile: (month) => API.manufacturerFeedArchive.file({ manufacturer: m.slug, month }),
            archiveUrl: (month) => u.manufacturerFeedArchive(m.slug, month),
            related: [{ rel: "related", href: u.feed(), title: "Device Lifecycle Records: record changes (every manufacturer)" }],
          },
          byMaker.get(m.slug)!,
          site.now,
        ),
      ),
    ];
    // Every entry is in the whole catalog's feed and in its manufacturer's,
    // in the document of the same month (whether a month is archived depends
    // on the month alone). So the documents are written a month at a time,
    // the catalog's and each manufacturer's together: each entry's text is
    // written once, and only one month's texts are held at once.
    const credit = attribution(site).text;
    const textsFor = (list: ChangeEntry[]): EntryTexts => {
      const texts = entryTexts(list, credit);
      return new Map(list.map((e, i) => [e, texts[i]!]));
    };
    // The months not yet archived first: their sizes decide which entries wait in their month's document, which the newest archive links.
    const texts = textsFor(whole.pages.current);
    for (const plan of plans)
      ({ current: plan.current, early: plan.early } = boundCurrent(plan.pages.current, (e) => texts.get(e)!.length, FEED_ARCHIVE.subscriptionEntryBytes));
    const into = new DocumentBytes();
    const files: string[] = [];
    for (const { month, entries: list } of whole.pages.archives) {
      const monthTexts = textsFor(list);
      for (const plan of plans) {
        const i = plan.archiveIndex.get(month);
        if (i !== undefined) {
          out.write(plan.spec.archiveFile(month), archiveDocument(plan, i, monthTexts, site, into));
          files.push(plan.spec.archiveFile(month));
        }
      }
    }
    for (const plan of plans) {
      const archived = plan.pages.archives.length;
      for (const [i, { month }] of plan.early.entries()) {
        out.write(plan.spec.archiveFile(month), archiveDocument(plan, archived + i, texts, site, into));
        files.push(plan.spec.archiveFile(month));
      }
      out.write(plan.spec.file, subscriptionDocument(plan, texts, site, into));
    }
    // In place, an archive month an edit emptied is removed.
    views.written(ctx, files);
  },
};
