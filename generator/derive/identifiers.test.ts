// Which records carry each identifier key, and the lookup's body
// (identifiers.ts), over the fixture catalog: keys in code-unit order, a
// shared code listing every carrier, a code on two variants of one record
// listed per variant, no key for a code without letters or digits.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DeviceRecord } from "../schema/record.ts";
import { IdentifierDocument } from "../schema/responses.ts";
import { catalogOf } from "./catalog.ts";
import { identifierCarriers, identifierDocument } from "./identifiers.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../test/fixtures/catalog/devices");
const records = readdirSync(FIXTURES).map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(FIXTURES, f), "utf8"))));
const { published } = catalogOf(records);
const site = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example", now: "2026-11-22" };

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
    const doc = IdentifierDocument.parse(identifierDocument("EXB700", identifierCarriers(published).get("EXB700")!, site));
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
