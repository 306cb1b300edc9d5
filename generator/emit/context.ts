// What every emitter receives: the validated catalog, the site and a writer.
import type { Catalog } from "../derive/catalog.ts";
import type { Site } from "../derive/site.ts";
import type { OutputWriter } from "./writer.ts";

export interface EmitContext {
  catalog: Catalog;
  site: Site;
  out: OutputWriter;
}

/** One output family. Emitters are independent of each other and may run in any order. */
export interface Emitter {
  name: string;
  emit(ctx: EmitContext): void | Promise<void>;
}
