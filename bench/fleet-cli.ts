// npx tsx bench/fleet-cli.ts [--records 1000] [--rows 10000] [--repeat 3]
// The CLI's fleet check (device-lifecycle check --csv, client/src/cli.js) as
// a user runs it: a process against the preview serving a synthetic catalog
// of --records records, an Intune export of --rows rows
// (test/helpers/fleet-export.ts, seed 7), from start to exit (the catalog
// file fetched, every row matched, the report written). Fastest and median
// of --repeat runs.
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs, promisify } from "node:util";
import { build } from "../generator/build.ts";
import { synthRecords } from "../generator/synth/generate.ts";
import { SITE, servePreview, tempDir } from "../test/helpers/build.ts";
import { fleetExport } from "../test/helpers/fleet-export.ts";

const { values: flags } = parseArgs({
  options: { records: { type: "string", default: "1000" }, rows: { type: "string", default: "10000" }, repeat: { type: "string", default: "3" } },
});
const records = synthRecords(Number(flags.records), 1);
const data = tempDir();
mkdirSync(path.join(data, "devices"), { recursive: true });
for (const r of records) writeFileSync(path.join(data, "devices", `${r.slug}.json`), JSON.stringify(r));
const outDir = path.join(tempDir(), "dist");
await build({ dataDir: data, outDir, site: { ...SITE, now: "2026-11-28" } });
const preview = await servePreview(outDir);
const file = path.join(tempDir(), "intune-devices.csv");
writeFileSync(file, fleetExport(records, Number(flags.rows), 7));
const cli = path.resolve(import.meta.dirname, "../client/src/cli.js");
const times: number[] = [];
try {
  for (let k = 0; k < Number(flags.repeat); k++) {
    const t0 = performance.now();
    await promisify(execFile)(process.execPath, [cli, "check", "--csv", file, "--out", `${file}.report.csv`, "--base", preview.url]).catch((e) => {
      if (e.code !== 3) throw e; // unmatched rows: exit 3, as documented
    });
    times.push(performance.now() - t0);
  }
} finally {
  await preview.close();
}
times.sort((a, b) => a - b);
console.log(
  `CLI --csv, ${records.length.toLocaleString("en")} synthetic records, ${Number(flags.rows).toLocaleString("en")} rows, process start to exit (one catalog fetch): fastest ${times[0]!.toFixed(0)} ms, median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms of ${times.length}.`,
);
