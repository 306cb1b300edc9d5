// The Netlify Edge Function in front of the public endpoints. Edge functions
// run before _redirects and static files, so this one
// - carries the public rate limit (20 requests a minute per client, Netlify enforces `config.rateLimit`);
// - answers the list (/api/v1/devices, /api/devices) with the same core the build wrote the static
//   pages with: the static page when one exists for the request, a computed answer otherwise;
// - turns a 404 from the static layer on /api/* into the JSON answer the preview gives (core.ts);
// - answers CORS preflights and refuses other methods than GET and HEAD, as the preview does;
// - passes everything else through untouched.
// It runs under Deno: the core it imports uses no Node built-ins.
import { answerApiMiss, answerMethod, isApiPath } from "../../generator/serve/core.ts";
import { parseListIndex, type ListIndex } from "../../generator/derive/list-index.ts";
import { STORAGE } from "../../generator/contract/resources.ts";
import { handleList, isListPath, itemReader, recordFile, type ListSource } from "../../generator/serve/list.ts";

/** The part of Netlify's Context this function uses (no dependency on @netlify/edge-functions). */
export interface EdgeContext {
  next(request?: Request): Promise<Response>;
}

// One index and one item cache per isolate (an isolate serves one deploy),
// read on the first list request that has to compute.
let cached: { origin: string; index: Promise<ListIndex> | null; items: ListSource["items"] } | null = null;

async function fetchText(url: URL): Promise<string> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url.pathname} answered ${r.status}`);
  return r.text();
}

function sourceFor(request: Request): ListSource {
  const origin = new URL(request.url).origin;
  if (!cached || cached.origin !== origin) cached = { origin, index: null, items: itemReader((slug) => fetchText(new URL(recordFile(slug), origin))) };
  const entry = cached;
  return {
    index() {
      if (!entry.index) {
        entry.index = fetchText(new URL(STORAGE.listIndex, origin)).then(parseListIndex);
        entry.index.catch(() => (entry.index = null)); // retried by the next request
      }
      return entry.index;
    },
    items: entry.items,
  };
}

export default async function handler(request: Request, context: EdgeContext): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  const refused = await answerMethod(request);
  if (refused) return refused;
  if (isListPath(pathname)) {
    return handleList(request, sourceFor(request), async () => {
      const r = await context.next();
      return r.status === 404 ? null : r;
    });
  }
  if (!isApiPath(pathname)) return undefined;
  const r = await context.next();
  return r.status === 404 ? answerApiMiss(request) : r;
}

// Kept literal for Netlify's config extraction; test/list/edge.test.ts checks it against serve/rate-limit.ts.
export const config = {
  path: ["/api/*", "/feed.xml", "/support-calendar.ics"],
  // The files this function fetches itself (record files, list index and pages) and the 429 answer.
  excludedPath: ["/api/v1/devices/*.json", "/api/v1/list/*", "/api/v1/problems/*"],
  rateLimit: {
    windowLimit: 20,
    windowSize: 60,
    aggregateBy: ["ip", "domain"],
    action: "rewrite",
    to: "/api/v1/problems/rate-limited",
  },
};
