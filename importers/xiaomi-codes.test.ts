import { describe, expect, it } from "vitest";
import { monthOfCode, playIndex } from "./xiaomi-codes.ts";
import type { PlayRow } from "./xiaomi-sources.ts";

it.each([
  ["2201116SG", "2022-01"],
  ["M2007J3SG", "2020-07"],
  ["22101316UG", "2022-10"],
  ["XIG03", undefined],
  ["A401XM", undefined],
  ["2213ABC", undefined],
])("monthOfCode(%s) = %s", (code, month) => {
  expect(monthOfCode(code)).toBe(month);
});

let line = 0;
const row = (codename: string, name: string, model: string): PlayRow => ({ codename, name, model, line: ++line });

describe("playIndex: the codes Google Play gives a device name", () => {
  const play = playIndex([
    row("fog", "Redmi 10C", "220333QAG"),
    row("rain", "Redmi 10C", "220333QNY"),
    row("curtana", "Redmi Note 9 Pro", "Redmi Note 9 Pro"),
    row("joyeuse", "Redmi Note 9 Pro", "M2003J6B2G"),
    row("camellia", "Redmi Note 10T 5G", "TBD"),
    row("malachite", "Redmi Note 14 Pro", "24090RA29C"),
    row("obsidian", "Redmi Note 14 Pro", "24116RACCG"),
    row("malachite", "Redmi Note 14 Pro 5G", "24090RA29G"),
    row("eos", "Redmi 10", "21061119DG"),
    row("fog", "Redmi 10", "220333QBI"),
    row("eos", "Redmi 10 2022", "21061119DG"),
    row("selene", "Redmi 10 2022", "21121119SG"),
  ]);

  it("takes codes, not marketing names, and marks what Google gives several names as shared", () => {
    expect(play("redminote9pro")!.codes).toEqual([
      { kind: "model-number", value: "M2003J6B2G", shared: false },
      { kind: "codename", value: "curtana", shared: false },
      { kind: "codename", value: "joyeuse", shared: false },
    ]);
    expect(play("redminote10t5g")!.codes).toEqual([{ kind: "codename", value: "camellia", shared: false }]);
    expect(
      play("redmi102022")!
        .codes.filter((c) => c.shared)
        .map((c) => c.value),
    ).toEqual(["21061119DG", "eos"]);
    expect(play("redmi10c")!.codes.find((c) => c.value === "fog")).toEqual({ kind: "codename", value: "fog", shared: true });
  });

  it("leaves a codename filed under the name with 5G added to that name", () => {
    const found = play("redminote14pro")!;
    expect(found.codes.map((c) => c.value)).toEqual(["24116RACCG", "obsidian"]);
    expect(found.setAside).toEqual([expect.objectContaining({ codename: "malachite", codes: ["24090RA29C"] })]);
  });

  it("sets aside a codename whose codes date far from Xiaomi's release month, and lists several families for review", () => {
    const found = play("redmi10", "2021-08")!;
    expect(found.codes.map((c) => c.value)).toEqual(["21061119DG", "eos"]);
    expect(found.setAside[0]!.why).toMatch(/date from 2022-03, not within 12 months before or 6 after Xiaomi's release month 2021-08/);
    expect(play("redmi10")!.review).toMatch(/2 codename families under this name \(eos, fog\)/);
    expect(play("redmi10c")!.review).toMatch(/\(fog, rain\)/);
    expect(play("redminote12")).toBeUndefined();
  });
});
