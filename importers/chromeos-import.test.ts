// The ChromeOS importer as one pure function (docs/import-chromebooks.md):
// one record per name Admin shows, models of one name as variants with their
// own AUE; a date only where the model's own HWID matched; a curated record
// gains codes and names but keeps its dates; a board another device already
// carries is left off; a second run on the first run's catalog writes no
// record and the same report; bad input writes nothing.
import { describe, expect, it } from "vitest";
import { validateFiles } from "../generator/load/validate.ts";
import type { DeviceRecord } from "../generator/schema/record.ts";
import { CHROMEBOOKS_JSON, CHROMEBOOKS_MARKDOWN, runChromeImport, type ChromeImportInput } from "./chromeos-import.ts";
import type { ChromeSources } from "./chromeos-models.ts";
import type { CatalogFile } from "./identifiers-merge.ts";

const json = (path: string, value: unknown) => ({ path, text: JSON.stringify(value, null, 1) });
const row = (imageName: string, manufacturer: string, name: string, hwidmatch: string) => ({
  imageName,
  boards: [imageName],
  manufacturer,
  model: name,
  name,
  hwidmatch,
});
const sample = (imageName: string, milestone: number, sampleHwid: string, aueDate: string | null) => ({
  path: `data/images/${imageName}/${milestone}/data.json`,
  lastChanged: "2026-01-01T00:00:00+00:00",
  imageName,
  boards: [imageName],
  sampleHwid,
  aueDate,
});

const SOURCES: ChromeSources = {
  models: json("models.json", {
    models: [
      row("octopus", "HP", "HP Chromebook 14a", "^BLOOGLET .*"),
      row("zork", "HP", "HP Chromebook 14a", "^DIRINBOZ-.*"),
      row("nissa", "Lenovo", "500e", "^PUJJOGA-.*"),
      row("nissa", "Lenovo", "Lenovo 14e Chromebook Gen 3", "^PUJJOTEEN-.*"),
      row("hana", "Lenovo", "Lenovo Ideapad C330 Chromebook", "^HANA .*E-.*"),
      row("coral", "Asus", "ASUS Chromebook C403", "^RABBID .*"),
      row("reven", "Google", "ChromeOS Flex", "^REVEN($|-.*)"),
    ],
  }),
  samples: json("aue-samples.json", {
    samples: [
      sample("octopus", 148, "BLOOGLET NNNN", "2029-06-02 00:00:00"),
      sample("zork", 140, "DIRINBOZ-ABC", "2031-06-02 00:00:00"),
      // Another model's HWID on the nissa board: it dates PUJJOGA only.
      sample("nissa", 140, "PUJJOGA-XYZ", "2033-06-02 00:00:00"),
      sample("hana", 137, "HANA AAA-BBB-CCE-DD", "2027-06-02 00:00:00"),
      sample("coral", 130, "RABBID NNNN", "2025-06-02 00:00:00"),
    ],
  }),
  newest: [],
};

function loaded(records: DeviceRecord[]): CatalogFile[] {
  const files = records.map((r) => ({ file: `data/devices/${r.slug}.json`, slug: r.slug, text: JSON.stringify(r, null, 2) }));
  const { records: out, problems } = validateFiles(files);
  expect(problems).toEqual([]);
  return out.map((l) => ({ ...l, raw: JSON.parse(files.find((f) => f.file === l.file)!.text) }));
}

const curated = (slug: string, name: string, manufacturer: string, extra: Partial<DeviceRecord> = {}): DeviceRecord => ({
  slug,
  name,
  manufacturer,
  deviceType: "laptop",
  aliases: [],
  formerSlugs: [],
  publication: { state: "published" },
  released: { value: "2018", precision: "year" },
  variants: [{ model: name, regions: ["US"] }],
  caveats: [],
  support: {
    os: [{ id: "aue", scope: {}, end: { value: "2025-06", precision: "month" }, meaning: "AUE", evidenceLevel: "third-party", sourceIds: ["press"] }],
    security: [
      { id: "aue-security", scope: {}, end: { value: "2025-06", precision: "month" }, meaning: "AUE", evidenceLevel: "third-party", sourceIds: ["press"] },
    ],
  },
  evidence: {
    sources: [{ id: "press", url: "https://example.com/aue", publisher: "Press", title: "AUE list", checked: "2026-11-22" }],
    recallReview: [],
    repairability: [],
    revisions: [{ date: "2026-11-22", change: "Record created", reason: "Starter catalog" }],
  },
  ...extra,
});

const CATALOG = [
  curated("lenovo-chromebook-c330", "Lenovo Chromebook C330", "Lenovo"),
  curated("google-pixel-4-xl", "Google Pixel 4 XL", "Google", {
    deviceType: "phone",
    variants: [{ model: "Pixel 4 XL", regions: ["US"], identifiers: [{ kind: "codename", value: "coral", sourceId: "press" }] }],
  }),
];

