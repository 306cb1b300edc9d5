// What the CDN answers alone (routes.ts), as the build writes it to _headers
// and _redirects and Netlify's own parsers read it back (netlify-rules.ts).
// Netlify applies every _headers rule that matches a path and joins a header
// set by two rules with a comma ("max-age=300, no-store"), so no header may be
// set twice for a path: checked over every path and stored file of the
// resource table and the addresses the API answers at.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { API, FLAT, PAGES, RATE_LIMITED_PATH, STORAGE, type Resource, type StoredResource } from "../contract/resources.ts";
import type { Catalog } from "./catalog.ts";
import type { DeviceRecord } from "../schema/record.ts";
import { loadNetlifyRules } from "../serve/netlify-rules.ts";
import { sampleParams } from "../../test/helpers/resource-params.ts";
import { allRedirects, catalogRedirects, formatHeaders, formatRedirects, headerRules, pathsOf, siteHeaderRules, staticRedirects } from "./routes.ts";

const SITE = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example" };

const REQUEST_PATHS = [
  "/",
  "/devices/alpha-phone",
  "/api/v1/devices",
  "/api/v1/devices/alpha-phone",
  "/api/v1/devices/alpha-phone/evidence",
  "/api/v1/dataset",
  "/api/v1/badge/alpha-phone",
  "/api/v1/problems/rate-limited",
  "/api/devices",
  "/no-such-page",
];

/** Every public path and stored file of the resource table, flat and sharded. */
const TABLE_PATHS = [
  ...[...Object.values(API), ...Object.values(PAGES)].flatMap((r: Resource) => {
    const p = sampleParams(r);
    const at = r.path.replace(/\{([a-z_]+)\}/g, (_, n: string) => p[n]!);
    const file = (r as Partial<StoredResource>).file;
    return file ? [at, file(p, FLAT), file(p, { shardDigits: 2 })] : [at];
  }),
  ...Object.values(STORAGE).map((s) => (typeof s === "function" ? s("alpha-phone") : s)),
  STORAGE.listPage(null),
];

/** The _headers file the build writes (emit/netlify.ts), read back with Netlify's parser. */
async function writtenHeaderRules() {
  const dir = mkdtempSync(path.join(tmpdir(), "dl-routes-"));
  writeFileSync(path.join(dir, "_headers"), formatHeaders([...headerRules, ...siteHeaderRules(SITE)]));
  writeFileSync(path.join(dir, "_redirects"), formatRedirects(staticRedirects));
  return (await loadNetlifyRules(dir)).headers;
}

/** What every stored file under /api carries: the security fields and CORS. */
const STORED_API_FIELDS = [
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "content-security-policy",
  "access-control-allow-origin",
  "access-control-expose-headers",
];

