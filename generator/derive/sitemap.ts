// The sitemap (sitemaps.org protocol 0.9): an index naming its parts, each
// part within the protocol's limits (50,000 URLs and 50 MB uncompressed), so
// a catalog of any size is listed whole; and robots.txt pointing at it.
import escapeMarkup from "escape-html";

export interface SitemapEntry {
  /** Absolute URL of a page. */
  loc: string;
  /** YYYY-MM-DD: the day the page's data last changed, when one is known. */
  lastmod?: string;
}

/** The protocol's limits for one file (sitemaps.org/protocol.html). */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 };

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

const urlElement = (e: SitemapEntry) => `<url><loc>${escapeMarkup(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}</url>\n`;

/**
 * The entries as sitemap files, in order, each within `limits`: a part is
 * closed when one more URL would pass the count or the byte size.
 */
export function sitemapParts(entries: SitemapEntry[], limits = SITEMAP_LIMITS): string[] {
  const open = `${XML_HEAD}<urlset ${NS}>\n`;
  const close = "</urlset>\n";
  const frame = Buffer.byteLength(open + close);
  const parts: string[] = [];
  let urls: string[] = [];
  let bytes = frame;
  for (const e of entries) {
    const u = urlElement(e);
    const size = Buffer.byteLength(u);
    if (frame + size > limits.bytes) throw new Error(`a sitemap URL is larger than a sitemap may be: ${e.loc.slice(0, 100)}`);
    if (urls.length && (urls.length >= limits.urls || bytes + size > limits.bytes)) {
      parts.push(open + urls.join("") + close);
      [urls, bytes] = [[], frame];
    }
    urls.push(u);
    bytes += size;
  }
  if (urls.length || !parts.length) parts.push(open + urls.join("") + close);
  return parts;
}

/** The index naming each part (at its absolute URL), with the newest lastmod of its entries. */
export function sitemapIndex(parts: SitemapEntry[]): string {
  const items = parts.map((p) => `<sitemap><loc>${escapeMarkup(p.loc)}</loc>${p.lastmod ? `<lastmod>${p.lastmod}</lastmod>` : ""}</sitemap>\n`);
  return `${XML_HEAD}<sitemapindex ${NS}>\n${items.join("")}</sitemapindex>\n`;
}

/** robots.txt: every page may be crawled (a deploy preview says noindex in a header, which a crawler must fetch to read); the API and the search index are data, not pages. */
export function robotsTxt(sitemapUrl: string, dataPaths: string[]): string {
  return ["User-agent: *", ...dataPaths.map((p) => `Disallow: ${p}`), "", `Sitemap: ${sitemapUrl}`, ""].join("\n");
}
