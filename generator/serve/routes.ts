// The route table: the one source of truth for URLs, rewrites, redirects and
// response headers. The build writes it out as Netlify's _redirects and
// _headers; the preview server parses those same files back, so production
// and preview cannot drift.
import type { Catalog } from "../derive/catalog.ts";

export const MEDIA = {
  json: "application/json; charset=utf-8",
  problem: "application/problem+json; charset=utf-8",
  csv: "text/csv; charset=utf-8; header=present",
  svg: "image/svg+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  ics: "text/calendar; charset=utf-8",
  html: "text/html; charset=utf-8",
} as const;

/** Five minutes fresh, then stale revalidation; a day of stale-if-error so consumers keep the last good answer. */
export const API_CACHE = "public, max-age=300, stale-while-revalidate=300, stale-if-error=86400";

export interface RedirectRule {
  /** Path pattern: literal segments, `:name` placeholders, a trailing `*` splat. */
  from: string;
  /** Query parameters that must be present, each bound to a `:name` placeholder. */
  query?: Record<string, string>;
  to: string;
  status: 200 | 301 | 404 | 410 | 429;
  /** Apply even if a file exists at `from` (Netlify's `!`). */
  force?: boolean;
}

export interface HeaderRule {
  /** Path pattern with an optional trailing `*`. Content-Type is set by exactly one rule per path. */
  path: string;
  headers: Record<string, string>;
}

const EXPOSED = "ETag, Link, Location, Retry-After, RateLimit, RateLimit-Policy, Deprecation, Sunset";

/**
 * The deprecated /api/devices (docs/list.md#legacy-endpoint). Deprecated since
 * the v1 list's introduction (2026-09-06, RFC 9745 `@<unix seconds>`); a
 * Sunset field (RFC 8594) is sent only once `sunset` (YYYY-MM-DD) is set.
 */
export const LEGACY_API = (() => {
  const deprecatedOn = "2026-09-06";
  const sunset: string | null = null;
  const headers: Record<string, string> = {
    Deprecation: `@${Date.parse(`${deprecatedOn}T00:00:00Z`) / 1000}`,
    Link: '</api/v1/devices>; rel="successor-version", </docs/list#legacy-endpoint>; rel="deprecation"',
  };
  if (sunset) headers.Sunset = new Date(`${sunset}T00:00:00Z`).toUTCString();
  return { deprecatedOn, sunset, headers };
})();

/** What a 429 carries when the platform rewrites to the static answer (values of serve/rate-limit.ts at zero remaining). */
const RATE_LIMITED = {
  "Cache-Control": "no-store",
  "Retry-After": "60",
  "RateLimit-Policy": '"public";q=20;w=60',
  RateLimit: '"public";r=0;t=60',
};

/** The exports' license, relative so one rule serves every deployment (the license page is on the same site). */
const LICENSE_LINK = '</license>; rel="license"';

/** Programs' resources: a content type and the five-minute cache of the spec. */
const cached = (contentType: string) => ({ "Content-Type": contentType, "Cache-Control": API_CACHE });
const WHOLE_DATASET = { ...cached(MEDIA.csv), "Content-Disposition": 'attachment; filename="device-lifecycle-dataset.csv"', Link: LICENSE_LINK };
/** The feed and the calendar live outside /api but are fetched by programs just the same. */
const SUBSCRIPTION_CORS = { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED };

/**
 * Static header rules. Netlify applies every rule that matches a path and
 * joins repeated header names with commas, so no two rules that can match the
 * same path set the same header (a test checks this over a whole build), except
 * Content-Security-Policy, where a comma separates policies that all apply.
 */
