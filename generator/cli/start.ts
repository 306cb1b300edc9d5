// npm start: build dist/ from data/, serve it on http://localhost:8080 (PORT
// overrides) and rebuild when a record file changes.
import { build, type WatchMemory } from "../build.ts";
import { formatProblem } from "../load/validate.ts";
import { startPreview } from "../serve/preview.ts";
import { watchCatalog } from "../watch.ts";
import { cliArgs, resolveNow } from "../load/flags.ts";
import { parsePort, resolveSite } from "./args.ts";

const args = cliArgs({
  data: { type: "string", default: "data" },
  out: { type: "string", default: "dist" },
  now: { type: "string" },
  port: { type: "string", default: process.env.PORT ?? "8080" },
  "no-rate-limit": { type: "boolean", default: false },
  "no-watch": { type: "boolean", default: false },
});
const port = parsePort(args.port as string);
// Without SITE_URL, the pages link to the preview itself, on whatever port it was given.
const site = resolveSite(resolveNow(args.now as string | undefined), port ? `http://localhost:${port}` : undefined);
const options = { dataDir: args.data as string, outDir: args.out as string, site };
const memory: WatchMemory = { cache: new Map() };

const t0 = performance.now();
const report = await build({ ...options, watch: memory, log: (line) => console.log(`[build] ${line}`) });
if (!report.ok) {
  for (const p of report.problems) console.error(formatProblem(p));
  console.error(`\n${report.problems.length} problem(s) in ${options.dataDir}; nothing was built.`);
  process.exit(1);
}
console.log(`[build] ${report.published} published record(s), ${report.files} files in ${((performance.now() - t0) / 1000).toFixed(2)}s`);

const preview = await startPreview({ dir: options.outDir, port, rateLimit: !args["no-rate-limit"] });
console.log(`[preview] serving ${options.outDir}/ on ${preview.url}`);
if (!args["no-watch"]) {
  watchCatalog(options, memory, async (r, ms) => {
    await preview.reload();
    const what = r.incremental ? `${r.incremental.length} changed record(s): ${r.incremental.join(", ") || "none"}` : "full rebuild";
    console.log(`[watch] rebuilt in ${(ms / 1000).toFixed(2)}s (${what})`);
  });
  console.log(`[watch] rebuilding on changes in ${options.dataDir}/devices`);
}
