// Per-record memoization. Several outputs need the same derived value of a
// record (its summary, its CSV rows, its calendar events); in watch mode the
// loader hands back the very same record objects for unchanged files, so a
// rebuild recomputes only what belongs to edited records.
import type { DeviceRecord } from "../schema/record.ts";
import type { Site } from "./site.ts";

const sameSite = (a: Site, b: Site) => a.now === b.now && a.siteUrl === b.siteUrl && a.baseUrl === b.baseUrl;

export function perRecord<T>(compute: (r: DeviceRecord, site: Site) => T): (r: DeviceRecord, site: Site) => T {
  const cache = new WeakMap<DeviceRecord, { site: Site; value: T }>();
  return (r, site) => {
    const hit = cache.get(r);
    if (hit && sameSite(hit.site, site)) return hit.value;
    const value = compute(r, site);
    cache.set(r, { site, value });
    return value;
  };
}