export const headerRules: HeaderRule[] = [
  // Every response: no content sniffing, no framing, no full URLs leaked to other sites.
  { path: "/*", headers: { "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY", "Referrer-Policy": "strict-origin-when-cross-origin" } },
  { path: "/api/*", headers: { "Access-Control-Allow-Origin": "*", "Access-Control-Expose-Headers": EXPOSED } },
  { path: "/api/v1/devices", headers: cached(MEDIA.json) },
  { path: "/api/v1/devices/*", headers: cached(MEDIA.json) },
  { path: "/api/v1/evidence/*", headers: cached(MEDIA.json) },
  { path: "/api/v1/schema/*", headers: cached(MEDIA.json) },
  { path: "/api/v1/openapi.json", headers: cached(MEDIA.json) },
  { path: "/api/v1/problems/*", headers: { "Content-Type": MEDIA.problem } },
  { path: "/api/v1/problems/not-found.json", headers: { "Cache-Control": API_CACHE } },
  { path: "/api/v1/problems/gone/*", headers: { "Cache-Control": API_CACHE } },
  { path: "/api/v1/problems/rate-limited", headers: RATE_LIMITED },
  { path: "/api/v1/problems/rate-limited.json", headers: RATE_LIMITED },
  { path: "/api/v1/list/pages/*", headers: cached(MEDIA.json) },
  { path: "/api/v1/list/index.txt", headers: cached("text/plain; charset=utf-8") },
  { path: "/api/devices", headers: { ...cached(MEDIA.json), ...LEGACY_API.headers } },
  { path: "/api/v1/dataset", headers: WHOLE_DATASET },
  { path: "/api/v1/dataset.csv", headers: WHOLE_DATASET },
  // Each year file's download name comes from its own rule (catalogHeaderRules).
  { path: "/api/v1/dataset/*", headers: { ...cached(MEDIA.csv), Link: LICENSE_LINK } },
  // An SVG opened on its own is a document: it may style itself and nothing more. With the
  // site-wide policy this makes two policies, and a browser enforces both.
  { path: "/api/v1/badge/*", headers: { ...cached(MEDIA.svg), "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'" } },
  { path: "/api/v1/calendar/*", headers: cached(MEDIA.ics) },
  { path: "/api/v1/feed/*", headers: cached(MEDIA.atom) },
  // The site search's static index (derive/search-files.ts): read by the home page, not part of the API.
  { path: "/search-index/*", headers: cached(MEDIA.json) },
  { path: "/feed.xml", headers: { ...cached(MEDIA.atom), ...SUBSCRIPTION_CORS } },
  { path: "/support-calendar.ics", headers: { ...cached(MEDIA.ics), ...SUBSCRIPTION_CORS } },
];

/**
 * The content security policy of every response: scripts, styles and fonts
 * only from the site itself (the pages carry no inline code), images and
 * live-search requests also from the API's origin, no plugins, no framing.
 * It names the deployment's origins, so the build writes it (emit/netlify.ts)
 * rather than the static table. Computed API answers are JSON and need none.
 */
export function siteHeaderRules(site: { siteUrl: string; baseUrl: string }): HeaderRule[] {
  const api = new URL(site.baseUrl).origin;
  const sources = new URL(site.siteUrl).origin === api ? "'self'" : `'self' ${api}`;
  const policy = ["default-src 'self'", `img-src ${sources} data:`, `connect-src ${sources}`, `form-action ${sources}`, "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"];
  return [{ path: "/*", headers: { "Content-Security-Policy": policy.join("; ") } }];
}

/** Header rules that depend on the catalog: the download name of each support-year file. */
export function catalogHeaderRules(datasetYears: number[]): HeaderRule[] {
  return datasetYears.map((y) => ({
    path: `/api/v1/dataset/${y}.csv`,
    headers: { "Content-Disposition": `attachment; filename="device-lifecycle-dataset-${y}.csv"` },
  }));
}