describe("header rules", () => {
  it("never set the same header twice for one path", async () => {
    const rules = await writtenHeaderRules();
    const paths = [...new Set([...TABLE_PATHS, ...REQUEST_PATHS])];
    const repeated: string[] = [];
    for (const p of paths) {
      const seen = new Map<string, string>();
      for (const rule of rules.filter((r) => r.forRegExp.test(p))) {
        for (const name of Object.keys(rule.values)) {
          const key = name.toLowerCase();
          if (seen.has(key)) repeated.push(`${p}: ${name} from ${seen.get(key)} and ${rule.forRegExp}`);
          seen.set(key, String(rule.forRegExp));
        }
      }
    }
    expect(paths.length).toBeGreaterThan(50);
    expect(repeated).toEqual([]);
  });

  it.each([
    ["/devices/alpha-phone", ["x-content-type-options", "x-frame-options", "referrer-policy", "content-security-policy"]],
    ["/api/v1/devices/alpha-phone.json", STORED_API_FIELDS],
    ["/api/v1/problems/not-found.json", [...STORED_API_FIELDS, "content-type"]],
    [RATE_LIMITED_PATH, [...STORED_API_FIELDS, "content-type", "cache-control", "retry-after", "ratelimit-policy", "ratelimit"]],
  ])("%s carries %o", async (p, names) => {
    const rules = await writtenHeaderRules();
    const set = rules.filter((r) => r.forRegExp.test(p)).flatMap((r) => Object.keys(r.values).map((n) => n.toLowerCase()));
    expect(set.sort()).toEqual([...names].sort());
  });

  it.each([
    [SITE, "img-src 'self' https://api.devices.example data:", "connect-src 'self' https://api.devices.example"],
    [{ siteUrl: "http://localhost:8080", baseUrl: "http://localhost:8080/" }, "img-src 'self' data:", "connect-src 'self'"],
  ])("the pages' policy for %o names the API's origin only when it is another", (site, img, connect) => {
    const [rule] = siteHeaderRules(site);
    expect(rule!.path).toBe("/*");
    const policy = rule!.headers["Content-Security-Policy"]!.split("; ");
    expect(policy).toContain(img);
    expect(policy).toContain(connect);
    expect(policy).toEqual(expect.arrayContaining(["default-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]));
  });
});

describe("pathsOf", () => {
  it.each([
    [PAGES.asset, "/assets/*"],
    [PAGES.searchIndex, "/search-index/v2/*"],
    [PAGES.browseTypePage, "/browse/*"],
    [PAGES.license, "/license"],
  ])("%o as a _headers pattern is %s", (r, pattern) => expect(pathsOf(r as Resource)).toBe(pattern));
});

describe("redirect rules", () => {
  const record = (slug: string) => ({ slug }) as DeviceRecord;
  const catalog: Catalog = { published: [record("new-phone")], withdrawn: [record("old-watch")], redirects: [{ from: "old-phone", to: "new-phone" }] };

  it.each([
    ["/api/v1/devices/old-phone", "/api/v1/devices/new-phone", 301],
    ["/api/v1/devices/old-phone/evidence", "/api/v1/devices/new-phone/evidence", 301],
    ["/devices/old-phone", "/devices/new-phone", 301],
    ["/api/v1/badge/old-phone", "/api/v1/badge/new-phone", 301],
    ["/api/v1/shields/old-phone", "/api/v1/shields/new-phone", 301],
    ["/api/v1/calendar/old-phone.ics", "/api/v1/calendar/new-phone.ics", 301],
    ["/api/v1/calendar/no-alarms/old-phone.ics", "/api/v1/calendar/no-alarms/new-phone.ics", 301],
    ["/api/v1/devices/old-watch", "/api/v1/problems/gone/old-watch.json", 410],
    ["/api/v1/devices/old-watch/evidence", "/api/v1/problems/gone/old-watch.json", 410],
    ["/api/v1/calendar/old-watch.ics", "/api/v1/problems/gone/old-watch.json", 410],
    ["/api/v1/calendar/no-alarms/old-watch.ics", "/api/v1/problems/gone/old-watch.json", 410],
    ["/api/v1/badge/old-watch", STORAGE.withdrawnBadge, 410],
    ["/api/v1/shields/old-watch", STORAGE.withdrawnShields, 410],
    ["/devices/old-watch", "/withdrawn/old-watch.html", 410],
  ])("%s → %s (%d, forced)", (from, to, status) => {
    expect(catalogRedirects(catalog)).toContainEqual({ from, to, status, force: true });
  });

  it("a former slug's seven paths and a withdrawn record's seven, then the static rules, in that order", () => {
    const rules = allRedirects(catalog);
    expect(rules).toHaveLength(14 + staticRedirects.length);
    expect(rules.slice(14)).toEqual(staticRedirects);
    expect(catalogRedirects({ published: [record("a")], withdrawn: [], redirects: [] })).toEqual([]);
  });

  it.each([
    [{ from: RATE_LIMITED_PATH, to: STORAGE.rateLimitedProblem, status: 429, force: true }, `${RATE_LIMITED_PATH}  ${STORAGE.rateLimitedProblem}  429!`],
    [{ from: "/api/*", to: STORAGE.notFoundProblem, status: 404, force: false }, `/api/*  ${STORAGE.notFoundProblem}  404`],
  ])("the static rule %o is written as %j", (rule, line) => {
    expect(staticRedirects).toContainEqual(rule);
    expect(formatRedirects([rule]).split("\n")).toEqual(["# Generated by the build from generator/derive/routes.ts; do not edit.", line, ""]);
  });

  it("the written _redirects reads back, rule for rule, with Netlify's parser", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dl-routes-"));
    writeFileSync(path.join(dir, "_redirects"), formatRedirects(allRedirects(catalog)));
    writeFileSync(path.join(dir, "_headers"), formatHeaders(headerRules));
    expect((await loadNetlifyRules(dir)).redirects).toEqual(allRedirects(catalog));
  });
});
