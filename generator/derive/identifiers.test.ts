// Which records carry each identifier key, the lookup's body and its buckets
// (identifiers.ts), over the fixture catalog: keys in code-unit order, a
// shared code listing every carrier, a code on two variants of one record
// listed per variant, no key for a code without letters or digits; every
// answer rebuilt from its bucket byte for byte; the bucket count.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DeviceRecord } from "../schema/record.ts";
import { IdentifierDocument } from "../schema/responses.ts";
import { catalogOf } from "./catalog.ts";
import { identifierBucketOf } from "../contract/resources.ts";
import {
  BUCKET_TARGET_BYTES,
  chooseIdentifierLayout,
  identifierBuckets,
  identifierCarriers,
  identifierFromBucket,
  type IdentifierCarrier,
} from "./identifiers.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/catalog/devices");
const records = readdirSync(FIXTURES).map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(FIXTURES, f), "utf8"))));
const { published } = catalogOf(records);
const site = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example", now: "2026-11-22" };

/**
 * The answer for a key as the build wrote it when each key had its own file,
 * written out here as the oracle the buckets must reproduce byte for byte.
 */
const answerOf = (key: string, carriers: readonly IdentifierCarrier[]) => ({
  key,
  devices: carriers.map(({ record: r, variant, identifier }) => ({
    slug: r.slug,
    name: r.name,
    manufacturer: r.manufacturer,
    deviceType: r.deviceType,
    variant: { model: variant.model, regions: variant.regions },
    identifier,
    source: r.evidence.sources.find((s) => s.id === identifier.sourceId)!,
    links: {
      record: `${site.baseUrl}/api/v1/devices/${r.slug}`,
      evidence: `${site.baseUrl}/api/v1/devices/${r.slug}/evidence`,
      page: `${site.siteUrl}/devices/${r.slug}`,
    },
  })),
  attribution: {
    text: `Device lifecycle data from Device Lifecycle Records (${site.siteUrl}), public dataset license v1`,
    license: { name: "Device Lifecycle Records public dataset license", version: "1", effective: "2026-09-06", url: `${site.siteUrl}/license` },
    requirements:
      "Show this attribution and link each reused fact to its canonical device record. Keep model, region, evidence, date-precision and source context. Do not imply that this service or a cited authority certifies your product or service.",
  },
});

describe("identifier carriers", () => {
  const carriers = identifierCarriers(published);
  it("keys every published code, in code-unit order; a withdrawn record's code is not there", () => {
    expect([...carriers.keys()]).toEqual(["ALPHAONE", "EXB700", "GX100", "GX100E", "IPHONE99,1", "SMA525B", "SMA525F", "SURFACEHOSTILE12", "WATCH7,1"]);
    expect(carriers.has("ETA1")).toBe(false);
  });
  it.each([
    ["SMA525F", [["alpha-phone", "A1"]]],
    [
      "EXB700",
      [
        ["beta-tablet", "BETA-TABLET-1"],
        ["epsilon-laptop", "EPSILON-LAPTOP-1"],
      ],
    ],
    ["GX100E", [["gamma-phone", "G-EU"]]],
  ])("%s: %j", (key, expected) => {
    expect(carriers.get(key)!.map((c) => [c.record.slug, c.variant.model])).toEqual(expected);
  });
  it("lists a code once per variant that carries it, and skips a code with no letters or digits", () => {
    const r = published.find((x) => x.slug === "alpha-phone")!;
    const twice = {
      ...r,
      variants: r.variants.map((v) => ({
        ...v,
        identifiers: [
          { kind: "sku" as const, value: "X-1", sourceId: "maker-policy" },
          { kind: "sku" as const, value: "--", sourceId: "maker-policy" },
        ],
      })),
    };
    const keyed = identifierCarriers([twice]);
    expect([...keyed.keys()]).toEqual(["X1"]);
    expect(keyed.get("X1")!.map((c) => c.variant.model)).toEqual(["A1", "A2"]);
  });
});

