// What Netlify's CDN answers by itself, written by the build as _redirects
// and _headers (emit/netlify.ts) and read back with Netlify's own parsers by
// the static layer: former slugs (301), withdrawn records (410), the rate
// limiter's 429, the 404 of a stored path that names no file, and the headers
// of pages, assets and stored files. The API's answers carry headers the edge
// function sets itself (headers.ts): Netlify applies no _headers rule to them.
import type { Catalog } from "./catalog.ts";
import { MEDIA, NO_STORE } from "../contract/media.ts";
import { API_ROOT, PAGES, PER_DEVICE, RATE_LIMITED_PATH, STORAGE, pathOf, type Resource } from "../contract/resources.ts";
import { CORS_HEADERS, SECURITY_HEADERS } from "../contract/headers.ts";
import { RATE_LIMIT, rateLimitFields } from "../contract/rate-limit.ts";

export interface RedirectRule {
  /** The path pattern: literal segments, `:name` placeholders, a trailing `*` splat. */
  from: string;
  to: string;
  status: number;
  /** Applies even when a file exists at the requested path (Netlify's `!`). */
  force: boolean;
}

export interface HeaderRule {
  /** Path pattern with an optional trailing `*`. */
  path: string;
  headers: Record<string, string>;
}

/** Every path in a stored file's folder. */
const inFolderOf = (file: string) => `${file.slice(0, file.lastIndexOf("/"))}/*`;

/** A resource's paths as a _headers pattern: the path itself, or every path from its first placeholder's segment on. */
export const pathsOf = (r: Resource) => (r.path.includes("{") ? `${r.path.slice(0, r.path.lastIndexOf("/", r.path.indexOf("{")))}/*` : r.path);

/** What the 429 the platform rewrites to carries (the chain's values at zero remaining; Netlify does not say when the window frees). */
const RATE_LIMITED = {
  "Cache-Control": NO_STORE,
  "Retry-After": String(RATE_LIMIT.windowSeconds),
  ...rateLimitFields({ ok: false, remaining: 0, resetSeconds: RATE_LIMIT.windowSeconds }),
};

/**
 * Header rules of what the CDN answers alone. Netlify applies every rule that
 * matches a path and joins repeated header names with commas, so no two rules
 * that can match the same path set the same header (a test checks this over a
 * whole build).
 */
export const headerRules: HeaderRule[] = [
  { path: "/*", headers: SECURITY_HEADERS },
  // Stored files fetched across origins, and the rate limiter's answer.
  { path: `${API_ROOT}*`, headers: CORS_HEADERS },
  { path: inFolderOf(STORAGE.rateLimitedProblem), headers: { "Content-Type": MEDIA.problem } },
  { path: RATE_LIMITED_PATH, headers: RATE_LIMITED },
  // The site's files with a cache policy of their own (the assets, the search and fleet indexes); the pages keep Netlify's default (revalidate each view).
  ...Object.values(PAGES as Record<string, Resource>).flatMap((r) => (r.cache ? [{ path: pathsOf(r), headers: { "Cache-Control": r.cache } }] : [])),
];

/**
 * The content security policy of every page: scripts, styles and fonts only
 * from the site itself (the pages carry no inline code), images and
 * live-search requests also from the API's origin, no plugins, no framing.
 * It names the deployment's origins, so the build writes it (emit/netlify.ts)
 * rather than the static table. API answers carry their own (headers.ts).
 * Links within the pages are root-relative ('self' is whichever origin
 * serves the build).
 */
export function siteHeaderRules(site: { siteUrl: string; baseUrl: string; noindex?: boolean }): HeaderRule[] {
  const api = new URL(site.baseUrl).origin;
  const sources = new URL(site.siteUrl).origin === api ? "'self'" : `'self' ${api}`;
  const policy = [
    "default-src 'self'",
    `img-src ${sources} data:`,
    `connect-src ${sources}`,
    `form-action ${sources}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  // A deploy preview or branch deploy (derive/site.ts) asks search engines to keep it out of their index; robots.txt still lets them fetch it, or they would never see this.
  const robots: Record<string, string> = site.noindex ? { "X-Robots-Tag": "noindex" } : {};
  return [{ path: "/*", headers: { "Content-Security-Policy": policy.join("; "), ...robots } }];
}

/** Rules that hold for every catalog, after the catalog's own (Netlify evaluates them in order; the first match wins). */
export const staticRedirects: RedirectRule[] = [
  // Where Netlify's rate limiter rewrites a refused request (serve/edge-paths.ts).
  { from: RATE_LIMITED_PATH, to: STORAGE.rateLimitedProblem, status: 429, force: true },
  // A stored path under /api that names no file (the edge function does not run there).
  { from: `${API_ROOT}*`, to: STORAGE.notFoundProblem, status: 404, force: false },
];

/** The corrections form (templates/corrections.njk): Netlify Forms collects it; the preview only acknowledges it. */
export const CORRECTIONS_FORM = { name: "correction", action: PAGES.correctionsThanks.path } as const;

/**
 * Per-record rules at every resource named by a device's slug (the resource
 * table's PER_DEVICE): a former slug answers 301 to the same resource under
 * the current slug; a withdrawn record's slug answers 410 with the body the
 * table names (the edge function asks these rules on a miss).
 */
export function catalogRedirects(catalog: Catalog): RedirectRule[] {
  const at = (r: Resource, slug: string) => pathOf(r, { device_slug: slug });
  const moved = catalog.redirects.flatMap(({ from, to }) => PER_DEVICE.map((r) => ({ from: at(r, from), to: at(r, to), status: 301, force: true })));
  const gone = catalog.withdrawn.flatMap(({ slug }) => PER_DEVICE.map((r) => ({ from: at(r, slug), to: r.device.withdrawn(slug), status: 410, force: true })));
  return [...moved, ...gone];
}

export function allRedirects(catalog: Catalog): RedirectRule[] {
  return [...catalogRedirects(catalog), ...staticRedirects];
}

// ---- The Netlify file formats (read back by netlify-rules.ts) ---------------

export function formatRedirects(rules: RedirectRule[]): string {
  const lines = rules.map((r) => `${r.from}  ${r.to}  ${r.status}${r.force ? "!" : ""}`);
  return `# Generated by the build from generator/derive/routes.ts; do not edit.\n${lines.join("\n")}\n`;
}

export function formatHeaders(rules: HeaderRule[]): string {
  const blocks = rules.map(
    (r) =>
      `${r.path}\n${Object.entries(r.headers)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join("\n")}`,
  );
  return `# Generated by the build from generator/derive/routes.ts; do not edit.\n${blocks.join("\n")}\n`;
}