const input = (catalog: CatalogFile[]): ChromeImportInput => ({
  sources: SOURCES,
  snapshot: { commit: "745e505104e62cf3ba5b0273c7e36ec8811d8d83", commitDate: "2026-08-22" },
  checked: "2026-11-28",
  state: "published",
  catalog,
  devicesDir: "data/devices",
});

const written = (writes: { path: string; text: string }[]) =>
  new Map(writes.filter((w) => w.path.startsWith("devices/")).map((w) => [w.path.slice(8, -5), JSON.parse(w.text) as DeviceRecord]));

describe("runChromeImport", () => {
  const first = runChromeImport(input(loaded(CATALOG)));
  const records = written(first.writes);

  it("writes one record per name, the manufacturer before a bare model, nothing for ChromeOS Flex", () => {
    expect(first.problems).toEqual([]);
    expect([...records.keys()].sort()).toEqual([
      "asus-chromebook-c403",
      "hp-chromebook-14a",
      "lenovo-14e-chromebook-gen-3",
      "lenovo-500e",
      "lenovo-chromebook-c330",
    ]);
    expect(records.get("lenovo-500e")).toMatchObject({ name: "Lenovo 500e", aliases: ["500e"], deviceType: "chromebook", manufacturer: "Lenovo" });
    expect(first.report!.excluded.map((e) => e.name)).toEqual(["ChromeOS Flex"]);
  });

  it("dates each model of a shared name by its own HWID, scoped to its variant", () => {
    const hp = records.get("hp-chromebook-14a")!;
    expect(hp.variants.map((v) => v.model)).toEqual(["HP Chromebook 14a (octopus board, HWID BLOOGLET)", "HP Chromebook 14a (zork board, HWID DIRINBOZ)"]);
    expect(hp.support.security.map((c) => [c.end?.value, c.scope.models, c.evidenceLevel])).toEqual([
      ["2029-06", ["HP Chromebook 14a (octopus board, HWID BLOOGLET)"], "manufacturer-dated"],
      ["2031-06", ["HP Chromebook 14a (zork board, HWID DIRINBOZ)"], "manufacturer-dated"],
    ]);
    expect(hp.variants[0]!.identifiers).toEqual([
      { kind: "board", value: "octopus", sourceId: "chromeos-octopus-images" },
      { kind: "hwid-pattern", value: "^BLOOGLET .*", sourceId: "chromeos-octopus-images" },
    ]);
  });

  it("borrows no date from a board: the model no sample matched says AUE not recorded", () => {
    const gen3 = records.get("lenovo-14e-chromebook-gen-3")!;
    expect(gen3.support.security).toEqual([
      { id: "aue-security", scope: {}, meaning: expect.stringMatching(/^AUE not recorded for this model/), evidenceLevel: "unverified", sourceIds: [] },
    ]);
    expect(records.get("lenovo-500e")!.support.os[0]!.end).toEqual({ value: "2033-06", precision: "month" });
    // The nissa board is given to both, so both say it is shared.
    expect(gen3.variants[0]!.identifiers![0]).toMatchObject({ kind: "board", value: "nissa", shared: true });
  });

  it("merges with the curated record: codes and the index's name added, its dates kept and compared", () => {
    const c330 = records.get("lenovo-chromebook-c330")!;
    expect(c330.support).toEqual(CATALOG[0]!.support);
    expect(c330.aliases).toEqual(["Lenovo Ideapad C330 Chromebook"]);
    expect(c330.variants[0]!.identifiers!.map((x) => x.value)).toEqual(["hana", "^HANA .*E-.*"]);
    expect(first.report!.curated).toEqual([
      { slug: "lenovo-chromebook-c330", name: "Lenovo Ideapad C330 Chromebook", recordSays: "2025-06", serverSays: "2027-06" },
    ]);
  });

  it("leaves off a board another device carries as its code", () => {
    expect(records.get("asus-chromebook-c403")!.variants[0]!.identifiers).toEqual([
      { kind: "hwid-pattern", value: "^RABBID .*", sourceId: "chromeos-coral-images" },
    ]);
    expect(first.report!.codesLeftOff).toEqual([{ slug: "asus-chromebook-c403", code: "coral", carriedBy: ["google-pixel-4-xl"] }]);
  });

  it("writes no record on a second run, and the same report", () => {
    const byPath = new Map(first.writes.map((w) => [w.path, w.text]));
    const after = [...CATALOG.filter((r) => !records.has(r.slug)), ...records.values()];
    const second = runChromeImport(input(loaded(after)));
    expect(second.problems).toEqual([]);
    expect(second.writes.map((w) => w.path).sort()).toEqual([CHROMEBOOKS_JSON, CHROMEBOOKS_MARKDOWN]);
    for (const w of second.writes) expect(w.text).toBe(byPath.get(w.path));
  });

  it("writes nothing when the source is bad", () => {
    const bad = runChromeImport({ ...input(loaded(CATALOG)), sources: { ...SOURCES, models: { path: "models.json", text: "{" } } });
    expect(bad.writes).toEqual([]);
    expect(bad.problems[0]).toMatchObject({ file: "models.json", line: 1 });
  });
});
