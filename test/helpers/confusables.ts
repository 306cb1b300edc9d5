// Records whose names and codes read alike once punctuation is dropped, as
// fleets meet them: the first iPhone's hardware identifier "iPhone1,1" beside
// the "iPhone 11", and the "Surface Pro 7+" beside the "Surface Pro 7". The
// list catalog every HTTP target serves holds them (builds.global.ts), so the
// contract suite checks exact-name-first on each target (test/list/contract.ts).
import type { DeviceRecord } from "../../generator/schema/record.ts";

/** The confusable pairs, as [slug, name, manufacturer, model, hardware identifier or null]. */
export const CONFUSABLES = [
  ["apple-iphone-1", "Apple iPhone 1", "Apple", "iPhone 1", "iPhone1,1"],
  ["apple-iphone-11", "Apple iPhone 11", "Apple", "iPhone 11", "iPhone12,1"],
  ["microsoft-surface-pro-7", "Microsoft Surface Pro 7", "Microsoft", "Surface Pro 7", null],
  ["microsoft-surface-pro-7-plus", "Microsoft Surface Pro 7+", "Microsoft", "Surface Pro 7+", null],
] as const;

/** The confusables as records, each a copy of `template` (a valid synthetic record) under its own names. */
export function confusableRecords(template: DeviceRecord): DeviceRecord[] {
  const sourceId = template.evidence.sources[0]!.id;
  return CONFUSABLES.map(([slug, name, manufacturer, model, code]) => ({
    ...structuredClone(template),
    slug,
    name,
    manufacturer,
    aliases: [],
    formerSlugs: [],
    variants: [{ model, regions: ["US"], ...(code ? { identifiers: [{ kind: "hardware-identifier" as const, value: code, sourceId }] } : {}) }],
  }));
}
