// Which curated record a release is about: its slug, a former slug, or its
// name or label read as the site's search reads names (derive/search.ts),
// except that "+" counts: the Galaxy S22+ is not the Galaxy S22, though the
// search treats the two names alike. Pure.
import type { LoadedRecord } from "../generator/load/validate.ts";
import { compact } from "../generator/derive/search.ts";
import type { ReleaseReading } from "./endoflife-readings.ts";

export const nameKey = (text: string) => compact(text.replaceAll("+", " plus "));

export type MatchedBy = "slug" | "former slug" | "name";

export type Match = { record: LoadedRecord; by: MatchedBy } | { ambiguous: LoadedRecord[] } | undefined;

export interface CatalogIndex {
  bySlug: Map<string, LoadedRecord>;
  byFormerSlug: Map<string, LoadedRecord>;
  byName: Map<string, LoadedRecord[]>;
}

export function indexCatalog(records: LoadedRecord[]): CatalogIndex {
  const index: CatalogIndex = { bySlug: new Map(), byFormerSlug: new Map(), byName: new Map() };
  for (const loaded of records) {
    const r = loaded.record;
    index.bySlug.set(r.slug, loaded);
    for (const s of r.formerSlugs) index.byFormerSlug.set(s, loaded);
    for (const key of new Set([r.name, ...r.aliases].map(nameKey))) if (key) index.byName.set(key, [...(index.byName.get(key) ?? []), loaded]);
  }
  return index;
}

export function matchRelease(reading: ReleaseReading, index: CatalogIndex): Match {
  const bySlug = index.bySlug.get(reading.slug);
  if (bySlug) return { record: bySlug, by: "slug" };
  const byFormer = index.byFormerSlug.get(reading.slug);
  if (byFormer) return { record: byFormer, by: "former slug" };
  const found = new Map<string, LoadedRecord>();
  for (const key of new Set([reading.name, reading.model].map(nameKey)))
    for (const loaded of index.byName.get(key) ?? []) found.set(loaded.record.slug, loaded);
  const records = [...found.values()].sort((a, b) => (a.record.slug < b.record.slug ? -1 : 1));
  if (records.length === 1) return { record: records[0]!, by: "name" };
  return records.length > 1 ? { ambiguous: records } : undefined;
}
