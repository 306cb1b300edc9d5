// The importer end to end: on the hand-made snapshot and catalog (proposals
// valid, statuses, a second run that changes nothing, nothing at all written
// on bad input), on the real endoflife.date snapshot (every proposal valid,
// counts per file), and the generated docs/import.md being current.
import { execFileSync } from "node:child_process";
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readCatalog } from "../../generator/load/read.ts";
import { readSnapshotFolder, writeUnder } from "../../generator/import/disk.ts";
import { runImport, snapshotFromReadme, REPORT_JSON } from "../../generator/import/endoflife-import.ts";
import { importDocsText, IMPORT_DOCS_PATH } from "../../generator/import/endoflife-docs.ts";
import type { Report } from "../../generator/import/endoflife-report.ts";
import { isUnrevisedImport, proposalOf } from "../../generator/import/endoflife-proposals.ts";
import { readRelease } from "../../generator/import/endoflife-readings.ts";
import { tempDir, treeDigests } from "../helpers/build.ts";
import { CONTEXT, ENDOFLIFE_FIXTURES, FIXTURE_DATA, fixtureOsFiles, fixtureReading, REAL_SNAPSHOT, realSources, SNAPSHOT } from "../helpers/endoflife.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const COMMAND = path.join(ROOT, "generator/cli/import.ts");

/** The command in a process of its own: the exit status the shell sees, and what it writes. */
function cli(args: string[]): { status: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, ["--import", "tsx", COMMAND, ...args], { cwd: ROOT, encoding: "utf8", stdio: "pipe" });
    return { status: 0, stdout, stderr: "" };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { status: err.status, stdout: err.stdout, stderr: err.stderr };
  }
}

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
  process.argv = [process.execPath, COMMAND, ...args];
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
    await import(/* @vite-ignore */ `${COMMAND}?run=${runs++}`);
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
  beforeAll(async () => {
    const { records } = await readCatalog(FIXTURE_DATA);
    const result = runImport({ ...readSnapshotFolder(SNAPSHOT), catalog: records, devicesDir: "data/devices", context: CONTEXT });
    expect(result.problems).toEqual([]);
    report = result.report!;
  });

  it("proposes the devices the catalog lacks and compares the ones it has", () => {
    expect(report.totals).toMatchObject({ releases: 25, proposed: 19, matchedRecords: 6, notWritten: 0, notCovered: 1 });
    expect(report.notCovered.map((c) => c.slug)).toEqual(["nothing-phone-2"]);
    expect(report.records.map((r) => [r.slug, r.releases.map((x) => `${x.file}#${x.cycle} by ${x.matchedBy}`)])).toEqual([
      ["google-pixel", ["pixel.md#1 by slug"]],
      ["samsung-galaxy-s22", ["samsung-mobile.md#galaxy-s22 by slug"]],
      ["apple-ipad-10th-generation", ["ipad.md#10 by slug"]],
      ["google-pixel-5", ["pixel.md#5 by slug"]],
      ["nokia-g42-5g", ["nokia.md#g42-5g by slug"]],
      ["samsung-galaxy-watch4", ["samsung-galaxy-watch.md#galaxy-watch4 by slug"]],
    ]);
  });

  it("lists unresolved conflicts first, with the text that resolves each", () => {
    const rows = report.records.flatMap((r) => r.rows.map((row) => [r.slug, row.field, row.status] as const));
    expect(rows.filter(([, , s]) => s === "conflict" || s === "resolved")).toEqual([
      ["google-pixel", "os.os", "conflict"],
      ["google-pixel", "security.security", "resolved"],
      ["samsung-galaxy-s22", "os.os-generations", "conflict"],
    ]);
    // Samsung's 2022 "up to" rule reads their S22 date as a ceiling, as the curated record has it.
    expect(report.records.find((r) => r.slug === "samsung-galaxy-s22")!.rows.find((r) => r.field === "security.security-years")!.status).toBe("same");
    expect(report.records.find((r) => r.slug === "google-pixel-5")!.rows.map((r) => [r.field, r.status])).toEqual([
      ["released", "compatible"],
      ["os.os", "same"],
      ["security.security", "same"],
    ]);
    expect(report.records.find((r) => r.slug === "samsung-galaxy-watch4")!.rows.map((r) => [r.field, r.status])).toEqual([
      ["released", "compatible"],
      ["os.software-years", "same"],
      ["security.security-years", "compatible"],
    ]);
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
        "an earlier import (devices/samsung-galaxy-s26.json) differs from what this snapshot says; it is not rewritten: delete it to import the device again, or revise it as a curated record",
      ],
    ]);
    // The importer counts "+" (no match), the search does not: a curated alias then reads as the proposal's name.
    const alias = records.map((l) => (l.record.slug === "nothing-phone-2" ? { ...l, record: { ...l.record, aliases: ["Samsung Galaxy X1"] } } : l));
    const refused = runImport({ products, osFiles, catalog: alias, devicesDir: "data/devices", context: CONTEXT });
    expect(refused.report!.notWritten.map((s) => [`${s.file}#${s.cycle}`, s.reason])).toEqual([
      [
        "samsung-mobile.md#galaxy-x1",
        'the proposal fails validation: aliases[0]: "Samsung Galaxy X1" reads as the name of devices/samsung-galaxy-x1-plus.json ("Samsung Galaxy X1+") to the search; use a name that tells the two apart',
      ],
    ]);
    expect(refused.writes.map((w) => w.path)).not.toContain("devices/samsung-galaxy-x1-plus.json");
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
    const first = cli(args);
    expect(first.status, first.stderr).toBe(0);
    const { records, problems } = await readCatalog(data);
    expect(problems).toEqual([]);
    expect(records).toHaveLength(7 + 19);
    expect(records.filter((r) => r.record.publication.state === "draft").map((r) => r.record.slug)).toContain("samsung-galaxy-x1-plus");
    const after = treeDigests(data);
    expect(Object.keys(after)).toContain("import/endoflife.md");

    const second = await cliHere(args);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/19 proposed records \(0 written now\)/);
    expect(treeDigests(data)).toEqual(after);
  });

  it("reports every problem of bad input as file:line and writes nothing, not even the report", () => {
    const data = copyOfFixtureData();
    const before = treeDigests(data);
    const run = cli(["endoflife", path.join(ENDOFLIFE_FIXTURES, "broken"), "--data", data, "--checked", "2026-11-24"]);
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
    [["endoflife", path.join(ENDOFLIFE_FIXTURES, "data")], /LICENSE:1: not found/, cli],
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
    for (const { file, record } of (await readCatalog(data)).records) if (isUnrevisedImport(record)) rmSync(path.join(data, "devices", path.basename(file)));
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
    expect(after.records).toHaveLength(catalog.records.length + report.totals.proposed);
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

it("docs/import.md is generated from the importer's table (run npm run import -- docs)", () => {
  expect(readFileSync(IMPORT_DOCS_PATH, "utf8")).toBe(importDocsText());
});
