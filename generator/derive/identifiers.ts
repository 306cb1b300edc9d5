// The identifier lookup (GET /api/v1/identifiers/<identifier>), as pure
// functions of the published records: which devices carry each identifier key
// (contract/identifiers.ts), the lookup's answer for one key, and how the
// build stores those answers for the edge function: a few hundred buckets,
// not a file per key (every file costs the build kernel time and the deploy
// an upload). A bucket holds each of its keys' devices without the parts that
// follow from the site's origins (links, attribution), and each cited source
// once; the edge function (serve/answers/lookup.ts) reads the one bucket a key hashes
// to and rebuilds the answer with identifierDocument.
// No zod and no Node built-ins: the edge function runs this under Deno.
import { identifierKey, isPatternKind } from "../contract/identifiers.ts";
import { identifierBucketOf, type IdentifierLayout } from "../contract/resources.ts";
import type { DeviceRecord, Identifier, Source } from "../schema/record.ts";
import type { IdentifierDocument } from "../schema/responses.ts";
import { attribution, urls, type Origins } from "./site.ts";
import { jsonLine } from "../contract/json-text.ts";

/** One variant of a record that carries an identifier. */
export interface IdentifierCarrier {
  record: DeviceRecord;
  variant: DeviceRecord["variants"][number];
  identifier: Identifier;
}

/**
 * Every identifier key of the published records, with the variants that carry
 * it: in key order (code units), each key's carriers in record (slug) and
 * variant order. Two records share a key only where the source says so
 * (load/validate.ts refuses the rest), and the lookup lists them all. HWID
 * patterns (contract/identifiers.ts isPatternKind) have no key and are left out.
 */
export function identifierCarriers(published: readonly DeviceRecord[]): Map<string, IdentifierCarrier[]> {
  const byKey = new Map<string, IdentifierCarrier[]>();
  for (const record of published) {
    for (const variant of record.variants) {
      for (const identifier of variant.identifiers ?? []) {
        // A HWID pattern is not a code: a lookup of "^ATLAS .*" must not answer, nor "ATLAS" find it.
        if (isPatternKind(identifier.kind)) continue;
        const key = identifierKey(identifier.value);
        if (!key) continue;
        let carriers = byKey.get(key);
        if (!carriers) byKey.set(key, (carriers = []));
        carriers.push({ record, variant, identifier });
      }
    }
  }
  // The default sort compares code units, as `<` does, and natively.
  return new Map([...byKey.keys()].sort().map((key) => [key, byKey.get(key)!]));
}

/** A device of the lookup's answer without its links (they follow from the slug and the origins). */
export type IdentifierEntry = Omit<IdentifierDocument["devices"][number], "links">;

/**
 * The lookup's answer for one key, from its devices as a bucket gives them
 * back (entryOf). JSON keeps every value and the order of every object's
 * fields, so the answer serializes to the bytes the build once wrote in a
 * file per key (identifiers.test.ts checks it against that answer written
 * out, for every key of the fixture catalog).
 */
export function identifierDocument(key: string, entries: readonly IdentifierEntry[], site: Origins): IdentifierDocument {
  const u = urls(site);
  return {
    key,
    devices: entries.map((entry) => ({
      ...entry,
      links: { record: u.record(entry.slug), evidence: u.evidence(entry.slug), page: u.page(entry.slug) },
    })),
    attribution: attribution(site),
  };
}

/**
 * One stored bucket (STORAGE.identifierBucket): the origins its answers link
 * to, the sources its devices cite (each once: one maker's policy page backs
 * many records), and for each of its keys the devices, each as
 * [slug, name, manufacturer, deviceType, variant, identifier, index in sources].
 */
export interface IdentifierBucket {
  origins: Origins;
  sources: Source[];
  keys: Record<string, StoredDevice[]>;
}

type StoredDevice = [string, string, string, string, IdentifierEntry["variant"], Identifier, number];

/** A stored device back as the answer's device, its fields in the answer's order. */
const entryOf = (bucket: IdentifierBucket, [slug, name, manufacturer, deviceType, variant, identifier, source]: StoredDevice): IdentifierEntry => ({
  slug,
  name,
  manufacturer,
  deviceType: deviceType as IdentifierEntry["deviceType"],
  variant,
  identifier,
  source: bucket.sources[source]!,
});

