// The static layer: what Netlify's CDN does with a build's files when no edge
// function answers, over an injected file reader. The build's _redirects (the
// first rule that matches wins; a rule without `!` gives way to a file at the
// requested path; 301 answers with Location, 200/404/410/429 with the target
// file), _headers (every matching rule, repeated names joined with ", "),
// pretty URLs (`/x` is `/x.html` or `/x/index.html`), the 404 page, a strong
// ETag and 304, HEAD. A POST to a page is answered with the page, as Netlify
// Forms does after storing a submission (this layer stores nothing); any
// other method is 405. Runs under Node and Deno.
import { lookup } from "mime-types";
import { MEDIA } from "../contract/media.ts";
import { problem } from "../contract/problems.ts";
import { API_ROOT, ERROR_PAGES } from "../contract/resources.ts";
import type { NetlifyRules } from "./netlify-rules.ts";
import type { RedirectRule } from "../derive/routes.ts";
import { finish, textResponse } from "./respond.ts";
import { jsonText } from "../contract/json-text.ts";
import { etagOf } from "../derive/etags.ts";

export interface StoredFile {
  body: Uint8Array<ArrayBuffer>;
  /** Its strong ETag (derive/etags.ts); a reader may keep it per file version. */
  etag: string;
}

export interface FileReader {
  /** The regular file at this decoded path under the build's root ("/api/v1/dataset.csv"), or null (missing, a folder, or outside the build). */
  read(path: string): Promise<StoredFile | null>;
}

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** Bindings of `:name` placeholders and a trailing `*` (as `splat`) if `pattern` matches `pathname`. */
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

/**
 * The redirect rules, with the literal ones looked up by path (a build has
 * several per renamed or withdrawn record) and the patterns scanned: the
 * first rule in file order that applies, either way.
 */
class RedirectIndex {
  private readonly literal = new Map<string, number[]>();
  private readonly patterns: number[] = [];

  constructor(private readonly rules: RedirectRule[]) {
    rules.forEach((r, i) => {
      if (/[:*]/.test(r.from)) this.patterns.push(i);
      else this.literal.set(r.from, [...(this.literal.get(r.from) ?? []), i]);
    });
  }

  /** The first rule that applies and its filled-in target; `fileAtPath` tells whether a file shadows a rule without `!`. */
  async resolve(pathname: string, fileAtPath: () => Promise<boolean>): Promise<{ rule: RedirectRule; target: string } | null> {
    const exact = await this.first(pathname, fileAtPath);
    // Netlify matches a rule's path with or without a trailing slash (netlify dev shows it: /devices/<former slug>/ redirects).
    return exact ?? (pathname.length > 1 && pathname.endsWith("/") ? this.first(pathname.slice(0, -1), fileAtPath) : null);
  }

  private async first(pathname: string, fileAtPath: () => Promise<boolean>): Promise<{ rule: RedirectRule; target: string } | null> {
    const hits = this.literal.get(pathname);
    const candidates = hits ? [...hits, ...this.patterns].sort((a, b) => a - b) : this.patterns;
    for (const i of candidates) {
      const rule = this.rules[i]!;
      const params = matchPath(rule.from, pathname);
      if (!params) continue;
      if (!rule.force && (await fileAtPath())) return null;
      return { rule, target: rule.to.replace(/:([a-z_]+)/gi, (m, name: string) => params[name] ?? m) };
    }
    return null;
  }
}

/**
 * A URL path as the file it names, or null when it names none: malformed
 * percent-encoding, or a segment that decodes to a separator or a NUL byte.
 */
function decodedPath(pathname: string): string | null {
  try {
    const segments = pathname.split("/").map(decodeURIComponent);
    return segments.some((s) => /[/\\\0]/.test(s)) ? null : segments.join("/");
  } catch {
    return null;
  }
}

