// What a device page (_includes/device-page.njk, device-body.njk) receives for its
// device: the record's documents, its badge and timeline drawn, its meta
// description, and its neighbours in the whole catalog's order.
import { badgeEmbed } from "../../derive/badges.ts";
import type { Catalog } from "../../derive/catalog.ts";
import { supportYears } from "../../derive/dataset-rows.ts";
import { deviceDocument, deviceSummary, evidenceDocument } from "../../derive/documents.ts";
import { manufacturerSlug } from "../../derive/manufacturers.ts";
import { inSite, urls, type Site } from "../../derive/site.ts";
import { staleSources } from "../../derive/sources.ts";
import { deviceChart } from "../../derive/timeline.ts";
import { RECALL_NOT_PERFORMED, softwareYearsWords } from "../../derive/evidence-words.ts";
import { verdictOf } from "../../derive/verdict.ts";
import { STALE_SOURCE_DAYS } from "../../contract/verdicts.ts";
import type { DeviceRecord } from "../../schema/record.ts";
import { badgeSvg, recordBadge } from "../badge.ts";
import { chartView } from "./chart-view.ts";

/** The most a description says before search engines cut it. */
export const DESCRIPTION_MAX = 300;

/** A device page's meta description: what it is, its verdict and the verdict's reason, cut at a word within the limit. */
export function deviceDescription(r: DeviceRecord, site: Site): string {
  const doc = deviceSummary(r, site);
  const text = `${doc.name} (${doc.manufacturer}, ${doc.deviceType}): ${doc.verdict.headline}. ${verdictOf(r, site.now).reason}`;
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

/**
 * The view of each published record's page. Neighbours are taken from the
 * whole catalog, whichever pages are rendered (a watch rebuild's few, or one
 * of the Eleventy runs the device pages are cut into).
 */
export function deviceViews(catalog: Pick<Catalog, "published">, site: Site) {
  const local = urls(inSite(site));
  const order = new Map(catalog.published.map((r, i) => [r.slug, i]));
  const neighbour = (r: DeviceRecord, step: number) => {
    const at = order.get(r.slug);
    if (at === undefined) throw new Error(`${r.slug} is not published`);
    const next = catalog.published[at + step];
    return next ? local.page(next.slug) : null;
  };
  return (r: DeviceRecord) => ({
    doc: deviceDocument(r, site),
    evidence: evidenceDocument(r, site),
    // Drawn into the page: a reader browsing many pages never meets the API's rate limit (docs/exports.md#badge).
    badge: badgeSvg(recordBadge(r, site.now)),
    maker: local.manufacturerPage(manufacturerSlug(r.manufacturer)),
    makerSlug: manufacturerSlug(r.manufacturer),
    description: deviceDescription(r, site),
    prev: neighbour(r, -1),
    next: neighbour(r, 1),
    timeline: chartView(deviceChart(r), "timeline"),
    embed: badgeEmbed(r.slug, site, r.name),
    hasMinimum: [...r.support.os, ...r.support.security].some((c) => c.minimum),
    hasCeiling: [...r.support.os, ...r.support.security].some((c) => c.ceiling),
    datasetYears: supportYears(r).map((year) => ({ year, url: local.datasetYear(year) })),
    recallNotPerformed: RECALL_NOT_PERFORMED,
    repairs: r.evidence.repairability.map((x) => ({
      ...x,
      softwareYears: x.euLabel?.declaredMinimumSoftwareUpdateYears ? softwareYearsWords(x.euLabel.declaredMinimumSoftwareUpdateYears) : null,
    })),
    /** Ids of the sources not read for STALE_SOURCE_DAYS: the page marks them (no day is printed, so the page holds no build day). */
    staleSources: staleSources(r, site.now).map((s) => s.id),
    staleDays: STALE_SOURCE_DAYS,
  });
}
