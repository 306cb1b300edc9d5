// npx tsx bench/fleet.ts [--sizes 1000,10000,50000] [--rows 10000] [--repeat 5] [--browser [--intune]]
// The fleet check's costs (docs/fleet.md): the fleet index's size for
// synthetic catalogs (and the identifier lookup's keys and buckets), and how
// long matching an export of --rows rows takes: in Node, the worker's own
// code (parse the index, match every row, write the report CSV and the
// calendar's inputs), fastest of --repeat runs; with --browser, the whole
// page in headless Chromium over the preview, from the file chosen to the
// results shown (the test/pages/fleet.test.ts export; with --intune, an
// Intune All devices export of --rows rows against the real catalog, data/,
// its OS columns judged, about 560 bytes a row: 100,000 rows are 56 MB), and
// the longest the page's thread went without drawing a frame meanwhile.
// Prints a Markdown table.
import { gzipSync } from "node:zlib";
import { parseArgs } from "node:util";
import { stringify } from "csv-stringify/sync";
import { parse } from "csv-parse/sync";
import { catalogOf } from "../generator/derive/catalog.ts";
import { fleetIndex } from "../generator/derive/fleet-index.ts";
import { NETLIFY_MAX_FOLDER_ENTRIES } from "../generator/derive/layout.ts";
import { detectColumns, fleetMatcher, rowInput, sniffDelimiter } from "../generator/derive/fleet-match.ts";
import { NO_OS_COLUMNS, rowOs } from "../generator/derive/fleet-os.ts";
import { judgeRow, reportRows } from "../generator/derive/fleet-report.ts";
import { identifierBuckets, identifierCarriers } from "../generator/derive/identifiers.ts";
import { synthRecords } from "../generator/synth/generate.ts";
import { fleetExport } from "../test/helpers/fleet-export.ts";

const { values: flags } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000" },
    rows: { type: "string", default: "10000" },
    repeat: { type: "string", default: "5" },
    browser: { type: "boolean", default: false },
    intune: { type: "boolean", default: false },
  },
});
const sizes = flags.sizes.split(",").map(Number);
const rows = Number(flags.rows);
const repeat = Number(flags.repeat);
const site = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example", now: "2026-11-22" };
const ms = (t: number) => `${t.toFixed(0)} ms`;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

console.log(
  `| Published records | Identifier keys | Their buckets (largest) | fleet.json | gzipped | Match ${rows.toLocaleString("en")} rows in Node (fastest of ${repeat}) | of which distinct rows | Matched |`,
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const size of sizes) {
  const records = synthRecords(size, 1);
  const { published } = catalogOf(records);
  const carriers = identifierCarriers(published);
  const { buckets } = identifierBuckets(carriers, site, NETLIFY_MAX_FOLDER_ENTRIES);
  const largest = Math.max(...[...buckets.values()].map((b) => Buffer.byteLength(b)));
  const text = `${JSON.stringify(fleetIndex(published, site))}\n`;
  const csv = fleetExport(records, rows, 7);
  let best = Infinity;
  let distinct = 0;
  let matched = 0;
  for (let k = 0; k < repeat; k++) {
    const t0 = performance.now();
    // What the worker does: read the index and the export, match each row, write the report.
    const fleet = JSON.parse(text);
    const table = parse(csv, { delimiter: sniffDelimiter(csv)!, bom: true, relax_column_count: true }) as string[][];
    const columns = detectColumns(table[0]!)!;
    const matcher = fleetMatcher(fleet);
    const matches = table.slice(1).map((r) => matcher.match(rowInput(r, columns)));
    const results = table.slice(1).map((r, i) => judgeRow(fleet, matches[i]!, rowOs(r, NO_OS_COLUMNS), rowInput(r, columns).manufacturer, null, site.now));
    stringify(reportRows(table[0]!, table.slice(1), results, fleet, matcher.slugs));
    best = Math.min(best, performance.now() - t0);
    distinct = new Set(table.slice(1).map((r) => JSON.stringify(rowInput(r, columns)))).size;
    matched = matches.filter((m) => m.by !== "none").length;
  }
  console.log(
    `| ${published.length.toLocaleString("en")} | ${carriers.size.toLocaleString("en")} | ${buckets.size.toLocaleString("en")} (${kb(largest)}) | ${kb(text.length)} | ${kb(gzipSync(text).length)} | ${ms(best)} | ${distinct.toLocaleString("en")} | ${matched.toLocaleString("en")} |`,
  );
}

