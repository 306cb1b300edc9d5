// The human pages (pages-render.ts: the site pages by Eleventy, then the
// device pages in Eleventy's Nunjucks environment), then the sitemap, which
// lists the site pages Eleventy wrote. All on the build's own thread: a
// worker thread of its own cost a second start-up (tsx, Eleventy and the
// templates compiled again), a copy of the catalog and every record's
// documents derived again, for more CPU and a higher peak than sharing them
// (BENCHMARKS.md).
import type { Emitter } from "./context.ts";
import { renderPages } from "./pages-render.ts";
import { writeSitemap } from "./sitemap.ts";

export const pages: Emitter = {
  name: "eleventy",
  async emit(ctx) {
    const { catalog, site, out, layout, only } = ctx;
    const sitePages = await renderPages({ catalog, site, out, layout, only });
    // A watch-mode run renders only some manufacturer pages, so it keeps the last full build's sitemap (the same pages, as the slugs are unchanged).
    if (!only) writeSitemap(ctx, sitePages);
  },
};
