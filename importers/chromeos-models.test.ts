// The recovery index read as models: one per (image, HWID pattern), its
// current name from the image's newest file, and an AUE only from a sample of
// its own image whose HWID its pattern matches (never another model's on the
// same board); the newest sample wins and earlier months are kept; bad input
// is named at its line.
import { describe, expect, it } from "vitest";
import { hwidMatches, readChromeModels, type ChromeSources } from "./chromeos-models.ts";

const json = (path: string, value: unknown) => ({ path, text: JSON.stringify(value, null, 1) });
const row = (imageName: string, name: string, hwidmatch: string, boards = [imageName]) => ({
  imageName,
  boards,
  manufacturer: "Lenovo",
  model: name,
  name,
  hwidmatch,
});
const sample = (imageName: string, milestone: number, sampleHwid: string, aueDate: string | null, lastChanged = "2026-01-01T00:00:00+00:00") => ({
  path: `data/images/${imageName}/${milestone}/data.json`,
  lastChanged,
  imageName,
  boards: [imageName],
  sampleHwid,
  aueDate,
});

const sources = (models: unknown[], samples: unknown[], newest: { image: string; names: string[]; hwidmatches: string[] }[] = []): ChromeSources => ({
  models: json("models.json", { models }),
  samples: json("aue-samples.json", { samples }),
  newest: newest.map((n) => json(`images-newest/${n.image}.json`, { image_name: n.image, names: n.names, hwidmatches: n.hwidmatches })),
});

describe("hwidMatches", () => {
  it.each([
    ["^ATLAS .*", "ATLAS NNNN", true],
    ["^ATLAS .*", "XATLAS NNNN", false],
    ["SAMS ALEX ALPHA-DE 1193|SAMS ALEX BETA", "SAMS ALEX BETA-US 1", true],
    ["^PUJJO1E-JPKC.*", "PUJJO-ABCD", false],
    ["(", "(", false],
  ])("%s against %s: %s", (pattern, hwid, yes) => expect(hwidMatches(pattern, hwid)).toBe(yes));
});

describe("readChromeModels", () => {
  it("dates a model only from its own pattern's sample, never from another model of its board", () => {
    const { models, problems } = readChromeModels(
      sources(
        [row("nissa", "Lenovo 100e Chromebook Gen 4", "^PUJJO1E-.*"), row("nissa", "Lenovo 14e Chromebook Gen 3", "^PUJJOTEEN-.*")],
        [sample("nissa", 140, "PUJJO1E-AAAA", "2035-06-02 00:00:00")],
      ),
    );
    expect(problems).toEqual([]);
    expect(models.map((m) => [m.current, m.aue?.sample.month ?? null])).toEqual([
      ["Lenovo 100e Chromebook Gen 4", "2035-06"],
      ["Lenovo 14e Chromebook Gen 3", null],
    ]);
  });

  it("takes no sample of another image, even when its HWID would match", () => {
    const { models } = readChromeModels(sources([row("octopus", "A", "^BLOOG .*")], [sample("hana", 100, "BLOOG NNNN", "2029-06-02 00:00:00")]));
    expect(models[0]!.aue).toBeUndefined();
  });

  it("keeps the newest sample's month and lists the earlier ones that differ", () => {
    const { models } = readChromeModels(
      sources(
        [row("nissa", "Lenovo 500e Yoga Chromebook Gen 4", "^PUJJOGA-.*")],
        [
          sample("nissa", 130, "PUJJOGA-1", "2035-06-02 00:00:00", "2024-11-01T00:00:00+00:00"),
          sample("nissa", 138, "PUJJOGA-2", "2033-06-02 00:00:00", "2025-08-01T00:00:00+00:00"),
          sample("nissa", 139, "PUJJOGA-3", null, "2026-01-01T00:00:00+00:00"),
        ],
      ),
    );
    expect(models[0]!.aue?.sample.month).toBe("2033-06");
    expect(models[0]!.aue?.earlier.map((e) => e.month)).toEqual(["2035-06"]);
  });

  it("joins a pattern's rows into one model with every name, the newest file's name current", () => {
    const { models } = readChromeModels(
      sources(
        [row("dedede", "500e", "^BOTEN-.*", ["dedede", "boten"]), row("dedede", "Lenovo 500e Chromebook Gen 3", "^BOTEN-.*", ["dedede", "boten"])],
        [sample("dedede", 150, "X", null)],
        [{ image: "dedede", names: ["Lenovo 500e Chromebook Gen 3"], hwidmatches: ["^BOTEN-.*"] }],
      ),
    );
    expect(models).toHaveLength(1);
    expect(models[0]).toMatchObject({
      current: "Lenovo 500e Chromebook Gen 3",
      names: ["500e", "Lenovo 500e Chromebook Gen 3"],
      ownBoard: "boten",
      listedIn: "data/images/dedede/150/data.json",
    });
  });

  it("names each bad row at its line and reads nothing else wrong", () => {
    const { problems } = readChromeModels(
      sources([row("atlas", "Pixelbook Go", "^ATLAS .*"), { ...row("atlas", "B", "(") }, { imageName: "Bad Image" }], [{ path: "x" }]),
    );
    expect(problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      "aue-samples.json:3: path must be data/images/<image>/<milestone>/data.json",
      expect.stringMatching(/^models\.json:13: hwidmatch is not a regular expression/),
      "models.json:23: imageName must be a ChromeOS board name in lower case",
    ]);
  });
});
