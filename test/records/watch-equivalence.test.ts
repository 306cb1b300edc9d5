// Watch mode rewrites in place only what an edit reaches (build.ts,
// emit/record-views.ts). Whatever it skips or redoes, the folder it leaves
// must be the one a fresh full build of the same data and day writes: after
// each kind of edit, every file is compared byte for byte.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build, type WatchMemory } from "../../generator/build.ts";
import { FIXTURES, SITE, tempDir, treeDigests } from "../helpers/build.ts";

const dataDir = tempDir("dl-watch-same-");
const outDir = path.join(dataDir, "dist");
const site = { ...SITE, now: "2026-11-22" };
const memory: WatchMemory = { cache: new Map() };

const edit = (slug: string, f: (r: any) => void) => {
  const file = path.join(dataDir, "devices", `${slug}.json`);
  const r = JSON.parse(readFileSync(file, "utf8"));
  f(r);
  writeFileSync(file, JSON.stringify(r, null, 2));
};

beforeAll(async () => {
  cpSync(path.join(FIXTURES, "devices"), path.join(dataDir, "devices"), { recursive: true });
  cpSync(path.join(FIXTURES, "os"), path.join(dataDir, "os"), { recursive: true });
  expect((await build({ dataDir, outDir, site, watch: memory })).ok).toBe(true);
}, 120_000);

describe("an edit rebuilt in place leaves the bytes a full build writes", () => {
  const cases: [string, string, (r: any) => void][] = [
    ["a commitment's wording", "alpha-phone", (r) => (r.support.os[0].meaning += " (reworded)")],
    ["an end date that turns the verdict to ended", "alpha-phone", (r) => (r.support.security[0].end = { value: "2026-10", precision: "month" })],
    ["a name that moves the record in A–Z order and in the search", "beta-tablet", (r) => (r.name = "Aardvark Tablet")],
    [
      "a revision in a new month, entering the feeds",
      "beta-tablet",
      (r) => r.evidence.revisions.push({ date: "2026-11-20", change: "Renamed", reason: "Maker's name" }),
    ],
    ["a revision moved into a month of its own, archived", "delta-watch", (r) => (r.evidence.revisions[0].date = "2025-03-10")],
    ["that revision moved back, leaving its archive month empty", "delta-watch", (r) => (r.evidence.revisions[0].date = "2026-11-01")],
    ["a model code", "alpha-phone", (r) => (r.variants[0].model = "SM-X999")],
    // Evidence alone: the record, its evidence, page and dumps; no site page, list or index.
    [
      "a source's title and the day it was read",
      "alpha-phone",
      (r) => Object.assign(r.evidence.sources[0], { title: "Update policy (2026)", checked: "2026-11-15" }),
    ],
    // A release date: the device moves on its manufacturer's page, among its charts' years, and in the list's order by release.
    ["a release date that moves the record on its manufacturer's page", "beta-tablet", (r) => (r.released = { value: "2019-03", precision: "month" })],
    ["a withdrawn record's name", "eta-phone", (r) => (r.name = "Eta Phone (withdrawn, renamed)")],
  ];
  it.each(cases)(
    "%s",
    async (_, slug, change) => {
      edit(slug, change);
      const report = await build({ dataDir, outDir, site, watch: memory });
      expect(report.ok).toBe(true);
      // The in-place path, not a whole rebuild.
      expect(report.incremental).toEqual([slug]);
      await sameAsFullBuild();
    },
    120_000,
  );

  it("a manufacturer: rebuilt whole (its pages, feeds and calendars change hands), and the next edit in place again", async () => {
    edit("epsilon-laptop", (r) => (r.manufacturer = "Sample Devices"));
    expect((await build({ dataDir, outDir, site, watch: memory })).incremental).toBeUndefined();
    await sameAsFullBuild();
    edit("epsilon-laptop", (r) => (r.name = "Epsilon Laptop 2"));
    expect((await build({ dataDir, outDir, site, watch: memory })).incremental).toEqual(["epsilon-laptop"]);
    await sameAsFullBuild();
  }, 240_000);
});

/** The watched output against a fresh full build of the same data and day: the files that differ, are missing or were left behind, by name. */
async function sameAsFullBuild(): Promise<void> {
  const fresh = path.join(tempDir("dl-watch-fresh-"), "dist");
  expect((await build({ dataDir, outDir: fresh, site })).ok).toBe(true);
  const [watched, whole] = [treeDigests(outDir), treeDigests(fresh)];
  expect(Object.keys({ ...watched, ...whole }).filter((f) => watched[f] !== whole[f])).toEqual([]);
}
