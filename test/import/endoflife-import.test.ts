// The importer end to end: on the hand-made snapshot, release-data and
// catalog (proposals valid, statuses, release-data's newer eol with its
// revision entry and report table, --refresh rewriting an unrevised import, a
// second run that changes nothing, nothing at all written on bad input), on
// the real endoflife.date snapshot (every proposal valid, counts per file).
// That docs/import.md is current is tested beside endoflife-docs.ts.
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readCatalog } from "../../generator/load/read.ts";
import { readSnapshotFolder, writeUnder } from "../../importers/disk.ts";
import { runImport, snapshotFromReadme, REPORT_JSON } from "../../importers/endoflife-import.ts";
import type { Report } from "../../importers/endoflife-report.ts";
import type { DeviceRecord } from "../../generator/schema/record.ts";
import { isUnrevisedImport, proposalOf } from "../../importers/endoflife-proposals.ts";
import { recordText } from "../../generator/schema/record.ts";
import { readRelease } from "../../importers/endoflife-readings.ts";
import { tempDir, treeDigests } from "../helpers/build.ts";
import {
  CONTEXT,
  ENDOFLIFE_FIXTURES,
  FIXTURE_DATA,
  fixtureOsFiles,
  fixtureReading,
  fixtureSources,
  REAL_SNAPSHOT,
  realSources,
  SNAPSHOT,
  IMPORT_COMMAND,
  importCli,
} from "../helpers/endoflife.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

class Exited extends Error {
  constructor(readonly status: number) {
    super(`exit ${status}`);
  }
}
let runs = 0;
/**
 * The command in this process (a process costs a second or two), where the
 * exit status the shell sees is not the point: its module evaluated afresh
 * with `args` as its command line, process.exit ending it where it exits, what
 * it prints kept.
 */
async function cliHere(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const argv = process.argv;
  const out: Record<"stdout" | "stderr", string[]> = { stdout: [], stderr: [] };
  process.argv = [process.execPath, IMPORT_COMMAND, ...args];
  const exit = vi.spyOn(process, "exit").mockImplementation((code) => {
    throw new Exited(Number(code ?? 0));
  });
  const log = vi.spyOn(console, "log").mockImplementation((...words) => {
    out.stdout.push(`${words.join(" ")}\n`);
  });
  const error = vi.spyOn(console, "error").mockImplementation((...words) => {
    out.stderr.push(`${words.join(" ")}\n`);
  });
  let status = 0;
  try {
    await import(/* @vite-ignore */ `${IMPORT_COMMAND}?run=${runs++}`);
  } catch (e) {
    if (!(e instanceof Exited)) throw e;
    status = e.status;
  } finally {
    process.argv = argv;
    exit.mockRestore();
    log.mockRestore();
    error.mockRestore();
  }
  return { status, stdout: out.stdout.join(""), stderr: out.stderr.join("") };
}

const copyOfFixtureData = () => {
  const data = path.join(tempDir("dl-import-"), "data");
  cpSync(FIXTURE_DATA, data, { recursive: true });
  return data;
};

