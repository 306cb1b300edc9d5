import { describe, expect, it } from "vitest";
import type { LoadedRecord } from "../generator/load/validate.ts";
import type { DeviceRecord } from "../generator/schema/record.ts";
import { boundIn, marketGroups, runXiaomiImport, XIAOMI_JSON, type XiaomiImportInput } from "./xiaomi-import.ts";
import type { EosHistoryEntry, XiaomiLists } from "./xiaomi-sources.ts";

const C = (c: string) => c.repeat(40);
const seen = (name: string, first: string, last = "2026-08-17", inNewest = true, brand = "Redmi"): EosHistoryEntry => ({
  brand,
  name,
  line: 1,
  firstSeen: { commit: C(first.slice(-1)), day: first },
  lastSeen: { commit: C("f"), day: last },
  inNewest,
});

const lists = (): XiaomiLists => ({
  aer: [
    {
      name: "Redmi Note 12 Pro 5G",
      line: 10,
      released: { value: "2022-10", precision: "month" },
      securityEnd: "2026-10",
      cadence: "90 Days",
      shipped: "12",
      future: ["13", "14"],
    },
  ],
  eos: [
    { brand: "Xiaomi", name: "Mi 10 ", line: 20 },
    { brand: "Redmi", name: "Redmi 9 (IN)", line: 21 },
    { brand: "Redmi", name: "Redmi Note 12 Pro 5G (cn)", line: 22 },
    { brand: "Xiaomi", name: "Mi 1", line: 23 },
  ],
  eosUpdated: "2026-08-16",
  eosHistory: [
    seen("Mi 10 (CN)", "2023-07-24", "2024-10-25", false, "Xiaomi"),
    seen("Mi 10 (EEA)", "2023-07-24", "2024-10-25", false, "Xiaomi"),
    seen("Mi 10 ", "2024-10-28", "2026-08-17", true, "Xiaomi"),
    seen("Redmi 9 (IN)", "2022-07-26"),
    seen("Redmi Note 12 Pro 5G (cn)", "2026-02-28"),
    seen("Mi 1", "2022-07-26", "2026-08-17", true, "Xiaomi"),
    seen("Redmi Note 10 JE (jp)", "2024-10-24", "2024-10-24", false),
  ],
  aerHistory: [],
  play: [
    { codename: "ruby", name: "Redmi Note 12 Pro 5G", model: "22101316G", line: 2 },
    { codename: "umi", name: "MI 10", model: "Mi 10", line: 3 },
    { codename: "umi", name: "Mi 10", model: "M2001J2G", line: 4 },
    { codename: "lancelot", name: "Redmi 9", model: "M2004J19G", line: 5 },
    { codename: "mione", name: "Mi 1", model: "Mi 1", line: 6 },
  ],
  normalizations: [],
});

const input = (over: Partial<XiaomiImportInput> = {}): XiaomiImportInput => ({
  lists: lists(),
  snapshots: {
    aer: { commit: C("1"), commitDate: "2026-05-18" },
    eol: { commit: C("2"), commitDate: "2026-08-17" },
    gplay: { commit: C("3"), commitDate: "2026-08-15" },
  },
  checked: "2026-11-28",
  state: "published",
  catalog: [],
  devicesDir: "data/devices",
  ...over,
});

const records = (writes: { path: string; text: string }[]) =>
  writes.filter((w) => w.path.startsWith("devices/")).map((w) => JSON.parse(w.text) as DeviceRecord);
const loaded = (rs: DeviceRecord[]): LoadedRecord[] => rs.map((record) => ({ file: `data/devices/${record.slug}.json`, record }));

