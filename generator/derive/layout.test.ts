import { describe, expect, it } from "vitest";
import { API, FLAT, PAGES, shardOf } from "../contract/resources.ts";
import { chooseLayout, fullestShard, NETLIFY_MAX_FOLDER_ENTRIES } from "./layout.ts";

/** Slugs shaped like the catalog's: a few makers with long runs of similar names. */
const slugs = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${["samsung-galaxy", "motorola-moto", "apple-iphone", "google-pixel"][i % 4]}-${Math.floor(i / 4)}${i % 7 ? "" : "-5g"}`,
  );

/**
 * How many entries each folder gets when every per-device file of `names` is
 * written under `layout`: its files (one per slug, so never the same name
 * twice) and its subfolders.
 */
function plannedFolderSizes(names: string[], layout: { shardDigits: number }): Map<string, number> {
  const entries = new Map<string, number>();
  const add = (at: string) => {
    const cut = at.lastIndexOf("/");
    const folder = at.slice(0, Math.max(cut, 0));
    const seen = entries.has(folder);
    entries.set(folder, (entries.get(folder) ?? 0) + 1);
    // A folder counts once in its parent, when its first entry arrives.
    if (!seen && folder) add(folder);
  };
  for (const slug of names)
    for (const r of [API.record, API.evidence, API.badge, API.deviceCalendar, PAGES.device]) add(r.file({ device_slug: slug }, layout).slice(1));
  return entries;
}

describe("the storage layout", () => {
  it("keeps a catalog that fits in one folder per family, at the paths it always had", () => {
    expect(chooseLayout(slugs(53_000))).toEqual(FLAT);
    expect(API.record.file({ device_slug: "alpha-phone" }, FLAT)).toBe("/api/v1/devices/alpha-phone.json");
    expect(PAGES.device.file({ device_slug: "alpha-phone" }, FLAT)).toBe("/devices/alpha-phone.html");
  });

  it("at 250,000 devices, spreads every per-device family so no folder exceeds Netlify's 54,000 entries", () => {
    const names = slugs(250_000);
    const layout = chooseLayout(names);
    expect(layout).toEqual({ shardDigits: 1 });
    const largest = Math.max(...plannedFolderSizes(names, layout).values());
    expect(largest).toBeLessThanOrEqual(NETLIFY_MAX_FOLDER_ENTRIES);
    expect(largest).toBeGreaterThan(250_000 / 16 - 1000); // an even spread: 16 folders of about 15,600
  }, 60_000); // a quarter of a million slugs, five files each: seconds, more on a loaded machine

  it("scales through the threshold: at a limit of 60 entries, 280 devices (250,000 to 54,000) take the same 16 folders", () => {
    const names = slugs(280);
    const layout = chooseLayout(names, 60);
    expect(layout).toEqual({ shardDigits: 1 });
    expect(Math.max(...plannedFolderSizes(names, layout).values())).toBeLessThanOrEqual(60);
    // 3,000 would need 256 subfolders, more than a folder may hold at that limit: refused, never written.
    expect(() => chooseLayout(slugs(3_000), 60)).toThrow(/3000 devices cannot be spread over folders of at most 60 entries/);
  });

  // The build (Node) and the edge function (Deno) each compute a file's folder: the hash is part of the storage
  // contract, so these values are pinned, and a change to it shows here before it moves every file of a deployment.
  it.each([
    ["alpha-phone", "9", "91", "91a"],
    ["pixel-8", "9", "9e", "9e4"],
    ["galaxy-s24", "4", "46", "464"],
    ["a", "1", "1a", "1a8"],
  ])("puts %s in the same folder on every run: %s, %s, %s", (slug, one, two, three) => {
    expect([1, 2, 3].map((shardDigits) => shardOf(slug, { shardDigits }))).toEqual([one, two, three]);
    expect(shardOf(slug, FLAT)).toBe("");
    expect(API.record.file({ device_slug: slug }, { shardDigits: 2 })).toBe(`/api/v1/devices/${two}/${slug}.json`);
  });

  it("places a slug by its own name only, so adding devices never moves another's files", () => {
    const layout = { shardDigits: 2 };
    const before = slugs(1_000);
    const placed = new Map(before.map((s) => [s, API.record.file({ device_slug: s }, layout)]));
    // The same catalog grown by half and listed in another order.
    const after = [...slugs(1_500)].reverse();
    for (const s of after) if (placed.has(s)) expect(API.record.file({ device_slug: s }, layout), s).toBe(placed.get(s));
    // ...and the names are spread: every first hex digit is used, none by more than twice its share.
    const firstDigits = new Map<string, number>();
    for (const digit of after.map((s) => shardOf(s, layout)[0]!)) firstDigits.set(digit, (firstDigits.get(digit) ?? 0) + 1);
    expect(firstDigits.size).toBe(16);
    expect(Math.max(...firstDigits.values())).toBeLessThanOrEqual((2 * after.length) / 16);
    expect(fullestShard(["a", "b", "c"], FLAT)).toBe(3);
  });
});
