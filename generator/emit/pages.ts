// The human pages (pages-render.ts: the site pages by Eleventy, then the
// device pages in Eleventy's Nunjucks environment), then the sitemap, which
// lists the site pages Eleventy wrote. All on the build's own thread: a
// worker thread of its own cost a second start-up (tsx, Eleventy and the
// templates compiled again), a copy of the catalog and every record's
// documents derived again, for more CPU and a higher peak than sharing them
// (BENCHMARKS.md).
import type { Emitter } from "./context.ts";
import { renderPages, sitePagesView } from "./pages-render.ts";
import { recordViews } from "./record-views.ts";
import { deviceDocument } from "../derive/documents.ts";
import { writeSitemap } from "./sitemap.ts";

/** Where a watch session keeps the site pages its last whole build listed (EmitContext.kept). */
const LISTED = "pages:listed";

const sitePagesViews = recordViews("site-pages", sitePagesView);
/** The sitemap reads of a record the day its data last changed (its page's lastmod). */
const sitemapViews = recordViews("sitemap", (r, site) => (r.publication.state === "published" ? deviceDocument(r, site).updated : ""));

export const pages: Emitter = {
  name: "eleventy",
  async emit(ctx) {
    const { catalog, site, out, layout, only, kept, log } = ctx;
    const sitePages = await renderPages({ catalog, site, out, layout, only, kept, log, sitePages: !sitePagesViews.unchanged(ctx) });
    sitePagesViews.written(ctx);
    // A rebuild in place renders only the site pages whose data changed; the catalog's shape is unchanged (build.ts), so
    // its site pages are the last whole build's. The sitemap is written again when an edited device's lastmod moved.
    if (!only) kept?.set(LISTED, sitePages);
    if (sitemapViews.unchanged(ctx)) return;
    writeSitemap(ctx, only ? (kept!.get(LISTED) as string[]) : sitePages);
    sitemapViews.written(ctx);
  },
};