describe("the lookup's body", () => {
  it("names each carrier with its variant, the code as the record has it, its source and links, and the attribution", () => {
    const { layout, buckets } = identifierBuckets(identifierCarriers(published), site, 54_000);
    const doc = IdentifierDocument.parse(identifierFromBucket(buckets.get(identifierBucketOf("EXB700", layout))!, "EXB700"));
    expect(doc.key).toBe("EXB700");
    expect(doc.devices[1]).toEqual({
      slug: "epsilon-laptop",
      name: "Epsilon Laptop",
      manufacturer: "Example Maker",
      deviceType: "laptop",
      variant: { model: "EPSILON-LAPTOP-1", regions: ["US"] },
      identifier: { kind: "model-number", value: "EXB-700", sourceId: "maker-policy", shared: true },
      source: published.find((r) => r.slug === "epsilon-laptop")!.evidence.sources[0],
      links: {
        record: "https://api.devices.example/api/v1/devices/epsilon-laptop",
        evidence: "https://api.devices.example/api/v1/devices/epsilon-laptop/evidence",
        page: "https://devices.example/devices/epsilon-laptop",
      },
    });
    expect(doc.attribution.text).toMatch(/^Device lifecycle data from Device Lifecycle Records/);
  });
});

/** The answer's bytes, as the build once wrote each key's file and the edge function answers it (serve/respond.ts jsonText). */
const bytesOf = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe("the buckets", () => {
  const carriers = identifierCarriers(published);
  const { layout, buckets } = identifierBuckets(carriers, site, 54_000);

  it("give back every key's answer with the same bytes as the answer built from the records", () => {
    expect(layout).toEqual({ buckets: 1 });
    expect([...buckets.keys()]).toEqual(["0"]);
    for (const [key, devices] of carriers) {
      const text = buckets.get(identifierBucketOf(key, layout))!;
      expect(bytesOf(identifierFromBucket(text, key)), key).toBe(bytesOf(answerOf(key, devices)));
    }
  });

  it("answer null for a key the bucket does not hold, an inherited property's name included", () => {
    const text = buckets.get("0")!;
    for (const key of ["NOSUCHCODE", "ETA1", "constructor", "__proto__", "toString"]) expect(identifierFromBucket(text, key), key).toBeNull();
  });

  it("spread a larger catalog over a power of two of buckets, every key in the one its hash names", () => {
    // Each fixture key 100 times over: the count the written bytes call for, every bucket used.
    const grown = new Map([...carriers].flatMap(([key, devices]) => Array.from({ length: 100 }, (_, i) => [`${key}${i}`, devices] as const)));
    const split = identifierBuckets(grown, site, 54_000);
    const written = [...split.buckets.values()].reduce((n, text) => n + text.length, 0);
    expect(split.layout).toEqual(chooseIdentifierLayout(written, 54_000));
    expect(split.layout.buckets).toBeGreaterThanOrEqual(4);
    expect(split.buckets.size).toBe(split.layout.buckets);
    // A folder limit caps the count.
    expect(identifierBuckets(grown, site, 5).layout).toEqual({ buckets: 4 });
    for (const [key, devices] of grown) {
      const text = split.buckets.get(identifierBucketOf(key, split.layout))!;
      expect(bytesOf(identifierFromBucket(text, key)), key).toBe(bytesOf(answerOf(key, devices)));
    }
  });

  it("link to the origins the build was given, the API's and the pages' apart", () => {
    const text = buckets.get("0")!;
    const doc = identifierFromBucket(text, "SMA525F")!;
    expect(doc.devices[0]!.links).toEqual({
      record: "https://api.devices.example/api/v1/devices/alpha-phone",
      evidence: "https://api.devices.example/api/v1/devices/alpha-phone/evidence",
      page: "https://devices.example/devices/alpha-phone",
    });
    expect(JSON.parse(text).origins).toEqual({ siteUrl: "https://devices.example", baseUrl: "https://api.devices.example" });
  });
});

describe("chooseIdentifierLayout", () => {
  it.each([
    [0, 54_000, 1],
    [BUCKET_TARGET_BYTES, 54_000, 1],
    [BUCKET_TARGET_BYTES + 1, 54_000, 2],
    [10_000_000, 54_000, 512],
    [60_000_000, 54_000, 2048],
    // A folder limit caps the count (buckets grow past the target instead): never reached before about 1.7 GB.
    [10_000_000, 60, 32],
  ])("%i bytes, folders of %i entries: %i bucket(s)", (bytes, limit, buckets) => {
    expect(chooseIdentifierLayout(bytes, limit)).toEqual({ buckets });
  });
});
