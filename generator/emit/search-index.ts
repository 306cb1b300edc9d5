// The site search's static index (derive/search-chunks.ts), under
// /search-index/v1/: what the home page's live search reads instead of the
// rate-limited list API. Its folder is emptied first, so a rebuild in place
// leaves no file of an earlier catalog behind.
import { searchIndexFiles } from "../derive/search-chunks.ts";
import { deviceSummary } from "../derive/documents.ts";
import { filePath, urls } from "../derive/site.ts";
import type { Emitter } from "./context.ts";

export const searchIndex: Emitter = {
  name: "search-index",
  emit({ catalog, site, out }) {
    const dir = filePath(urls(site).searchIndex());
    out.clearDir(dir);
    const records = catalog.published.map((r) => ({ slug: r.slug, name: r.name, aliases: r.aliases, manufacturer: r.manufacturer, variants: r.variants, label: deviceSummary(r, site).verdict.label }));
    searchIndexFiles(records, (path, text) => out.write(dir + path, text));
  },
};
