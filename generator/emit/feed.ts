// The change feeds in Atom (RFC 4287): ids, updated dates and rights are
// defined there without RSS's ambiguities. /feed.xml holds the whole
// catalog's changes; /api/v1/feed/manufacturers/<maker>.xml one
// manufacturer's (its published records' revisions and its withdrawals).
// Entry titles and contents are typed "html", so record text is escaped
// before it goes in.
import { Feed } from "feed";
import { changeEntries, entryHtml, type ChangeEntry } from "../derive/changes.ts";
import escapeMarkup from "escape-html";
import { attribution, urls, type Site } from "../derive/site.ts";
import { API } from "../contract/resources.ts";
import { manufacturerSlug, manufacturersOf } from "../derive/manufacturers.ts";
import type { Emitter } from "./context.ts";

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

function atom(entries: ChangeEntry[], site: Site, feed: { url: string; title: string; description: string }): string {
  const credit = attribution(site);
  const f = new Feed({
    id: feed.url,
    title: feed.title,
    description: feed.description,
    link: site.siteUrl,
    feed: feed.url,
    author: { name: "Device Lifecycle Records", link: site.siteUrl },
    copyright: `${credit.text}. ${credit.requirements} License: ${credit.license.url}`,
    // The newest change, never the wall clock: the same data gives the same bytes.
    updated: midnight(entries[0]?.date ?? site.now),
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
  return `${f.atom1()}\n`;
}

export const feed: Emitter = {
  name: "feed",
  emit({ catalog, site, out }) {
    const u = urls(site);
    out.write(
      API.feed.file({}),
      atom(changeEntries(catalog, site), site, {
        url: u.feed(),
        title: "Device Lifecycle Records: record changes",
        description: "Each dated change to a published device support-lifecycle record, newest first.",
      }),
    );
    for (const m of manufacturersOf(catalog)) {
      const withdrawn = catalog.withdrawn.filter((r) => manufacturerSlug(r.manufacturer) === m.slug);
      out.write(
        API.manufacturerFeed.file({ manufacturer: m.slug }),
        atom(changeEntries({ published: m.records, withdrawn }, site), site, {
          url: u.manufacturerFeed(m.slug),
          // Plain text (the feed's title and subtitle are escaped as XML text by the library).
          title: `Device Lifecycle Records: ${m.name} record changes`,
          description: `Each dated change to a published support-lifecycle record of a ${m.name} device, newest first.`,
        }),
      );
    }
  },
};
