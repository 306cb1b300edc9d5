// The A–Z pages (browse.njk): every published device, and each device type's
// alone, a page of them at a time.
import { DEVICE_TYPE_PLURALS, DEVICE_TYPES } from "../../contract/device-types.ts";
import { deviceDocument, latestUpdated } from "../../derive/documents.ts";
import { normalize } from "../../derive/search.ts";
import { inSite, urls, type Site } from "../../derive/site.ts";
import type { DeviceRecord } from "../../schema/record.ts";
import { pageFiles } from "./page-files.ts";

/** One line of the A–Z pages. */
export function browseEntry(r: DeviceRecord, site: Site) {
  const doc = deviceDocument(r, site);
  const models = doc.variants.map((v) => v.model);
  return {
    type: doc.deviceType,
    name: doc.name,
    page: urls(inSite(site)).page(r.slug),
    manufacturer: doc.manufacturer,
    label: doc.verdict.headline,
    updated: doc.updated,
    models: models.length > 3 ? `${models.slice(0, 3).join(", ")}, …` : models.join(", "),
    key: normalize(doc.name),
  };
}

export type BrowseEntry = ReturnType<typeof browseEntry>;

/** The A–Z lines of some records, by name as search normalises it, then by page. */
export const browseEntries = (records: DeviceRecord[], site: Site): BrowseEntry[] =>
  records.map((r) => browseEntry(r, site)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.page < b.page ? -1 : 1));

/** Devices an A–Z page lists at most. */
export const BROWSE_PAGE_SIZE = 100;

/**
 * The A–Z pages: every published record, and each device type's alone (the
 * catalog page's type filter leads there), `size` to a page, with their
 * links to each other and to the same list in the API.
 */
export function browsePagesOf(browse: BrowseEntry[], site: Site, size = BROWSE_PAGE_SIZE) {
  const u = urls(inSite(site));
  const walks = [
    { type: null, entries: browse },
    ...DEVICE_TYPES.map((type) => ({ type, entries: browse.filter((e) => e.type === type) })).filter((w) => w.entries.length),
  ];
  return walks.flatMap(({ type, entries }) => {
    const pageCount = Math.ceil(entries.length / size);
    const href = (n: number) => (type ? u.browseType(type, n) : u.browse(n));
    const heading = type ? `${DEVICE_TYPE_PLURALS[type]} A–Z` : "Browse devices A–Z";
    return Array.from({ length: pageCount }, (_, i) => {
      const onPage = entries.slice(i * size, (i + 1) * size);
      return {
        type,
        heading,
        title: pageCount < 2 ? heading : `${heading}, page ${i + 1} of ${pageCount}`,
        noun: type ? DEVICE_TYPE_PLURALS[type].toLowerCase() : "devices",
        count: entries.length,
        number: i + 1,
        pageCount,
        entries: onPage,
        updated: latestUpdated(onPage),
        permalink: type ? pageFiles.browseType(type, i + 1) : pageFiles.browse(i + 1),
        prev: i > 0 ? href(i) : null,
        next: i + 1 < pageCount ? href(i + 2) : null,
        api: type ? `${u.list()}?type=${type}` : u.list(),
      };
    });
  });
}
