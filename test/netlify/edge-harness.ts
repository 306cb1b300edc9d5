// The request chain (generator/serve/chain.ts) under real Deno: a Deno.serve
// adapter, so the edge function's core runs in the runtime Netlify runs it in.
//   deno run --allow-net --allow-read --allow-env --allow-sys test/netlify/edge-harness.ts <dist> [--rate-limit] [--hide <path prefix>]
// --hide makes the static layer act as if no file under the prefix existed
// (with /api/v1/list/pages/, the core computes every list answer). Prints
// "listening <port>" once ready.
import { CLIENT_IP_HEADER, createChain } from "../../generator/serve/chain.ts";
import { fileReader } from "../../generator/serve/file-reader.ts";
import { loadNetlifyRules } from "../../generator/serve/netlify-rules.ts";
import { SlidingWindowLimiter } from "../../generator/serve/rate-limit.ts";
import type { FileReader } from "../../generator/serve/static-layer.ts";

// deno-lint-ignore no-explicit-any
declare const Deno: any;

const [dist, ...flags] = Deno.args as string[];
if (!dist) throw new Error("usage: edge-harness.ts <dist> [--rate-limit] [--hide <path prefix>]");
const hidden = flags.includes("--hide") ? flags[flags.indexOf("--hide") + 1]! : null;
const files = fileReader(dist);
const reader: FileReader = hidden ? { read: (p) => (p.startsWith(hidden) ? Promise.resolve(null) : files.read(p)) } : files;
const chain = createChain({ files: reader, rules: await loadNetlifyRules(dist), limiter: flags.includes("--rate-limit") ? new SlidingWindowLimiter() : null });

Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: ({ port }: { port: number }) => console.log(`listening ${port}`) },
  (request: Request, info: { remoteAddr: { hostname: string } }) => {
    const headers = new Headers(request.headers);
    headers.set(CLIENT_IP_HEADER, info.remoteAddr.hostname);
    return chain(new Request(request.url, { method: request.method, headers }));
  },
);
