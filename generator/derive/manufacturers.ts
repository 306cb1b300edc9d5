// Manufacturers as the catalog groups them: each published record under its
// manufacturer's slug, for the per-manufacturer calendars (and pages). Two
// spellings that give one slug are refused by validation, so a slug names
// exactly one manufacturer.
import type { DeviceRecord } from "../schema/record.ts";
import type { Catalog } from "./catalog.ts";
import { dashed, normalize } from "./search.ts";

export interface Manufacturer {
  slug: string;
  name: string;
  /** Its published records, in slug order. */
  records: DeviceRecord[];
}

/** FNV-1a, 32 bits, as 8 hex digits: a stable name for a manufacturer written without Latin letters or digits. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** "HMD Global" → "hmd-global", "Sony Mobile (Xperia)" → "sony-mobile-xperia": letters and digits as the search compares them, in a path. */
export function manufacturerSlug(name: string): string {
  return dashed(name) || `maker-${fnv1a(normalize(name))}`;
}

/** The manufacturers of the published records, ordered by slug. */
export function manufacturersOf(catalog: Pick<Catalog, "published">): Manufacturer[] {
  const bySlug = new Map<string, Manufacturer>();
  for (const r of catalog.published) {
    const slug = manufacturerSlug(r.manufacturer);
    const m = bySlug.get(slug);
    if (m) m.records.push(r);
    else bySlug.set(slug, { slug, name: r.manufacturer, records: [r] });
  }
  return [...bySlug.values()].sort((a, b) => (a.slug < b.slug ? -1 : 1));
}
