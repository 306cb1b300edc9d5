// The request chain, web-standard (Request) → Promise<Response>, in the order
// Netlify runs a request: (1) the rate limit, for the edge function's paths;
// (2) the edge function's core (core.ts), for those paths, or the pages edge
// function's (device-pages.ts) for the device pages, whose context.next() is
// (3) the static layer (static-layer.ts) that stands in for Netlify's CDN over
// the build's files. The preview server (preview.ts) and
// the Deno harness (test/netlify/edge-harness.ts) are thin adapters around it;
// the Netlify edge function exports the same core (netlify/edge-functions/).
import { API, STORAGE, matchResource } from "../contract/resources.ts";
import { createEdgeHandler } from "./core.ts";
import { createPageHandler } from "./device-pages.ts";
import { runsEdge, runsPagesEdge } from "./edge-paths.ts";
import type { NetlifyRules } from "./netlify-rules.ts";
import { rateLimitedResponse, type SlidingWindowLimiter } from "./rate-limit.ts";
import { createStaticLayer, type FileReader } from "./static-layer.ts";

/**
 * The request header the client's address comes in, as on Netlify: adapters
 * set it from the connection (overwriting whatever the client sent).
 */
export const CLIENT_IP_HEADER = "x-nf-client-connection-ip";

export interface ChainOptions {
  files: FileReader;
  rules: NetlifyRules;
  /** Enforces the public rate limit when given; per client IP address and domain, as Netlify aggregates. */
  limiter?: SlidingWindowLimiter | null;
}

export function createChain({ files, rules, limiter }: ChainOptions): (request: Request) => Promise<Response> {
  const staticLayer = createStaticLayer(files, rules);
  // The core's own reads of shared storage go through the whole chain, as a same-origin fetch goes through Netlify's.
  const edge = createEdgeHandler({ fetch: (url) => chain(new Request(url)) });
  // Netlify runs it only when a sharded build declares it; on a flat build it passes every request on, so running it always answers alike.
  const pages = createPageHandler({ fetch: (url) => chain(new Request(url)) });
  const context = { next: staticLayer };

  async function limited(request: Request, pathname: string): Promise<Response | null> {
    // A preflight is not counted: refused with 429, it looks like a CORS failure and the page cannot read Retry-After.
    if (!limiter || request.method === "OPTIONS") return null;
    const verdict = limiter.take(`${request.headers.get(CLIENT_IP_HEADER) ?? ""}|${new URL(request.url).host}`);
    if (verdict.ok) return null;
    const badge = matchResource(API.badge, pathname);
    const svg = badge && (await files.read(STORAGE.rateLimitedBadge));
    return rateLimitedResponse(request, verdict, badge && svg ? { svg: svg.body, params: badge } : null);
  }

  async function chain(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (runsPagesEdge(pathname)) return pages(request, context);
    if (!runsEdge(pathname)) return staticLayer(request);
    return (await limited(request, pathname)) ?? edge(request, context);
  }
  return chain;
}
