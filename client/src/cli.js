#!/usr/bin/env node
// device-lifecycle check <device>... | --csv FILE [--out FILE]   [--base URL] [--cache DIR] [--json] [--fail-on WHEN] [--strict-match]
//
// The fleet page's twin (docs/fleet.md). Devices are found as the page finds
// them: the CLI loads the page's one static file of the catalog (the fleet
// index) once and matches with the page's own code (src/generated/fleet.js,
// bundled from generator/derive/fleet-match.ts by scripts/generate.ts), so a
// typed name, a model code or a whole export's rows resolve to the same
// device, or to none, as on /fleet. A device named on the command line is
// then read from the API (its full verdict, links and freshness); the rows
// of an export cost no request at all: the report is the page's report.
// Verdict lines and the report on stdout (or --out); notes, progress and the
// attribution on stderr. Exit status: EXIT below, documented in USAGE and
// client/README.md.
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { parse } from "csv-parse/sync";
import { diskCache } from "./disk-cache.js";
import { FAIL_ON, SLUG_PATTERN } from "./generated/contract.js";
import { FLEET_INDEX_FORMAT, detectColumns, fleetMatcher, looksLikeHeader, matchNote, reportCsv, rowInput, sniffDelimiter } from "./generated/fleet.js";
import { DEFAULT_BASE_URL } from "./generated/origin.js";
import { ProblemError, UnavailableError, createClient, memoryCache } from "./index.js";

const USAGE = `Usage: device-lifecycle check <device>... [options]
       device-lifecycle check --csv FILE [--out FILE] [options]

Prints the lifecycle verdict of each device, found as the fleet page (/fleet)
finds it: a record's slug (google-pixel-8), its name ("Pixel 8", "Google Pixel 8"),
or a model code, hardware identifier, codename or SKU (SM-S911B, iPhone15,4).
An exact match only: a name or code several devices share is "ambiguous" and
lists them; nothing close is "not-found" with a hint.

  device-lifecycle check google-pixel-8 "Pixel 8" SM-A525F --base https://devices.example

With --csv, checks every row of a fleet export (Intune, Jamf Pro, Google Admin,
Surface inventories...: the page's column recognition) against one download of
the catalog, and writes the page's report: the export's columns, then match,
verdict and documented ends (CSV, UTF-8 with a byte-order mark, as Excel reads it).

Options:
  --csv FILE          check a fleet export, each row's device and the OS it runs, with the
                      page's report; two static requests (the catalog and the OS releases),
                      none per row; progress and counts on stderr
  --out FILE          write the --csv report to FILE (default: stdout)
  --base URL          the API origin (default: ${DEFAULT_BASE_URL ?? "none in this copy; set DEVICE_LIFECYCLE_BASE_URL"})
  --cache DIR         keep answers in DIR: revalidated with ETags, and answered from when
                      the service cannot be reached
  --json              print a JSON array instead of lines (devices on the command line)
  --fail-on WHEN      exit 1 if a device's verdict is "ended" (security-ended) or
                      "ending-soon" (security-ended or security-ending-soon)
  --strict-match      with --fail-on, a device or row not matched (not found or
                      ambiguous) exits 3 even when --fail-on matched
  --timeout SECONDS   per request (default 10)
  --today YYYY-MM-DD  the day the --csv report's actions are judged on (default: today, UTC)
  -h, --help

Exit status:
  0  every device matched, and none at --fail-on
  1  --fail-on: a device's verdict is at or past WHEN (it wins over not matched,
     so one unknown model does not break a pipeline's gate; see --strict-match)
  2  bad usage, or a file that cannot be read as CSV
  3  a device or row not matched (not found or ambiguous): without --fail-on,
     or with --strict-match
  4  the service could not answer (unreachable, an error, rate limited) and
     nothing was cached`;

class UsageError extends Error {}

const EXIT = { ok: 0, failOn: 1, usage: 2, unmatched: 3, unavailable: 4 };

