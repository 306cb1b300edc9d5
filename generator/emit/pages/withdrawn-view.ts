// What a withdrawal notice (withdrawn.njk) says about a withdrawn record.
import type { Catalog } from "../../derive/catalog.ts";
import { inSite, urls, type Site } from "../../derive/site.ts";
import type { DeviceRecord } from "../../schema/record.ts";

/** What a withdrawn record's notice page says: when, why, and the record that takes its place, if any. */
export function withdrawalNotice(r: DeviceRecord, catalog: Pick<Catalog, "published">, site: Site) {
  if (r.publication.state !== "withdrawn") throw new Error(`${r.slug} is not withdrawn`);
  const { withdrawnOn, reason, replacedBy } = r.publication;
  const replacement = catalog.published.find((p) => p.slug === replacedBy);
  return {
    slug: r.slug,
    name: r.name,
    manufacturer: r.manufacturer,
    withdrawnOn,
    reason,
    replacement: replacement ? { name: replacement.name, page: urls(inSite(site)).page(replacement.slug) } : null,
  };
}
