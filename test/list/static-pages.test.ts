// The plain walks' static pages (every record, and each device type's) and
// the list core agree: for every page the build wrote, the answer computed when no page file is there (in-process and
// under real Deno) is the same bytes with the same ETag.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { STORAGE } from "../../generator/contract/resources.ts";
import { DEVICE_TYPES } from "../../generator/contract/device-types.ts";
import { chainTarget, denoTarget, type HttpTarget } from "../helpers/targets.ts";

const PAGES = path.posix.dirname(STORAGE.listPage(null));
let dist: string;
let targets: HttpTarget[];
beforeAll(async () => {
  dist = inject("listDist");
  targets = await Promise.all([chainTarget(dist), chainTarget(dist, { hide: `${PAGES}/` }), denoTarget(dist, { hide: `${PAGES}/` })]);
});
afterAll(() => Promise.all(targets.map((t) => t.close())));

it("every static page of the plain walks is what the core computes for its URL, byte for byte, with the same ETag", async () => {
  const files = readdirSync(path.join(dist, PAGES));
  expect(files.length).toBeGreaterThan(5);
  // Every type's walk has its first page, named by its type.
  for (const type of DEVICE_TYPES) expect(files).toContain(path.posix.basename(STORAGE.listPage(null, type)));
  for (const file of files) {
    const cursor = file.startsWith("first.") ? null : file.replace(/\.json$/, "");
    const onDisk = readFileSync(path.join(dist, PAGES, file), "utf8");
    // The page says which walk it belongs to; that is the URL whose answer it must be.
    const type: string[] | null = JSON.parse(onDisk).meta.type;
    expect(path.join(PAGES, file)).toBe(STORAGE.listPage(cursor, type?.[0] ?? null));
    const params = new URLSearchParams();
    if (type) params.set("type", type.join(","));
    if (cursor) params.set("cursor", cursor);
    const answers = await Promise.all(targets.map((t) => t.fetch(`/api/v1/devices?${params}`)));
    const etags = new Set(answers.map((a) => a.headers.get("etag")));
    expect(etags.size, file).toBe(1);
    for (const [i, a] of answers.entries()) expect(await a.text(), `${targets[i]!.name} ${file}`).toBe(onDisk);
  }
});
