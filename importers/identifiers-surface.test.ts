// Microsoft's Surface System SKU reference: the names a row's device may go
// by, most literal first (then without the sales channel, the screen size,
// the processor maker and a closing "Wi-Fi"), and the markets it names; each
// row's System SKU taken as written, never the System Model (a marketing
// name); a broken row named by file:line, and then no rows at all.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatSourceProblem } from "./front-matter.ts";
import { readSurface, SURFACE_TABLE, surfaceNames } from "./identifiers-surface.ts";

const FIXTURES = path.resolve(import.meta.dirname, "./fixtures/identifiers");
const CONTEXT = { commit: "0b607b18cab6ddbfd5179052c449a4104fc071af", commitDate: "2024-10-24", checked: "2026-11-24" };
const fixture = (folder: string) => ({
  rel: SURFACE_TABLE,
  path: `${folder}/${SURFACE_TABLE}`,
  text: readFileSync(path.join(FIXTURES, folder, SURFACE_TABLE), "utf8"),
});
const table = (rows: string[]) => ({
  rel: SURFACE_TABLE,
  path: SURFACE_TABLE,
  text: ["# Surface System SKU reference", "", "| Device | System Model | System SKU |", "| --- | --- | --- |", ...rows, "", "More prose."].join("\n"),
});

describe("surfaceNames", () => {
  it("tries the device as written, then without channel, size and processor; a market becomes the region", () => {
    expect(surfaceNames('Surface Laptop 3 13.5" Intel').names).toEqual(['Surface Laptop 3 13.5" Intel', "Surface Laptop 3 Intel", "Surface Laptop 3"]);
    expect(surfaceNames("Surface Pro 10 with 5G for Business (Japan)")).toEqual({ names: ["Surface Pro 10 with 5G for Business"], regions: ["JP"] });
    expect(surfaceNames("Surface Go 2 Commercial").names).toEqual(["Surface Go 2 Commercial", "Surface Go 2"]);
  });

  const cases: { device: string; names: string[]; regions?: string[] }[] = [
    {
      device: 'Surface Laptop 4 13.5" AMD Consumer',
      names: ['Surface Laptop 4 13.5" AMD Consumer', 'Surface Laptop 4 13.5" AMD', "Surface Laptop 4 AMD", "Surface Laptop 4"],
    },
    {
      device: 'Surface Laptop 5 15" Commercial, Intel',
      names: ['Surface Laptop 5 15" Commercial, Intel', 'Surface Laptop 5 15" Intel', "Surface Laptop 5 Intel", "Surface Laptop 5"],
    },
    // A closing Wi-Fi is tried last: "Surface Pro X (Wi-Fi)" is a record of its own.
    { device: "Surface 3 Wi-Fi", names: ["Surface 3 Wi-Fi", "Surface 3"] },
    { device: "Surface Pro X (Wi-Fi)", names: ["Surface Pro X (Wi-Fi)", "Surface Pro X"] },
    { device: "Surface Book 3 (U.S.)", names: ["Surface Book 3"], regions: ["US"] },
    { device: "Surface Pro 9 with 5G (Korea)", names: ["Surface Pro 9 with 5G"], regions: ["KR"] },
    { device: "Surface Laptop Studio 2 Commercial (Japan)", names: ["Surface Laptop Studio 2 Commercial", "Surface Laptop Studio 2"], regions: ["JP"] },
    // "Outside of the U.S." is no market a region can name.
    { device: "Surface Laptop Go (outside of U.S.)", names: ["Surface Laptop Go"] },
    { device: "Surface  Go   2", names: ["Surface Go 2"] },
  ];
  it.each(cases)("$device → $names $regions", ({ device, names, regions }) => {
    expect(surfaceNames(device)).toEqual({ names, ...(regions ? { regions } : {}) });
  });
});

describe("readSurface", () => {
  it("gives each row's System SKU as written, with its market, under the names to try", () => {
    const { run, problems } = readSurface(fixture("surface"), CONTEXT);
    expect(problems).toEqual([]);
    expect(run!.rows.map((r) => [r.ref.line, r.ref.label, r.manufacturer, r.name, r.fallbackNames, r.codes])).toEqual([
      [5, "Example Pro 7 Commercial", "Microsoft", "Example Pro 7 Commercial", ["Example Pro 7"], [{ kind: "sku", value: "Example_Pro_7_1866_Commercial" }]],
      [6, "Example Pro 7+ LTE", "Microsoft", "Example Pro 7+ LTE", [], [{ kind: "sku", value: "Example_Pro_7+_1961" }]],
      [7, "Example Hub 9 (Japan)", "Microsoft", "Example Hub 9", [], [{ kind: "sku", value: "Example_Hub_9_2078", regions: ["JP"] }]],
    ]);
  });

  it("cites the table at the snapshot's commit", () => {
    expect(readSurface(fixture("surface"), CONTEXT).run!.rows[0]!.source).toEqual({
      id: "microsoft-surface-sku-reference",
      url: "https://github.com/MicrosoftDocs/Devices-docs/blob/0b607b18cab6ddbfd5179052c449a4104fc071af/surface/surface-system-sku-reference.md",
      publisher: "Microsoft",
      title: "Surface System SKU reference (surface/surface-system-sku-reference.md at commit 0b607b1, 2024-10-24)",
      checked: "2026-11-24",
    });
  });

  it("reads the table's rows only, up to the first line that is not a row", () => {
    const { run } = readSurface(table(["| Surface Go 2 | Surface Go 2 | Surface_Go_2_1927 |"]), CONTEXT);
    expect(run!.rows.map((r) => [r.ref.line, r.codes[0]!.value])).toEqual([[5, "Surface_Go_2_1927"]]);
  });

  const cases: { name: string; text: { rel: string; path: string; text: string }; problems: string[] }[] = [
    {
      name: "a row that lost its SKU",
      text: fixture("surface-broken"),
      problems: ["surface-broken/surface/surface-system-sku-reference.md:6: a row must have three filled cells (Device | System Model | System SKU), found 2"],
    },
    {
      name: "every broken row, each at its line",
      text: table(["| Surface Go 2 | | Surface_Go_2_1927 |", "| Surface Go 3 | Surface Go 3 | Surface_Go_3_1926 | extra |"]),
      problems: [
        "surface/surface-system-sku-reference.md:5: a row must have three filled cells (Device | System Model | System SKU), found 2",
        "surface/surface-system-sku-reference.md:6: a row must have three filled cells (Device | System Model | System SKU), found 4",
      ],
    },
    {
      name: "no table with the columns",
      text: { rel: SURFACE_TABLE, path: SURFACE_TABLE, text: "| Model | SKU |\n| --- | --- |\n| Surface Go 2 | Surface_Go_2_1927 |\n" },
      problems: ['surface/surface-system-sku-reference.md:1: no table with the columns "Device | System Model | System SKU"'],
    },
  ];
  it.each(cases)("bad input: $name", ({ text, problems }) => {
    const read = readSurface(text, CONTEXT);
    expect(read.problems.map(formatSourceProblem)).toEqual(problems);
    expect(read.run).toBeUndefined();
  });
});
