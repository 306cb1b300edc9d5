// The sharing image a page names (og:image in _includes/base.njk): the
// site's, or its manufacturer's on a device or manufacturer page.
import type { Catalog } from "../../derive/catalog.ts";
import { manufacturersOf } from "../../derive/manufacturers.ts";
import { manufacturerCard, SHARE_IMAGE, siteCard } from "../../derive/sharing.ts";
import { urls, type Site } from "../../derive/site.ts";

/** Social sites fetch a sharing image from wherever the page was shared: absolute, like the canonical link. */
export function shareImages(catalog: Catalog, site: Site) {
  const makerCards = new Map(manufacturersOf(catalog).map((m) => [m.slug, manufacturerCard(m.name, m.records.length)]));
  return {
    site: { url: urls(site).siteImage(), ...SHARE_IMAGE, alt: siteCard(catalog).alt },
    maker: (slug: string) => ({ url: urls(site).manufacturerImage(slug), ...SHARE_IMAGE, alt: makerCards.get(slug)!.alt }),
  };
}
