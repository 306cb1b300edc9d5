#!/usr/bin/env node
// device-lifecycle check <slug|identifier>... [--csv FILE] [--base URL] [--cache DIR] [--json] [--fail-on ended|ending-soon]
//
// One verdict line per device on stdout; notes (waits, answers from the
// cache, the attribution) on stderr. Exit status: 0 all answered, 1 a
// device is at or past --fail-on, 2 bad usage or an unreadable file, 3 an
// input the catalog does not have or that could not be answered at all
// (service unreachable and nothing cached).
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { parse } from "csv-parse/sync";
import { diskCache } from "./disk-cache.js";
import { FAIL_ON, SLUG_PATTERN, detectColumns, looksLikeHeader, normalize, rowInput, sniffDelimiter } from "./generated/contract.js";
import { DEFAULT_BASE_URL } from "./generated/origin.js";
import { ProblemError, UnavailableError, createClient, memoryCache } from "./index.js";

const USAGE = `Usage: device-lifecycle check <slug|identifier>... [options]

Prints the lifecycle verdict of each device: a record's slug (pixel-8), or a
model code, hardware identifier, codename or SKU (SM-S911B, iPhone15,4).

Options:
  --csv FILE          also check every row of a fleet export (Intune, Jamf, Google Admin...):
                      its model-code columns, else its model name
  --base URL          the API origin (default: ${DEFAULT_BASE_URL ?? "none in this copy; set DEVICE_LIFECYCLE_BASE_URL"})
  --cache DIR         keep answers in DIR: revalidated with ETags, and answered from when
                      the service cannot be reached
  --json              print a JSON array instead of lines
  --fail-on WHEN      exit 1 if a device's verdict is "ended" (security-ended) or
                      "ending-soon" (security-ended or security-ending-soon)
  --timeout SECONDS   per request (default 10)
  -h, --help

Exit status: 0 all answered; 1 --fail-on matched; 2 bad usage; 3 a device not
found, or not answered (service unreachable and nothing cached).`;

class UsageError extends Error {}

const EXIT = { ok: 0, failOn: 1, usage: 2, unanswered: 3 };

async function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      csv: { type: "string", multiple: true },
      base: { type: "string" },
      cache: { type: "string" },
      json: { type: "boolean" },
      "fail-on": { type: "string" },
      timeout: { type: "string" },
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

  const items = inputs.map((input) => ({ label: input, tries: [input], manufacturer: "" }));
  for (const file of values.csv ?? []) items.push(...(await csvItems(file)));
  if (!items.length) throw new UsageError("nothing to check: name a slug or identifier, or --csv FILE");

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

  const results = [];
  for (const item of items) results.push(...(await check(client, item)));

  const stale = results.filter((r) => r.stale);
  if (stale.length) {
    const oldest = stale.reduce((a, b) => (b.age > a.age ? b : a));
    note(
      `the service could not answer (${oldest.staleReason}); ${stale.length} of ${results.length} answers come from the cache, the oldest checked ${oldest.checkedAt} (${ago(oldest.age)} ago)`,
    );
  }
  if (values.json) process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
  else for (const r of results) process.stdout.write(`${line(r)}\n`);
  const attribution = results.find((r) => r.attribution)?.attribution;
  if (attribution && !values.json) note(`${attribution.text}. ${attribution.requirements} License: ${attribution.license.url}`);

  if (results.some((r) => r.status !== "ok")) return EXIT.unanswered;
  if (failOn && results.some((r) => FAIL_ON[failOn].includes(r.verdict.code))) return EXIT.failOn;
  return EXIT.ok;
}

