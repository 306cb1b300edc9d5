// The Xiaomi importer's folder made from the branches' versions: the heads
// unchanged; for each (brand, name) the end-of-support list ever held, its
// first listing (with the list's own update time) and last, and whether the
// newest list has it; for each security-update device, each distinct set of
// values in the order first seen (a value that comes back is no new change);
// notes saying the files were changed; a README whose table the importer
// reads; bad input named at its commit, file and line, and nothing made. On
// real data: the pinned lists' heads give back the names the pinned newest
// list holds and values the pinned history has for each device.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PINNED_SOURCES } from "../test/helpers/endoflife.ts";
import { commitsFromReadme, XIAOMI_FILES } from "./xiaomi-sources.ts";
import { deriveXiaomiCopy, type XiaomiCopyInput } from "./xiaomi-copy.ts";

const sha = (c: string) => c.repeat(40);
const eolList = (updateAt: string, groups: Record<string, string[]>) =>
  JSON.stringify(
    { phone: Object.entries(groups).map(([brand, names]) => ({ [brand]: names.map((deviceName) => ({ brand, deviceName })) })), updateAt },
    null,
    1,
  );
const aerItem = (deviceName: string, securityUpdateEol: string, futureVersion = "Android 15") => ({
  id: 1,
  deviceName,
  releaseDate: "2024-03",
  securityUpdateEol,
  updateFrequencyTl: "90 Days",
  shippedVersion: "Android 14",
  futureVersion,
});
const aerList = (...items: unknown[]) => JSON.stringify({ items, total: items.length }, null, 1);

const EOL = [
  { commit: sha("1"), date: "2022-07-26T21:37:12+02:00", text: eolList("2022-07-25T08:00:00.000Z", { Xiaomi: ["Mi 10 (CN)", "Mi 9"], Redmi: ["Redmi 9"] }) },
  {
    commit: sha("2"),
    date: "2024-09-27T12:34:57+00:00",
    text: eolList("2024-09-26T07:14:37.000Z", { Xiaomi: ["Mi 10", "Mi 9"], Redmi: ["Redmi 9"], POCO: ["POCO C31 (in)"] }),
  },
  {
    commit: sha("3"),
    date: "2026-08-17T12:44:14+00:00",
    text: eolList("2026-08-16T00:00:00.000Z", { Xiaomi: ["Mi 10", "Mi 9"], Redmi: ["Redmi 9"], POCO: ["POCO C31 (IN)"] }),
  },
];
const AER = [
  { commit: sha("4"), date: "2024-03-12T12:29:21+00:00", text: aerList(aerItem("Redmi 13 ", "2027-03")) },
  {
    commit: sha("5"),
    date: "2025-01-10T12:00:00+00:00",
    text: aerList(aerItem("Redmi 13 ", "2029-03", "Android 15,Android 16"), aerItem("Leica Leitzphone", "2032-02")),
  },
  { commit: sha("6"), date: "2026-05-18T15:41:27+00:00", text: aerList(aerItem("Redmi 13 ", "2027-03"), aerItem("Leica Leitzphone", "2032-02")) },
];
const GPLAY = { commit: sha("7"), date: "2026-08-15T12:20:42+00:00", text: '[\n {\n  "moon": {\n   "name": "Redmi 13",\n   "model": "2404ARN45A"\n  }\n }\n]' };
const LICENSES = { eol: "GPL v3\n", aer: "GPL v3\n", gplay: "GPL v3\n" };
const INPUT: XiaomiCopyInput = { eol: EOL, aer: AER, gplay: GPLAY, licenses: LICENSES };

const file = (files: { path: string; text: string }[], path: string) => files.find((f) => f.path === path)?.text;

