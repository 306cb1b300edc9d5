// The Xiaomi importer as curators run it: a real process on a copy of a
// catalog and of the saved lists. Bad input exits 2 naming file:line and
// leaves the data folder as it was; a good run writes the records and the
// report, a second run changes no byte, and on the landed catalog it writes
// no record and the committed report again.
import { chmodSync, cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir, treeDigests } from "../helpers/build.ts";
import { FIXTURE_DATA, importCli, PINNED_SOURCES } from "../helpers/endoflife.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LISTS = path.join(PINNED_SOURCES, "xiaomi-devices");

const copy = (from: string, prefix: string) => {
  const to = path.join(tempDir(prefix), path.basename(from));
  cpSync(from, to, { recursive: true });
  return to;
};

describe("npm run import -- xiaomi", () => {
  it("bad input: exit 2, every problem as file:line, nothing written", () => {
    const lists = copy(LISTS, "dl-xiaomi-lists-");
    const aer = path.join(lists, "aer.json");
    chmodSync(aer, 0o644);
    const text = readFileSync(aer, "utf8");
    writeFileSync(aer, text.replace('"securityUpdateEol": "2032-04"', '"securityUpdateEol": "90 days"'));
    const line = text.slice(0, text.indexOf('"securityUpdateEol": "2032-04"')).split("\n").length;
    const data = copy(FIXTURE_DATA, "dl-xiaomi-data-");
    const before = treeDigests(data);
    const run = importCli(["xiaomi", lists, "--data", data, "--checked", "2026-11-28"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`${aer}:${line}: "90 days" is not a month (YYYY-MM)`);
    expect(run.stderr).toMatch(/1 problem\(s\); nothing was written\./);
    expect(treeDigests(data)).toEqual(before);
  });

  it("writes the records and the report once; a second run changes no byte", () => {
    const data = copy(FIXTURE_DATA, "dl-xiaomi-data-");
    const first = importCli(["xiaomi", LISTS, "--data", data, "--checked", "2026-11-28", "--state", "published"]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/183 imported \(183 written now\)/);
    const after = treeDigests(data);
    const second = importCli(["xiaomi", LISTS, "--data", data, "--checked", "2026-12-01", "--state", "published"]);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/\(0 written now\)/);
    expect(treeDigests(data)).toEqual(after);
  });

  it("on the landed catalog: no record written, the committed report again", () => {
    const data = copy(path.join(ROOT, "data"), "dl-xiaomi-landed-");
    const before = treeDigests(data);
    const run = importCli(["xiaomi", LISTS, "--data", data, "--checked", "2026-12-01", "--state", "published"]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/\(0 written now\)/);
    expect(treeDigests(data)).toEqual(before);
  });
});
