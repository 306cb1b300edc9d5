// The pages' assets under content-hashed names (`site.css` is served as
// `/assets/site.<hash>.css`), so the CDN may keep them a year without asking
// again (derive/routes.ts: immutable) and a changed file is a new address. The
// browser's scripts are bundled at build time with esbuild from
// generator/browser/: each imports the same derive/ modules the build and the
// edge run (the search's normalization and ranking, the timeline's axis), so
// the browser holds no second copy of them; the stylesheet and the
// corrections form's script are copied from templates/assets/ as they are.
// Files, since the pages' content security policy allows no inline script or
// style. esbuild gives the same bytes for the same sources, so a rebuild
// changes an address only when the asset's content does.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { PAGES } from "../contract/resources.ts";
import type { EmitContext, Emitter } from "./context.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The name a template asks for → the script's entry point. */
const BROWSER_SCRIPTS: Record<string, string> = {
  "search.js": "generator/browser/search.ts",
  "timeline.js": "generator/browser/timeline.ts",
  "fleet.js": "generator/browser/fleet.ts",
  // A classic worker script: the fleet check's matching, off the page's thread.
  "fleet-worker.js": "generator/browser/fleet-worker.ts",
};

/** Copied from templates/assets/ as they are. */
const COPIED = ["site.css", "corrections.js"];

/** `site.css` with these bytes → `site.<first 12 hex digits of their SHA-256>.css`. */
export function hashedName(name: string, bytes: Uint8Array): string {
  const dot = name.lastIndexOf(".");
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 12);
  return `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
}

async function bundle(entry: string): Promise<Uint8Array> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    // A classic script, loaded with defer: no module loader needed.
    format: "iife",
    target: "es2020",
    minify: true,
    legalComments: "none",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.contents;
}

/**
 * Every asset by the name the templates use, with its bytes and the file
 * name it is served at. The pages (emit/pages-render.ts) make them too, for
 * the names alone: esbuild bundles them in a tenth of a second, and each
 * emitter stays independent of the order they run in.
 */
export async function assetFiles(): Promise<Map<string, { file: string; bytes: Uint8Array }>> {
  const entries = await Promise.all([
    ...Object.entries(BROWSER_SCRIPTS).map(async ([name, entry]) => [name, await bundle(entry)] as const),
    ...COPIED.map((name) => [name, new Uint8Array(readFileSync(path.join(ROOT, "templates/assets", name)))] as const),
  ]);
  return new Map(entries.map(([name, bytes]) => [name, { file: hashedName(name, bytes), bytes }]));
}

/** Where a watch session keeps the assets of its last whole build (EmitContext.kept). */
const KEPT = "assets:files";

/**
 * The assets of this run: in a watch session's rebuild in place, those of its
 * last whole build, since a rebuild in place follows an edit of data/ alone
 * (the scripts and the stylesheet are as they were); otherwise made anew.
 */
export async function runAssets({ only, kept }: Pick<EmitContext, "only" | "kept">): Promise<Map<string, { file: string; bytes: Uint8Array }>> {
  const last = kept?.get(KEPT) as Awaited<ReturnType<typeof assetFiles>> | undefined;
  if (only && last) return last;
  const files = await assetFiles();
  kept?.set(KEPT, files);
  return files;
}

export const assets: Emitter = {
  name: "assets",
  async emit(ctx) {
    // In place, the files written by the last whole build are these.
    if (ctx.only && ctx.kept?.has(KEPT)) return;
    for (const { file, bytes } of (await runAssets(ctx)).values()) ctx.out.write(PAGES.asset.file({ file }), bytes);
  },
};