describe("deriveXiaomiCopy", () => {
  const { files, problems } = deriveXiaomiCopy(INPUT);

  it("the branches' heads unchanged, the two histories, LICENSE and README, and nothing else", () => {
    expect(problems).toEqual([]);
    expect(files.map((f) => f.path).sort()).toEqual([
      "LICENSE",
      "README.md",
      "aer-history.json",
      "aer.json",
      "eol-history.json",
      "eol.json",
      "gplay-devices.json",
    ]);
    expect(file(files, "eol.json")).toBe(EOL[2]!.text);
    expect(file(files, "aer.json")).toBe(AER[2]!.text);
    expect(file(files, "gplay-devices.json")).toBe(GPLAY.text);
    expect(file(files, "LICENSE")).toBe("GPL v3\n");
  });

  it("eol-history: each (brand, name) ever listed, sorted, with its first and last listing and whether the newest list has it", () => {
    const history = JSON.parse(file(files, "eol-history.json")!);
    expect(history).toMatchObject({ repository: "github.com/XiaomiFirmwareUpdater/xiaomi_devices", branch: "eol", file: "eol.json", commitsRead: 3 });
    expect(history.note).toMatch(
      /^Changed from upstream \(GPL-3\.0 §5a\).*the branch starts 2022-07-26, so every device already listed then has firstSeen 2022-07-26$/,
    );
    const first = (c: number) => ({ commit: EOL[c]!.commit, date: EOL[c]!.date, listUpdateAt: JSON.parse(EOL[c]!.text).updateAt });
    const seen = (c: number) => ({ commit: EOL[c]!.commit, date: EOL[c]!.date });
    expect(history.devices).toEqual([
      // "IN" sorts before "in": names compare as text, as the pinned copy sorts them.
      { brand: "POCO", deviceName: "POCO C31 (IN)", firstSeen: first(2), lastSeen: seen(2), inNewest: true },
      { brand: "POCO", deviceName: "POCO C31 (in)", firstSeen: first(1), lastSeen: seen(1), inNewest: false },
      { brand: "Redmi", deviceName: "Redmi 9", firstSeen: first(0), lastSeen: seen(2), inNewest: true },
      { brand: "Xiaomi", deviceName: "Mi 10", firstSeen: first(1), lastSeen: seen(2), inNewest: true },
      { brand: "Xiaomi", deviceName: "Mi 10 (CN)", firstSeen: first(0), lastSeen: seen(0), inNewest: false },
      { brand: "Xiaomi", deviceName: "Mi 9", firstSeen: first(0), lastSeen: seen(2), inNewest: true },
    ]);
  });

  it("aer-history: each device's distinct values in the order first seen, its name as written; values that come back are no new change", () => {
    const history = JSON.parse(file(files, "aer-history.json")!);
    expect(history).toMatchObject({ branch: "aer", file: "aer.json", commitsRead: 3 });
    expect(history.note).toMatch(/^Changed from upstream \(GPL-3\.0 §5a\)/);
    const values = (securityUpdateEol: string, futureVersion: string, c: number) => ({
      releaseDate: "2024-03",
      securityUpdateEol,
      updateFrequencyTl: "90 Days",
      shippedVersion: "Android 14",
      futureVersion,
      firstSeenCommit: AER[c]!.commit,
      firstSeenDate: AER[c]!.date,
    });
    expect(history.devices).toEqual([
      { deviceName: "Leica Leitzphone", values: [values("2032-02", "Android 15", 1)] },
      { deviceName: "Redmi 13 ", values: [values("2027-03", "Android 15", 0), values("2029-03", "Android 15,Android 16", 1)] },
    ]);
  });

  it("JSON as the pinned copy writes it: indent 1, no final newline, text as written", () => {
    const text = file(files, "aer-history.json")!;
    expect(text).toBe(JSON.stringify(JSON.parse(text), null, 1));
  });

  it("a README whose table gives each saved file's commit and day, as the importer reads it", () => {
    expect(commitsFromReadme(file(files, "README.md")!)).toEqual({
      [XIAOMI_FILES.aer]: { commit: AER[2]!.commit, commitDate: "2026-05-18" },
      [XIAOMI_FILES.eol]: { commit: EOL[2]!.commit, commitDate: "2026-08-17" },
      [XIAOMI_FILES.gplay]: { commit: GPLAY.commit, commitDate: "2026-08-15" },
    });
    expect(file(files, "README.md")).toContain("| `eol-history.json` | `eol`, 3 commits 2022-07-26 to 2026-08-17 |");
  });
});

