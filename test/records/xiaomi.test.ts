// The published Xiaomi, Redmi and POCO records against the saved lists they
// were imported from (../shared/sources/xiaomi-devices): each has a model
// code and a dated fact, each security end is the month Xiaomi's list gives,
// each "ended no later than" is the first listing of the device under any of
// its names (in a market the list still names), each market's own bound is
// that market's first listing, and no device renamed in Xiaomi's lists has two records.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCatalog } from "../../generator/load/read.ts";
import { readXiaomiFolder } from "../../importers/disk.ts";
import { spokenDate } from "../../importers/endoflife-readings.ts";
import { boundIn } from "../../importers/xiaomi-import.ts";
import { isInternalEntry, keyOf, MARKET_REGIONS, RENAMES, splitMarket } from "../../importers/xiaomi-names.ts";
import { readXiaomiLists } from "../../importers/xiaomi-sources.ts";
import { PINNED_SOURCES } from "../helpers/endoflife.ts";

const DATA = path.resolve(import.meta.dirname, "../../data");

describe("Xiaomi, Redmi and POCO records", async () => {
  const catalog = await readCatalog(DATA);
  const folder = readXiaomiFolder(path.join(PINNED_SOURCES, "xiaomi-devices"));
  const { lists } = readXiaomiLists(folder.files!);
  const xiaomi = catalog.records.map((l) => l.record).filter((r) => r.manufacturer === "Xiaomi" && r.publication.state === "published");
  /** A record's device key: its name as Xiaomi's lists write it ("Xiaomi Mi 10T" is "Mi 10T"). */
  const keysOf = (name: string) => [keyOf(name), keyOf(name.replace(/^Xiaomi /, ""))];
  const recordOfKey = new Map<string, string[]>();
  for (const r of xiaomi) for (const k of new Set(keysOf(r.name))) recordOfKey.set(k, [...(recordOfKey.get(k) ?? []), r.slug]);

  it("are at least 100, each with a model number and a dated fact", () => {
    expect(xiaomi.length).toBeGreaterThanOrEqual(100);
    for (const r of xiaomi) {
      const codes = r.variants.flatMap((v) => v.identifiers ?? []);
      expect(
        codes.some((c) => c.kind === "model-number"),
        r.slug,
      ).toBe(true);
      const s = r.support.security[0]!;
      const dated = s.end?.precision === "month" || (s.ended === true && boundIn(s.meaning) !== undefined);
      expect(dated, r.slug).toBe(true);
    }
  });

  it("end security updates in the month Xiaomi's security-update list gives", () => {
    const aerByKey = new Map(lists!.aer.map((a) => [keyOf(a.name), a]));
    const dated = xiaomi.filter((r) => r.support.security[0]!.end?.precision === "month");
    expect(dated.length).toBeGreaterThanOrEqual(100);
    for (const r of dated) {
      const a = keysOf(r.name)
        .map((k) => aerByKey.get(k))
        .find(Boolean);
      expect(a, r.slug).toBeDefined();
      expect(r.support.security[0]!.end).toEqual({ value: a!.securityEnd, precision: "month" });
    }
  });

  it("end no later than the first copy of the end-of-support list to name the device under any of its names", () => {
    for (const r of xiaomi.filter((x) => x.support.security[0]!.ended)) {
      const keys = keysOf(r.name);
      const names = lists!.eosHistory.filter((e) => keys.includes(keyOf(e.name)));
      // A name counts where the newest list still names its market, or the device without one.
      const markets = new Set(names.filter((e) => e.inNewest).map((e) => splitMarket(e.name).market));
      const days = names
        .filter((e) => e.inNewest || markets.has(undefined) || markets.has(splitMarket(e.name).market) || RENAMES[splitMarket(e.name).base])
        .map((e) => e.firstSeen.day);
      expect(days.length, r.slug).toBeGreaterThan(0);
      const first = days.sort()[0]!;
      expect(boundIn(r.support.security[0]!.meaning), r.slug).toBe(spokenDate({ value: first, precision: "day" }));
    }
  });

  it("bound each market by that market's own first listing, never by another market's earlier one", () => {
    const split = xiaomi.filter((r) => r.support.security.length > 1 && r.support.security.every((c) => c.ended && c.scope.regions));
    // POCO X3 NFC (RU, then ID and TR), POCO M4 Pro 5G and Redmi Note 10T: markets listed months apart.
    expect(split.map((r) => r.slug)).toEqual(expect.arrayContaining(["poco-m4-pro-5g", "poco-x3-nfc", "redmi-note-10t"]));
    for (const r of xiaomi.filter((x) => x.support.security.every((c) => c.ended && c.scope.regions))) {
      const keys = keysOf(r.name);
      const names = lists!.eosHistory.filter((e) => keys.includes(keyOf(e.name)) && splitMarket(e.name).market !== undefined);
      for (const c of r.support.security)
        for (const region of c.scope.regions!) {
          const days = names.filter((e) => MARKET_REGIONS[splitMarket(e.name).market!] === region).map((e) => e.firstSeen.day);
          expect(days.length, `${r.slug} ${region}`).toBeGreaterThan(0);
          expect(boundIn(c.meaning), `${r.slug} ${region}`).toBe(spokenDate({ value: days.sort()[0]!, precision: "day" }));
        }
    }
  });

  it("never give one renamed device two records", () => {
    for (const [key, slugs] of recordOfKey) expect(slugs, key).toHaveLength(1);
    const names = lists!.eosHistory.filter((e) => !isInternalEntry(e.name));
    for (const e of names) expect((recordOfKey.get(keyOf(e.name)) ?? []).length, e.name).toBeLessThanOrEqual(1);
    // The renames no spelling rule catches land on the record of the name that replaced them.
    expect(recordOfKey.get(keyOf("Mi 8 Explorer Edition"))).toEqual(recordOfKey.get(keyOf("Mi 8 Explore Edition")));
  });
});
