// Manufacturers as the catalog groups them: each published record under its
// manufacturer's slug, for the per-manufacturer calendars (and pages). Two
// spellings that give one slug are refused by validation, so a slug names
// exactly one manufacturer.
import type { DeviceRecord } from "../schema/record.ts";
import type { Catalog } from "./catalog.ts";
import { dashed, normalize } from "./search.ts";
import { periodOf } from "./dates.ts";
import { DEVICE_TYPES, type DeviceType } from "../contract/device-types.ts";

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

/** Devices a manufacturer page shows at most, so a manufacturer of hundreds of devices stays readable on a phone. */
export const MANUFACTURER_PAGE_SIZE = 50;

/** Devices released in one year (null: release date unknown), on one manufacturer page. */
export interface ReleaseYearGroup {
  year: number | null;
  records: DeviceRecord[];
}

/** A manufacturer's devices of one type on one page, by release year. */
export interface TypeGroup {
  type: DeviceType;
  /** True when the type's devices began on an earlier page. */
  continued: boolean;
  years: ReleaseYearGroup[];
}

/** Where a manufacturer's devices of one type are: how many, and the page (from 1) their list starts on. */
export interface TypeStart {
  type: DeviceType;
  count: number;
  page: number;
}

export interface ManufacturerPaging {
  pages: TypeGroup[][];
  /** The types the manufacturer makes, in the schema's order (phones, tablets, laptops, wearables, other). */
  types: TypeStart[];
}

/**
 * A manufacturer's devices as its pages show them: by device type (the
 * schema's order), then newest release first (by the first day the release
 * date can mean; unknown last), then by name and slug; cut into pages of
 * `size`, each page grouped by type, then release year. A maker of hundreds of
 * devices (Apple's phones, tablets, watches and laptops) so reads as a few
 * sections a reader can jump to, not one long mix.
 */
export function manufacturerPages(m: Manufacturer, size = MANUFACTURER_PAGE_SIZE): ManufacturerPaging {
  const keyed = m.records.map((r) => ({ r, type: DEVICE_TYPES.indexOf(r.deviceType), first: periodOf(r.released)?.first ?? "", name: normalize(r.name) }));
  keyed.sort((a, b) =>
    a.type !== b.type
      ? a.type - b.type
      : a.first !== b.first
        ? a.first < b.first
          ? 1
          : -1
        : a.name !== b.name
          ? a.name < b.name
            ? -1
            : 1
          : a.r.slug < b.r.slug
            ? -1
            : 1,
  );
  const pages: TypeGroup[][] = [];
  const types: TypeStart[] = [];
  for (let i = 0; i < keyed.length; i += size) {
    const groups: TypeGroup[] = [];
    for (const { r, first } of keyed.slice(i, i + size)) {
      const year = first ? Number(first.slice(0, 4)) : null;
      let group = groups[groups.length - 1];
      if (group?.type !== r.deviceType) {
        const start = types[types.length - 1];
        const continued = start?.type === r.deviceType;
        if (!continued) types.push({ type: r.deviceType, count: 0, page: pages.length + 1 });
        groups.push((group = { type: r.deviceType, continued, years: [] }));
      }
      types[types.length - 1]!.count++;
      const last = group.years[group.years.length - 1];
      if (last && last.year === year) last.records.push(r);
      else group.years.push({ year, records: [r] });
    }
    pages.push(groups);
  }
  return { pages, types };
}