/** The rows of a fleet export, as the fleet page reads them (derive/fleet-match.ts): model-code columns first, then the model name. */
async function csvItems(file) {
  let text;
  try {
    text = (await readFile(file, "utf8")).replace(/^\uFEFF/, "");
  } catch (err) {
    throw new UsageError(`${file}: ${err.code === "ENOENT" ? "no such file" : err.message}`);
  }
  const delimiter = sniffDelimiter(text);
  let rows;
  try {
    rows = parse(text, { delimiter: delimiter ?? "\u0000", relax_column_count: true, skip_empty_lines: true, bom: true });
  } catch (err) {
    throw new UsageError(`${file}:${err.lines ?? "?"}: ${err.message}`);
  }
  if (!rows.length) return [];
  const header = looksLikeHeader(rows[0]) ? rows[0] : null;
  const columns = header ? detectColumns(header) : rows[0].length === 1 ? { codes: [0], model: null, manufacturer: null } : null;
  if (!columns) {
    throw new UsageError(
      `${file}:1: no column header names a model or a model code (such as "Model", "Model Identifier", "Model Number", "System SKU"), and the file has more than one column`,
    );
  }
  const first = header ? 2 : 1;
  return rows.slice(header ? 1 : 0).map((row, i) => {
    const input = rowInput(row, columns);
    const tries = [...new Set([...input.codes, input.model].filter(Boolean))];
    return { label: `${file}:${first + i}`, tries, manufacturer: input.manufacturer, model: input.model };
  });
}

/** The verdicts of one input: a slug, else a model code, else (rows of an export) an exact name. */
async function check(client, item) {
  let failure = null;
  const fail = (err) => {
    if (!(err instanceof ProblemError && (err.status === 404 || err.status === 410))) failure ??= err;
  };
  for (const value of item.tries) {
    if (SLUG_PATTERN.test(value)) {
      try {
        return [result(item, "slug", value, await client.getDevice(value))];
      } catch (err) {
        fail(err);
      }
    }
    try {
      const found = await client.lookupIdentifier(value);
      const answers = [];
      for (const match of found.data.devices) answers.push(result(item, "identifier", value, await client.getDevice(match.slug)));
      return answers;
    } catch (err) {
      fail(err);
    }
  }
  const names = item.model
    ? [item.model, ...(item.manufacturer && !normalize(item.model).startsWith(normalize(item.manufacturer)) ? [`${item.manufacturer} ${item.model}`] : [])]
    : [];
  for (const name of names) {
    try {
      for await (const listed of client.listPages({ q: name, limit: 10 })) {
        const exact = listed.data.devices.find((d) => [d.name, ...d.aliases].some((n) => normalize(n) === normalize(name)));
        if (exact) return [result(item, "name", name, await client.getDevice(exact.slug))];
        break;
      }
    } catch (err) {
      fail(err);
    }
  }
  if (failure && !(failure instanceof UnavailableError) && !(failure instanceof ProblemError)) throw failure;
  const tried = item.tries.length ? item.tries.map((t) => `"${t}"`).join(", ") : "nothing (no model or model code in this row)";
  const reason = failure ? failure.message : `no published device has the slug, model code or name ${tried}`;
  if (failure) note(`${item.label}: ${failure.message}`);
  return [{ input: item.label, status: failure ? "unavailable" : "not-found", reason }];
}

function result(item, matchedBy, value, answer) {
  const d = answer.data;
  return {
    input: item.label,
    status: "ok",
    matchedBy,
    ...(value !== item.label ? { value } : {}),
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

function line(r) {
  if (r.status !== "ok") return `${r.input}: ${r.status}: ${r.reason}`;
  const via = r.matchedBy === "slug" ? "" : ` (${r.matchedBy}${r.value ? ` ${r.value}` : ""})`;
  const stale = r.stale ? ` [stale: checked ${r.checkedAt}, ${ago(r.age)} ago]` : "";
  return `${r.input}${via}: ${r.name} (${r.slug}): ${r.verdict.code}: ${r.verdict.label}${stale} <${r.links.page}>`;
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
    note(err instanceof UsageError || err?.code?.startsWith?.("ERR_PARSE_ARGS") ? err.message : (err?.stack ?? String(err)));
    if (err instanceof UsageError || err?.code?.startsWith?.("ERR_PARSE_ARGS")) process.stderr.write(`${USAGE}\n`);
    process.exitCode = err instanceof UsageError || err?.code?.startsWith?.("ERR_PARSE_ARGS") ? EXIT.usage : EXIT.unanswered;
  },
);
