// The identifier lookup's storage: the buckets of derive/identifiers.ts, each
// holding the answers of the identifier keys that hash to it, where the
// resource table puts them, and their layout for the edge function, which
// reads the one bucket of the key a request names.
import { STORAGE } from "../../contract/resources.ts";
import { identifierBuckets, identifierCarriers } from "../../derive/identifiers.ts";
import type { EmitContext } from "../context.ts";
import { recordViews } from "../record-views.ts";

/** What a bucket holds of a published record: its name, maker, type, variants with their codes, and the sources they cite. */
const views = recordViews("identifiers", (r) =>
  r.publication.state === "published" ? JSON.stringify([r.name, r.manufacturer, r.deviceType, r.variants, r.evidence.sources]) : "",
);

export function writeIdentifiers(ctx: EmitContext): void {
  if (views.unchanged(ctx)) return;
  const { catalog, site, out, maxFolderEntries } = ctx;
  const { layout, buckets } = identifierBuckets(identifierCarriers(catalog.published), site, maxFolderEntries);
  // Emptied first, so a rebuild in place (watch mode) leaves no bucket of an earlier count or catalog.
  out.clearDir(STORAGE.identifierBucket("0").replace(/\/[^/]*$/, ""));
  for (const [n, text] of buckets) out.write(STORAGE.identifierBucket(n), text);
  out.json(STORAGE.identifierLayout, layout);
  views.written(ctx);
}
