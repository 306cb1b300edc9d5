// The storage layout at scale, simulated through the threshold: a catalog of
// 280 devices built with a folder limit of 60 entries (the ratio of 250,000
// devices to Netlify's 54,000) spreads its per-device files over subfolders,
// keeps every folder within the limit, declares the pages edge function for
// Netlify, and answers every public URL exactly as the flat build of the same
// catalog does.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { build, type BuildReport } from "../../generator/build.ts";
import { API, PAGES, pathOf } from "../../generator/contract/resources.ts";
import { folderSizes } from "../../generator/emit/folders.ts";
import { SITE, tempDir } from "../helpers/build.ts";
import { chainTarget, type HttpTarget } from "../helpers/targets.ts";
import { publishedOf } from "../list/contract.ts";
import { synthCatalog } from "../list/setup.ts";

const LIMIT = 60;
const site = { ...SITE, now: "2026-11-22" };

let data: string;
const built: Record<"flat" | "sharded", { dist: string; report: BuildReport; target: HttpTarget }> = {} as never;
beforeAll(async () => {
  data = synthCatalog(280, 5);
  for (const [name, maxFolderEntries] of [
    ["flat", undefined],
    ["sharded", LIMIT],
  ] as const) {
    const dist = path.join(tempDir(), "dist");
    const report = await build({ dataDir: data, outDir: dist, site, maxFolderEntries });
    expect(report.ok).toBe(true);
    built[name] = { dist, report, target: await chainTarget(dist) };
  }
});

describe("the storage layout through the threshold", () => {
  it("spreads the per-device files over 16 subfolders and keeps every folder within the limit", async () => {
    const { dist, report } = built.sharded;
    expect(report.layout).toEqual({ shardDigits: 1 });
    expect(built.flat.report.layout).toEqual({ shardDigits: 0 });
    const sizes = await folderSizes(dist);
    expect(sizes[0]!.entries).toBeLessThanOrEqual(LIMIT);
    expect(report.largestFolder).toEqual(sizes[0]);
    expect(sizes.filter((s) => /^devices\/[0-9a-f]$/.test(s.folder))).toHaveLength(16);
    // The identifier lookup's buckets are within the limit too (their count is capped by it).
    expect(sizes.find((s) => s.folder === "api/v1/identifiers")!.entries).toBeLessThanOrEqual(LIMIT);
    // The flat build of the same catalog would not fit: its device pages alone fill one folder.
    expect((await folderSizes(built.flat.dist))[0]!.entries).toBeGreaterThan(LIMIT);
  });

  it("declares the pages edge function on /devices/* for Netlify only when the pages are sharded", () => {
    const config = (dist: string) => path.join(path.dirname(dist), ".netlify/v1/config.json");
    expect(JSON.parse(readFileSync(config(built.sharded.dist), "utf8"))).toEqual({ edge_functions: [{ function: "pages", path: "/devices/*" }] });
    expect(existsSync(config(built.flat.dist))).toBe(false);
  });

  it("answers every device's record, evidence, badge, calendar, page and first model code as the flat build does: same status, media type, ETag and bytes", async () => {
    const published = publishedOf(built.flat.dist);
    const slugs = published.map((r) => r.slug);
    expect(slugs.length).toBeGreaterThan(250);
    const paths = slugs.flatMap((slug) => [API.record, API.evidence, API.badge, API.deviceCalendar, PAGES.device].map((r) => pathOf(r, { device_slug: slug })));
    const codes = published.flatMap((r) =>
      (r.variants as { identifiers?: { value: string }[] }[])
        .flatMap((v) => v.identifiers ?? [])
        .slice(0, 1)
        .map((i) => i.value),
    );
    expect(codes.length).toBeGreaterThan(250);
    paths.push(...codes.map((code) => pathOf(API.identifier, { identifier: encodeURIComponent(code) })), "/api/v1/identifiers/NO-SUCH-CODE");
    paths.push(`/devices/${slugs[0]}/`, "/api/v1/devices?limit=100", "/devices/no-such-device", "/api/v1/devices/no-such-device");
    for (const p of paths) {
      const [a, b] = await Promise.all([built.flat.target.fetch(p), built.sharded.target.fetch(p)]);
      expect([b.status, b.headers.get("content-type"), b.headers.get("etag")], p).toEqual([a.status, a.headers.get("content-type"), a.headers.get("etag")]);
      expect(await b.text(), p).toBe(await a.text());
    }
  });

  it("still redirects a former slug and answers 410 for a withdrawn record, on the page and in the API", async () => {
    const redirects = readFileSync(path.join(built.sharded.dist, "_redirects"), "utf8")
      .split("\n")
      .filter((l) => / (301|410)!$/.test(l));
    expect(redirects.length).toBeGreaterThan(0);
    for (const line of redirects) {
      const from = line.split(/\s+/)[0]!;
      const [a, b] = await Promise.all([built.flat.target.fetch(from), built.sharded.target.fetch(from)]);
      expect([b.status, b.headers.get("location"), await b.text()], from).toEqual([a.status, a.headers.get("location"), await a.text()]);
    }
  });
});