/**
 * The bytes a bucket should stay within on average, so the edge function
 * parses one in a fraction of a millisecond of its CPU budget (about 50 ms a
 * request) and reads it as one small CDN response.
 */
export const BUCKET_TARGET_BYTES = 32 * 1024;

/**
 * The fewest buckets, a power of two, whose average stays within
 * BUCKET_TARGET_BYTES, and no more than one folder may hold (the buckets
 * share /api/v1/identifiers/ with nothing else). A power of two, so a key
 * changes bucket only when the count doubles, not with every new device.
 */
export function chooseIdentifierLayout(totalBytes: number, maxFolderEntries: number): IdentifierLayout {
  let buckets = 1;
  while (buckets * BUCKET_TARGET_BYTES < totalBytes && buckets * 2 <= maxFolderEntries) buckets *= 2;
  return { buckets };
}

/**
 * The lookup's storage: its layout and every non-empty bucket's JSON text, by
 * bucket name. The count is the one the written buckets' size calls for
 * (chooseIdentifierLayout); a first guess from the codes' lengths saves
 * serializing them twice, unless it was wrong. Two sources are one when
 * their JSON is: the answer carries nothing else of them.
 */
export function identifierBuckets(
  carriers: ReadonlyMap<string, readonly IdentifierCarrier[]>,
  site: Origins,
  maxFolderEntries: number,
): { layout: IdentifierLayout; buckets: Map<string, string> } {
  let guess = 0;
  for (const [key, devices] of carriers) for (const { record: r } of devices) guess += key.length + r.slug.length + r.name.length + GUESSED_BYTES_PER_DEVICE;
  const first = bucketsOf(carriers, site, chooseIdentifierLayout(guess, maxFolderEntries));
  const layout = chooseIdentifierLayout(first.bytes, maxFolderEntries);
  return layout.buckets === first.layout.buckets ? first : bucketsOf(carriers, site, layout);
}

/** What a stored device takes besides its key, slug and name, about: its variant, code and share of a source, the punctuation. */
const GUESSED_BYTES_PER_DEVICE = 150;

function bucketsOf(carriers: ReadonlyMap<string, readonly IdentifierCarrier[]>, site: Origins, layout: IdentifierLayout) {
  const origins: Origins = { siteUrl: site.siteUrl, baseUrl: site.baseUrl };
  const byName = new Map<string, { bucket: IdentifierBucket; sourceIndex: Map<string, number> }>();
  for (const [key, devices] of carriers) {
    const name = identifierBucketOf(key, layout);
    let at = byName.get(name);
    if (!at) byName.set(name, (at = { bucket: { origins, sources: [], keys: {} }, sourceIndex: new Map() }));
    const { bucket, sourceIndex } = at;
    bucket.keys[key] = devices.map(({ record: r, variant, identifier }): StoredDevice => {
      const source = r.evidence.sources.find((s) => s.id === identifier.sourceId)!;
      const text = JSON.stringify(source);
      let index = sourceIndex.get(text);
      if (index === undefined) sourceIndex.set(text, (index = bucket.sources.push(source) - 1));
      return [r.slug, r.name, r.manufacturer, r.deviceType, { model: variant.model, regions: variant.regions }, identifier, index];
    });
  }
  let bytes = 0;
  const buckets = new Map<string, string>();
  for (const [name, { bucket }] of byName) {
    const text = jsonLine(bucket);
    bytes += text.length;
    buckets.set(name, text);
  }
  return { layout, buckets, bytes };
}

/** The lookup's answer for `key` from its bucket's text, or null when the bucket does not hold the key. */
export function identifierFromBucket(text: string, key: string): IdentifierDocument | null {
  const bucket = JSON.parse(text) as IdentifierBucket;
  if (!Object.hasOwn(bucket.keys, key)) return null;
  return identifierDocument(
    key,
    bucket.keys[key]!.map((stored) => entryOf(bucket, stored)),
    bucket.origins,
  );
}
