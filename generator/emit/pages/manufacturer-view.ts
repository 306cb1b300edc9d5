// The manufacturer pages (manufacturer.njk): each manufacturer's devices by
// type, a page at a time, each release year a chart with its table.
import { DEVICE_TYPE_PLURALS } from "../../contract/device-types.ts";
import type { Catalog } from "../../derive/catalog.ts";
import { readableDate } from "../../derive/dates.ts";
import { deviceSummary, latestUpdated } from "../../derive/documents.ts";
import { manufacturerPages, manufacturersOf } from "../../derive/manufacturers.ts";
import { inSite, urls, type Site } from "../../derive/site.ts";
import { devicesChart, recordsSpan } from "../../derive/timeline.ts";
import { chartView } from "./chart-view.ts";
import { pageFiles } from "./page-files.ts";
import { supportWords } from "./support-words.ts";

/**
 * Every page of every manufacturer: its devices by type, then newest first, a
 * page of them at a time, each type a section (listed in a jump list with its
 * count and page) and each release year in it a chart with its table (the
 * chart's text equivalent). The charts of a page share one axis, so their bars
 * compare. With `only` (watch mode), the pages of those records' manufacturers.
 */
export function manufacturerPageViews(catalog: Pick<Catalog, "published">, site: Site, only?: ReadonlySet<string>, pageSize?: number) {
  const u = urls(inSite(site));
  // Watch mode: the pages of the manufacturers of the edited records (an edit may move a device to another of their pages).
  const makers = manufacturersOf(catalog).filter((m) => !only || m.records.some((r) => only.has(r.slug)));
  return makers.flatMap((m) => {
    const { pages, types } = manufacturerPages(m, pageSize);
    const typeId = (type: string) => `type-${type}`;
    const maker = {
      slug: m.slug,
      name: m.name,
      count: m.records.length,
      calendar: u.manufacturerCalendar(m.slug),
      calendarNoAlarms: u.manufacturerCalendarNoAlarms(m.slug),
      feed: u.manufacturerFeed(m.slug),
      page: u.manufacturerPage(m.slug),
    };
    const counts = new Map(types.map((t) => [t.type, t.count]));
    return pages.map((groups, i) => {
      const onPage = groups.flatMap((g) => g.years.flatMap((y) => y.records));
      const docs = new Map(onPage.map((r) => [r.slug, deviceSummary(r, site)]));
      // One axis for every chart of the page, so that their bars compare.
      const axis = recordsSpan(onPage);
      return {
        maker,
        number: i + 1,
        pageCount: pages.length,
        permalink: pageFiles.manufacturer(m.slug, i + 1),
        title: pages.length > 1 ? `${m.name} devices (page ${i + 1} of ${pages.length})` : `${m.name} devices`,
        prev: i > 0 ? u.manufacturerPage(m.slug, i) : null,
        next: i + 1 < pages.length ? u.manufacturerPage(m.slug, i + 2) : null,
        first: docs.get(onPage[0]!.slug)!.name,
        last: docs.get(onPage[onPage.length - 1]!.slug)!.name,
        updated: latestUpdated([...docs.values()]),
        // The jump list: each type, its count, and where its list starts (this page, or another).
        types: types.map((t) => ({
          label: DEVICE_TYPE_PLURALS[t.type],
          count: t.count,
          page: t.page,
          href: `${t.page === i + 1 ? "" : u.manufacturerPage(m.slug, t.page)}#${typeId(t.type)}`,
        })),
        groups: groups.map((tg) => ({
          id: typeId(tg.type),
          label: DEVICE_TYPE_PLURALS[tg.type],
          noun: DEVICE_TYPE_PLURALS[tg.type].toLowerCase(),
          count: counts.get(tg.type)!,
          continued: tg.continued,
          years: tg.years.map((g) => {
            const id = `${tg.type}-released-${g.year ?? "unknown"}`;
            const items = g.records.map((r) => ({ record: r, verdict: docs.get(r.slug)!.verdict.headline }));
            return {
              year: g.year,
              id,
              chart: chartView(devicesChart(items, axis), `chart-${id}`, `table-${id}`),
              rows: g.records.map((r) => {
                const doc = docs.get(r.slug)!;
                return {
                  name: doc.name,
                  page: u.page(r.slug),
                  released: readableDate(r.released),
                  os: supportWords(r.support.os),
                  security: supportWords(r.support.security),
                  verdict: doc.verdict.headline,
                };
              }),
            };
          }),
        })),
      };
    });
  });
}

/** The manufacturers page's list (manufacturers.njk): each manufacturer, its count and its page, calendar and feed. */
export const manufacturerList = (catalog: Pick<Catalog, "published">, site: Site) => {
  const u = urls(inSite(site));
  return manufacturersOf(catalog).map((m) => ({
    name: m.name,
    count: m.records.length,
    page: u.manufacturerPage(m.slug),
    calendar: u.manufacturerCalendar(m.slug),
    feed: u.manufacturerFeed(m.slug),
  }));
};
