// The pages edge function's core (netlify/edge-functions/pages.ts): a device
// page of a sharded build, from its file under the build's layout. Apart from
// the API's core (core.ts), so that function's bundle carries none of it.
// No Node built-ins: it runs under Deno on Netlify's edge.
import { SLUG_PATTERN } from "../contract/list-params.ts";
import { PAGES, matchResource, type Layout } from "../contract/resources.ts";
import type { EdgeContext } from "./answers/asked.ts";
import { isolateStores, type EdgeOptions } from "./isolate.ts";

/**
 * The pages edge function (netlify/edge-functions/pages.ts): a device page,
 * /devices/<slug>, from its file under the build's layout. Netlify runs it
 * only where a sharded build declares it (edge-paths.ts netlifyDeployConfig);
 * the request chain runs it on every device page, and on a flat build it
 * passes the request on unchanged. A slug with no page file (a former slug, a
 * withdrawn record, a typo) is passed on too, so the CDN's redirect rules and
 * 404 page answer it as they answer any page.
 */
export function createPageHandler({ fetch }: EdgeOptions) {
  let cache: { origin: string; layout: () => Promise<Layout> } | null = null;
  return async function pageHandler(request: Request, context: EdgeContext): Promise<Response> {
    const url = new URL(request.url);
    const params = matchResource(PAGES.device, url.pathname.replace(/(.)\/$/, "$1"));
    if (!params || !SLUG_PATTERN.test(params.device_slug)) return context.next(request);
    if (cache?.origin !== url.origin) cache = { origin: url.origin, layout: isolateStores(fetch, url.origin).layout };
    const layout = await cache.layout().catch(() => null);
    if (!layout?.shardDigits) return context.next(request);
    const page = await context.next(new Request(new URL(PAGES.device.file(params, layout), url), request));
    if (page.status === 200 || page.status === 304) return page;
    await page.body?.cancel();
    return context.next(request);
  };
}
