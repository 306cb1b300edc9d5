// robots.txt and the sitemap: an index at /sitemap.xml naming parts under
// /sitemaps/, every device page (with the day its data last changed) and
// every site page Eleventy wrote. Written after the pages, from the
// list of site pages that run returns (emit/pages.ts).
import { API_ROOT, PAGES } from "../contract/resources.ts";
import { deviceDocument } from "../derive/documents.ts";
import { urls } from "../derive/site.ts";
import { robotsTxt, sitemapIndex, sitemapParts, type SitemapEntry } from "../derive/sitemap.ts";
import type { EmitContext } from "./context.ts";

export function writeSitemap({ catalog, site, out }: EmitContext, sitePages: string[]): void {
  const u = urls(site);
  const entries: SitemapEntry[] = [
    ...sitePages.map((p) => ({ loc: `${site.siteUrl}${p}` })),
    ...catalog.published.map((r) => ({ loc: u.page(r.slug), lastmod: deviceDocument(r, site).updated })),
  ];
  const parts = sitemapParts(entries);
  const index: SitemapEntry[] = parts.map((xml, i) => {
    out.write(PAGES.sitemapPart.file({ number: String(i + 1) }), xml);
    const days = [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1]!);
    return { loc: u.sitemapPart(i + 1), lastmod: days.length ? days.reduce((a, b) => (a > b ? a : b)) : undefined };
  });
  out.write(PAGES.sitemap.file({}), sitemapIndex(index));
  out.write(PAGES.robots.file({}), robotsTxt(u.sitemap(), [API_ROOT, PAGES.searchIndex.path.replace("{file}", "")]));
}
