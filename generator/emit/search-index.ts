// The site search's static index (derive/search-chunks.ts), under
// /search-index/v2/: what the home page's live search reads instead of the
// rate-limited list API. Its folder is emptied first, so a rebuild in place
// leaves no file of an earlier catalog behind.
import { searchIndexFiles, type IndexedRecord } from "../derive/search-chunks.ts";
import { verdictOf } from "../derive/verdict.ts";
import { verdictHeadline } from "../derive/verdict-headline.ts";
import type { Site } from "../derive/site.ts";
import type { DeviceRecord } from "../schema/record.ts";
import { PAGES } from "../contract/resources.ts";
import type { Emitter } from "./context.ts";
import { recordViews } from "./record-views.ts";

/** What the index holds of a published record. */
const indexed = (r: DeviceRecord, site: Site): IndexedRecord => ({
  slug: r.slug,
  name: r.name,
  aliases: r.aliases,
  manufacturer: r.manufacturer,
  variants: r.variants.map((v) => ({ model: v.model, identifiers: v.identifiers?.map((i) => ({ value: i.value })) })),
  // The verdict alone (memoized per record and day), not the whole summary: the card shows its headline.
  label: verdictHeadline(verdictOf(r, site.now), r),
});

/** An edit that changes none of what the index holds of its record (a commitment's meaning, say) leaves the index as it is. */
const views = recordViews("search-index", (r, site) => (r.publication.state === "published" ? JSON.stringify(indexed(r, site)) : ""));

export const searchIndex: Emitter = {
  name: "search-index",
  emit(ctx) {
    if (views.unchanged(ctx)) return;
    const { catalog, site, out } = ctx;
    out.clearDir(PAGES.searchIndex.file({ file: "" }));
    searchIndexFiles(
      catalog.published.map((r) => indexed(r, site)),
      (file, text) => out.write(PAGES.searchIndex.file({ file }), text),
    );
    views.written(ctx);
  },
};