describe("deriveXiaomiCopy: bad input makes nothing", () => {
  const broken = '{\n "phone": [\n  {\n   "Xiaomi": [\n    {\n     "brand": "Xiaomi"\n    }\n   ]\n  }\n ],\n "updateAt": "2024-01-01T00:00:00.000Z"\n}';
  it.each<[string, Partial<XiaomiCopyInput>, string[]]>([
    [
      "an entry without its name, at its line",
      { eol: [EOL[0]!, { ...EOL[1]!, text: broken }] },
      ["2222222:eol.json:5: an entry must be an object with text brand and deviceName"],
    ],
    [
      "a security-update entry without its values",
      { aer: [{ ...AER[0]!, text: aerList({ deviceName: "Redmi 13" }) }] },
      ["4444444:aer.json:3: an entry needs text deviceName, releaseDate, securityUpdateEol, updateFrequencyTl, shippedVersion, futureVersion"],
    ],
    [
      "a commit that deleted the list",
      { eol: [EOL[0]!, { commit: sha("8"), date: "2025-01-01T00:00:00+00:00" }, EOL[2]!] },
      ["8888888:eol.json:1: deleted by this commit: a history with a gap is not read"],
    ],
    ["no history", { aer: [] }, ["aer:aer.json:1: not found: branch aer has no version of it"]],
    ["no devices.json", { gplay: { commit: sha("7"), date: GPLAY.date } }, ["7777777:devices.json:1: not found"]],
    [
      "licenses that differ",
      { licenses: { ...LICENSES, gplay: "MIT\n" } },
      ["LICENSE:1: differs between the branches eol, aer and gplay: which one covers the copy is unclear"],
    ],
    ["no license", { licenses: { ...LICENSES, aer: undefined } }, ["aer:LICENSE:1: not found: the GPL-3.0 license must come with the lists"]],
  ])("%s", (_, change, expected) => {
    const made = deriveXiaomiCopy({ ...INPUT, ...change });
    expect(made.files).toEqual([]);
    expect(made.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual(expected);
  });
});

const PINNED_XIAOMI = path.join(PINNED_SOURCES, "xiaomi-devices");

describe("deriveXiaomiCopy on the pinned lists", () => {
  it("the pinned lists' heads give back the names the newest list holds and the values each device has now", () => {
    const read = (file: string) => readFileSync(path.join(PINNED_XIAOMI, file), "utf8");
    const version = (text: string) => ({ commit: "0".repeat(40), date: "2026-08-17T12:44:14+00:00", text });
    const license = read("LICENSE");
    const made = deriveXiaomiCopy({
      eol: [version(read("eol.json"))],
      aer: [version(read("aer.json"))],
      gplay: version(read("gplay-devices.json")),
      licenses: { eol: license, aer: license, gplay: license },
    });
    expect(made.problems).toEqual([]);
    const derived = (file: string) => JSON.parse(made.files.find((f) => f.path === file)!.text);
    const pinned = (file: string) => JSON.parse(read(file));
    const names = (devices: { brand: string; deviceName: string }[]) => devices.map((d) => `${d.brand}/${d.deviceName}`);
    expect(names(derived("eol-history.json").devices)).toEqual(names(pinned("eol-history.json").devices.filter((d: { inNewest: boolean }) => d.inNewest)));
    const strip = ({ firstSeenCommit: _c, firstSeenDate: _d, ...v }: Record<string, string>) => v;
    const history = new Map<string, Record<string, string>[]>(
      pinned("aer-history.json").devices.map((d: { deviceName: string; values: Record<string, string>[] }) => [d.deviceName, d.values.map(strip)]),
    );
    for (const d of derived("aer-history.json").devices) expect(history.get(d.deviceName), d.deviceName).toContainEqual(strip(d.values[0]));
  });
});
