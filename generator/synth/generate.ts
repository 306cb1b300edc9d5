// A deterministic synthetic catalog for scale tests and benchmarks. Every
// record is valid, clearly fictional (example.com sources, "Synth" makers)
// and varied the way the real catalog is: regions, precisions, minimum
// commitments, announced ceilings, regional splits, renames, drafts and withdrawals.
import type { Commitment, DeviceRecord, Identifier, PartialDate } from "../schema/record.ts";

/** mulberry32: a tiny seeded PRNG, so the same seed gives the same catalog. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MAKERS = ["Synthcorp", "Nimbus Mobile", "Orchard Devices", "Kestrel", "Lumen", "Vantage", "Polar Tech", "Meridian", "Quokka", "Zephyr"];
const TYPES = ["phone", "phone", "phone", "tablet", "tablet", "laptop", "wearable"] as const;
const LINES = ["Nova", "Pulse", "Edge", "Aero", "Vista", "Core", "Flex", "Prime", "Astra", "Terra", "Lite", "Max"];
const REGIONS = ["US", "CA", "GB", "DE", "FR", "IT", "ES", "JP", "KR", "IN", "AU", "BR", "EU"];
const MEANINGS = [
  "from the first day of availability in the US",
  "last sale date + 5 years",
  "at least 5 years from global launch",
  "Auto Update Expiration month",
  "from first supply in the UK",
];

/**
 * A variant's model codes, from its slug alone (no draw from the PRNG, so the
 * rest of the catalog is what it was before codes existed; and unique across
 * catalogs drawn with different seeds, which tests merge): a model number
 * unique to the variant, a codename on each record's first variant, and a
 * board that each pair of records 50k and 50k+1 of one catalog share, as a
 * source giving one board to two devices would say (`shared`).
 */
function synthIdentifiers(maker: string, slug: string, i: number, v: number): Identifier[] {
  // The record's position (unique in its catalog) and an FNV-1a hash of its slug (telling catalogs apart).
  let h = 0x811c9dc5;
  for (const ch of slug) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  const key = `${i.toString(36)}X${h.toString(36)}`;
  const codes: Identifier[] = [
    // A model number has a digit (load/identifier-formats.ts): the variant's index follows the unique part.
    { kind: "model-number", value: `${maker.slice(0, 2).toUpperCase()}-${key.toUpperCase()}-${v}`, sourceId: "policy" },
  ];
  if (v === 0) codes.push({ kind: "codename", value: slug.replaceAll("-", "").slice(-40), sourceId: "policy" });
  // Written as an Apple board is (a letter, digits, AP), the one shape the format allows.
  if (v === 0 && i % 50 < 2) codes.push({ kind: "board", value: `B${Math.floor(i / 50)}AP`, sourceId: "policy", shared: true });
  return codes;
}

export function synthRecords(count: number, seed: number): DeviceRecord[] {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pad = (n: number) => String(n).padStart(2, "0");

  const dateIn = (year: number): PartialDate => {
    const r = rand();
    if (r < 0.15) return { value: `${year}-${pad(int(1, 12))}-${pad(int(1, 28))}`, precision: "day" };
    if (r < 0.7) return { value: `${year}-${pad(int(1, 12))}`, precision: "month" };
    if (r < 0.8) return { value: `${year}-Q${int(1, 4)}`, precision: "quarter" };
    return { value: String(year), precision: "year" };
  };

  const records: DeviceRecord[] = [];
  for (let i = 0; i < count; i++) {
    const maker = pick(MAKERS);
    const type = pick(TYPES);
    const line = pick(LINES);
    const gen = int(1, 30);
    const name = `${maker} ${line} ${gen}${rand() < 0.3 ? " Pro" : ""}`;
    const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${i.toString(36)}`;
    const released = int(2015, 2026);
    const variants = Array.from({ length: int(1, 3) }, (_, v) => ({
      model: `${maker.slice(0, 2).toUpperCase()}${(i * 7 + v).toString(36).toUpperCase()}-${v + 1}`,
      regions: [...new Set(Array.from({ length: int(1, 4) }, () => pick(REGIONS)))].sort(),
      identifiers: synthIdentifiers(maker, slug, i, v),
    }));
    const sourceId = "policy";
    const commitment = (id: string, years: number, regions?: string[]): Commitment => {
      const r = rand();
      const base: Commitment = { id, scope: regions ? { regions } : {}, meaning: pick(MEANINGS), evidenceLevel: "manufacturer-policy", sourceIds: [sourceId] };
      if (r < 0.1) return { ...base, end: { precision: "unknown" }, evidenceLevel: "unverified", sourceIds: [] };
      if (r < 0.25) return { ...base, minimum: dateIn(released + years) };
      if (r < 0.3) return { ...base, ceiling: dateIn(released + years) };
      return { ...base, end: dateIn(released + years), ...(r > 0.9 ? { minimum: dateIn(released + years - 1) } : {}) };
    };
    const osYears = int(2, 7);
    const secYears = osYears + int(0, 3);
    const split = variants.length > 1 && rand() < 0.2;
    const security = split
      ? [
          commitment("security-a", secYears, variants[0]!.regions),
          commitment(
            "security-b",
            secYears + 1,
            variants
              .slice(1)
              .flatMap((v) => v.regions)
              .filter((g) => !variants[0]!.regions.includes(g))
              .concat(variants[0]!.regions)
              .slice(0, 1),
          ),
        ]
      : [commitment("security", secYears)];
    const stateRoll = rand();
    const revisions = Array.from({ length: int(1, 4) }, (_, k) => ({
      date: `${Math.min(2026, released + k)}-${pad(int(1, 12))}-${pad(int(1, 28))}`,
      change: k === 0 ? "Record created" : `Support dates revised (revision ${k + 1})`,
      reason: k === 0 ? "Synthetic record" : "Synthetic policy update",
    }));
    records.push({
      $schema: "../device-record.schema.json",
      slug,
      name,
      manufacturer: maker,
      deviceType: type,
      aliases: rand() < 0.5 ? [`${line} ${gen}`] : [],
      formerSlugs: rand() < 0.02 ? [`${slug}-old`] : [],
      publication:
        stateRoll < 0.01
          ? { state: "draft" }
          : stateRoll < 0.015
            ? { state: "withdrawn", reason: "Synthetic withdrawal", withdrawnOn: "2026-01-15" }
            : { state: "published" },
      released: { value: String(released), precision: "year" },
      variants,
      caveats:
        rand() < 0.1 ? [{ scope: { regions: [variants[0]!.regions[0]!] }, text: "Carrier builds may lag the global release", sourceIds: [sourceId] }] : [],
      support: { os: [commitment("os", osYears)], security },
      evidence: {
        sources: [
          {
            id: sourceId,
            url: `https://policy.example.com/${maker.toLowerCase().replace(/\s+/g, "-")}/updates`,
            publisher: maker,
            title: `${maker} software update policy`,
            checked: "2026-11-01",
          },
        ],
        recallReview: [],
        repairability: [],
        revisions,
      },
    });
  }
  return records;
}
