// The human pages, rendered by Eleventy on a worker thread, whose heap of its
// own holds Eleventy's pages apart from the catalog and its documents on the
// main thread (each heap is collected without tracing the other's); then the
// sitemap, which lists the site pages the worker wrote.
import { runInWorker } from "./workers/run.ts";
import type { Emitter } from "./context.ts";
import type { PagesInput, PagesOutput } from "./pages-render.ts";
import { writeSitemap } from "./sitemap.ts";

export const pages: Emitter = {
  name: "eleventy",
  async emit(ctx) {
    const { catalog, site, out, layout, only } = ctx;
    const input: PagesInput = { catalog, site, outRoot: out.root, layout, only: only && [...only] };
    const { files, bytes, sitePages } = await runInWorker<PagesInput, PagesOutput>(new URL("./pages-render.ts", import.meta.url), input);
    out.files += files;
    out.bytes += bytes;
    // A watch-mode run renders only some manufacturer pages, so it keeps the last full build's sitemap (the same pages, as the slugs are unchanged).
    if (!only) writeSitemap(ctx, sitePages);
  },
};