describe("on the hand-made snapshot", () => {
  let report: Report;
  let writes: { path: string; text: string }[];
  beforeAll(async () => {
    const { records } = await readCatalog(FIXTURE_DATA);
    const result = runImport({ ...fixtureSources(), catalog: records, devicesDir: "data/devices", context: CONTEXT });
    expect(result.problems).toEqual([]);
    report = result.report!;
    writes = result.writes;
  });

  it("proposes the devices the catalog lacks and compares the ones it has", () => {
    expect(report.totals).toMatchObject({ releases: 28, proposed: 21, matchedRecords: 7, notWritten: 0, notCovered: 1 });
    expect(report.notCovered.map((c) => c.slug)).toEqual(["nothing-phone-2"]);
    // Records with an unresolved conflict first, then by slug.
    expect(report.records.map((r) => [r.slug, r.releases.map((x) => `${x.file}#${x.cycle} by ${x.matchedBy}`)])).toEqual([
      ["google-nexus-one", ["google-nexus.md#one by slug"]],
      ["nokia-g42-5g", ["nokia.md#g42-5g by slug"]],
      ["apple-ipad-10th-generation", ["ipad.md#10 by slug"]],
      ["google-pixel", ["pixel.md#1 by slug"]],
      ["google-pixel-5", ["pixel.md#5 by slug"]],
      ["samsung-galaxy-s22", ["samsung-mobile.md#galaxy-s22 by slug"]],
      ["samsung-galaxy-watch4", ["samsung-galaxy-watch.md#galaxy-watch4 by slug"]],
    ]);
    expect(writes.map((w) => w.path).filter((p) => p.startsWith("devices/"))).toHaveLength(21);
  });

  it("lists unresolved conflicts first, with the text that resolves each", () => {
    const rows = report.records.flatMap((r) => r.rows.map((row) => [r.slug, row.field, row.status] as const));
    expect(rows.filter(([, , s]) => s === "conflict" || s === "resolved")).toEqual([
      ["google-nexus-one", "os.os", "conflict"],
      // Nokia's product-page period is its promise, a minimum; the curated record reads it as an end: the curator decides.
      ["nokia-g42-5g", "security.security-years", "conflict"],
      ["google-pixel", "security.security", "resolved"],
    ]);
    const rowsOf = (slug: string) => report.records.find((r) => r.slug === slug)!.rows.map((r) => [r.field, r.status, r.why]);
    // eol: true beside a record that says nothing: a conflict; beside one that says ended: the same.
    expect(rowsOf("google-nexus-one")).toEqual([
      ["released", "compatible", "one date lies within the other"],
      ["os.os", "conflict", "they mark it ended; we record neither a date nor that it ended"],
      ["security.security", "same", undefined],
    ]);
    expect(report.records.find((r) => r.slug === "google-nexus-one")!.rows[1]!.resolveWith).toBe("endoflife.date google-nexus.md#one os.os: ended, no date");
    // Their newest builds beside our documented end (OS) and our own last update (security, resolved in the record).
    expect(rowsOf("google-pixel")).toEqual([
      ["released", "compatible", "one date lies within the other"],
      ["os.os", "compatible", "their last observed update is no later than our documented end"],
      ["security.security", "resolved", "their lastUpdate differs from ours"],
    ]);
    expect(rowsOf("google-pixel-5")).toEqual([
      ["released", "compatible", "one date lies within the other"],
      ["os.os", "compatible", "their last observed update is no later than our documented end"],
      ["security.security", "compatible", "their last observed update is no later than our documented end"],
    ]);
    // Samsung: the launch + 4 years OS estimate (February 2026) has passed, as has our October 2025 end; the 2022 "up to" rule reads a ceiling, at the year.
    expect(rowsOf("samsung-galaxy-s22")).toEqual([
      ["released", "compatible", "one date lies within the other"],
      ["os.os-generations", "compatible", "we record a date; they mark it ended without one"],
      ["security.security-years", "compatible", "one date lies within the other"],
    ]);
    // Nokia's product-page period counted from launch: Nokia's promise, a minimum; the curated record reads an end.
    expect(rowsOf("nokia-g42-5g")).toEqual([
      ["released", "compatible", "one date lies within the other"],
      ["security.security-years", "conflict", "they record a minimum; we record end"],
    ]);
    expect(rowsOf("samsung-galaxy-watch4")).toEqual([
      ["released", "compatible", "one date lies within the other"],
      ["os.software-years", "same", undefined],
      ["security.security-years", "compatible", "we record a date; they record none yet"],
    ]);
    // Apple's OS cycle still patched, beside a record with no status.
    expect(rowsOf("apple-ipad-10th-generation")).toEqual([
      ["released", "same", undefined],
      ["os.ipados", "compatible", "they list it as continuing on 2026-08-22; we record no status"],
      ["security.security", "compatible", "they list it as continuing on 2026-08-22; we record no status"],
    ]);
  });

  it("applies release-data's newer eol with its revision entry, and reports how release-data compares", () => {
    expect(report.releaseData).toEqual({
      repository: "https://github.com/endoflife-date/release-data",
      commit: "2222222222222222222222222222222222222222",
      commitDate: "2026-08-22",
      files: [
        {
          file: "releases/samsung-mobile.json",
          agree: 3,
          // A day on which Samsung dropped many models at once keeps the import note's precision: the month.
          newer: [{ cycle: "galaxy-x2", productFile: "continuing, no date", release: "end 2026-08 (month)" }],
          notInProductFile: [{ cycle: "galaxy-x3", eol: "false" }],
        },
      ],
    });
    const x2: DeviceRecord = JSON.parse(writes.find((w) => w.path === "devices/samsung-galaxy-x2.json")!.text);
    expect(x2.support.security[0]).toMatchObject({ end: { value: "2026-08", precision: "month" } });
    expect(x2.evidence.revisions.map((v) => v.change)).toEqual([
      'Imported from endoflife.date products/samsung-mobile.md at commit 1111111 (release "galaxy-x2")',
      'Updated from endoflife.date release-data releases/samsung-mobile.json at commit 2222222 (release "galaxy-x2"): security updates continuing, no date → end 2026-08 (month)',
    ]);
    expect(report.proposals.find((p) => p.slug === "samsung-galaxy-x2")).toMatchObject({ security: "end 2026-08 (month)" });
    const markdown = writes.find((w) => w.path === "import/endoflife.md")!.text;
    expect(markdown).toContain("## endoflife.date release-data");
    expect(markdown).toContain("| releases/samsung-mobile.json | 3 | `galaxy-x2`: continuing, no date → end 2026-08 (month) | `galaxy-x3` (eol false) |");
  });

  it("writes nothing for a release it cannot propose, and says why", async () => {
    const { records } = await readCatalog(FIXTURE_DATA);
    const { products, osFiles } = readSnapshotFolder(SNAPSHOT);
    // An earlier import of the S26 that no longer says what the snapshot says.
    const s26release = { ...fixtureReading("samsung-mobile.md", "galaxy-s26").release, eol: { value: "2034-03-06", line: 1, comment: "" } };
    const s26 = proposalOf(
      readRelease(fixtureReading("samsung-mobile.md", "galaxy-s26").product, s26release, { ...CONTEXT, osFiles: fixtureOsFiles() }),
      CONTEXT,
    );
    // A second file whose release has the same name, hence the same slug.
    const watch = {
      name: "pixel-watch.md",
      path: "pixel-watch.md",
      text: '---\nreleasePolicyLink: https://support.google.com/product-documentation/answer/12799779\neoasColumn: WearOS Updates\neolColumn: Security Updates\nreleases:\n  - releaseCycle: "11"\n    releaseLabel: "Pixel 11"\n    releaseDate: 2026-08-20\n    eoas: 2029-10-01\n    eol: 2029-10-01\n---\n',
    };
    const result = runImport({
      products: [...products, watch],
      osFiles,
      catalog: [...records, { file: "data/devices/samsung-galaxy-s26.json", record: s26 }],
      devicesDir: "data/devices",
      context: CONTEXT,
    });
    expect(result.report!.notWritten.map((s) => [`${s.file}#${s.cycle}`, s.reason])).toEqual([
      ["pixel-watch.md#11", 'its slug "google-pixel-11" is also the slug of pixel.md#11'],
      ["pixel.md#11", 'its slug "google-pixel-11" is also the slug of pixel-watch.md#11'],
      [
        "samsung-mobile.md#galaxy-s26",
        "an earlier import (devices/samsung-galaxy-s26.json) differs from what this snapshot says; it is not rewritten: run with --refresh to rewrite the imports nobody has revised, or revise it as a curated record",
      ],
    ]);
  });

  it("with --refresh, rewrites an import nobody has revised that the snapshot now reads otherwise, keeping its publication state", async () => {
    const { records } = await readCatalog(FIXTURE_DATA);
    const sources = fixtureSources();
    const file = "data/devices/samsung-galaxy-s26.json";
    // The S26 as an earlier importer read it (launch + 7 years as a documented end to the month), since published by a curator.
    const now = proposalOf(fixtureReading("samsung-mobile.md", "galaxy-s26"), CONTEXT);
    const earlier: DeviceRecord = structuredClone({ ...now, publication: { state: "published" as const } });
    earlier.support.security[0] = {
      id: "security",
      scope: {},
      end: { value: "2033-03", precision: "month" },
      meaning: "Security updates until March 2033",
      evidenceLevel: "third-party",
      sourceIds: ["endoflife-samsung-mobile"],
    };
    earlier.evidence.revisions[0]!.date = "2026-10-01";
    const run = (record: DeviceRecord) =>
      runImport({ ...sources, catalog: [...records, { file, record }], devicesDir: "data/devices", context: { ...CONTEXT, refresh: true } });

    const refreshed = run(earlier);
    expect(refreshed.report!.notWritten).toEqual([]);
    // The new reading, the earlier creation entry kept, and one entry saying what changed.
    expect(refreshed.writes.find((w) => w.path === "devices/samsung-galaxy-s26.json")!.text).toBe(
      recordText({
        ...now,
        publication: { state: "published" },
        evidence: {
          ...now.evidence,
          revisions: [
            earlier.evidence.revisions[0]!,
            {
              date: CONTEXT.checked,
              change: "Re-read from endoflife.date products/samsung-mobile.md at commit 1111111: security end 2033-03 (month) → minimum 2033-03 (month)",
              reason: "Proposed by the endoflife.date importer: its reading of the file changed (docs/import.md says how each file is read)",
            },
          ],
        },
      }),
    );
    expect(refreshed.report!.proposals.find((p) => p.slug === "samsung-galaxy-s26")).toMatchObject({ security: "minimum 2033-03 (month)" });
    // Run again on the rewritten record: nothing to rewrite.
    const again = run(JSON.parse(refreshed.writes.find((w) => w.path === "devices/samsung-galaxy-s26.json")!.text));
    expect(again.writes.map((w) => w.path)).not.toContain("devices/samsung-galaxy-s26.json");
    expect(again.report!.proposals.find((p) => p.slug === "samsung-galaxy-s26")).toBeDefined();

    // A curator's revision makes it a curated record: compared, never rewritten.
    const revised = structuredClone(earlier);
    revised.evidence.revisions.push({ date: "2026-11-01", change: "Published", reason: "Checked against Samsung's newsroom" });
    const kept = run(revised);
    expect(kept.writes.map((w) => w.path)).not.toContain("devices/samsung-galaxy-s26.json");
    const entry = kept.report!.records.find((r) => r.slug === "samsung-galaxy-s26")!;
    expect(entry.state).toBe("published");
    // Their reading is Samsung's promise, a minimum to 2033-03; our curated end is a stronger statement: the curator decides.
    expect(entry.rows.find((r) => r.field === "security.security")).toMatchObject({
      status: "conflict",
      ours: "end 2033-03 (month)",
      why: "they record a minimum; we record end",
    });
  });

  it("reads the commit the snapshot's README records", () => {
    expect(readSnapshotFolder(SNAPSHOT).recorded).toEqual({ commit: "1111111111111111111111111111111111111111", commitDate: "2026-08-22" });
    expect(snapshotFromReadme(readFileSync(path.join(REAL_SNAPSHOT, "README.md"), "utf8"))).toEqual({
      commit: "a70eca337600e7d721dc48112c271f98661d208b",
      commitDate: "2026-08-22",
    });
  });
});

