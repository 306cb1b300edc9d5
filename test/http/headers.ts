// Response headers as any client sees them, on every target serving the
// fixture catalog, checked against what a sound policy needs rather than
// against the policy's current text:
// - HTML pages: a Content-Security-Policy whose scripts exclude inline code,
//   eval and whole schemes, no plugins, a fixed <base>, no framing
//   (frame-ancestors 'none' or X-Frame-Options DENY), nosniff, and a
//   Referrer-Policy that never sends a full URL to another origin;
// - API answers: nosniff, readable from any origin, a policy under which the
//   answer opened on its own runs no script; and every header the build's
//   _headers names for the path set by the answer itself (netlify dev adds
//   the _headers value of any name the edge function leaves unset; Netlify
//   applies none to an edge function's answer).
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNetlifyRules } from "../../generator/serve/netlify-rules.ts";
import type { HttpTarget } from "../helpers/targets.ts";
import { isRetried404, assetCacheControl } from "./netlify-dev.ts";

/** One CSP as directive → sources (the first occurrence of a directive wins, as browsers read it). */
function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), sources);
  }
  return out;
}

/** The sources a fetch directive falls back to: itself, else default-src (CSP 3 §6.8.3). */
const effective = (csp: Map<string, string[]>, directive: string) => csp.get(directive) ?? csp.get("default-src");

/**
 * Whether the Content-Security-Policy field forbids what `holds` checks for.
 * Several policies (several rules setting the header, which Netlify joins with
 * commas) are all enforced, so one policy that holds is enough.
 */
function enforced(field: string | null, holds: (csp: Map<string, string[]>) => boolean): boolean {
  return (field ?? "").split(",").map(directives).some(holds);
}

const same = (a: string[] | undefined, b: string[]) => a?.join(" ") === b.join(" ");

export const PAGES = {
  "device page": "/devices/alpha-phone",
  "home page": "/",
  "docs page": "/docs/api",
  "404 page": "/devices/no-such-device",
};

const API = {
  record: "/api/v1/devices/alpha-phone",
  "computed list page": "/api/v1/devices?q=phone",
  "problem (computed 404)": "/api/v1/devices/no-such-device",
  "problem (static 410)": "/api/v1/devices/eta-phone",
  CSV: "/api/v1/dataset",
  NDJSON: "/api/v1/devices.ndjson",
  SQLite: "/api/v1/dataset.sqlite",
  badge: "/api/v1/badge/alpha-phone",
  shields: "/api/v1/shields/alpha-phone",
  "shields (withdrawn)": "/api/v1/shields/eta-phone",
  "badge (unknown device)": "/api/v1/badge/no-such-device",
  "badge (withdrawn)": "/api/v1/badge/eta-phone",
  feed: "/feed.xml",
  calendar: "/support-calendar.ics",
};

const BADGES = ["badge", "badge (unknown device)", "badge (withdrawn)"] as const;

/** Referrer policies that never send a path or query to another origin. */
const STRICT_REFERRER = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];

/** Answers of the edge function that are not a 200 of a stored file. */
const OTHER_ANSWERS = {
  "moved (301)": "/api/v1/devices/epsilon-book",
  "bad year (400)": "/api/v1/dataset?year=20x5",
  "legacy list": "/api/devices?limit=2",
  "unknown path (404)": "/api/v1/nothing-here",
};

