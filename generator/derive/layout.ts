// Where the per-device files go (contract/resources.ts Layout): one folder per
// family while the catalog fits, else as few hash-named subfolders as keep
// every folder within the limit. Flat is preferred because a flat device page
// is served by the CDN alone; a sharded one costs an edge function invocation
// per view (docs/API.md#storage-layout).
import { shardOf, type Layout } from "../contract/resources.ts";

/** Netlify refuses a deploy in which any folder holds more entries than this ("Site deploys overview"). */
export const NETLIFY_MAX_FOLDER_ENTRIES = 54_000;

/**
 * Entries a per-device folder may hold besides the devices' files: the
 * withdrawn and rate-limited badges, the manufacturers' calendar folder, and
 * room to spare. The build checks every folder it wrote against the limit
 * anyway (emit/folders.ts), so this only has to be generous.
 */
const OTHER_ENTRIES = 16;

/** The most slugs any one subfolder of `layout` receives. */
export function fullestShard(slugs: readonly string[], layout: Layout): number {
  const counts = new Map<string, number>();
  let most = 0;
  for (const slug of slugs) {
    const shard = shardOf(slug, layout);
    const n = (counts.get(shard) ?? 0) + 1;
    counts.set(shard, n);
    if (n > most) most = n;
  }
  return most;
}

/** The hex digits of shardOf's hash: no layout can spread files further. */
const MAX_SHARD_DIGITS = 8;

/** The flattest layout in which no per-device folder (its files and its 16^digits subfolders) holds more than `maxEntries` entries. */
export function chooseLayout(slugs: readonly string[], maxEntries = NETLIFY_MAX_FOLDER_ENTRIES): Layout {
  for (let shardDigits = 0; shardDigits <= MAX_SHARD_DIGITS && 16 ** shardDigits + OTHER_ENTRIES <= maxEntries; shardDigits++) {
    const layout = { shardDigits };
    if (fullestShard(slugs, layout) + OTHER_ENTRIES <= maxEntries) return layout;
  }
  throw new Error(`${slugs.length} devices cannot be spread over folders of at most ${maxEntries} entries`);
}
