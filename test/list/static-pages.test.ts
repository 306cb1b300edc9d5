// The plain walk's static pages and the list core agree: for every page the
// build wrote, the answer computed when no page file is there (in-process and
// under real Deno) is the same bytes with the same ETag.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { STORAGE } from "../../generator/contract/resources.ts";
import { chainTarget, denoTarget, type HttpTarget } from "../helpers/targets.ts";

const PAGES = path.posix.dirname(STORAGE.listPage(null));
let dist: string;
let targets: HttpTarget[];
beforeAll(async () => {
  dist = inject("listDist");
  targets = await Promise.all([chainTarget(dist), chainTarget(dist, { hide: `${PAGES}/` }), denoTarget(dist, { hide: `${PAGES}/` })]);
});
afterAll(() => Promise.all(targets.map((t) => t.close())));

it("every static page of the plain walk is what the core computes for its URL, byte for byte, with the same ETag", async () => {
  const files = readdirSync(path.join(dist, PAGES));
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) {
    const cursor = file === "first.json" ? null : file.replace(/\.json$/, "");
    const onDisk = readFileSync(path.join(dist, STORAGE.listPage(cursor)), "utf8");
    const answers = await Promise.all(targets.map((t) => t.fetch(`/api/v1/devices${cursor ? `?cursor=${cursor}` : ""}`)));
    const etags = new Set(answers.map((a) => a.headers.get("etag")));
    expect(etags.size, file).toBe(1);
    for (const [i, a] of answers.entries()) expect(await a.text(), `${targets[i]!.name} ${file}`).toBe(onDisk);
  }
});
