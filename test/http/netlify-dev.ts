// Where netlify dev's emulation truly differs from Netlify's CDN and our code
// cannot override it, named once for the suites and the differential test
// (docs/API.md#netlify-and-netlify-dev). Each is a behaviour of netlify-cli 26.2.0's
// proxy or static server on paths, or in steps, that no code of ours runs in.
import { expect } from "vitest";
import { runsEdge } from "../../generator/serve/edge-paths.ts";
import type { HttpTarget, TargetName } from "../helpers/targets.ts";

/** netlify dev's static server tags what the CDN serves alone with its own weak ETag (`W/"<length>-<hash>"`). */
export const WEAK_ETAG = /^W\/"[0-9a-f]+-[A-Za-z0-9+/]+"$/;

/** netlify dev's static server refuses every method but GET and HEAD with a plain-text 405, and has no Netlify Forms here. */
export const STATIC_405_MEDIA = "text/plain";

/**
 * The Cache-Control of a stored file the CDN serves alone under a _headers
 * rule that sets one (the search index): netlify dev's static server sends
 * its own `public, max-age=0` instead; Netlify's CDN applies the rule.
 */
export const indexCacheControl = (t: HttpTarget) => (t.name === "netlify" ? /^public, max-age=0/ : /max-age=300/);

/**
 * The Cache-Control of an asset (`/assets/<name>.<hash>.css`), which a
 * _headers rule makes a year's and immutable: netlify dev's static server
 * sends its own `public, max-age=0` instead, as for the search index.
 */
export const assetCacheControl = (t: HttpTarget) => (t.name === "netlify" ? "public, max-age=0" : "public, max-age=31536000, immutable");

/**
 * The Content-Length of a HEAD answer of the edge function: netlify dev's
 * proxy drops the body and states `0`; the preview, Deno and our core state
 * the length of the body a GET gives.
 */
export const headLength = (t: HttpTarget, bytes: number) => (t.name === "netlify" ? "0" : String(bytes));

/**
 * The Content-Length of a body the edge function streams (a file of 256 KB
 * or more, read through unhashed): netlify dev's proxy forwards it chunked,
 * without the length our core states.
 */
export const streamedLength = (t: HttpTarget, bytes: number) => (t.name === "netlify" ? null : String(bytes));

/** The extensions after which netlify dev tries no other path on a 404 (its `assetExtensionRegExp`). */
const ASSET_EXTENSION = /\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/;

/** Whether netlify dev retries a 404 of the edge function at this path: <path>.html, .htm, /index.html, /index.htm (for <path>/: <path>.html, .htm, <path>/index.html, .htm), each through the function. */
export const retries404 = (target: TargetName, pathname: string) => target === "netlify" && runsEdge(pathname) && !ASSET_EXTENSION.test(pathname);

/** The last path netlify dev tries for a 404 at `pathname`. */
const lastRetry = (pathname: string) => (pathname.endsWith("/") ? `${pathname}index.htm` : `${pathname}/index.htm`);

/**
 * On netlify dev, a 404 of the edge function at `path` comes back as the
 * function's answer for `<path>/index.htm` (its last retry): a not-found
 * problem naming that path, whatever the first answer was (the unknown
 * badge's SVG included). Checks that and returns true there; false elsewhere.
 */
export async function isRetried404(t: HttpTarget, res: Response, path: string): Promise<boolean> {
  const url = new URL(path, "http://x");
  if (!retries404(t.name, url.pathname) || res.status !== 404) return false;
  expect(res.headers.get("content-type"), path).toBe("application/problem+json; charset=utf-8");
  expect((await res.clone().json()).instance, path).toBe(`${lastRetry(url.pathname)}${url.search}`);
  return true;
}
