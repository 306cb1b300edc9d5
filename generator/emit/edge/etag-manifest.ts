// The ETag manifest: the build-time ETag and size of every large file the
// build wrote (the writer hashes each as it writes it; derive/etags.ts), so
// the edge function never hashes megabytes. It names every other emitter's
// files, so it is written last (emit/index.ts runs the edge's files last).
// In place (watch mode), the writer starts from the last build's ETags
// (build.ts), so an output left as it is keeps its entries.
import { STORAGE } from "../../contract/resources.ts";
import type { EmitContext } from "../context.ts";

export function writeEtagManifest({ out }: EmitContext): void {
  // Sorted, so the same files give the same bytes.
  out.json(STORAGE.etagManifest, Object.fromEntries(Object.entries(out.etags).sort(([a], [b]) => (a < b ? -1 : 1))));
}
