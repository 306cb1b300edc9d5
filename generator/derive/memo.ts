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

/**
 * One output's own per-record memo, by the kind of build: a watch session
 * keeps one for all its rebuilds (so a rebuild recomputes only what belongs
 * to edited records); a single build takes a fresh one for each run of the
 * output, which is garbage once that output is written instead of living to
 * the end of the build beside the catalog (at 50,000 devices the calendars'
 * and the CSV's were 350 MB of the heap's 900).
 */
export function outputMemo<T>(compute: (r: DeviceRecord, site: Site) => T): (watching: boolean) => (r: DeviceRecord, site: Site) => T {
  const session = perRecord(compute);
  return (watching) => (watching ? session : perRecord(compute));
}
