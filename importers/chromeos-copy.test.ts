// The Chromebook importer's folder made from upstream's image files: one
// sample per file in path order ("None" read as null), models as the union of
// rows grouped by (image, manufacturer, model) in the order first met, each
// with the dated samples of its own image its pattern matches (JavaScript's
// RegExp, oldest change first), each image's highest milestone copied
// unchanged, the notes saying the files were changed, non-ASCII escaped as
// the pinned copy writes it, a README the importer reads; bad input named at
// its file and line, and nothing made. On real data: the pinned copy's
// images-newest/ files give back its samples and model rows of those files.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PINNED_SOURCES } from "../test/helpers/endoflife.ts";
import { snapshotFromReadme } from "./endoflife-import.ts";
import { asciiJson, deriveChromeosCopy, type ImageFile } from "./chromeos-copy.ts";

const HEAD = { commit: "a".repeat(40), date: "2026-08-22T18:06:25-04:00" };

interface Row {
  manufacturer: string;
  model: string;
  name?: string;
  hwidmatch: string;
}

const image = (
  image: string,
  milestone: number,
  lastChanged: string,
  sampleHwid: string,
  aue: string,
  rows: Row[],
  extra: Record<string, unknown> = {},
): ImageFile => ({
  path: `data/images/${image}/${milestone}/data.json`,
  lastChanged,
  text: JSON.stringify(
    {
      aue_date: aue,
      boards: [image],
      chromeos_release_chrome_milestone: String(milestone),
      hwidmatches: rows.map((r) => r.hwidmatch),
      image_name: image,
      manufacturers: rows.map((r) => r.manufacturer),
      models: rows.map((r) => r.model),
      names: rows.map((r) => r.name ?? r.model),
      sample_hwid: sampleHwid,
      version: `16000.${milestone}.0`,
      ...extra,
    },
    null,
    4,
  ),
});

const ASUS = { manufacturer: "Asus", model: "ASUS Chromebook C403", hwidmatch: "^RABBID .*" };
const LENOVO_A = { manufacturer: "Lenovo", model: "Lenovo 500e", hwidmatch: "^PUJJOGA-.*" };
const LENOVO_B = { manufacturer: "Lenovo", model: "Lenovo 500e", hwidmatch: "^PUJJOGA-B.*" };
const HP = { manufacturer: "HP", model: "HP Chromebook 14a", hwidmatch: "^BLOOGLET .*" };

const derive = (images: ImageFile[], license: string | null = "Apache License\n") =>
  deriveChromeosCopy({ head: HEAD, images, ...(license === null ? {} : { license }) });
const file = (files: { path: string; text: string }[], path: string) => files.find((f) => f.path === path)?.text;
const parsed = (files: { path: string; text: string }[], path: string) => JSON.parse(file(files, path)!);

