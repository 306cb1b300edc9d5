// The change feed, /feed.xml, in Atom (RFC 4287): ids, updated dates and
// rights are defined there without RSS's ambiguities. Entry titles and
// contents are typed "html", so record text is escaped before it goes in.
import { Feed } from "feed";
import { changeEntries, entryHtml } from "../derive/changes.ts";
import escapeMarkup from "escape-html";
import { attribution, urls } from "../derive/site.ts";
import { API } from "../contract/resources.ts";
import type { Emitter } from "./context.ts";

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

export const feed: Emitter = {
  name: "feed",
  emit({ catalog, site, out }) {
    const entries = changeEntries(catalog, site);
    const credit = attribution(site);
    const f = new Feed({
      id: urls(site).feed(),
      title: "Device Lifecycle Records: record changes",
      description: "Each dated change to a published device support-lifecycle record, newest first.",
      link: site.siteUrl,
      feed: urls(site).feed(),
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
    out.write(API.feed.file({}), `${f.atom1()}\n`);
  },
};
