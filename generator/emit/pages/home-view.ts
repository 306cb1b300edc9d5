// The catalog's home page (index.njk) and its type filter (_includes/type-nav.njk):
// what changed lately, what ends soonest, and the catalog's size and types.
import { DEVICE_TYPE_PLURALS, DEVICE_TYPES } from "../../contract/device-types.ts";
import { bySoonest, upcomingSupportEnds } from "../../derive/calendar-events.ts";
import type { Catalog } from "../../derive/catalog.ts";
import { deviceDocument, latestUpdated, recentlyChanged } from "../../derive/documents.ts";
import { inSite, urls, type Site } from "../../derive/site.ts";
import { endingsChart } from "../../derive/timeline.ts";
import { chartView } from "./chart-view.ts";

/** Shown on the home page: the most recently changed records. */
export const RECENT_SHOWN = 20;
/** Shown on the home page: the soonest documented endings across the catalog. */
export const UPCOMING_SHOWN = 25;

export function homeView(catalog: Pick<Catalog, "published">, site: Site) {
  const local = urls(inSite(site));
  const upcoming = catalog.published
    .flatMap((r) => upcomingSupportEnds(r, site).map((e) => ({ ...e, page: local.page(r.slug) })))
    .sort(bySoonest)
    .slice(0, UPCOMING_SHOWN);
  return {
    publishedCount: catalog.published.length,
    recent: recentlyChanged(catalog.published, site, RECENT_SHOWN),
    upcoming,
    upcomingChart: chartView(endingsChart(upcoming), "upcoming", "upcoming-table"),
    catalogUpdated: latestUpdated(catalog.published.map((r) => deviceDocument(r, site))),
    // The catalog page's type filter: each type the catalog holds, its count and its A–Z pages.
    deviceTypes: DEVICE_TYPES.map((type) => ({
      type,
      label: DEVICE_TYPE_PLURALS[type],
      count: catalog.published.filter((r) => r.deviceType === type).length,
      href: local.browseType(type),
    })).filter((t) => t.count),
  };
}
