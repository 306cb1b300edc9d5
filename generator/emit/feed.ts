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
import { changeEntries, entryHtml, feedPages, type ChangeEntry } from "../derive/changes.ts";
import escapeMarkup from "escape-html";
import { attribution, urls, type Site } from "../derive/site.ts";
import { LICENSE } from "../contract/license.ts";
import { API } from "../contract/resources.ts";
import { MEDIA } from "../contract/media.ts";
import { manufacturerSlug, manufacturersOf } from "../derive/manufacturers.ts";
import type { Emitter } from "./context.ts";

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

/** RFC 5005's namespace, for <fh:archive/>. */
const FH = "http://purl.org/syndication/history/1.0";

/** A feed-level link the library does not write: RFC 5005's, and the related feeds. */
interface ExtraLink {
  rel: "current" | "prev-archive" | "next-archive" | "related";
  href: string;
  title?: string;
}

interface FeedDocument {
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

/**
 * The library writes the Atom document; RFC 5005's links and marker go in
 * after its rel="self" link (its head is always written in the same order),
 * with every attribute value escaped.
 */
function atom(entries: ChangeEntry[], site: Site, doc: FeedDocument): string {
  const credit = attribution(site);
  const f = new Feed({
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
  });
  for (const e of entries) {
    f.addItem({
      id: e.id,
      title: escapeMarkup(`${e.name}: ${e.change}`),
      link: e.link,
      date: midnight(e.date),
      description: escapeMarkup(e.reason),
      content: entryHtml(e, credit.text),
    });
  }
  const text = f.atom1();
  const self = text.indexOf("/>", text.indexOf('<link rel="self"')) + 2;
  const extra = [
    ...doc.links.map(
      (l) => `<link rel="${l.rel}" type="${MEDIA.atom.split(";")[0]}" href="${escapeMarkup(l.href)}"${l.title ? ` title="${escapeMarkup(l.title)}"` : ""}/>`,
    ),
    ...(doc.archive ? ["<fh:archive/>"] : []),
  ];
  return `${text
    .slice(0, self)
    .replace(
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:fh="${FH}">`,
    )}${extra.map((l) => `\n    ${l}`).join("")}${text.slice(self)}\n`;
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

/** A feed's subscription document and its archives, one per archived month; a feed with no entry at all is dated the day v1 began. */
function writeFeed(out: { write(file: string, text: string): void }, entries: ChangeEntry[], site: Site, spec: FeedSpec): void {
  const { current, archives } = feedPages(entries, site.now);
  const newest = archives.at(-1);
  const doc = (self: string, links: ExtraLink[], archive: boolean, updated: string): FeedDocument => ({
    id: spec.url,
    self,
    alternate: spec.alternate,
    title: spec.title,
    description: spec.description,
    links,
    archive,
    updated,
  });
  out.write(
    spec.file,
    atom(
      current,
      site,
      doc(
        spec.url,
        [...(newest ? [{ rel: "prev-archive" as const, href: spec.archiveUrl(newest.month) }] : []), ...spec.related],
        false,
        entries[0]?.date ?? LICENSE.effective,
      ),
    ),
  );
  archives.forEach(({ month, entries: list }, i) => {
    const prev = archives[i - 1];
    const next = archives[i + 1];
    const links: ExtraLink[] = [
      { rel: "current", href: spec.url },
      ...(prev ? [{ rel: "prev-archive" as const, href: spec.archiveUrl(prev.month) }] : []),
      ...(next ? [{ rel: "next-archive" as const, href: spec.archiveUrl(next.month) }] : []),
    ];
    out.write(
      spec.archiveFile(month),
      atom(list, site, {
        ...doc(spec.archiveUrl(month), links, true, list[0]!.date),
        title: `${spec.title}, ${month} (archive)`,
        // No related links and no words that may change: an archive's entries never change, and its only later change is the next-archive link added once the following month is archived.
        description: `The entries dated ${month}, newest first: an archive document (RFC 5005). The newest entries are in ${spec.url}.`,
      }),
    );
  });
}

export const feed: Emitter = {
  name: "feed",
  emit({ catalog, site, out }) {
    const u = urls(site);
    const makers = manufacturersOf(catalog);
    writeFeed(out, changeEntries(catalog, site), site, {
      url: u.feed(),
      alternate: site.siteUrl,
      title: "Device Lifecycle Records: record changes",
      description:
        "Each dated change to a published device support-lifecycle record, and each day a documented end starts ending soon or has ended, newest first. Older months are in the archives (prev-archive); each manufacturer's feed is linked as related.",
      file: API.feed.file({}),
      archiveFile: (month) => API.feedArchive.file({ month }),
      archiveUrl: u.feedArchive,
      related: makers.map((m) => ({ rel: "related", href: u.manufacturerFeed(m.slug), title: `${m.name} record changes` })),
    });
    for (const m of makers) {
      const withdrawn = catalog.withdrawn.filter((r) => manufacturerSlug(r.manufacturer) === m.slug);
      writeFeed(out, changeEntries({ published: m.records, withdrawn }, site), site, {
        url: u.manufacturerFeed(m.slug),
        alternate: u.manufacturerPage(m.slug),
        // Plain text (the feed's title and subtitle are escaped as XML text by the library).
        title: `Device Lifecycle Records: ${m.name} record changes`,
        description: `Each dated change to a published support-lifecycle record of a ${m.name} device, and each day a documented end of one starts ending soon or has ended, newest first. Older months are in the archives (prev-archive).`,
        file: API.manufacturerFeed.file({ manufacturer: m.slug }),
        archiveFile: (month) => API.manufacturerFeedArchive.file({ manufacturer: m.slug, month }),
        archiveUrl: (month) => u.manufacturerFeedArchive(m.slug, month),
        related: [{ rel: "related", href: u.feed(), title: "Device Lifecycle Records: record changes (every manufacturer)" }],
      });
    }
  },
};
