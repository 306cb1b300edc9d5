// Cold load of the list index, as the edge function does it on its first
// computing request: bytes → text → parseListIndex, in a fresh runtime (no JIT
// warm-up, nothing cached). Runs under Deno (the edge runtime) or Node:
//   deno run --allow-read bench/list-index-load.ts <index.txt>
// Prints {"decodeMs","parseMs","totalMs","records"} as JSON.
import { parseListIndex } from "../generator/derive/list-index.ts";

// deno-lint-ignore no-explicit-any
const g = globalThis as any;
const file: string = g.Deno ? g.Deno.args[0] : g.process.argv[2];
const bytes: Uint8Array = g.Deno ? await g.Deno.readFile(file) : await (await import("node:fs/promises")).readFile(file);

const t0 = performance.now();
const text = new TextDecoder().decode(bytes);
const t1 = performance.now();
const index = parseListIndex(text);
const t2 = performance.now();
console.log(JSON.stringify({ decodeMs: t1 - t0, parseMs: t2 - t1, totalMs: t2 - t0, records: index.slugs.length }));
