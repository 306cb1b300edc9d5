// What every emitter receives: the validated catalog, the site and a writer.
import type { DeviceRecord } from "../schema/record.ts";
import type { OsReleaseFile } from "../schema/os-release.ts";
import type { Layout } from "../contract/resources.ts";
import type { Catalog } from "../derive/catalog.ts";
import type { Site } from "../derive/site.ts";
import type { OutputWriter } from "./writer.ts";

export interface EmitContext {
  catalog: Catalog;
  /** The OS release records (data/os/), in the API's order; none for a data folder without them. */
  osReleases: readonly OsReleaseFile[];
  site: Site;
  out: OutputWriter;
  /** Where the per-device files go (derive/layout.ts). */
  layout: Layout;
  /** The most entries a folder may hold (Netlify's limit; smaller in tests): an emitter with a family of files of its own lays them out within it. */
  maxFolderEntries: number;
  /**
   * Watch mode: only these records changed, and `out` writes over the last
   * build in place. Per-device files of other records are still current;
   * a catalog-wide output is left as it is when no edited record's view of
   * it changed (emit/record-views.ts), and written whole otherwise.
   */
  only?: ReadonlySet<string>;
  /** The build is one of a watch session's: an output's own memos serve its later rebuilds (derive/memo.ts outputMemo). */
  watching: boolean;
  /**
   * A watch session's store, lasting the session: what the outputs remember
   * of their last write (emit/record-views.ts), by a key of their own. Absent
   * in a single build. Emptied when a rebuild fails, so the next is whole.
   */
  kept?: Map<string, unknown>;
  /**
   * Work another thread does for this output (watch mode's SQLite dump): the
   * build goes on with the next emitters and awaits it before it ends, so the
   * output is written before the build returns (and the preview serves it).
   */
  beside(work: Promise<void>): void;
  /** Settles once every work handed to beside() so far has written its files (the ETag manifest waits for it). */
  besideDone(): Promise<void>;
  /** The build's progress log (none under --quiet): where a library's own summary lines go. */
  log?: (line: string) => void;
}

/** One output family. Emitters are independent of each other and may run in any order. */
export interface Emitter {
  name: string;
  emit(ctx: EmitContext): void | Promise<void>;
}

/** The published records whose per-device files this run must write. */
export function devicesToWrite(ctx: EmitContext): DeviceRecord[] {
  const { only } = ctx;
  return only ? ctx.catalog.published.filter((r) => only.has(r.slug)) : ctx.catalog.published;
}
