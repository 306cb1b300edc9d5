// The AER list's reader: a Models value is a model number only when it is a
// code, never a marketing name; a code under two devices and an entry that
// names another device go to review; Xiaomi's brands are set aside by name;
// a broken row is named by file:line, and then there are no rows at all.
import { describe, expect, it } from "vitest";
import { AER_HELD, AER_TABLE, readAer } from "./identifiers-aer.ts";

const CONTEXT = { commit: "10d5b95397e0c64dab21a06dbe56e07bea094d7e", commitDate: "2026-07-24", checked: "2026-11-28" };
const table = (rows: string[]) => ({
  rel: AER_TABLE,
  path: AER_TABLE,
  text: ["# Devices", "", "|Brand|Name|Models|Type|", "|---|---|---|---|", ...rows, ""].join("\n"),
});
const read = (rows: string[]) => readAer(table(rows), ["HMD Global", "Motorola", "OPPO", "Samsung"], CONTEXT);

describe("readAer", () => {
  const cases: { row: string; manufacturer: string; name: string; codes: string[]; doubt?: RegExp }[] = [
    { row: "|Samsung|Galaxy A16|SM-A165F, SM-A165N|Phone|", manufacturer: "Samsung", name: "Galaxy A16", codes: ["SM-A165F", "SM-A165N"] },
    // The catalog's spelling of the maker; names and codes told apart.
    { row: "|Oppo|Reno15 5G|CPH2825, Reno15 5G|Phone|", manufacturer: "OPPO", name: "Reno15 5G", codes: ["CPH2825"] },
    { row: "|Nokia|Nokia G22|TA-1528|Phone|", manufacturer: "HMD Global", name: "Nokia G22", codes: ["TA-1528"] },
    // Build.MODEL that is a marketing name is no code, and its own name is no other device.
    {
      row: "|Motorola|moto g(8) power lite|moto g(8) power lite, moto g8 power lite|Phone|",
      manufacturer: "Motorola",
      name: "moto g(8) power lite",
      codes: [],
    },
    // A name beside codes may be the device the codes belong to.
    {
      row: "|Motorola|moto g54 5G|moto g54 5G, moto g73 5G, XT2343-3|Phone|",
      manufacturer: "Motorola",
      name: "moto g54 5G",
      codes: ["XT2343-3"],
      doubt: /also names "moto g73 5G"/,
    },
    // A brand the catalog lacks keeps its own spelling; a one-word name is a name of the brand, not a code.
    { row: "|Zebra|TC26|TC26, TC26-HC|Phone|", manufacturer: "Zebra", name: "TC26", codes: ["TC26-HC"] },
  ];
  it.each(cases)("$row", ({ row, manufacturer, name, codes, doubt }) => {
    const { run, problems } = read([row]);
    expect(problems).toEqual([]);
    const [r] = run!.rows;
    expect([r!.manufacturer, r!.name, r!.codes.map((c) => c.value)]).toEqual([manufacturer, name, codes]);
    if (doubt) expect(r!.doubt).toMatch(doubt);
    else expect(r!.doubt).toBeUndefined();
    expect(r!.codes.every((c) => c.kind === "model-number")).toBe(true);
  });

  it("takes a code the list gives two devices from both rows and sends it to review from each", () => {
    const { run } = read(["|Motorola|motorola razr 50d M-51E|M-51E|Phone|", "|Motorola|motorola razr 60d M-51F|M-51E, M-51F|Phone|"]);
    expect(run!.rows.map((r) => r.codes.map((c) => c.value))).toEqual([[], ["M-51F"]]);
    expect(run!.review.map((r) => [r.line, r.label, r.codes])).toEqual([
      [5, "motorola razr 50d M-51E", ["M-51E"]],
      [6, "motorola razr 60d M-51F", ["M-51E"]],
    ]);
  });

  it("spells a maker the catalog lacks as the list first does", () => {
    const { run } = read(["|vivo|X300 Pro|V2514|Phone|", "|Vivo|V40|V2348|Phone|"]);
    expect(run!.rows.map((r) => r.manufacturer)).toEqual(["vivo", "vivo"]);
  });

  it("counts a device the list repeats as one device", () => {
    const { run } = read(["|Samsung|Galaxy Tab Active4 Pro 5G|SM-T636B|Tablet|", "|Samsung|Galaxy Tab Active4 Pro 5G|SM-T636B|Tablet|"]);
    expect(run!.review).toEqual([]);
    expect(run!.rows.map((r) => r.codes.map((c) => c.value))).toEqual([["SM-T636B"], ["SM-T636B"]]);
  });

  it("sets Xiaomi's brands aside by name, with their codes, for the Xiaomi importer", () => {
    const { run } = read(["|Redmi|Redmi 13|24049RN28L|Phone|", "|POCO|POCO M6 Pro 5G|23076PC4BI|Phone|"]);
    expect(run!.rows).toEqual([]);
    expect(run!.setAsideRows!.map((r) => [r.label, r.codes])).toEqual([
      ["Redmi 13", ["24049RN28L"]],
      ["POCO M6 Pro 5G", ["23076PC4BI"]],
    ]);
    expect(run!.setAside).toEqual({ "a Xiaomi, Redmi or POCO device: left to the Xiaomi importer": 2 });
  });

  it("holds the records another change is correcting", () => {
    expect(read([]).run!.held).toBe(AER_HELD);
    expect(Object.keys(AER_HELD)).toContain("motorola-edge-plus-2022");
  });

  it("cites upstream's README at the commit", () => {
    expect(read(["|Samsung|Galaxy A16|SM-A165F|Phone|"]).run!.rows[0]!.source).toMatchObject({
      id: "android-enterprise-recommended",
      url: "https://github.com/androidtrackers/android-enterprise-devices/blob/10d5b95397e0c64dab21a06dbe56e07bea094d7e/README.md",
      checked: "2026-11-28",
    });
  });

  it("names a broken row by file:line and gives no rows", () => {
    expect(read(["|Samsung|Galaxy A16|SM-A165F|Phone|", "|Samsung||SM-A165F|Phone|", "|Samsung|Galaxy A17|Phone|"])).toEqual({
      problems: [
        { file: AER_TABLE, line: 6, message: "a row must have 4 cells with Brand and Name filled, found 4 cells" },
        { file: AER_TABLE, line: 7, message: "a row must have 4 cells with Brand and Name filled, found 3 cells" },
      ],
    });
    expect(readAer({ rel: AER_TABLE, path: AER_TABLE, text: "# nothing here\n" }, [], CONTEXT).problems).toEqual([
      { file: AER_TABLE, line: 1, message: 'no table with the columns "Brand | Name | Models"' },
    ]);
  });
});
