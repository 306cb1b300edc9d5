// The CLI (`device-lifecycle check`, client/src/cli.js) run as a real
// process against the preview, through the counting proxy of faults.ts: it
// finds a device by its slug, its name or a model code as the fleet page
// does; a name or code several devices share is ambiguous, never a guess;
// a 10,000-row export costs exactly one request (the fleet index) and comes
// back as the page's report, read back with csv-parse; the exit status
// follows the documented order (--fail-on wins over not matched unless
// --strict-match; the service's failures are 4).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { CSV_OPTIONS } from "../../generator/derive/csv-cells.ts";
import type { FleetIndex } from "../../generator/derive/fleet-files.ts";
import { detectColumns, fleetMatcher, rowInput } from "../../generator/derive/fleet-match.ts";
import { detectOsColumns, rowOs, type OsInput } from "../../generator/derive/fleet-os.ts";
import { judgeOs, type OsIndex } from "../../generator/derive/os-releases.ts";
import { judgeRow, REPORT_COLUMNS, reportRows } from "../../generator/derive/fleet-report.ts";
import { synthRecords } from "../../generator/synth/generate.ts";
import { servePreview, type Preview } from "../helpers/build.ts";
import { HOSTILE, fleetExport } from "../helpers/fleet-export.ts";
import { faultProxy, type FaultProxy } from "./faults.ts";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const CLI = path.join(ROOT, "client/src/cli.js");
const FLEET_INDEX = "/fleet-index/v1/fleet.json";
const OS_INDEX = "/fleet-index/v1/os.json";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
const cli = (args: string[]): Promise<Run> =>
  run(process.execPath, [CLI, ...args], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e) => ({ code: e.code as number, stdout: e.stdout as string, stderr: e.stderr as string }),
  );
const lines = (text: string) => text.trim().split("\n");
const tempFile = (name: string, text: string | Buffer) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "dl-cli-")), name);
  writeFileSync(file, text);
  return file;
};

/** The fixture catalog behind the proxy that logs every request. */
let fixtures: Preview;
let proxy: FaultProxy;

beforeAll(async () => {
  fixtures = await servePreview(inject("fixtureDist"));
  proxy = await faultProxy(fixtures.url);
});
afterAll(async () => {
  await proxy?.close();
  await fixtures?.close();
});
beforeEach(() => {
  proxy.always(null);
  proxy.seen.length = 0;
});

