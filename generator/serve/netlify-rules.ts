// A build's _redirects and _headers, read with Netlify's own parsers (the
// versions netlify-cli 26.2.0 uses), for the static layer that stands in for
// Netlify's CDN. Node and Deno (the parsers read the files with node:fs).
import path from "node:path";
import { parseAllHeaders } from "@netlify/headers-parser";
import { parseAllRedirects } from "@netlify/redirect-parser";
import type { RedirectRule } from "../derive/routes.ts";

export interface HeaderRule {
  /** Netlify's own matcher for the rule's path. */
  forRegExp: RegExp;
  values: Record<string, string>;
}

export interface NetlifyRules {
  redirects: RedirectRule[];
  headers: HeaderRule[];
}

/** The rules of the build in `dir`. A rule the static layer cannot honour (a query or a condition, a proxy) is an error, not ignored. */
export async function loadNetlifyRules(dir: string): Promise<NetlifyRules> {
  const [r, h] = await Promise.all([
    parseAllRedirects({ redirectsFiles: [path.join(dir, "_redirects")], configRedirects: [], minimal: false }),
    parseAllHeaders({ headersFiles: [path.join(dir, "_headers")], configHeaders: [], minimal: false }),
  ]);
  const errors = [...r.errors, ...h.errors];
  if (errors.length) throw new Error(`${dir}: ${errors.map((e: Error) => e.message).join("; ")}`);
  const redirects = (r.redirects as { path?: string; to: string; status?: number; force: boolean; query: object; conditions: object; proxy: boolean }[]).map(
    (rule) => {
      if (!rule.path || rule.proxy || Object.keys(rule.query).length || Object.keys(rule.conditions).length) {
        throw new Error(`${dir}/_redirects: the static layer cannot honour ${JSON.stringify(rule)}`);
      }
      return { from: rule.path, to: rule.to, status: rule.status ?? 301, force: rule.force };
    },
  );
  return { redirects, headers: h.headers.map((x) => ({ forRegExp: (x as { forRegExp: RegExp }).forRegExp, values: x.values })) };
}