export function headersSuite(target: () => HttpTarget) {
  const get = (path: string, method = "GET") => target().fetch(path, { method });

  describe("HTML pages", () => {
    for (const [name, path] of Object.entries(PAGES)) {
      describe(name, () => {
        let headers: Headers;
        beforeAll(async () => {
          const res = await get(path);
          expect(res.headers.get("content-type")).toMatch(/^text\/html/);
          headers = res.headers;
        });

        it("has a CSP whose scripts are the site's own files only: no inline code, no eval, no whole schemes or hosts", () => {
          const field = headers.get("content-security-policy");
          const BAD = ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*", "data:", "http:", "https:", "blob:"];
          expect(
            enforced(field, (csp) => effective(csp, "script-src")?.every((source) => !BAD.includes(source)) ?? false),
            `${field}`,
          ).toBe(true);
        });

        it("allows no plugins and no <base> from elsewhere", () => {
          const field = headers.get("content-security-policy");
          expect(
            enforced(field, (csp) => same(effective(csp, "object-src"), ["'none'"])),
            `object-src: ${field}`,
          ).toBe(true);
          expect(
            enforced(field, (csp) => same(csp.get("base-uri"), ["'none'"]) || same(csp.get("base-uri"), ["'self'"])),
            `base-uri: ${field}`,
          ).toBe(true);
        });

        it("cannot be framed: frame-ancestors 'none' or X-Frame-Options DENY", () => {
          const framedBy = enforced(headers.get("content-security-policy"), (csp) => same(csp.get("frame-ancestors"), ["'none'"]));
          expect(framedBy || headers.get("x-frame-options")?.toUpperCase() === "DENY").toBe(true);
        });

        it("is never sniffed, and sends no full URL to other sites", () => {
          expect(headers.get("x-content-type-options")).toBe("nosniff");
          expect(STRICT_REFERRER).toContain(headers.get("referrer-policy"));
        });
      });
    }
  });

  describe("API answers", () => {
    for (const [name, path] of Object.entries(API)) {
      it(`${name}: nosniff, and never HTML`, async () => {
        const res = await get(path);
        expect(res.status).toBeLessThan(500);
        expect(res.headers.get("x-content-type-options"), name).toBe("nosniff");
        expect(res.headers.get("content-type"), name).not.toMatch(/html/);
      });
    }

    for (const name of BADGES) {
      it(`${name}: opened directly, the SVG can run no script (CSP script-src 'none')`, async () => {
        const res = await get(API[name]);
        if (await isRetried404(target(), res, API[name])) return;
        expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
        const field = res.headers.get("content-security-policy");
        expect(
          enforced(field, (csp) => same(effective(csp, "script-src"), ["'none'"])),
          `${name}: ${field}`,
        ).toBe(true);
      });
    }
  });

  it("every API answer sets, itself, each header the build's _headers names for its path", async () => {
    const { headers: rules } = await loadNetlifyRules(target().dist);
    const paths = [...Object.values(API), ...Object.values(OTHER_ANSWERS)];
    const unset: string[] = [];
    for (const [path, method] of [...paths.map((p) => [p, "GET"]), ...paths.map((p) => [p, "OPTIONS"]), ["/api/v1/devices", "POST"]] as const) {
      const res = await get(path, method);
      const pathname = path.split("?")[0]!;
      for (const rule of rules.filter((r) => r.forRegExp.test(pathname))) {
        for (const name of Object.keys(rule.values)) if (!res.headers.has(name)) unset.push(`${method} ${path}: ${name}`);
      }
    }
    expect(unset).toEqual([]);
  });

  it("API answers are readable from any origin, and opened on their own run no script", async () => {
    for (const path of [...Object.values(API), ...Object.values(OTHER_ANSWERS)]) {
      const res = await get(path);
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      expect(res.headers.get("access-control-expose-headers"), path).toContain("ETag");
      const field = res.headers.get("content-security-policy");
      expect(
        enforced(field, (csp) => same(effective(csp, "script-src"), ["'none'"])),
        `${path}: ${field}`,
      ).toBe(true);
    }
  });

  it("serves every asset a page loads under a content-hashed name, cached a year as immutable, while the pages revalidate", async () => {
    const assets = new Set<string>();
    for (const path of Object.values(PAGES)) {
      const res = await get(path);
      expect(res.headers.get("cache-control") ?? "", path).not.toMatch(/max-age=[1-9]|immutable/);
      for (const m of (await res.text()).matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)) assets.add(m[1]!);
    }
    expect(assets.size).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset).toMatch(/^\/assets\/[a-z-]+\.[0-9a-f]{12}\.(css|js)$/);
      const res = await get(asset);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get("cache-control"), asset).toBe(assetCacheControl(target()));
      const hash = createHash("sha256")
        .update(new Uint8Array(await res.arrayBuffer()))
        .digest("hex")
        .slice(0, 12);
      expect(asset, "the name's hash is the content's").toContain(`.${hash}.`);
    }
  });
}