describe("deriveChromeosCopy", () => {
  const images = [
    image("nissa", 10, "2026-03-01T13:59:39+00:00", "PUJJOGA-B77", "2033-06-02 00:00:00", [LENOVO_B, LENOVO_A]),
    image("nissa", 9, "2025-08-10T10:00:00+00:00", "PUJJOGA-A11", "2035-06-02 00:00:00", [LENOVO_A]),
    image("coral", 0, "2024-02-25T17:56:03+00:00", "RABBID NNNN", "None", [ASUS]),
    image("coral", 120, "2024-02-25T17:56:03+00:00", "RABBID NNNN", "2026-06-02 00:00:00", [ASUS], { version: 15000 }),
    // A HWID of another board's model on octopus: it never dates nissa's rows.
    image("octopus", 148, "2026-01-01T00:00:00+00:00", "PUJJOGA-X", "2029-06-02 00:00:00", [HP]),
  ];
  const { files, problems } = derive(images);

  it("makes the folder the importer reads, and nothing else", () => {
    expect(problems).toEqual([]);
    expect(files.map((f) => f.path).sort()).toEqual([
      "LICENSE",
      "README.md",
      "aue-samples.json",
      "images-newest/coral.json",
      "images-newest/nissa.json",
      "images-newest/octopus.json",
      "models.json",
    ]);
    expect(file(files, "LICENSE")).toBe("Apache License\n");
  });

  it("one sample per image file, in path order, the server's None as null and upstream's version as written", () => {
    const { samples, commit, commitDate, note } = parsed(files, "aue-samples.json");
    expect({ commit, commitDate }).toEqual({ commit: HEAD.commit, commitDate: "2026-08-22T22:06:25Z" });
    expect(note).toMatch(/^Changed from upstream \(Apache-2\.0 §4\(b\)\)/);
    expect(samples).toEqual([
      {
        path: "data/images/coral/0/data.json",
        lastChanged: "2024-02-25T17:56:03+00:00",
        imageName: "coral",
        boards: ["coral"],
        version: "16000.0.0",
        chromeMilestone: "0",
        sampleHwid: "RABBID NNNN",
        aueDate: null,
      },
      {
        path: "data/images/coral/120/data.json",
        lastChanged: "2024-02-25T17:56:03+00:00",
        imageName: "coral",
        boards: ["coral"],
        version: 15000,
        chromeMilestone: "120",
        sampleHwid: "RABBID NNNN",
        aueDate: "2026-06-02 00:00:00",
      },
      expect.objectContaining({ path: "data/images/nissa/10/data.json", aueDate: "2033-06-02 00:00:00" }),
      expect.objectContaining({ path: "data/images/nissa/9/data.json", aueDate: "2035-06-02 00:00:00" }),
      expect.objectContaining({ path: "data/images/octopus/148/data.json", sampleHwid: "PUJJOGA-X" }),
    ]);
  });

  it("models: each row once, by image, manufacturer and model, first met first; dated samples of its own image its pattern matches, oldest change first", () => {
    const { models, note } = parsed(files, "models.json");
    expect(note).toMatch(/^Changed from upstream \(Apache-2\.0 §4\(b\)\)/);
    const dated = (path: string, aueDate: string, sampleHwid: string, lastChanged: string) => ({ aueDate, sampleHwid, path, lastChanged });
    expect(models).toEqual([
      {
        imageName: "coral",
        boards: ["coral"],
        ...ASUS,
        name: ASUS.model,
        aue: [dated("data/images/coral/120/data.json", "2026-06-02 00:00:00", "RABBID NNNN", "2024-02-25T17:56:03+00:00")],
      },
      // nissa/10 is met before nissa/9 (paths compare as text): its order of the two patterns stands.
      {
        imageName: "nissa",
        boards: ["nissa"],
        ...LENOVO_B,
        name: LENOVO_B.model,
        aue: [dated("data/images/nissa/10/data.json", "2033-06-02 00:00:00", "PUJJOGA-B77", "2026-03-01T13:59:39+00:00")],
      },
      {
        imageName: "nissa",
        boards: ["nissa"],
        ...LENOVO_A,
        name: LENOVO_A.model,
        aue: [
          dated("data/images/nissa/9/data.json", "2035-06-02 00:00:00", "PUJJOGA-A11", "2025-08-10T10:00:00+00:00"),
          dated("data/images/nissa/10/data.json", "2033-06-02 00:00:00", "PUJJOGA-B77", "2026-03-01T13:59:39+00:00"),
        ],
      },
      { imageName: "octopus", boards: ["octopus"], ...HP, name: HP.model, aue: [] },
    ]);
  });

  it("images-newest: the highest milestone of each image, as a number (10 after 9), byte for byte", () => {
    expect(file(files, "images-newest/nissa.json")).toBe(images[0]!.text);
    expect(file(files, "images-newest/coral.json")).toBe(images[3]!.text);
  });

  it("a README the importer reads the commit and day from", () => {
    expect(snapshotFromReadme(file(files, "README.md")!)).toEqual({ commit: HEAD.commit, commitDate: "2026-08-22" });
    expect(file(files, "README.md")).toContain("(2026-08-22 22:06 UTC)");
  });

  it("a name changed over time is a second row; NOTICE comes along when upstream has one", () => {
    const renamed = [
      image("hana", 100, "2024-01-01T00:00:00+00:00", "HANA A", "None", [
        { manufacturer: "Lenovo", model: "C330", name: "Lenovo Ideapad C330 Chromebook", hwidmatch: "^HANA .*" },
      ]),
      image("hana", 110, "2024-01-01T00:00:00+00:00", "HANA A", "None", [
        { manufacturer: "Lenovo", model: "C330", name: "Lenovo Chromebook C330", hwidmatch: "^HANA .*" },
      ]),
    ];
    const made = deriveChromeosCopy({ head: HEAD, images: renamed, license: "L", notice: "N" });
    expect(parsed(made.files, "models.json").models.map((m: { name: string }) => m.name)).toEqual(["Lenovo Ideapad C330 Chromebook", "Lenovo Chromebook C330"]);
    expect(file(made.files, "NOTICE")).toBe("N");
  });

  it("matches a HWID as JavaScript's RegExp does: `.` stops at a carriage return", () => {
    const row = { manufacturer: "Asus", model: "ASUS Chromebook Flip C434", hwidmatch: "^SHYVANA.* A$" };
    const made = derive([
      image("rammus", 100, "2024-01-01T00:00:00+00:00", "SHYVANA x A", "2026-06-02 00:00:00", [row]),
      image("rammus", 101, "2024-01-01T00:00:00+00:00", "SHYVANA x\r A", "2026-06-02 00:00:00", [row]),
    ]);
    expect(parsed(made.files, "models.json").models[0].aue.map((s: { path: string }) => s.path)).toEqual(["data/images/rammus/100/data.json"]);
  });
});