/** Rows between two progress notes. */
const PROGRESS_EVERY = 1000;

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      csv: { type: "string" },
      out: { type: "string" },
      base: { type: "string" },
      cache: { type: "string" },
      json: { type: "boolean" },
      "fail-on": { type: "string" },
      "strict-match": { type: "boolean" },
      timeout: { type: "string" },
      today: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return EXIT.ok;
  }
  const [command, ...inputs] = positionals;
  if (command !== "check") throw new UsageError(command ? `unknown command "${command}"` : "no command");
  const failOn = values["fail-on"];
  if (failOn !== undefined && !(failOn in FAIL_ON)) throw new UsageError(`--fail-on takes ${Object.keys(FAIL_ON).join(" or ")}; got "${failOn}"`);
  const timeout = values.timeout === undefined ? 10 : Number(values.timeout);
  if (!(timeout > 0)) throw new UsageError(`--timeout takes a number of seconds; got "${values.timeout}"`);
  const baseUrl = values.base ?? process.env.DEVICE_LIFECYCLE_BASE_URL ?? DEFAULT_BASE_URL;
  if (!baseUrl) throw new UsageError("no API origin: pass --base URL or set DEVICE_LIFECYCLE_BASE_URL (this copy was not packed with one)");
  if (values.csv !== undefined && inputs.length) throw new UsageError("check either devices named on the command line or one --csv export, not both");
  if (values.csv !== undefined && values.json) throw new UsageError("--json is for devices on the command line; the --csv report is CSV");
  if (values.out !== undefined && values.csv === undefined) throw new UsageError("--out names the file of the --csv report");
  if (values.csv === undefined && !inputs.length) throw new UsageError("nothing to check: name a device (slug, name or model code), or --csv FILE");
  // The day the report's actions are judged on: the reader's, as the page takes the browser's (never the build's).
  const today = values.today ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new UsageError(`--today takes a day, YYYY-MM-DD; got "${values.today}"`);
  // Read the export before any request: a file that is not CSV is a usage error, and costs nothing.
  const table = values.csv === undefined ? null : await readExport(values.csv);

  let client;
  try {
    client = createClient({
      baseUrl,
      cache: values.cache ? diskCache(values.cache) : memoryCache(),
      timeoutMs: timeout * 1000,
      userAgent: "device-lifecycle-cli",
      onWait: ({ seconds, reason }) => note(`waiting ${seconds} s: ${reason}`),
    });
  } catch (err) {
    throw new UsageError(err.message);
  }

  const catalog = await loadCatalog(client);
  if (!catalog) return EXIT.unavailable;
  const policy = { failOn, strict: Boolean(values["strict-match"]) };
  return table
    ? checkExport(table, { ...catalog, os: await loadOsIndex(client) }, values.out, policy, today)
    : checkDevices(client, inputs, catalog, values.json, policy);
}

/** The exit status of a check: the service first, then not matched or --fail-on as the policy orders them. */
function exitOf({ unavailable, unmatched, failed }, { failOn, strict }) {
  if (unavailable) return EXIT.unavailable;
  if (unmatched && (strict || !failOn)) return EXIT.unmatched;
  if (failed) return EXIT.failOn;
  return EXIT.ok;
}

/** The OS releases' static index, for the report's OS columns: one more static request; without it (an older service, an outage and no cache) rows get no OS verdict, as on the page. */
async function loadOsIndex(client) {
  try {
    return (await client.getOsIndex()).data;
  } catch (err) {
    if (!(err instanceof UnavailableError || err instanceof ProblemError)) throw err;
    note(`no OS verdicts: the OS release index could not be loaded (${err.message})`);
    return null;
  }
}

/** The fleet index and its matcher: one request (revalidated from --cache), or null when the service could not answer and nothing was cached. */
async function loadCatalog(client) {
  let answer;
  try {
    answer = await client.getFleetIndex();
  } catch (err) {
    if (!(err instanceof UnavailableError || err instanceof ProblemError)) throw err;
    note(`cannot load the catalog: ${err.message}`);
    return null;
  }
  const index = answer.data;
  if (index.format !== FLEET_INDEX_FORMAT) {
    note(`the service's catalog file is ${String(index.format)}; this CLI reads ${FLEET_INDEX_FORMAT}: update device-lifecycle`);
    return null;
  }
  if (answer.stale)
    note(`the service could not answer (${answer.staleReason}); the catalog comes from the cache, checked ${answer.checkedAt} (${ago(answer.age)} ago)`);
  const matcher = fleetMatcher(index);
  return { index, matcher, bySlug: new Map(matcher.slugs.map((s, p) => [s, p])) };
}

// ---------------------------------------------------------------------------
// Devices named on the command line

