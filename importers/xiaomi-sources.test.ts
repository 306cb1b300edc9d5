import { describe, expect, it } from "vitest";
import { commitsFromReadme, readListDate, readVersions, readXiaomiLists, XIAOMI_FILES } from "./xiaomi-sources.ts";

describe("readListDate: as precise as Xiaomi writes it", () => {
  it.each([
    ["2032-04", { value: "2032-04", precision: "month" }],
    ["2025-3", { value: "2025-03", precision: "month" }],
    ["2023-2-26", { value: "2023-02-26", precision: "day" }],
    ["2023-13", undefined],
    ["2023-02-30", undefined],
    ["90 days", undefined],
  ])("%s", (text, expected) => {
    expect(readListDate(text)).toEqual(expected);
  });
});

describe("readVersions: the list's loose separators and spellings", () => {
  it.each([
    ["Android 13，Android 14", ["13", "14"], undefined],
    ["Android 16,,Android 17", ["16", "17"], undefined],
    ["Andriod 12,Andriod 13", ["12", "13"], undefined],
    ["Andoid 12;Android 13", ["12", "13"], undefined],
    ["Android  11", ["11"], undefined],
    ["Android 15,Android16", ["15", "16"], undefined],
    ["Android 14，Android 15，", ["14", "15"], undefined],
    ["Android 13, HyperOS 2", ["13"], "HyperOS 2"],
  ])("%s", (text, versions, bad) => {
    expect(readVersions(text)).toEqual(bad === undefined ? { versions } : { versions, bad });
  });
});

it("commitsFromReadme reads the sources folder's table", () => {
  const readme = [
    "| Path | Branch, commit, date | What |",
    "| --- | --- | --- |",
    "| `aer.json` | `aer`, `824ad15da20c9a23d8f05ceb658bdd5272b06098` (2026-05-18) | unchanged |",
    "| `eol-history.json` | `eol`, 46 commits 2022-07-26 to 2026-08-17 | derived |",
  ].join("\n");
  expect(commitsFromReadme(readme)).toEqual({ "aer.json": { commit: "824ad15da20c9a23d8f05ceb658bdd5272b06098", commitDate: "2026-05-18" } });
});

const file = (rel: string, value: unknown) => ({ rel, path: `src/${rel}`, text: JSON.stringify(value, null, 1) });
const aerItem = (over: Record<string, string> = {}) => ({
  deviceName: "Redmi Note 12 ",
  releaseDate: "2023-3",
  securityUpdateEol: "2027-3",
  updateFrequencyTl: "90 Days",
  shippedVersion: "Android 13",
  futureVersion: "Android 14，Android 15，",
  ...over,
});
const files = (items: unknown[]) => ({
  aer: file(XIAOMI_FILES.aer, { items, total: items.length }),
  eol: file(XIAOMI_FILES.eol, { phone: [{ Redmi: [{ brand: "Redmi", deviceName: "Redmi 9 (IN)" }] }], updateAt: "2026-08-16T22:54:19.000Z" }),
  eolHistory: file(XIAOMI_FILES.eolHistory, {
    devices: [
      {
        brand: "Redmi",
        deviceName: "Redmi 9 (IN)",
        firstSeen: { commit: "a".repeat(40), date: "2023-08-28T12:00:00+00:00" },
        lastSeen: { commit: "b".repeat(40), date: "2026-08-17T12:00:00+00:00" },
        inNewest: true,
      },
    ],
  }),
  aerHistory: file(XIAOMI_FILES.aerHistory, { devices: [] }),
  gplay: file(XIAOMI_FILES.gplay, [{ tapas: { name: "Redmi Note 12", model: "23021RAAEG" } }]),
});

describe("readXiaomiLists", () => {
  it("reads each list and lists every liberty it took, with its line", () => {
    const { lists, problems } = readXiaomiLists(files([aerItem()]));
    expect(problems).toEqual([]);
    expect(lists!.aer).toEqual([
      {
        name: "Redmi Note 12",
        line: 3,
        released: { value: "2023-03", precision: "month" },
        securityEnd: "2027-03",
        cadence: "90 Days",
        shipped: "13",
        future: ["14", "15"],
      },
    ]);
    expect(lists!.normalizations.map((n) => `${n.file}:${n.line} ${n.field}: ${n.read}`)).toEqual([
      "aer.json:4 deviceName: Redmi Note 12",
      "aer.json:5 releaseDate: 2023-03",
      "aer.json:6 securityUpdateEol: 2027-03",
      "aer.json:9 futureVersion: Android 14,Android 15",
    ]);
    expect(lists!.eos).toEqual([{ brand: "Redmi", name: "Redmi 9 (IN)", line: 5 }]);
    expect(lists!.eosHistory[0]!.firstSeen).toEqual({ commit: "a".repeat(40), day: "2023-08-28" });
    expect(lists!.play).toEqual([{ codename: "tapas", name: "Redmi Note 12", model: "23021RAAEG", line: 2 }]);
  });

  it("names the file and line of a value it cannot read, and reads nothing", () => {
    const { lists, problems } = readXiaomiLists(files([aerItem(), aerItem({ securityUpdateEol: "90 days", futureVersion: "HyperOS 3" })]));
    expect(lists).toBeUndefined();
    expect(problems).toEqual([
      { file: "src/aer.json", line: 14, message: '"90 days" is not a month (YYYY-MM)' },
      { file: "src/aer.json", line: 17, message: '"HyperOS 3" is not an Android version' },
    ]);
  });

  it("refuses a file of another shape", () => {
    const f = files([]);
    const { problems } = readXiaomiLists({ ...f, gplay: file(XIAOMI_FILES.gplay, { tapas: {} }), eol: { ...f.eol, text: "{\n]" } });
    expect(problems.map((p) => `${p.file}:${p.line}`)).toEqual(["src/eol.json:2", "src/gplay-devices.json:1"]);
  });
});