describe("asciiJson", () => {
  it.each([
    [{ name: "Acer Chromebook “Spin”" }, '{\n "name": "Acer Chromebook \\u201cSpin\\u201d"\n}'],
    [{ hwid: "A\u000bB" }, '{\n "hwid": "A\\u000bB"\n}'],
    [["😀"], '[\n "\\ud83d\\ude00"\n]'],
  ])("%j", (value, text) => {
    expect(asciiJson(value)).toBe(text);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe("deriveChromeosCopy: bad input makes nothing", () => {
  it.each([
    [
      "a file that is not JSON",
      [{ path: "data/images/atlas/1/data.json", lastChanged: "2024-01-01T00:00:00+00:00", text: '{\n "boards": [\n  "atlas",\n  atlas\n ]\n}' }],
      /^data\/images\/atlas\/1\/data\.json:\d+: not valid JSON/,
    ],
    [
      "no sample HWID",
      [image("atlas", 1, "2024-01-01T00:00:00+00:00", "X", "None", [HP], { sample_hwid: null })],
      /^data\/images\/atlas\/1\/data\.json:1: image_name, chromeos_release_chrome_milestone and sample_hwid must be text/,
    ],
    [
      "lists of two lengths",
      [image("atlas", 1, "2024-01-01T00:00:00+00:00", "X", "None", [HP], { names: [] })],
      /^data\/images\/atlas\/1\/data\.json:1: manufacturers, models, names, hwidmatches must be lists of text of one length/,
    ],
    [
      "no AUE field",
      [image("atlas", 1, "2024-01-01T00:00:00+00:00", "X", "None", [HP], { aue_date: 19510 })],
      /^data\/images\/atlas\/1\/data\.json:1: aue_date must be text \(a date, or "None"\)/,
    ],
    ["no image file", [], /^data\/images:1: holds no data\/images\/<image>\/<milestone>\/data\.json/],
  ])("%s", (_, images, problem) => {
    const made = derive(images as ImageFile[]);
    expect(made.files).toEqual([]);
    expect(made.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([expect.stringMatching(problem)]);
  });

  it("no LICENSE", () => {
    const made = derive([image("atlas", 1, "2024-01-01T00:00:00+00:00", "X", "None", [HP])], null);
    expect(made.files).toEqual([]);
    expect(made.problems).toEqual([{ file: "LICENSE", line: 1, message: "not found at the commit: the Apache-2.0 license must come with the files" }]);
  });
});

const PINNED_CHROMEOS = path.join(PINNED_SOURCES, "chromeos-update-directory");

describe("deriveChromeosCopy on the pinned copy", () => {
  it("the pinned images-newest/ files give back the pinned samples and model rows of those files", () => {
    const pinned = (file: string) => JSON.parse(readFileSync(path.join(PINNED_CHROMEOS, file), "utf8"));
    const samples: { path: string; lastChanged: string; imageName: string }[] = pinned("aue-samples.json").samples;
    const milestone = (p: string) => Number(p.split("/")[3]);
    /** The image's file images-newest copies: its highest milestone. */
    const newestPath = (image: string) =>
      samples
        .filter((s) => s.path.split("/")[2] === image)
        .map((s) => s.path)
        .sort((a, b) => milestone(b) - milestone(a))[0]!;
    const lastChanged = new Map(samples.map((s) => [s.path, s.lastChanged]));
    const images = readdirSync(path.join(PINNED_CHROMEOS, "images-newest")).map((f) => {
      const p = newestPath(f.replace(/\.json$/, ""));
      return { path: p, lastChanged: lastChanged.get(p)!, text: readFileSync(path.join(PINNED_CHROMEOS, "images-newest", f), "utf8") };
    });
    expect(images).toHaveLength(128);
    const made = deriveChromeosCopy({ head: { commit: pinned("models.json").commit, date: pinned("models.json").commitDate }, images, license: "" });
    expect(made.problems).toEqual([]);
    const derived = (file: string) => JSON.parse(made.files.find((f) => f.path === file)!.text);
    const paths = new Set(images.map((i) => i.path));
    expect(derived("aue-samples.json").samples).toEqual(samples.filter((s) => paths.has(s.path)));
    // Each row of the newest files is a pinned row, with the pinned row's dated samples among those files. (A row's
    // boards are those of the first file that lists it, an older one in the pinned copy: they are left out of the key.)
    const rowKey = (r: Record<string, unknown>) => JSON.stringify([r.imageName, r.manufacturer, r.model, r.name, r.hwidmatch]);
    const pinnedRows = new Map<string, { aue: { path: string }[] }>(pinned("models.json").models.map((r: Record<string, unknown>) => [rowKey(r), r]));
    const rows = derived("models.json").models;
    expect(rows.length).toBeGreaterThan(700);
    for (const row of rows) {
      expect(pinnedRows.has(rowKey(row)), rowKey(row)).toBe(true);
      expect(row.aue, rowKey(row)).toEqual(pinnedRows.get(rowKey(row))!.aue.filter((s) => paths.has(s.path)));
    }
  });
});
