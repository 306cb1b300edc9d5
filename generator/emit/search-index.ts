// The site search's static index (derive/search-chunks.ts), under
// /search-index/v2/: what the home page's live search reads instead of the
// rate-limited list API. Its folder is emptied first, so a rebuild in place
// leaves no file of an earlier catalog behind.
import { searchIndexFiles, type IndexedRecord } from "../derive/search-chunks.ts";
import { verdictOf } from "../derive/verdict.ts";
import { verdictHeadline } from "../derive/verdict-headline.ts";
import { PAGES } from "../contract/resources.ts";
import type { Emitter } from "./context.ts";

/**
 * What the index holds of each record, by slug, as last written into each
 * output folder: a watch-mode edit that changes none of it leaves the index
 * as it is.
 */
const written = new Map<string, Map<string, string>>();

export const searchIndex: Emitter = {
  name: "search-index",
  emit({ catalog, site, out, only }) {
    const records: IndexedRecord[] = catalog.published.map((r) => ({
      slug: r.slug,
      name: r.name,
      aliases: r.aliases,
      manufacturer: r.manufacturer,
      variants: r.variants.map((v) => ({ model: v.model, identifiers: v.identifiers?.map((i) => ({ value: i.value })) })),
      // The verdict alone (memoized per record and day), not the whole summary: the card shows its headline.
      label: verdictHeadline(verdictOf(r, site.now), r),
    }));
    const held = new Map(records.map((r) => [r.slug, JSON.stringify(r)]));
    // Only in place (watch mode, same slugs): a fresh output folder always gets the whole index.
    const last = written.get(out.root);
    if (only && last && [...only].every((slug) => held.get(slug) === last.get(slug))) return;
    out.clearDir(PAGES.searchIndex.file({ file: "" }));
    searchIndexFiles(records, (file, text) => out.write(PAGES.searchIndex.file({ file }), text));
    written.set(out.root, held);
  },
};
