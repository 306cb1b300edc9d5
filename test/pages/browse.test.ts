// The A–Z pages scale with the catalog: a hundred devices a page, every
// published device on exactly one page, linked in order. Plain HTML, read back
// over HTTP from the preview.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalize } from "../../generator/derive/search.ts";
import { synthRecords } from "../../generator/synth/generate.ts";
import { buildTo, servePreview, tempDir, type Preview } from "../helpers/build.ts";

const COUNT = 250;

describe("browse pages over a 250-record catalog", () => {
  const records = synthRecords(COUNT, 7);
  const published = records.filter((r) => r.publication.state === "published").length;
  let preview: Preview;
  beforeAll(async () => {
    const data = tempDir();
    mkdirSync(path.join(data, "devices"));
    for (const r of records) writeFileSync(path.join(data, "devices", `${r.slug}.json`), JSON.stringify(r));
    preview = await servePreview((await buildTo(data)).outDir);
  });
  afterAll(() => preview?.close());

  it("lists every device once, in name order, across linked pages", async () => {
    const names: string[] = [];
    const slugs: string[] = [];
    const pages: string[] = [];
    let next: string | null = "/browse/";
    while (next) {
      const res = await fetch(preview.url + next);
      expect(res.status, next).toBe(200);
      expect(res.headers.get("content-security-policy")).toMatch(/default-src 'self'/);
      const html = await res.text();
      pages.push(next);
      for (const m of html.matchAll(/<li><a href="[^"]*\/devices\/([^"]+)">([^<]+)<\/a>/g)) {
        slugs.push(m[1]!);
        names.push(m[2]!);
      }
      const rel = /<a rel="next" href="(\/[^"]+)">/.exec(html);
      next = rel ? rel[1]! : null;
    }
    expect(pages).toEqual(["/browse/", "/browse/2", "/browse/3"]);
    expect(published).toBeGreaterThan(200);
    expect(names).toHaveLength(published);
    expect(new Set(slugs).size).toBe(published);
    const keys = names.map(normalize);
    expect(keys).toEqual([...keys].sort());
    const last = await (await fetch(`${preview.url}/browse/3`)).text();
    expect(last).toContain('<a rel="prev" href="/browse/2">');
    expect(last).not.toContain('rel="next"');
  });
});
