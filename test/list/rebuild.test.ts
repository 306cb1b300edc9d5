// Key-set cursors across a deploy: a walk that starts on one build and ends on
// the next, where records were added and removed between its pages, neither
// skips nor repeats a record that existed throughout.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTo } from "../helpers/build.ts";
import { previewTarget, type HttpTarget } from "../helpers/targets.ts";
import { synthRecords } from "../../generator/synth/generate.ts";
import { compareKeys, queryOf, searchFieldsOf, tierOf } from "../../generator/derive/search.ts";
import { get, publishedOf, type PublishedRecord } from "./contract.ts";
import { recordFiles, removeRecord, synthCatalog } from "./setup.ts";

let before: HttpTarget & { records: PublishedRecord[] };
let after: HttpTarget & { records: PublishedRecord[] };
let removed: string[] = [];
const added: string[] = [];

async function serve(data: string, out: string) {
  const { outDir } = await buildTo(data, "2026-11-22", out);
  return { ...(await previewTarget(outDir)), records: publishedOf(outDir) };
}

beforeAll(async () => {
  const data = synthCatalog(240, 21);
  before = await serve(data, path.join(data, "dist-1"));
  // Between the builds: remove every fifth record (on either side of any cursor), add 60 new ones.
  const files = recordFiles(data).sort();
  removed = files.filter((_, i) => i % 5 === 2).map((f) => f.replace(/\.json$/, ""));
  for (const f of files.filter((_, i) => i % 5 === 2)) removeRecord(data, f);
  const taken = new Set(files.map((f) => f.replace(/\.json$/, "")));
  for (const r of synthRecords(80, 99)
    .filter((r) => !taken.has(r.slug))
    .slice(0, 60)) {
    writeFileSync(path.join(data, "devices", `${r.slug}.json`), JSON.stringify({ ...r, publication: { state: "published" } }, null, 2));
    added.push(r.slug);
  }
  after = await serve(data, path.join(data, "dist-2"));
});
afterAll(async () => {
  await before?.close();
  await after?.close();
});

/** Walks `pagesBefore` pages on the first build, then follows the cursor on the second to the end. */
async function walkAcross(params: Record<string, string>, pagesBefore: number) {
  const slugs: string[] = [];
  let cut = "";
  let cursor: string | null = null;
  for (let page = 0; ; page++) {
    const t = page < pagesBefore ? before : after;
    if (page === pagesBefore) cut = slugs.at(-1)!;
    const p = new URLSearchParams(params);
    if (cursor) p.set("cursor", cursor);
    const res = await get(t, `/api/v1/devices?${p}`);
    expect(res.status).toBe(200);
    const body: any = await res.json();
    slugs.push(...body.devices.map((d: PublishedRecord) => d.slug));
    cursor = body.meta.nextCursor;
    if (!cursor) return { slugs, cut };
  }
}

describe("a walk that spans a rebuild", () => {
  it("the rebuild really added and removed records on both sides of the cursors", () => {
    expect(removed.length).toBeGreaterThan(40);
    expect(added.length).toBe(60);
    expect(after.records.length).toBe(before.records.length - before.records.filter((r) => removed.includes(r.slug)).length + 60);
  });

  for (const limit of ["1", "7", "50"]) {
    it(`plain walk at limit ${limit}: every record of both builds once, in order`, async () => {
      const pagesBefore = Math.ceil(before.records.length / Number(limit) / 2);
      const { slugs, cut } = await walkAcross({ limit }, pagesBefore);
      expect(cut).not.toBe("");
      expect(new Set(slugs).size).toBe(slugs.length);
      expect(slugs).toEqual([...slugs].sort());
      const stayed = before.records.filter((r) => !removed.includes(r.slug)).map((r) => r.slug);
      for (const s of stayed) expect(slugs, s).toContain(s);
      // A record removed before the walk reached it does not appear; one added after the cursor does.
      for (const s of removed.filter((s) => s > cut)) expect(slugs).not.toContain(s);
      for (const s of added.filter((s) => s > cut)) expect(slugs).toContain(s);
    });
  }

  it("search walk: the records matching in both builds appear once, in (tier, slug) order", async () => {
    const q = before.records[0]!.manufacturer;
    const query = queryOf(q);
    const matching = (rs: PublishedRecord[]) => rs.filter((r) => tierOf(query, searchFieldsOf(r)) !== null).map((r) => r.slug);
    const both = matching(before.records).filter((s) => matching(after.records).includes(s));
    expect(both.length).toBeGreaterThan(10);
    const { slugs } = await walkAcross({ q, limit: "4" }, 3);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const s of both) expect(slugs, s).toContain(s);
    const all = [...before.records, ...after.records];
    const keyOf = (s: string) => ({ tier: tierOf(query, searchFieldsOf(all.find((r) => r.slug === s)!))!, slug: s });
    for (let i = 1; i < slugs.length; i++) expect(compareKeys(keyOf(slugs[i - 1]!), keyOf(slugs[i]!))).toBeLessThan(0);
  });

  it("a cursor of the old build that is no page boundary of the new one is computed, not a 404", async () => {
    const first: any = await (await get(before, "/api/v1/devices")).json();
    const res = await get(after, `/api/v1/devices?cursor=${first.meta.nextCursor}`);
    expect(res.status).toBe(200);
    const body: any = await res.json();
    const rest = after.records.map((r) => r.slug).filter((s) => s > first.devices.at(-1).slug);
    expect(body.devices.map((d: PublishedRecord) => d.slug)).toEqual(rest.slice(0, 50));
  });
});