if (flags.browser) {
  const { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } = await import("node:fs");
  const path = await import("node:path");
  const { build } = await import("../generator/build.ts");
  const { DeviceRecord } = await import("../generator/schema/record.ts");
  const { FIXTURES, freePort, servePreview, tempDir } = await import("../test/helpers/build.ts");
  const { launchChromium } = await import("../test/helpers/browser.ts");
  const { intuneExport } = await import("../test/helpers/fleet-export.ts");
  let data: string;
  let csv: string;
  let catalog: string;
  if (flags.intune) {
    data = path.resolve(import.meta.dirname, "../data");
    const real = readdirSync(path.join(data, "devices")).map((f) => DeviceRecord.parse(JSON.parse(readFileSync(path.join(data, "devices", f), "utf8"))));
    csv = intuneExport(real, rows).csv;
    catalog = `the real catalog (${real.length.toLocaleString("en")} records), an Intune All devices export`;
  } else {
    data = tempDir();
    cpSync(path.join(FIXTURES, "devices"), path.join(data, "devices"), { recursive: true });
    const records = synthRecords(Math.max(...sizes), 1);
    mkdirSync(path.join(data, "devices"), { recursive: true });
    for (const r of records) writeFileSync(path.join(data, "devices", `${r.slug}.json`), JSON.stringify(r));
    csv = fleetExport(records, rows, 7);
    catalog = `${records.length.toLocaleString("en")} synthetic records + fixtures`;
  }
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const outDir = path.join(tempDir(), "dist");
  await build({ dataDir: data, outDir, site: { siteUrl: origin, baseUrl: origin, now: site.now } });
  const preview = await servePreview(outDir, { port });
  const browser = await launchChromium();
  const times: number[] = [];
  const gaps: number[] = [];
  const bytes = Buffer.from(csv);
  // Playwright takes a file over 50 MB by its path only.
  const file = path.join(tempDir(), "export.csv");
  writeFileSync(file, bytes);
  try {
    for (let k = 0; k < repeat; k++) {
      const page = await browser.newPage();
      await page.goto(`${origin}/fleet`);
      // The longest wait between two animation frames while the check runs: the page's responsiveness.
      // (Plain script text: tsx names functions with a helper the page does not have.)
      await page.evaluate(
        "window.maxGap = 0; window.watching = true; { let last = performance.now(); const tick = (t) => { window.maxGap = Math.max(window.maxGap, t - last); last = t; if (window.watching) requestAnimationFrame(tick); }; requestAnimationFrame(tick); }",
      );
      const t0 = performance.now();
      await page.setInputFiles("#fleet-file", file);
      await page.waitForFunction(() => /^Checked/.test(document.getElementById("fleet-status")?.textContent ?? ""), undefined, { timeout: 300_000 });
      times.push(performance.now() - t0);
      gaps.push(await page.evaluate<number>("window.watching = false, window.maxGap"));
      await page.close();
    }
  } finally {
    await browser.close();
    await preview.close();
  }
  times.sort((a, b) => a - b);
  gaps.sort((a, b) => a - b);
  console.log(
    `\nChromium, ${catalog}, ${rows.toLocaleString("en")} rows (${(bytes.length / 1048576).toFixed(0)} MB), file chosen to results shown (index fetched anew each run): fastest ${ms(times[0]!)}, median ${ms(times[Math.floor(times.length / 2)]!)} of ${repeat}; longest frame gap on the page, median ${ms(gaps[Math.floor(gaps.length / 2)]!)}.`,
  );
}
