// npm run build -- --data DIR --out DIR --now YYYY-MM-DD
import { build } from "../build.ts";
import { formatProblem } from "../load/validate.ts";
import { STALE_SOURCE_DAYS } from "../contract/verdicts.ts";
import { cliArgs, resolveNow } from "../load/flags.ts";
import { resolveSite } from "./args.ts";

const args = cliArgs({
  data: { type: "string", default: "data" },
  out: { type: "string", default: "dist" },
  now: { type: "string" },
  quiet: { type: "boolean", default: false },
});
const site = resolveSite(resolveNow(args.now as string | undefined));
const t0 = performance.now();
// Test-only hook: with DL_BUILD_TEST_HOLD_AT_LINE=n the build, once it has
// printed the n-th of its progress lines (1: the catalog read; then one line
// per emitter done; Eleventy's own summary line, also in the log, is not
// counted), stops its main thread for a minute, so a test's SIGKILL lands
// mid-build even on the small fixture catalog
// (test/hostile/interrupted-build.test.ts). Not for use outside tests.
const holdAt = Number(process.env.DL_BUILD_TEST_HOLD_AT_LINE ?? 0);
let lines = 0;
const log = args.quiet
  ? undefined
  : (line: string) => {
      console.log(`[build] ${line}`); // synchronous on a pipe, so the test reads it before the hold
      if (/^read | done: /.test(line) && ++lines === holdAt) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
    };
const report = await build({ dataDir: args.data as string, outDir: args.out as string, site, log });
if (!report.ok) {
  for (const p of report.problems) console.error(formatProblem(p));
  console.error(`\n${report.problems.length} problem(s) in ${args.data}; nothing was written and ${args.out}/ is unchanged.`);
  process.exit(1);
}
// A warning, not a failure: the weekly refresh re-reads the sources; a build between refreshes still publishes.
if (report.stale?.length) {
  const shown = report.stale.slice(0, 5).map((s) => `${s.slug} (${s.sources.join(", ")})`);
  console.error(
    `warning: ${report.stale.length} published record(s) rest on a source not read for over ${STALE_SOURCE_DAYS} days: ${shown.join("; ")}${report.stale.length > shown.length ? "; …" : ""}. Run the source refresh (npm run import, .github/workflows/source-refresh.yml).`,
  );
}
const secs = ((performance.now() - t0) / 1000).toFixed(2);
console.log(
  `[build] ${report.published} published of ${report.records} record(s) as of ${site.now}: ${report.files} files, ${(report.bytes / 1e6).toFixed(1)} MB in ${args.out}/ in ${secs}s`,
);
