// What a catalog-wide output holds of each record, kept through a watch
// session (npm start), so that an in-place rebuild can tell whether an edit
// reaches that output at all. An output declares its dependency as a view: a
// string of everything it reads of one record (published or withdrawn),
// computed with the site. When every edited record's view is what it was at
// the output's last write (kept in the session's store, ctx.kept), its files are still
// current and the rebuild leaves them alone; otherwise the output is written
// whole, as a full build writes it. A catalog-wide output reads nothing but
// its records and the site (the catalog's shape, the same in every in-place
// rebuild, is checked by build.ts), so equal views mean equal bytes.
import type { DeviceRecord } from "../schema/record.ts";
import type { Site } from "../derive/site.ts";
import type { EmitContext } from "./context.ts";

/** Everything an output reads of one record, as a string; "" for a record it never reads (a withdrawn one, for most). */
export type RecordView = (r: DeviceRecord, site: Site) => string;

export interface RecordViews {
  /** Whether this run is in place and no edited record's view changed: the output may be left as it is. */
  unchanged(ctx: EmitContext): boolean;
  /**
   * Called once the output is written: remembers the views it was written
   * from (in a watch session only). An output whose set of files follows its
   * records (a feed's archive months) names the files it wrote: in place, a
   * file of its last write that it did not write again is removed.
   */
  written(ctx: EmitContext, files?: readonly string[]): void;
}

/** `name` keys the views in the session's store: one name per output. */
export function recordViews(name: string, view: RecordView): RecordViews {
  const key = `record-views:${name}`;
  const filesKey = `record-views:${name}:files`;
  /** The edited records' views worked out by unchanged(), for written() to keep. */
  let pending: Map<string, string> | undefined;
  const recordsOf = (ctx: EmitContext) => [...ctx.catalog.published, ...ctx.catalog.withdrawn];
  return {
    unchanged(ctx) {
      pending = undefined;
      const { only, kept } = ctx;
      const last = kept?.get(key) as Map<string, string> | undefined;
      if (!only || !last) return false;
      pending = new Map(recordsOf(ctx).flatMap((r) => (only.has(r.slug) ? [[r.slug, view(r, ctx.site)] as const] : [])));
      return [...pending].every(([slug, v]) => last.get(slug) === v);
    },
    written(ctx, files) {
      const { only, kept, out } = ctx;
      if (!kept) return;
      if (files) {
        const now = new Set(files);
        if (only) for (const file of (kept.get(filesKey) as Set<string> | undefined) ?? []) if (!now.has(file)) out.remove(file);
        kept.set(filesKey, now);
      }
      const last = kept.get(key) as Map<string, string> | undefined;
      if (only && last && pending) for (const [slug, v] of pending) last.set(slug, v);
      else kept.set(key, new Map(recordsOf(ctx).map((r) => [r.slug, view(r, ctx.site)])));
      pending = undefined;
    },
  };
}