/** Rules that hold for every catalog, in the order Netlify evaluates them (first match wins). */
export const staticRedirects: RedirectRule[] = [
  // The list's plain walk: each page a file named by its cursor (serve/list.ts); the edge function computes the rest.
  { from: "/api/v1/devices", query: { cursor: ":cursor" }, to: "/api/v1/list/pages/:cursor.json", status: 200, force: true },
  { from: "/api/v1/devices", to: "/api/v1/list/pages/first.json", status: 200, force: true },
  // Where Netlify's rate limiter rewrites a refused request (netlify/edge-functions/api.ts).
  { from: "/api/v1/problems/rate-limited", to: "/api/v1/problems/rate-limited.json", status: 429, force: true },
  { from: "/api/v1/devices/:slug/evidence", to: "/api/v1/evidence/:slug.json", status: 200 },
  { from: "/api/v1/devices/:slug", to: "/api/v1/devices/:slug.json", status: 200 },
  { from: "/api/v1/dataset", query: { year: ":year" }, to: "/api/v1/dataset/:year.csv", status: 200 },
  { from: "/api/v1/dataset", to: "/api/v1/dataset.csv", status: 200 },
  { from: "/api/v1/badge/:slug", to: "/api/v1/badge/:slug.svg", status: 200 },
  { from: "/api/*", to: "/api/v1/problems/not-found.json", status: 404 },
];

/** The corrections form (templates/corrections.njk): Netlify Forms collects it; the preview only acknowledges it. */
export const CORRECTIONS_FORM = { name: "correction", action: "/corrections/thanks" } as const;

/** The "record withdrawn" badge; the underscore keeps it out of the slug namespace. */
export const WITHDRAWN_BADGE_PATH = "/api/v1/badge/_withdrawn.svg";

/** Per-record rules: former slugs answer 301 to the current path; withdrawn records answer 410. */
export function catalogRedirects(catalog: Catalog): RedirectRule[] {
  const moved = catalog.redirects.flatMap(({ from, to }) => [
    { from: `/api/v1/devices/${from}/evidence`, to: `/api/v1/devices/${to}/evidence`, status: 301 as const, force: true },
    { from: `/api/v1/devices/${from}`, to: `/api/v1/devices/${to}`, status: 301 as const, force: true },
    { from: `/devices/${from}`, to: `/devices/${to}`, status: 301 as const, force: true },
    { from: `/api/v1/badge/${from}`, to: `/api/v1/badge/${to}`, status: 301 as const, force: true },
    { from: `/api/v1/calendar/${from}.ics`, to: `/api/v1/calendar/${to}.ics`, status: 301 as const, force: true },
  ]);
  const gone = catalog.withdrawn.flatMap((r) => [
    { from: `/api/v1/devices/${r.slug}/evidence`, to: `/api/v1/problems/gone/${r.slug}.json`, status: 410 as const, force: true },
    { from: `/api/v1/devices/${r.slug}`, to: `/api/v1/problems/gone/${r.slug}.json`, status: 410 as const, force: true },
    { from: `/api/v1/badge/${r.slug}`, to: WITHDRAWN_BADGE_PATH, status: 410 as const, force: true },
    { from: `/api/v1/calendar/${r.slug}.ics`, to: `/api/v1/problems/gone/${r.slug}.json`, status: 410 as const, force: true },
  ]);
  return [...moved, ...gone];
}

export function allRedirects(catalog: Catalog): RedirectRule[] {
  return [...catalogRedirects(catalog), ...staticRedirects];
}

// ---- The Netlify file formats, written and read back -------------------------

export function formatRedirects(rules: RedirectRule[]): string {
  const lines = rules.map((r) => {
    const query = r.query ? ` ${Object.entries(r.query).map(([k, v]) => `${k}=${v}`).join(" ")}` : "";
    return `${r.from}${query}  ${r.to}  ${r.status}${r.force ? "!" : ""}`;
  });
  return `# Generated by the build from generator/serve/routes.ts; do not edit.\n${lines.join("\n")}\n`;
}

export function parseRedirects(text: string): RedirectRule[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((line) => {
      const parts = line.split(/\s+/);
      const statusText = parts.pop()!;
      const to = parts.pop()!;
      const [from, ...queryParts] = parts;
      const query = queryParts.length ? Object.fromEntries(queryParts.map((q) => q.split("=") as [string, string])) : undefined;
      const force = statusText.endsWith("!");
      return { from: from!, ...(query ? { query } : {}), to, status: Number(statusText.replace("!", "")) as RedirectRule["status"], ...(force ? { force } : {}) };
    });
}