describe("devices named on the command line", () => {
  it("finds one device by its slug, its name and a model code, each with its verdict's headline first", async () => {
    const { code, stdout, stderr } = await cli(["check", "alpha-phone", "Alpha Phone", "sm-a525f", "--base", proxy.url]);
    expect(code).toBe(0);
    expect(lines(stdout)).toEqual([
      expect.stringMatching(
        /^alpha-phone: Alpha Phone \(alpha-phone\): Gets security updates until October 2031 \[receiving-updates: .*\] <https?:\/\/.*\/devices\/alpha-phone>$/,
      ),
      expect.stringMatching(/^Alpha Phone \(name\): Alpha Phone \(alpha-phone\): Gets security updates /),
      expect.stringMatching(/^sm-a525f \(code\): Alpha Phone \(alpha-phone\): Gets security updates /),
    ]);
    expect(stderr).toMatch(/public dataset license v1/);
    // The catalog once, then each device's record: no search request per name.
    expect(proxy.seen.map((s) => s.path)).toEqual([FLEET_INDEX, ...Array(3).fill("/api/v1/devices/alpha-phone")]);
  });

  it('the README\'s examples resolve on the real catalog: google-pixel-8 and "Pixel 8"', async () => {
    const data = await servePreview(inject("dataDist"));
    try {
      const { code, stdout } = await cli(["check", "google-pixel-8", "Pixel 8", "--base", data.url]);
      expect(code).toBe(0);
      expect(lines(stdout)).toEqual([
        expect.stringMatching(/^google-pixel-8: Google Pixel 8 \(google-pixel-8\): /),
        expect.stringMatching(/^Pixel 8 \(name\): Google Pixel 8 \(google-pixel-8\): /),
      ]);
    } finally {
      await data.close();
    }
  });

  it("a code several devices share is ambiguous: its candidates, no verdict, exit 3", async () => {
    const { code, stdout } = await cli(["check", "EXB700", "--base", proxy.url, "--json"]);
    expect(code).toBe(3);
    const [r] = JSON.parse(stdout);
    expect(r).toMatchObject({ input: "EXB700", status: "ambiguous", reason: expect.stringMatching(/^Check by hand: /) });
    expect(r.candidates.map((c: { slug: string }) => c.slug)).toEqual(["beta-tablet", "epsilon-laptop"]);
    expect(r.verdict).toBeUndefined();
  });

  it("not found gets a hint and exit 3; --fail-on wins over it unless --strict-match; bad usage is 2", async () => {
    const notFound = await cli(["check", "Beta", "--base", proxy.url]);
    expect([notFound.code, notFound.stdout.trim()]).toEqual([
      3,
      "Beta: not-found: No device in the catalog has exactly this name or model code. Names that start with it: Beta Tablet (Example Maker).",
    ]);
    expect((await cli(["check", "alpha-phone", "no-such-device", "--base", proxy.url, "--fail-on", "ended"])).code).toBe(0);
    expect((await cli(["check", "delta-watch", "no-such-device", "--base", proxy.url, "--fail-on", "ended"])).code).toBe(1);
    expect((await cli(["check", "delta-watch", "no-such-device", "--base", proxy.url, "--fail-on", "ended", "--strict-match"])).code).toBe(3);
    expect((await cli(["check", "alpha-phone", "delta-watch", "--base", proxy.url, "--fail-on", "ending-soon"])).code).toBe(1);
    expect((await cli(["check", "alpha-phone", "--base", proxy.url, "--fail-on", "ending-soon"])).code).toBe(0);
    const usage = await cli(["check", "alpha-phone", "--base", proxy.url, "--fail-on", "soon"]);
    expect([usage.code, usage.stderr]).toEqual([2, expect.stringMatching(/--fail-on takes ended or ending-soon/)]);
    expect((await cli(["check", "alpha-phone", "--csv", "x.csv", "--base", proxy.url])).code).toBe(2);
  });

  it("--json gives each device's verdict, how it matched, links, freshness and attribution", async () => {
    const { code, stdout } = await cli(["check", "Delta Watch", "--base", proxy.url, "--json"]);
    expect(code).toBe(0);
    const [r] = JSON.parse(stdout);
    expect(r).toMatchObject({ input: "Delta Watch", status: "ok", matchedBy: "name", slug: "delta-watch", stale: false, verdict: { code: "security-ended" } });
    expect(r.verdict.headline).toMatch(/^No security updates since /);
    expect(r.attribution.license.version).toBe("1");
    expect(r.links.page).toMatch(/\/devices\/delta-watch$/);
  });

  it("service down: answers from --cache DIR and says so; nothing cached is exit 4", async () => {
    const cache = mkdtempSync(path.join(tmpdir(), "dl-cli-cache-"));
    expect((await cli(["check", "delta-watch", "--base", proxy.url, "--cache", cache])).code).toBe(0);
    proxy.always({ kind: "down" });
    const down = await cli(["check", "delta-watch", "--base", proxy.url, "--cache", cache, "--fail-on", "ended", "--timeout", "2"]);
    expect(down.code).toBe(1);
    expect(down.stdout).toMatch(/^delta-watch: .*\[security-ended: .*\] \[stale: checked \d{4}-\d\d-\d\dT[^,]+, \d+ s ago\]/);
    expect(down.stderr).toMatch(/the catalog comes from the cache/);
    expect(down.stderr).toMatch(/could not answer \(cannot reach the service .*\); 1 of 1 answers come from the cache/);
    const empty = mkdtempSync(path.join(tmpdir(), "dl-cli-cache-"));
    const nothing = await cli(["check", "delta-watch", "--base", proxy.url, "--cache", empty, "--fail-on", "ended"]);
    expect([nothing.code, nothing.stdout, nothing.stderr]).toEqual([4, "", expect.stringMatching(/cannot load the catalog: .*no earlier answer is cached/)]);
  });

  it("runs as npx device-lifecycle from the repository after npm ci, and documents its exit codes", async () => {
    expect((await run("npx", ["--no-install", "device-lifecycle", "--help"], { cwd: ROOT })).stdout).toMatch(/^Usage: device-lifecycle check/);
    const { stdout } = await cli(["--help"]);
    expect(stdout).toMatch(/check google-pixel-8 "Pixel 8"/);
    for (const code of [0, 1, 2, 3, 4]) expect(stdout).toMatch(new RegExp(`^  ${code}  `, "m"));
    expect(readFileSync(path.join(ROOT, "client/README.md"), "utf8")).toMatch(/check google-pixel-8 "Pixel 8"/);
  });
});