async function checkDevices(client, inputs, { index, matcher, bySlug }, json, policy) {
  const results = [];
  for (const input of inputs) results.push(await checkDevice(client, input, index, matcher, bySlug));

  const stale = results.filter((r) => r.stale);
  if (stale.length) {
    const oldest = stale.reduce((a, b) => (b.age > a.age ? b : a));
    note(
      `the service could not answer (${oldest.staleReason}); ${stale.length} of ${results.length} answers come from the cache, the oldest checked ${oldest.checkedAt} (${ago(oldest.age)} ago)`,
    );
  }
  if (json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else for (const r of results) process.stdout.write(`${line(r)}\n`);
  const attribution = results.find((r) => r.attribution)?.attribution;
  if (attribution && !json) note(`${attribution.text}. ${attribution.requirements} License: ${attribution.license.url}`);

  return exitOf(
    {
      unavailable: results.some((r) => r.status === "unavailable"),
      unmatched: results.some((r) => r.status === "not-found" || r.status === "ambiguous"),
      failed: Boolean(policy.failOn) && results.some((r) => r.status === "ok" && FAIL_ON[policy.failOn].includes(r.verdict.code)),
    },
    policy,
  );
}

/** One typed device: a published slug, else the page's match of it as a row's model (a code or an exact name), else a former slug the API redirects. */
async function checkDevice(client, input, index, matcher, bySlug) {
  const slugAt = bySlug.get(input);
  const match = slugAt !== undefined ? { by: "slug", positions: [slugAt] } : matcher.match({ codes: [], model: input, manufacturer: "" });
  if (match.by === "ambiguous") {
    return {
      input,
      status: "ambiguous",
      reason: matchNote(match, index.devices),
      candidates: match.positions.map((p) => ({ slug: matcher.slugs[p], name: index.devices[p][0], manufacturer: index.devices[p][1] })),
    };
  }
  const found = match.by === "none" ? null : { slug: matcher.slugs[match.positions[0]], by: match.by, value: match.code ?? match.query };
  // A renamed device's former slug is not in the index; the API answers it with the record under its new slug.
  const slug = found?.slug ?? (SLUG_PATTERN.test(input) ? input : null);
  const notFound = { input, status: "not-found", reason: match.by === "none" ? match.hint : "" };
  if (!slug) return notFound;
  try {
    return result(input, found ?? { by: "slug" }, await client.getDevice(slug));
  } catch (err) {
    if (err instanceof ProblemError && (err.status === 404 || err.status === 410) && !found) return notFound;
    if (!(err instanceof UnavailableError || err instanceof ProblemError)) throw err;
    note(`${input}: ${err.message}`);
    return { input, status: "unavailable", reason: err.message };
  }
}

function result(input, found, answer) {
  const d = answer.data;
  return {
    input,
    status: "ok",
    matchedBy: found.by,
    ...(found.value && found.value !== input ? { value: found.value } : {}),
    slug: d.slug,
    name: d.name,
    manufacturer: d.manufacturer,
    verdict: d.verdict,
    stale: answer.stale,
    ...(answer.stale ? { staleReason: answer.staleReason } : {}),
    checkedAt: answer.checkedAt,
    age: answer.age,
    links: { page: d.links.page, record: d.links.self, evidence: d.links.evidence },
    attribution: d.attribution,
  };
}

/** A verdict line: plain words first (the headline), the precise statement and its code after. */
function line(r) {
  if (r.status !== "ok") return `${r.input}: ${r.status}: ${r.reason}`;
  const via = r.matchedBy === "slug" ? "" : ` (${r.matchedBy}${r.value ? ` ${r.value}` : ""})`;
  const stale = r.stale ? ` [stale: checked ${r.checkedAt}, ${ago(r.age)} ago]` : "";
  return `${r.input}${via}: ${r.name} (${r.slug}): ${r.verdict.headline} [${r.verdict.code}: ${r.verdict.label}]${stale} <${r.links.page}>`;
}

// ---------------------------------------------------------------------------
// A fleet export

/** Text that is not a CSV export: binary (NUL bytes), or mostly undecodable (a spreadsheet, an image, a zip). As the page judges it. */
function notText(text) {
  if (text.includes("\u0000")) return true;
  const sample = text.slice(0, 65_536);
  let bad = 0;
  for (const ch of sample) if (ch === "\uFFFD") bad++;
  return bad > sample.length / 100;
}

/** An export's rows and columns, read as the page reads them (generator/browser/fleet-worker.ts): the header names the columns, or one column is a list of models. */
async function readExport(file) {
  let text;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new UsageError(`${file}: ${err.code === "ENOENT" ? "no such file" : err.message}`);
  }
  if (notText(text)) throw new UsageError(`${file}: not a CSV file (it holds binary data); export the device list as CSV`);
  const delimiter = sniffDelimiter(text);
  let records;
  try {
    records =
      delimiter === null
        ? text
            .replace(/^\uFEFF/, "")
            .split(/\r\n|\r|\n/)
            .map((l) => l.trim())
            .filter(Boolean)
            .map((l) => [l])
        : parse(text, { delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true });
  } catch (err) {
    throw new UsageError(`${file}:${err.lines ?? "?"}: cannot be read as CSV: ${err.message}`);
  }
  if (!records.length) throw new UsageError(`${file}: no rows`);
  const head = records[0];
  if (looksLikeHeader(head)) return { file, header: head, rows: records.slice(1), columns: detectColumns(head) };
  // A one-column list without a header: every line is a model name or code.
  if (records.every((r) => r.length === 1)) return { file, header: ["Model"], rows: records, columns: { codes: [], model: 0, manufacturer: null } };
  throw new UsageError(
    `${file}:1: no column header names a model or a model code (such as "Model", "Model Identifier", "Model Number", "System SKU"), and the file has more than one column`,
  );
}

