// The edge function's request core: what our code answers on every path the
// Netlify Edge Function serves (serve/edge-paths.ts). It decides the status,
// the media type, every header, the ETag, conditional requests and HEAD
// itself, so Netlify's CDN, netlify dev, the preview and the Deno harness
// cannot disagree. Here is only the dispatch: a preflight, a refused method,
// then the resource the path names in the table (contract/resources.ts),
// answered as the table says (`answered`) by its module in answers/. No Node
// built-ins: it runs under Deno on Netlify's edge.
import { API, resolveApiPath, type Answered, type ApiResourceName } from "../contract/resources.ts";
import { API_METHODS, apiHeaders, PREFLIGHT_HEADERS } from "../contract/headers.ts";
import { problemResponse } from "./respond.ts";
import { isolateStores, type EdgeOptions } from "./isolate.ts";
import type { Asked, EdgeContext, Stores } from "./answers/asked.ts";
import { listAnswer } from "./answers/list.ts";
import { lookupAnswer } from "./answers/lookup.ts";
import { decodedSegment, miss } from "./answers/miss.ts";
import { storedAnswer } from "./answers/stored.ts";

/** Each way of answering the table names, by its module. */
const ANSWERS: Record<Answered, (asked: Asked) => Promise<Response>> = { stored: storedAnswer, list: listAnswer, lookup: lookupAnswer };

/** A lookup's one parameter is the rest of its path, which may hold a "/" of its own (SM-A525F/DS): its prefix and the parameter's name. */
const LOOKUPS = (Object.keys(API) as ApiResourceName[])
  .filter((name) => API[name].answered === "lookup")
  .map((name) => {
    const { path } = API[name];
    return { name, prefix: path.slice(0, path.indexOf("{")), param: path.slice(path.indexOf("{") + 1, -1) };
  });

/** The resource a path names, with its parameters (a lookup's decoded, as the client meant them), or null. */
function resolve(pathname: string): { name: ApiResourceName; params: Record<string, string> } | null {
  for (const { name, prefix, param } of LOOKUPS) {
    if (pathname.startsWith(prefix) && pathname.length > prefix.length) return { name, params: { [param]: decodedSegment(pathname.slice(prefix.length)) } };
  }
  return resolveApiPath(pathname);
}

/** A CORS preflight (If-None-Match is not a CORS-safelisted header, so a conditional fetch from another origin is preflighted). */
function preflight(pathname: string): Response {
  return new Response(null, { status: 204, headers: { ...apiHeaders(pathname), ...PREFLIGHT_HEADERS } });
}

export function createEdgeHandler({ fetch }: EdgeOptions) {
  let stores: Stores | null = null;
  const storesFor = (origin: string) => (stores?.origin === origin ? stores : (stores = isolateStores(fetch, origin)));

  return async function handler(request: Request, context: EdgeContext): Promise<Response> {
    const url = new URL(request.url);
    if (request.method === "OPTIONS") return preflight(url.pathname);
    if (request.method !== "GET" && request.method !== "HEAD") {
      return problemResponse(request, "method-not-allowed", "This is a read-only API: use GET or HEAD.", { headers: { Allow: API_METHODS } });
    }
    const found = resolve(url.pathname);
    if (!found) return miss(request, null, {});
    return ANSWERS[API[found.name].answered]({ request, context, stores: storesFor(url.origin), ...found });
  };
}
