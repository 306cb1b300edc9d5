// A small stand-in for Netlify's request chain, run under real Deno:
//   deno run --allow-net --allow-read test/netlify/edge-harness.ts <dist>
// Requests matching the edge function's config.path (minus excludedPath) go to
// netlify/edge-functions/api.ts, whose context.next() is the static layer:
// dist/ steered by dist/_redirects and dist/_headers (first rule wins, 200
// rewrites, 301/404/410/429 statuses), as Netlify's CDN does. A rewrite to a
// missing file is a plain-text 404, as on Netlify without a custom 404 page.
// With EDGE_HARNESS_NO_STATIC_LIST=1 the static layer has no list pages, so the
// edge function computes every list answer (to compare with the static pages).
// Prints "listening <port>" once ready.
import handler, { config } from "../../netlify/edge-functions/api.ts";
import { RouteTable, headersFor, parseHeaders, parseRedirects } from "../../generator/serve/routes.ts";
import { etagMatches, etagOf } from "../../generator/serve/respond.ts";
import { pathPatternMatches } from "../../generator/serve/rate-limit.ts";
import { isListPath } from "../../generator/serve/list.ts";

// deno-lint-ignore no-explicit-any
declare const Deno: any;

const dist: string = Deno.args[0];
if (!dist) throw new Error("usage: edge-harness.ts <dist>");
const routes = new RouteTable(parseRedirects(await Deno.readTextFile(`${dist}/_redirects`)));
const headerRules = parseHeaders(await Deno.readTextFile(`${dist}/_headers`));

function fileOf(p: string): string | null {
  try {
    const decoded = decodeURIComponent(p);
    // Like a CDN, never serve outside the published folder (an encoded "..%2f" decodes to "../").
    if (decoded.split("/").includes("..") || decoded.includes("\0")) return null;
    const abs = `${dist}${decoded}`;
    return Deno.statSync(abs).isFile ? abs : null;
  } catch {
    return null;
  }
}

async function staticLayer(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const route = routes.resolve(url.pathname, url.searchParams, (p) => fileOf(p) !== null);
  if (route?.rule.status === 301) return new Response(null, { status: 301, headers: { Location: route.target + url.search } });
  const target = route && route.rule.status !== 404 ? route.target : url.pathname;
  const file = fileOf(target) ?? (route?.rule.status === 404 ? fileOf(route.target) : null);
  if (!file) return notFound();
  const bytes: Uint8Array<ArrayBuffer> = await Deno.readFile(file);
  const headers = new Headers({ ...headersFor(headerRules, url.pathname), ...headersFor(headerRules, target) });
  headers.set("ETag", await etagOf(bytes, file.slice(file.lastIndexOf("."))));
  const status = route?.rule.status ?? 200;
  if (status === 200 && etagMatches(request.headers.get("If-None-Match"), headers.get("ETag")!)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : bytes, { status, headers });
}

const list = (x: string | string[]) => (Array.isArray(x) ? x : [x]);
const runsEdge = (pathname: string) =>
  list(config.path).some((p) => pathPatternMatches(p, pathname)) && !list(config.excludedPath).some((p) => pathPatternMatches(p, pathname));

const noStaticList = Deno.env.get("EDGE_HARNESS_NO_STATIC_LIST") === "1";
const notFound = () => new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

Deno.serve(
  { hostname: "127.0.0.1", port: Number(Deno.env.get("PORT") ?? 0), onListen: ({ port }: { port: number }) => console.log(`listening ${port}`) },
  async (request: Request) => {
    const { pathname } = new URL(request.url);
    if (runsEdge(pathname)) {
      const r = await handler(request, { next: async () => (noStaticList && isListPath(pathname) ? notFound() : staticLayer(request)) });
      if (r) return r;
    }
    return staticLayer(request);
  },
);
