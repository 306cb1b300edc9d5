// One cold start of an edge function bundle, in a fresh Deno process (the
// runtime Netlify's edge runs): the bundle's import, then its first answer.
//   deno run --allow-read bench/edge-cold-start-child.ts <bundle.mjs> <dist> <request path>
// The CDN (context.next) and the same-origin fetch read the built dist/ from
// disk, so the figures are the isolate's own work plus file reads.
// Prints {"importMs","firstAnswerMs","status","bytes"} as JSON.

// deno-lint-ignore no-explicit-any
declare const Deno: any;

const [bundle, dist, requestPath] = Deno.args as [string, string, string];
const ORIGIN = "https://devices.example";

/** A stored file of dist/ by URL path, as the CDN serves a static file; 404 when absent. */
async function stored(url: URL): Promise<Response> {
  try {
    return new Response(await Deno.readFile(`${dist}${decodeURIComponent(url.pathname)}`), { status: 200 });
  } catch {
    return new Response("Not Found", { status: 404 });
  }
}
// The edge function's same-origin fetch is the global one; here it reads dist/.
globalThis.fetch = ((input: URL | string | Request) => stored(new URL(input instanceof Request ? input.url : input))) as typeof fetch;

const t0 = performance.now();
const mod = await import(new URL(bundle, `file://${Deno.cwd()}/`).href);
const t1 = performance.now();
const response: Response = await mod.default(new Request(`${ORIGIN}${requestPath}`), { next: (r: Request) => stored(new URL(r.url)) });
const body = new Uint8Array(await response.arrayBuffer());
const t2 = performance.now();
console.log(JSON.stringify({ importMs: t1 - t0, firstAnswerMs: t2 - t1, status: response.status, bytes: body.byteLength }));