describe("runXiaomiImport", () => {
  const first = runXiaomiImport(input());
  const rs = records(first.writes);
  const bySlug = new Map(rs.map((r) => [r.slug, r]));

  it("writes a record for each device with a dated fact and a model code", () => {
    expect(first.problems).toEqual([]);
    expect(rs.map((r) => r.slug)).toEqual(["redmi-note-12-pro-5g", "xiaomi-mi-10", "redmi-9"]);
    const mi1 = first.report!.devices.find((d) => d.slug === "xiaomi-mi-1")!;
    expect(mi1.status).toBe("not written");
    expect(mi1.note).toMatch(/no model code/);
  });

  it("reads the security-update list's month as Xiaomi's documented end, and its versions as a promise", () => {
    const r = bySlug.get("redmi-note-12-pro-5g")!;
    expect(r.manufacturer).toBe("Xiaomi");
    expect(r.released).toEqual({ value: "2022-10", precision: "month" });
    expect(r.support.security[0]).toMatchObject({ end: { value: "2026-10", precision: "month" }, evidenceLevel: "manufacturer-dated" });
    expect(r.osVersions).toEqual([{ os: "Android", first: "12", sourceIds: ["xiaomi-security-update-list"] }]);
    expect(r.support.os[0]).toMatchObject({ end: { precision: "unknown" } });
    expect(r.support.os[0]!.meaning).toMatch(/promises Android 13 and 14 after Android 12 \(versions, not dates/);
    expect(r.variants[0]!.identifiers).toEqual([
      { kind: "model-number", value: "22101316G", sourceId: "google-play-xiaomi" },
      { kind: "codename", value: "ruby", sourceId: "google-play-xiaomi" },
    ]);
    // Its China model is on the end-of-support list before the month: said for CN only.
    expect(r.caveats).toEqual([expect.objectContaining({ scope: { regions: ["CN"] } })]);
    expect(r.caveats[0]!.text).toMatch(/no later than 28 February 2026/);
  });

  it("bounds an end-of-support listing by the first copy to name the device under any of its names", () => {
    const r = bySlug.get("xiaomi-mi-10")!;
    expect(r.name).toBe("Xiaomi Mi 10");
    expect(r.aliases).toEqual(["Mi 10"]);
    expect(r.released).toEqual({ precision: "unknown" });
    expect(r.support.security[0]).toMatchObject({ ended: true, end: { precision: "unknown" }, evidenceLevel: "manufacturer-dated" });
    expect(boundIn(r.support.security[0]!.meaning)).toBe("24 July 2023");
    expect(r.evidence.sources.find((s) => s.id === "xiaomi-end-of-support-first-listed")!.url).toBe(
      `https://github.com/XiaomiFirmwareUpdater/xiaomi_devices/blob/${C("4")}/eol.json`,
    );
    expect(bySlug.get("redmi-9")!.support.security[0]!.meaning).toMatch(/already in the oldest saved copy of the list \(26 July 2022\)/);
  });

  it("groups a device's markets by the day the list first named each, so one market's listing bounds only that market", () => {
    const groups = marketGroups([
      seen("POCO M4 Pro 5G (IN)", "2025-05-27"),
      seen("POCO M4 Pro 5G (TR)", "2025-05-27"),
      seen("POCO M4 Pro 5G (eea)", "2026-02-28"),
      seen("POCO M4 Pro 5G (in)", "2025-02-06", "2025-02-25", false),
      seen("POCO M4 Pro 5G (jp)", "2026-02-28"),
    ]);
    expect(groups!.map((g) => [g.regions, g.firsts.map((e) => e.name)])).toEqual([
      [["IN"], ["POCO M4 Pro 5G (in)"]],
      [["TR"], ["POCO M4 Pro 5G (TR)"]],
      [
        ["EEA", "JP"],
        ["POCO M4 Pro 5G (eea)", "POCO M4 Pro 5G (jp)"],
      ],
    ]);
    // A name without a market speaks for every market: the device's first listing bounds it everywhere.
    expect(marketGroups([seen("Mi 10 (CN)", "2023-07-24"), seen("Mi 10 ", "2024-10-28")])).toBeUndefined();
  });

  it("folds renamed entries into their device and reads an entry that left the list as no end", () => {
    expect(first.report!.renames.map((x) => `${x.name} → ${x.slug}`)).toEqual(["Mi 10 (CN) → xiaomi-mi-10", "Mi 10 (EEA) → xiaomi-mi-10"]);
    expect(first.report!.leftTheList.map((x) => x.name)).toEqual(["Redmi Note 10 JE (jp)"]);
  });

  it("writes nothing new on a second run, and the same report", () => {
    const again = runXiaomiImport(input({ catalog: loaded(rs), checked: "2026-12-01" }));
    expect(records(again.writes)).toEqual([]);
    expect(again.writes.find((w) => w.path === XIAOMI_JSON)!.text).toBe(first.writes.find((w) => w.path === XIAOMI_JSON)!.text);
  });

  it("never rewrites a curated record, and leaves a code another record holds", () => {
    const curated = structuredClone(bySlug.get("redmi-9")!);
    curated.evidence.revisions = [{ date: "2026-11-01", change: "Record created", reason: "Curated by hand" }];
    curated.variants[0]!.identifiers = [{ kind: "model-number", value: "22101316G", sourceId: "google-play-xiaomi" }];
    const run = runXiaomiImport(input({ catalog: loaded([curated]) }));
    expect(records(run.writes).map((r) => r.slug)).toEqual(["xiaomi-mi-10"]);
    expect(run.report!.devices.find((d) => d.slug === "redmi-9")!.status).toBe("curated");
    const note = run.report!.devices.find((d) => d.slug === "redmi-note-12-pro-5g")!;
    expect(note.status).toBe("not written");
    expect(run.report!.setAside).toContainEqual(
      expect.objectContaining({ slug: "redmi-note-12-pro-5g", codename: "22101316G", why: "also a code of redmi-9" }),
    );
  });

  it("stops on an end-of-support entry its history does not have, naming the line", () => {
    const l = lists();
    l.eos.push({ brand: "POCO", name: "POCO F9", line: 40 });
    expect(runXiaomiImport(input({ lists: l })).problems).toEqual([
      { file: "eol.json", line: 40, message: '"POCO F9" (POCO) is not in eol-history.json as listed in the newest copy' },
    ]);
  });
});
