// The site search's static index (derive/search-chunks.ts), under
// /search-index/v2/: what the home page's live search reads instead of the
// rate-limited list API. Its folder is emptied first; a rebuild in place
// writes only the files whose text changed and removes those no longer made.
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

/** Where a watch session keeps each file of the last write, by path, with its text (EmitContext.kept). */
const FILES = "search-index:files";

export const searchIndex: Emitter = {
  name: "search-index",
  emit(ctx) {
    if (views.unchanged(ctx)) return;
    const { catalog, site, out, only, kept } = ctx;
    // In place, a name or code edit changes a few of the index's thousands of files: only those are written, and those it no longer has removed.
    const last = only ? (kept?.get(FILES) as Map<string, string> | undefined) : undefined;
    if (!last) out.clearDir(PAGES.searchIndex.file({ file: "" }));
    const files = new Map<string, string>();
    searchIndexFiles(
      catalog.published.map((r) => indexed(r, site)),
      (file, text) => {
        const at = PAGES.searchIndex.file({ file });
        if (kept) files.set(at, text);
        if (last?.get(at) !== text) out.write(at, text);
      },
    );
    for (const at of last?.keys() ?? []) if (!files.has(at)) out.remove(at);
    kept?.set(FILES, files);
    views.written(ctx);
  },
};