describe("--csv: a fleet export", () => {
  it("reads an export's columns as the page does and writes the page's report, UTF-8 with a byte-order mark", async () => {
    const file = tempFile(
      "intune.csv",
      "\uFEFFDevice name;Manufacturer;Model;Model Number\nlaptop-1;Acme;Beta Tablet;\nphone-7;Samsung;Galaxy A52;SM-A525F\nphone-8;Nobody;Nothing 1;\nwatch-1;Zé;Delta Watch;\n",
    );
    const { code, stdout, stderr } = await cli(["check", "--csv", file, "--base", proxy.url]);
    expect(code).toBe(3);
    expect(stdout.startsWith("\uFEFF")).toBe(true);
    const [header, ...rows] = parse(stdout, { bom: true }) as string[][];
    expect(header).toEqual(["Device name", "Manufacturer", "Model", "Model Number", ...REPORT_COLUMNS]);
    const col = (name: string) => header!.indexOf(name);
    expect(rows.map((r) => [r[0], r[col("match")], r[col("matched_by")], r[col("device")], r[col("verdict_code")]])).toEqual([
      ["laptop-1", "yes", "name", "Beta Tablet", "minimum-commitment"],
      ["phone-7", "yes", "code", "Alpha Phone", "receiving-updates"],
      ["phone-8", "no", "", "", ""],
      ["watch-1", "yes", "name", "Delta Watch", "security-ended"],
    ]);
    expect(rows[3]![1]).toBe("Zé");
    expect(rows[2]![col("note")]).toBe("The catalog has no record for this Nobody model yet.");
    expect(stderr).toMatch(/4 rows: 3 matched \(1 by model code, 2 by name\), 0 ambiguous \(check by hand\), 1 not matched/);
    // Without --fail-on an unmatched row is exit 3; with it, the gate decides, unless --strict-match.
    expect((await cli(["check", "--csv", file, "--base", proxy.url, "--fail-on", "ended"])).code).toBe(1);
    expect((await cli(["check", "--csv", file, "--base", proxy.url, "--fail-on", "ended", "--strict-match"])).code).toBe(3);
    const ok = tempFile("ok.csv", "Model\nAlpha Phone\nBeta Tablet\n");
    expect((await cli(["check", "--csv", ok, "--base", proxy.url, "--fail-on", "ended"])).code).toBe(0);
    expect((await cli(["check", "--csv", file, "--base", proxy.url, "--fail-on", "ending-soon"])).code).toBe(1);
  });

  it("a file that is not CSV, or whose columns it cannot tell, is exit 2 and costs no request", async () => {
    const binary = await cli(["check", "--csv", tempFile("devices.xlsx", Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 0xff, 0xfe])), "--base", proxy.url]);
    expect([binary.code, binary.stderr]).toEqual([2, expect.stringMatching(/not a CSV file/)]);
    const unknown = await cli(["check", "--csv", tempFile("x.csv", "Host,Owner\na,b\n"), "--base", proxy.url]);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringMatching(/x\.csv:1: no column header names a model/)]);
    expect(proxy.seen).toEqual([]);
  });
});