describe("the command", () => {
  it("writes valid proposals and the report; a second run writes nothing new and changes no byte", async () => {
    const data = copyOfFixtureData();
    const args = ["endoflife", SNAPSHOT, "--data", data, "--checked", "2026-11-24"];
    const first = importCli(args);
    expect(first.status, first.stderr).toBe(0);
    const { records, problems } = await readCatalog(data);
    expect(problems).toEqual([]);
    expect(records).toHaveLength(8 + 21);
    expect(records.filter((r) => r.record.publication.state === "draft").map((r) => r.record.slug)).toContain("samsung-galaxy-x1-plus");
    // The release-data folder beside the snapshot is read by default: its newer eol is in the record, with its revision entry.
    const x2 = records.find((r) => r.record.slug === "samsung-galaxy-x2")!.record;
    expect(x2.support.security[0]!.end).toEqual({ value: "2026-08", precision: "month" });
    expect(x2.evidence.revisions[1]!.change).toMatch(/^Updated from endoflife.date release-data releases\/samsung-mobile.json at commit 2222222/);
    const after = treeDigests(data);
    expect(Object.keys(after)).toContain("import/endoflife.md");

    const second = await cliHere(args);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/21 proposed records \(0 written now\)/);
    expect(treeDigests(data)).toEqual(after);
  });

  it("reports every problem of bad input as file:line and writes nothing, not even the report", () => {
    const data = copyOfFixtureData();
    const before = treeDigests(data);
    const run = importCli(["endoflife", path.join(ENDOFLIFE_FIXTURES, "broken"), "--data", data, "--checked", "2026-11-24"]);
    expect(run.status).toBe(2);
    const lines = run.stderr.split("\n").map((l) => l.replace(`${ENDOFLIFE_FIXTURES}/broken/products/`, ""));
    expect(lines).toEqual(
      expect.arrayContaining([
        "fairphone.md:9: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
        'nokia.md:1: has no front matter: the file must start with a line "---"',
        'pixel.md:13: unknown column "securityUpdates": this file\'s releases may use releaseCycle, releaseLabel, releaseDate, discontinued, link, eoas, eol, supportedAndroidVersions',
        "pixel.md:18: eoas 2027-02-30 is not a real calendar day",
        "pixel.md:19: eol 2021-10-01 is before the releaseDate 2022-10-13 (line 17)",
        "pixel.md:24: eoas must be a date YYYY-MM-DD or true/false, got number 2026",
        'pixel.md:25: eol "soon" is not a date written YYYY-MM-DD',
        "7 problem(s); nothing was written.",
      ]),
    );
    expect(treeDigests(data)).toEqual(before);
  });

  // The refusals of the arguments alone run in this process; the one that reads the folder (and the catalog in data/) runs in its own.
  it.each([
    [["endoflife"], /give exactly one folder/, cliHere],
    [["endoflife", SNAPSHOT, "--state", "live"], /--state must be draft or published/, cliHere],
    [["endoflife", SNAPSHOT, "--commit", "2222222222222222222222222222222222222222"], /--commit-date is needed/, cliHere],
    [["endoflife", path.join(ENDOFLIFE_FIXTURES, "data")], /LICENSE:1: not found/, importCli],
  ])("refuses %j", async (args, message, run) => {
    const result = await run(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
  });
});

