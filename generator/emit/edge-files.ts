// Every file the edge reads (contract/resources.ts STORAGE), written by this
// one emitter: the fixed files (layout, problem bodies, fixed badges), the
// list's index and pages, the identifier lookup's buckets and layout, and,
// last, the ETag manifest of every large file the build wrote. What they hold
// is derived in derive/ (list-index.ts and list.ts, identifiers.ts, etags.ts);
// each part is in edge/. emit/index.ts runs this emitter after every other,
// and the manifest waits for the work they run beside it (the SQLite dump in
// a watch session), so it names every file they wrote.
import type { Emitter } from "./context.ts";
import { writeEtagManifest } from "./edge/etag-manifest.ts";
import { writeFixed } from "./edge/fixed.ts";
import { writeIdentifiers } from "./edge/identifiers.ts";
import { writeList } from "./edge/list.ts";

export const edgeFiles: Emitter = {
  name: "edge-files",
  async emit(ctx) {
    writeFixed(ctx);
    writeList(ctx);
    writeIdentifiers(ctx);
    await ctx.besideDone();
    writeEtagManifest(ctx);
  },
};