describe("--csv: 10,000 rows", () => {
  // The synthetic catalog every HTTP target serves (300 records with model codes), and an Intune export of it.
  let list: Preview;
  let listProxy: FaultProxy;
  beforeAll(async () => {
    list = await servePreview(inject("listDist"));
    listProxy = await faultProxy(list.url);
  });
  afterAll(async () => {
    await listProxy?.close();
    await list?.close();
  });

  it("one request for the whole export, progress on stderr, and the page's report", async () => {
    const csv = fleetExport(synthRecords(300, 3), 10_000, 7);
    const file = tempFile("intune-devices.csv", csv);
    const out = path.join(path.dirname(file), "report.csv");
    const { code, stdout, stderr } = await cli(["check", "--csv", file, "--out", out, "--base", listProxy.url, "--fail-on", "ended", "--today", "2026-11-22"]);
    expect(stdout).toBe("");
    // One catalog fetch and one of the OS releases' index, none to the API.
    expect(listProxy.seen.map((s) => [s.path, s.status])).toEqual([
      [FLEET_INDEX, 200],
      [OS_INDEX, 200],
    ]);
    // Progress every 1,000 rows, then the total.
    const progress = [...stderr.matchAll(/([\d,]+) of 10,000 rows checked/g)].map((m) => m[1]);
    expect(progress).toEqual(["1,000", "2,000", "3,000", "4,000", "5,000", "6,000", "7,000", "8,000", "9,000", "10,000"]);

    const bytes = readFileSync(out);
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const report = parse(bytes, { bom: true }) as string[][];
    expect(report.length).toBe(10_001);
    const header = report[0]!;
    const col = (name: string) => header.indexOf(name);
    const rows = report.slice(1);
    const count = (value: string) => rows.filter((r) => r[col("match")] === value).length;
    expect(count("yes") + count("ambiguous") + count("no")).toBe(10_000);
    expect(count("yes")).toBeGreaterThan(7_000);
    expect(count("no")).toBeGreaterThan(0);
    // A cell that would run as a formula is text in the report.
    expect(rows[0]![1]).toBe(`'${HOSTILE.model}`);
    // The exit status follows the gate: some matched devices are past their end of security updates.
    const ended = rows.filter((r) => r[col("verdict_code")] === "security-ended").length;
    expect(code).toBe(ended ? 1 : 0);
    expect(stderr).toMatch(new RegExp(`--fail-on ended: ${ended.toLocaleString("en")} rows are at or past it`));

    // The same report as the page writes from the same index (generator/browser/fleet-worker.ts): its rows, its columns, its cells.
    const index = JSON.parse(readFileSync(path.join(inject("listDist"), FLEET_INDEX), "utf8")) as FleetIndex;
    const table = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
    const columns = detectColumns(table[0]!)!;
    const matcher = fleetMatcher(index);
    const matches = table.slice(1).map((r) => matcher.match(rowInput(r, columns)));
    const osIndex = JSON.parse(readFileSync(path.join(inject("listDist"), OS_INDEX), "utf8")) as OsIndex;
    const judge = (input: OsInput) => judgeOs(osIndex, input);
    const os = detectOsColumns(table[0]!);
    const results = table.slice(1).map((r, i) => judgeRow(index, matches[i]!, rowOs(r, os), rowInput(r, columns).manufacturer, judge, "2026-11-22"));
    expect(bytes.toString("utf8")).toBe(`\uFEFF${stringify(reportRows(table[0]!, table.slice(1), results, index, matcher.slugs), CSV_OPTIONS)}`);
  });
});
