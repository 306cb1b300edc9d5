// The requests of the load run, each with the one status the docs promise
// for it: records, evidence, static and computed list pages, searches and
// their next pages, the legacy list, badges, the CSV (whole and one year),
// the feed and calendars, pages, conditional requests (304), moved and
// withdrawn records (301, 410), and misses and bad input (404, 400).
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

export interface Probe {
  /** What the request is, for the report. */
  name: string;
  path: string;
  headers?: Record<string, string>;
  /** The documented status of this request. */
  expect: number;
}

/** A seeded shuffle (mulberry32), so every run sends the same sequence. */
function shuffled<T>(items: T[], seed: number): T[] {
  let a = seed >>> 0;
  const rand = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Every `n`th of a list, so samples spread over the whole catalog. */
const spread = <T>(xs: T[], count: number) => xs.filter((_, i) => i % Math.max(1, Math.floor(xs.length / count)) === 0).slice(0, count);

/**
 * The mix for a build in `dist`, served (without a rate limit) at `base`:
 * ETags and search cursors are taken from the server's own answers, as a
 * client would. Heavy answers (the whole CSV, the catalog calendar) are rare.
 */
export async function requestMix(dist: string, base: string): Promise<Probe[]> {
  const index = readFileSync(path.join(dist, "api/v1/list/index.txt"), "utf8").split("\n");
  const slugs = index.slice(1, 1 + JSON.parse(index[0]!).count);
  const some = spread(slugs, 40);
  const names = some.map((s) => JSON.parse(readFileSync(path.join(dist, `api/v1/devices/${s}.json`), "utf8")).name as string);
  // Static pages of the walks (the whole catalog's, and each device type's: their meta.type says which), as their URLs.
  const pagesDir = path.join(dist, "api/v1/list/pages");
  const staticPages = spread(
    readdirSync(pagesDir).filter((f) => f !== "first.json"),
    5,
  ).map((f) => {
    const type: string[] | null = JSON.parse(readFileSync(path.join(pagesDir, f), "utf8")).meta.type;
    const params = new URLSearchParams(type ? { type: type.join(",") } : {});
    if (!f.startsWith("first.")) params.set("cursor", f.replace(/\.json$/, ""));
    return `/api/v1/devices?${params}`;
  });
  const redirects = readFileSync(path.join(dist, "_redirects"), "utf8").split("\n");
  const ruled = (status: string) =>
    redirects
      .filter((l) => l.startsWith("/api/v1/devices/") && !l.includes("/evidence") && l.endsWith(` ${status}!`))
      .map((l) => l.split(/\s+/)[0]!)
      .slice(0, 3);
  const year = readdirSync(path.join(dist, "api/v1/dataset"))
    .sort()[0]!
    .replace(/\.csv$/, "");

  const probes: Probe[] = [];
  const add = (name: string, paths: string[], expect: number, copies = 1, headers?: Record<string, string>) => {
    for (let i = 0; i < copies; i++) for (const p of paths) probes.push({ name, path: p, expect, ...(headers ? { headers } : {}) });
  };
  add(
    "record",
    some.map((s) => `/api/v1/devices/${s}`),
    200,
    3,
  );
  add(
    "evidence",
    some.map((s) => `/api/v1/devices/${s}/evidence`),
    200,
  );
  add("list, static page", ["/api/v1/devices", ...staticPages], 200, 4);
  add("list, computed page", ["/api/v1/devices?limit=7", "/api/v1/devices?limit=100", `/api/devices?limit=5`], 200, 4);
  const searches = names.slice(0, 12).map((n) => `/api/v1/devices?${new URLSearchParams({ q: n.split(" ").slice(0, 2).join(" "), limit: "20" })}`);
  add("search", searches, 200, 2);
  const nextPages: string[] = [];
  for (const s of searches.slice(0, 6)) {
    const { meta } = (await (await fetch(base + s)).json()) as { meta: { nextCursor: string | null } };
    const cursor = meta.nextCursor;
    if (cursor) nextPages.push(`${s}&cursor=${cursor}`);
  }
  add("search, next page", nextPages, 200, 2);
  add(
    "badge",
    some.map((s) => `/api/v1/badge/${s}`),
    200,
    2,
  );
  add(
    "device calendar",
    some.slice(0, 10).map((s) => `/api/v1/calendar/${s}.ics`),
    200,
  );
  add("CSV, one year", [`/api/v1/dataset?year=${year}`], 200, 2);
  add("CSV, whole catalog", ["/api/v1/dataset"], 200);
  add("feed", ["/feed.xml"], 200, 2);
  add("catalog calendar", ["/support-calendar.ics"], 200);
  add("page", [...some.slice(0, 20).map((s) => `/devices/${s}`), "/", "/docs/api"], 200);
  add("moved record", ruled("301"), 301, 2);
  add("withdrawn record", ruled("410"), 410, 2);
  add("unknown record", ["/api/v1/devices/no-such-device", "/api/v1/devices/no-such-device/evidence", "/api/v1/nothing-here"], 404, 3);
  add("unknown badge", ["/api/v1/badge/no-such-device"], 404, 3);
  add("unknown page", ["/devices/no-such-device"], 404, 2);
  add("invalid limit", ["/api/v1/devices?limit=0", "/api/v1/devices?limit=1e2"], 400, 2);
  add("invalid cursor", ["/api/v1/devices?cursor=nope"], 400, 2);
  for (const p of [
    ...some.slice(0, 15).map((s) => `/api/v1/devices/${s}`),
    `/api/v1/badge/${some[0]}`,
    searches[0]!,
    "/api/v1/devices",
    "/api/v1/devices?limit=7",
  ]) {
    const res = await fetch(base + p);
    await res.arrayBuffer();
    const etag = res.headers.get("etag");
    if (!etag) throw new Error(`${p} has no ETag`);
    add("conditional (304)", [p], 304, 3, { "If-None-Match": etag });
  }
  return shuffled(probes, 20261122);
}