describe("on the real endoflife.date snapshot", () => {
  it("changes nothing on the landed catalog: no record written, the committed report again", async () => {
    const { folder, input } = realSources();
    const catalog = await readCatalog(path.join(ROOT, "data"));
    const result = runImport({
      ...input,
      catalog: catalog.records,
      devicesDir: "data/devices",
      context: { ...folder.recorded!, checked: "2027-01-05", state: "draft" },
    });
    expect(result.problems).toEqual([]);
    for (const w of result.writes) expect(w.text, w.path).toBe(readFileSync(path.join(ROOT, "data", w.path), "utf8"));
    expect(result.writes.map((w) => w.path).filter((p) => p.startsWith("devices/"))).toEqual([]);
  });

  it("proposes only valid records; counts per file", async () => {
    // The catalog as curated, without the landed imports nobody has revised: the run proposes those again.
    const data = path.join(tempDir("dl-import-real-"), "data");
    cpSync(path.join(ROOT, "data"), data, { recursive: true });
    // An unrevised import a curated record names as its replacement (a withdrawn duplicate's replacedBy) stays: the run finds it unchanged.
    const landed = (await readCatalog(data)).records;
    const named = new Set(
      landed.flatMap(({ record: r }) => (r.publication.state === "withdrawn" && r.publication.replacedBy ? [r.publication.replacedBy] : [])),
    );
    const kept = landed.filter(({ record }) => isUnrevisedImport(record) && named.has(record.slug));
    expect(kept.map(({ record }) => record.slug).sort()).toEqual(["apple-ipad-pro-11-inch-1st-generation", "apple-ipad-pro-11-inch-2nd-generation"]);
    for (const { file, record } of landed) if (isUnrevisedImport(record) && !named.has(record.slug)) rmSync(path.join(data, "devices", path.basename(file)));
    const { folder, input } = realSources();
    const catalog = await readCatalog(data);
    const result = runImport({
      ...input,
      catalog: catalog.records,
      devicesDir: path.join(data, "devices"),
      context: { ...folder.recorded!, checked: "2026-11-24", state: "draft" },
    });
    expect(result.problems).toEqual([]);
    writeUnder(data, result.writes);
    const after = await readCatalog(data);
    expect(after.problems).toEqual([]);
    const report: Report = JSON.parse(readFileSync(path.join(data, REPORT_JSON), "utf8"));
    // Every proposal is written but the kept ones, which are already there.
    expect(result.writes.filter((w) => w.path.startsWith("devices/"))).toHaveLength(report.totals.proposed - kept.length);
    expect(after.records).toHaveLength(catalog.records.length + report.totals.proposed - kept.length);
    expect(report.totals.releases).toBe(1029);
    expect(report.totals.notWritten).toBe(0);
    console.log(
      [
        "file | releases | proposed | matched | not written",
        ...report.files.map((f) => `${f.file} | ${f.releases} | ${f.proposed} | ${f.matched} | ${f.notWritten}`),
      ].join("\n"),
    );
    expect(Object.fromEntries(report.files.map((f) => [f.file, f.releases]))).toEqual({
      "apple-watch.md": 18,
      "fairphone.md": 7,
      "google-nexus.md": 11,
      "ipad.md": 45,
      "iphone.md": 52,
      "motorola-mobility.md": 155,
      "nokia.md": 66,
      "oneplus.md": 12,
      "pixel-watch.md": 5,
      "pixel.md": 39,
      "samsung-galaxy-tab.md": 82,
      "samsung-galaxy-watch.md": 17,
      "samsung-mobile.md": 437,
      "sony-xperia.md": 24,
      "surface.md": 59,
    });
  });
});
