// The edge function's cold start (issue 26): each edge function bundled as a
// deploy bundles it (esbuild, ES module, minified; test/architecture/
// edge-bundle.test.ts holds the size budget), then, in a fresh Deno process
// per run (bench/edge-cold-start-child.ts), the bundle's import and its first
// answer over a built dist/: a record (which also loads the ETag manifest and
// storage layout) and a search (which also loads the list index). 7 runs of
// each, median and worst. Netlify gives an edge function about 50 ms of CPU per
// request; a cold isolate spends its import there.
//   npx tsx bench/edge-cold-start.ts <dist>        prints the result as JSON
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { STORAGE } from "../generator/contract/resources.ts";
import { parseListIndex } from "../generator/derive/list-index.ts";
import { isMain, quantile, ROOT, round } from "./lib.ts";

const RUNS = 7;
const DENO = path.join(ROOT, "node_modules/.bin/deno");

export interface ColdStartFigures {
  /** Median and worst of the runs, in ms. */
  medianMs: number;
  worstMs: number;
}

export interface EdgeColdStartResult {
  /** Minified bundle bytes of each edge function. */
  bundleBytes: Record<string, number>;
  /** The API function's import alone (taken from the record runs). */
  import: ColdStartFigures;
  /** Import plus the first answer: a record, then (in other runs) a search. */
  record: ColdStartFigures;
  search: ColdStartFigures;
  deno: string;
}

async function bundleTo(entry: string, out: string): Promise<number> {
  const r = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    minify: true,
    write: false,
    logLevel: "silent",
  });
  writeFileSync(out, r.outputFiles[0]!.contents);
  return r.outputFiles[0]!.contents.byteLength;
}

const figures = (xs: number[]): ColdStartFigures => ({ medianMs: round(quantile(xs, 0.5), 1), worstMs: round(Math.max(...xs), 1) });

export async function measureEdgeColdStart(dist: string, root = ROOT): Promise<EdgeColdStartResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), "dlr-edge-"));
  try {
    const bundleBytes: Record<string, number> = {};
    for (const name of ["api", "pages"])
      bundleBytes[name] = await bundleTo(path.join(root, `netlify/edge-functions/${name}.ts`), path.join(work, `${name}.mjs`));
    const index = parseListIndex(readFileSync(path.join(dist, STORAGE.listIndex), "utf8"));
    const slug = index.slugs[Math.floor(index.slugs.length / 2)]!;
    const run = (requestPath: string) => {
      const out = execFileSync(
        DENO,
        ["run", "--allow-read", path.join(ROOT, "bench/edge-cold-start-child.ts"), path.join(work, "api.mjs"), dist, requestPath],
        {
          cwd: ROOT,
          encoding: "utf8",
        },
      );
      const r = JSON.parse(out.trim().split("\n").pop()!) as { importMs: number; firstAnswerMs: number; status: number };
      if (r.status !== 200) throw new Error(`edge cold start: ${requestPath} answered ${r.status}`);
      return r;
    };
    const records = Array.from({ length: RUNS }, () => run(`/api/v1/devices/${slug}`));
    const searches = Array.from({ length: RUNS }, () => run(`/api/v1/devices?q=${encodeURIComponent(slug.split("-")[0]!)}`));
    return {
      bundleBytes,
      import: figures(records.map((r) => r.importMs)),
      record: figures(records.map((r) => r.importMs + r.firstAnswerMs)),
      search: figures(searches.map((r) => r.importMs + r.firstAnswerMs)),
      deno: execFileSync(DENO, ["--version"], { encoding: "utf8" }).split("\n")[0]!,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (isMain(import.meta.filename)) {
  const [dist, root] = process.argv.slice(2);
  if (!dist) throw new Error("usage: npx tsx bench/edge-cold-start.ts <dist> [repository root to bundle from]");
  console.log(JSON.stringify(await measureEdgeColdStart(path.resolve(dist), root ? path.resolve(root) : ROOT)));
}