/** Media types by extension; scripts as Netlify names them (mime-types says text/javascript). */
const mediaOf = (file: string) => {
  const type = file.endsWith(".js") ? "application/javascript" : lookup(file);
  return type
    ? type.startsWith("text/") || type === "application/json" || type === "application/javascript"
      ? `${type}; charset=utf-8`
      : type
    : "application/octet-stream";
};

export function createStaticLayer(files: FileReader, rules: NetlifyRules) {
  const redirects = new RedirectIndex(rules.redirects);

  /** Every _headers rule matching one of the paths, each rule once, in file order. */
  const headersFor = (...paths: string[]) => {
    const out: Record<string, string> = {};
    for (const rule of rules.headers) {
      if (!paths.some((p) => rule.forRegExp.test(p))) continue;
      for (const [name, value] of Object.entries(rule.values)) out[name] = name in out ? `${out[name]}, ${value}` : value;
    }
    return out;
  };

  /** The page a path names: the file itself, else `<path>.html`, else `<path>/index.html` (for `/x/`: `/x.html`, `/x/index.html`). */
  const page = async (p: string) => {
    const candidates = p.endsWith("/") ? [...(p === "/" ? [] : [`${p.slice(0, -1)}.html`]), `${p}index.html`] : [p, `${p}.html`, `${p}/index.html`];
    for (const candidate of candidates) {
      const file = await files.read(candidate);
      if (file) return { path: candidate, file };
    }
    return null;
  };

  async function notAllowed(request: Request, pathname: string): Promise<Response> {
    const headers = { ...headersFor(pathname), Allow: "GET, HEAD" };
    if (pathname === API_ROOT.slice(0, -1) || pathname.startsWith(API_ROOT)) {
      const body = jsonText(problem("method-not-allowed", "This address answers only GET and HEAD.", { instance: pathname }));
      return textResponse(request, body, 405, { ...headers, "Content-Type": MEDIA.problem });
    }
    const file = await files.read(ERROR_PAGES.methodNotAllowed);
    return finish(request, {
      status: 405,
      headers: { ...headers, "Content-Type": MEDIA.html },
      body: file?.body ?? new Uint8Array(),
      etag: file?.etag ?? (await etagOf("")),
    });
  }

  return async function staticLayer(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const read = request.method === "GET" || request.method === "HEAD" || request.method === "POST";
    const path = decodedPath(url.pathname);
    if (!read) return notAllowed(request, url.pathname);

    let own: Awaited<ReturnType<typeof page>> | undefined;
    const ownPage = async () => (own === undefined ? (own = path === null ? null : await page(path)) : own);
    // A path whose percent-encoding is malformed names no file, but the rules still see it (the /api/* 404 among them).
    const route = await redirects.resolve(path ?? url.pathname, async () => (await ownPage()) !== null);

    if (route && REDIRECT.has(route.rule.status)) {
      const location = route.target.includes("?") ? route.target : route.target + url.search;
      return new Response(null, { status: route.rule.status, headers: { ...headersFor(url.pathname), Location: location } });
    }
    let status = route ? route.rule.status : 200;
    let served = route ? await files.read(route.target).then((file) => file && { path: route.target, file }) : await ownPage();
    if (!served) {
      const file = await files.read(ERROR_PAGES.notFound);
      served = file && { path: ERROR_PAGES.notFound, file };
      status = 404;
    }
    if (request.method === "POST" && !(status === 200 && served?.path.endsWith(".html"))) return notAllowed(request, url.pathname);
    const answer = served ?? { path: "", file: { body: new TextEncoder().encode("Not Found"), etag: await etagOf("Not Found") } };
    const headers = headersFor(url.pathname, answer.path);
    headers["Content-Type"] ??= served ? mediaOf(served.path) : MEDIA.text;
    // A POST is answered as the GET of the page it was sent to (Netlify Forms).
    const asGet = request.method === "POST" ? new Request(request.url) : request;
    // A stored file answered 200 may be asked for a byte range, as of Netlify's CDN.
    return finish(asGet, { status, headers, body: answer.file.body, etag: answer.file.etag, ranges: request.method !== "POST" });
  };
}