/** Every row matched against the one catalog, with progress on stderr; the page's report to --out or stdout; counts on stderr. */
async function checkExport({ file, header, rows, columns }, { index, matcher, os }, out, policy, today) {
  const matches = new Array(rows.length);
  const progress = (done) => {
    const text = `${file}: ${done.toLocaleString("en")} of ${rows.length.toLocaleString("en")} rows checked`;
    if (process.stderr.isTTY) process.stderr.write(`\rdevice-lifecycle: ${text}${done === rows.length ? "\n" : ""}`);
    else note(text);
  };
  for (let i = 0; i < rows.length; i++) {
    matches[i] = matcher.match(rowInput(rows[i], columns));
    if ((i + 1) % PROGRESS_EVERY === 0 && i + 1 < rows.length) progress(i + 1);
  }
  progress(rows.length);

  const report = reportCsv({ header, rows, columns }, matches, index, matcher.slugs, os, today);
  if (out === undefined) process.stdout.write(report);
  else {
    try {
      await writeFile(out, report);
    } catch (err) {
      throw new UsageError(`--out ${out}: ${err.message}`);
    }
  }

  const count = (by) => matches.filter((m) => m.by === by).length;
  const [byCode, byName, ambiguous, none] = ["code", "name", "ambiguous", "none"].map(count);
  const n = (x) => x.toLocaleString("en");
  note(
    `${file}: ${n(rows.length)} rows: ${n(byCode + byName)} matched (${n(byCode)} by model code, ${n(byName)} by name), ${n(ambiguous)} ambiguous (check by hand), ${n(none)} not matched${out === undefined ? "" : `; report written to ${out}`}`,
  );
  const verdicts = new Map();
  for (const m of matches) {
    if (m.by !== "code" && m.by !== "name") continue;
    const [, , code, headline] = index.devices[m.positions[0]];
    const v = verdicts.get(code) ?? { code, headline, count: 0 };
    v.count++;
    verdicts.set(code, v);
  }
  for (const v of [...verdicts.values()].sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : 1))) note(`  ${n(v.count)}: ${v.headline} (${v.code})`);
  const failed = policy.failOn
    ? matches.filter((m) => (m.by === "code" || m.by === "name") && FAIL_ON[policy.failOn].includes(index.devices[m.positions[0]][2])).length
    : 0;
  if (policy.failOn) note(`--fail-on ${policy.failOn}: ${n(failed)} ${failed === 1 ? "row is" : "rows are"} at or past it`);
  if (rows.length) note(`${index.attribution}. License: ${index.license}`);
  return exitOf({ unavailable: false, unmatched: ambiguous + none > 0, failed: failed > 0 }, policy);
}

function ago(seconds) {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 172800) return `${Math.floor(seconds / 3600)} h`;
  return `${Math.floor(seconds / 86400)} days`;
}

function note(text) {
  process.stderr.write(`device-lifecycle: ${text}\n`);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    const usage = err instanceof UsageError || err?.code?.startsWith?.("ERR_PARSE_ARGS");
    note(usage ? err.message : (err?.stack ?? String(err)));
    if (usage) process.stderr.write(`${USAGE}\n`);
    process.exitCode = usage ? EXIT.usage : EXIT.unavailable;
  },
);
