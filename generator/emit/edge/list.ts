// The list endpoint's stored files: every page of the plain walks (no q, the
// default limit; every record, and each device type's records alone), each
// named by the cursor that leads to it, and the compact index the edge
// function computes everything else from. Pages are written by the same core
// (derive/list.ts) that computes answers. In place (watch mode), only the
// pages that hold an edited record are written again, when the index is
// unchanged.
import path from "node:path";
import { deviceSummary } from "../../derive/documents.ts";
import { formatListIndex, parseListIndex, type ListIndex } from "../../derive/list-index.ts";
import { DEFAULT_LIMIT } from "../../contract/list-params.ts";
import { pageMeta, pageResult, pageText, staticPagePath, type ListRequest } from "../../derive/list.ts";
import { STORAGE } from "../../contract/resources.ts";
import { DEVICE_TYPES } from "../../contract/device-types.ts";
import type { EmitContext } from "../context.ts";
import { recordViews } from "../record-views.ts";

/**
 * What the index holds of a published record (its type, and what its search
 * line is made of), and so which pages there are and which records each
 * holds. An edit that leaves it as it was changes at most the pages that hold
 * the edited records' items: in place, only those are written again.
 */
const views = recordViews("list", (r) =>
  r.publication.state === "published" ? JSON.stringify([r.deviceType, r.name, r.aliases, r.manufacturer, r.variants]) : "",
);
/** Where a watch session keeps the parsed index of the last write (EmitContext.kept). */
const INDEX = "list:index";

export function writeList(ctx: EmitContext): void {
  const { catalog, site, out, only, kept } = ctx;
  const inPlace = views.unchanged(ctx);
  const records = catalog.published;
  // Each item serialized as its page is written, and let go after: serializing an item twice (it is on two walks) costs less
  // than holding every item's text at once, which the collector would walk again and again.
  const bySlug = new Map(records.map((r) => [r.slug, r]));
  const itemText = (slug: string) => JSON.stringify(deviceSummary(bySlug.get(slug)!, site), null, 2);
  let index = kept?.get(INDEX) as ListIndex | undefined;
  if (!inPlace) {
    const text = formatListIndex(records, site);
    out.write(STORAGE.listIndex, text);
    index = parseListIndex(text);
    out.clearDir(path.posix.dirname(STORAGE.listPage(null)));
  }
  for (const types of [null, ...DEVICE_TYPES.map((t) => [t])]) {
    let req: ListRequest = { legacy: false, query: null, types, limit: DEFAULT_LIMIT, cursor: null, after: null };
    for (;;) {
      const result = pageResult(index!, req);
      if (!inPlace || result.page.keys.some((k) => only!.has(k.slug))) {
        const pageItems = result.page.keys.map((k) => itemText(k.slug));
        out.write(staticPagePath(req), pageText(pageItems, pageMeta(index!.header, req, result, pageItems)));
      }
      if (!result.nextCursor) break;
      req = { ...req, cursor: result.nextCursor, after: result.page.keys.at(-1)! };
    }
  }
  kept?.set(INDEX, index);
  views.written(ctx);
}
