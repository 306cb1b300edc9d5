// `npm run diff -- BASE HEAD` as a curator runs it in a clone: a throwaway git
// repository whose two commits hold the two small catalogs of
// test/fixtures/diff as data/devices/. It prints the change summary; a HEAD
// whose catalog does not validate exits 1 naming the file; a ref that is no
// commit exits 2.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../helpers/build.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = path.join(ROOT, "test/fixtures/diff");
let repo: string;

const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
const diff = (...args: string[]) =>
  spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), [path.join(ROOT, "generator/cli/diff.ts"), ...args], { cwd: repo, encoding: "utf8" });

/** Replaces data/devices/ with a catalog's files and commits it, tagged. */
function commitCatalog(from: string, tag: string) {
  rmSync(path.join(repo, "data/devices"), { recursive: true, force: true });
  cpSync(path.join(from, "devices"), path.join(repo, "data/devices"), { recursive: true });
  git("add", "-A");
  git("-c", "user.name=Curator", "-c", "user.email=curator@example.invalid", "commit", "-q", "-m", tag);
  git("tag", tag);
}

beforeAll(() => {
  repo = tempDir("dl-diff-repo-");
  git("init", "-q");
  writeFileSync(path.join(repo, "README.md"), "A clone.\n");
  commitCatalog(path.join(FIXTURES, "base"), "base");
  commitCatalog(path.join(FIXTURES, "head"), "head");
});

describe("npm run diff", () => {
  it("prints what readers will see change between two refs", () => {
    const run = diff("base", "head", "--now", "2026-11-22");
    expect(run.stderr.replace(/npm warn.*\n/g, "")).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^## What readers will see change: base → head\n/);
    expect(run.stdout).toContain("4 records: 1 added, 2 changed, 1 renamed.");
    expect(run.stdout).toContain("| Security updates [security]: end | 2031-10 (month) | 2031-11-30 (day) |");
    expect(run.stdout).toContain("| Variant A1: identifiers | none | model-number EX-A1US |");
    expect(run.stdout).toContain("Pages and files: ");
    expect(diff("head", "head", "--now", "2026-11-22").stdout).toContain("No record changes anything readers see.");
  });

  it("refuses a HEAD whose catalog does not validate, naming the file, and a ref that is no commit", () => {
    writeFileSync(path.join(repo, "data/devices/alpha-phone.json"), '{"slug": "alpha-phone"}\n');
    git("-c", "user.name=Curator", "-c", "user.email=curator@example.invalid", "commit", "-qam", "broken");
    const broken = diff("head", "HEAD");
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/^data\/devices\/alpha-phone\.json: /m);
    const unknown = diff("no-such-ref", "HEAD");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('"no-such-ref" is not a commit');
  });
});
