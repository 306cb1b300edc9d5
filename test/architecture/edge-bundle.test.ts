// The edge functions' budget: each one bundled as a deploy bundles it (esbuild,
// ES module, minified) stays under EDGE_BUDGET_BYTES and carries no zod.
// Netlify gives an edge function about 50 ms of CPU per request, and a cold
// isolate spends part of it loading the bundle; the record schema (zod) once
// made it 478 KB for the sake of one `?year=` check. Cold start itself is
// timed by the benchmark (bench/edge-cold-start.ts), not here.
import { readdirSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const EDGE_FUNCTIONS = path.join(ROOT, "netlify/edge-functions");
const EDGE_BUDGET_BYTES = 60 * 1024;

interface Bundle {
  bytes: number;
  /** The bundle's input modules, relative to the repository. */
  inputs: string[];
}

async function bundle(entry: string): Promise<Bundle> {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    minify: true,
    metafile: true,
    write: false,
    logLevel: "silent",
  });
  return { bytes: result.outputFiles[0]!.contents.byteLength, inputs: Object.keys(result.metafile.inputs) };
}

const zodModules = (b: Bundle) => b.inputs.filter((i) => /(^|\/)node_modules\/zod\//.test(i));

const edgeFunctions = readdirSync(EDGE_FUNCTIONS).filter((f) => f.endsWith(".ts"));

describe("edge function bundles", () => {
  it("finds the edge functions", () => {
    expect(edgeFunctions).toEqual(expect.arrayContaining(["api.ts", "pages.ts"]));
  });

  it.each(edgeFunctions)("%s bundles under 60 KB with no zod module", async (file) => {
    const b = await bundle(path.join(EDGE_FUNCTIONS, file));
    expect(zodModules(b)).toEqual([]);
    expect(b.inputs).not.toContain("generator/schema/record.ts");
    expect(b.bytes).toBeLessThanOrEqual(EDGE_BUDGET_BYTES);
  });

  // The check above can fail: the record schema, which the edge once pulled in, is over budget and full of zod.
  it("would catch the record schema", async () => {
    const b = await bundle(path.join(ROOT, "generator/schema/record.ts"));
    expect(zodModules(b).length).toBeGreaterThan(0);
    expect(b.bytes).toBeGreaterThan(EDGE_BUDGET_BYTES);
  });
});