export function formatHeaders(rules: HeaderRule[]): string {
  const blocks = rules.map((r) => `${r.path}\n${Object.entries(r.headers).map(([k, v]) => `  ${k}: ${v}`).join("\n")}`);
  return `# Generated by the build from generator/serve/routes.ts; do not edit.\n${blocks.join("\n")}\n`;
}

export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) rules.push({ path: line.trim(), headers: {} });
    else {
      const i = line.indexOf(":");
      rules[rules.length - 1]!.headers[line.slice(0, i).trim()] = line.slice(i + 1).trim();
    }
  }
  return rules;
}

// ---- Matching, as Netlify does it -------------------------------------------

/** Bindings of `:name` placeholders (and `splat`) if `pattern` matches `pathname`. */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const p = pattern.split("/");
  const s = pathname.split("/");
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i]!;
    if (seg === "*" && i === p.length - 1) {
      if (i >= s.length) return null;
      params.splat = s.slice(i).join("/");
      return params;
    }
    if (i >= s.length) return null;
    if (seg.startsWith(":")) {
      if (!s[i]) return null;
      params[seg.slice(1)] = s[i]!;
    } else if (seg !== s[i]) return null;
  }
  return p.length === s.length ? params : null;
}

export interface RouteResult {
  rule: RedirectRule;
  /** The destination with placeholders filled in. */
  target: string;
}

/** Rules with a literal path looked up by that path, the rest scanned: the first match in file order either way. */
function indexByPath<T>(rules: T[], pathOf: (r: T) => string) {
  const literal = new Map<string, number[]>();
  const patterns: number[] = [];
  rules.forEach((r, i) => {
    const p = pathOf(r);
    if (/[:*]/.test(p)) patterns.push(i);
    else literal.set(p, [...(literal.get(p) ?? []), i]);
  });
  /** Indexes of the rules that may match `pathname`, in file order. */
  return (pathname: string) => {
    const hits = literal.get(pathname);
    return hits ? [...hits, ...patterns].sort((a, b) => a - b) : patterns;
  };
}

/**
 * The redirect rules of a build, ready for lookups: the first rule that applies
 * to a request. A non-forced rule is skipped when a file exists at the
 * requested path (Netlify's shadowing).
 */
export class RouteTable {
  private readonly candidates: (pathname: string) => number[];

  constructor(readonly rules: RedirectRule[]) {
    this.candidates = indexByPath(rules, (r) => r.from);
  }

  resolve(pathname: string, search: URLSearchParams, fileExists: (p: string) => boolean): RouteResult | null {
    for (const i of this.candidates(pathname)) {
      const rule = this.rules[i]!;
      const params = matchPath(rule.from, pathname);
      if (!params) continue;
      if (rule.query) {
        const entries = Object.entries(rule.query);
        if (!entries.every(([k]) => search.has(k))) continue;
        for (const [k, v] of entries) params[v.slice(1)] = search.get(k)!;
      }
      if (!rule.force && fileExists(pathname)) return null;
      const target = rule.to.replace(/:([a-z]+)/gi, (m, name: string) => params[name] ?? m);
      return { rule, target };
    }
    return null;
  }
}

const headerIndexes = new WeakMap<HeaderRule[], (pathname: string) => number[]>();

/** Every header rule matching the path, in file order; a name set by two rules gets both values, comma-joined, as on Netlify. */
export function headersFor(rules: HeaderRule[], pathname: string): Record<string, string> {
  let candidates = headerIndexes.get(rules);
  if (!candidates) headerIndexes.set(rules, (candidates = indexByPath(rules, (r) => r.path)));
  const out: Record<string, string> = {};
  for (const i of candidates(pathname)) {
    if (!matchPath(rules[i]!.path, pathname)) continue;
    for (const [name, value] of Object.entries(rules[i]!.headers)) out[name] = name in out ? `${out[name]}, ${value}` : value;
  }
  return out;
}
