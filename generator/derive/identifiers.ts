// The identifier lookup's bodies (GET /api/v1/identifiers/<identifier>), as
// pure functions of the published records: which devices carry each
// identifier key (contract/identifiers.ts), and what the lookup answers for
// one key. The build writes one file per key; the edge function reads the
// file of the key a request names (serve/core.ts).
import { identifierKey } from "../contract/identifiers.ts";
import type { DeviceRecord, Identifier } from "../schema/record.ts";
import type { IdentifierDocument } from "../schema/responses.ts";
import { attribution, urls, type Site } from "./site.ts";

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
 * (load/validate.ts refuses the rest), and the lookup lists them all.
 */
export function identifierCarriers(published: readonly DeviceRecord[]): Map<string, IdentifierCarrier[]> {
  const byKey = new Map<string, IdentifierCarrier[]>();
  for (const record of published) {
    for (const variant of record.variants) {
      for (const identifier of variant.identifiers ?? []) {
        const key = identifierKey(identifier.value);
        if (!key) continue;
        let carriers = byKey.get(key);
        if (!carriers) byKey.set(key, (carriers = []));
        carriers.push({ record, variant, identifier });
      }
    }
  }
  return new Map([...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The lookup's answer for one key. */
export function identifierDocument(key: string, carriers: readonly IdentifierCarrier[], site: Site): IdentifierDocument {
  const u = urls(site);
  return {
    key,
    devices: carriers.map(({ record: r, variant, identifier }) => {
      const source = r.evidence.sources.find((s) => s.id === identifier.sourceId)!;
      return {
        slug: r.slug,
        name: r.name,
        manufacturer: r.manufacturer,
        deviceType: r.deviceType,
        variant: { model: variant.model, regions: variant.regions },
        identifier,
        source,
        links: { record: u.record(r.slug), evidence: u.evidence(r.slug), page: u.page(r.slug) },
      };
    }),
    attribution: attribution(site),
  };
}
