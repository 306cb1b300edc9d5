// The browser's scripts, bundled at build time with esbuild from
// generator/browser/: each imports the same derive/ modules the build and the
// edge run (the search's normalization and ranking, the timeline's axis), so
// the browser holds no second copy of them. Written as files under /assets/,
// since the pages' content security policy allows no inline script. esbuild
// gives the same bytes for the same sources, so a rebuild changes a script
// only when its code does.
import path from "node:path";
import { build } from "esbuild";
import { PAGES } from "../contract/resources.ts";
import type { Emitter } from "./context.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Output file (under dist/) → its entry point. */
const BROWSER_SCRIPTS: Record<string, string> = {
  [PAGES.asset.file({ file: "search.js" })]: "generator/browser/search.ts",
  [PAGES.asset.file({ file: "timeline.js" })]: "generator/browser/timeline.ts",
  [PAGES.asset.file({ file: "fleet.js" })]: "generator/browser/fleet.ts",
  // A classic worker script: the fleet check's matching, off the page's thread.
  [PAGES.asset.file({ file: "fleet-worker.js" })]: "generator/browser/fleet-worker.ts",
};

export const assets: Emitter = {
  name: "assets",
  async emit({ out }) {
    for (const [file, entry] of Object.entries(BROWSER_SCRIPTS)) {
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
      out.write(file, result.outputFiles[0]!.contents);
    }
  },
};
