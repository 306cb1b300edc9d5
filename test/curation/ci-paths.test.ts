// The pull-request workflow's choice of path (.github/workflows/ci.yml), by
// running its `paths` step's script as Actions runs it (bash, the event's
// values in the environment, outputs in $GITHUB_OUTPUT) in a throwaway
// repository: a pull request touching only data/ takes the fast path (validate,
// build, the change summary); one touching anything else, or a push, the
// whole suite.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { tempDir } from "../helpers/build.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
interface Step {
  id?: string;
  run?: string;
  uses?: string;
}
interface Job {
  needs?: string;
  if?: string;
  steps: Step[];
}
const workflow = parse(readFileSync(path.join(ROOT, ".github/workflows/ci.yml"), "utf8")) as { jobs: Record<string, Job> };
let repo: string;
let base: string;

const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, encoding: "utf8" }).trim();
function commit(files: Record<string, string>): string {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
  }
  git("add", "-A");
  git("-c", "user.name=Curator", "-c", "user.email=curator@example.invalid", "commit", "-q", "-m", "change");
  return git("rev-parse", "HEAD");
}

/** The data-only output of the paths step for an event from base to head. */
function dataOnly(event: string, head: string): string {
  const output = path.join(repo, "..", `output-${Math.random().toString(36).slice(2)}`);
  writeFileSync(output, "");
  const step = workflow.jobs.paths!.steps.find((s) => s.id === "paths")!;
  execFileSync("bash", ["-e", "-c", step.run!], {
    cwd: repo,
    env: { ...process.env, EVENT: event, BASE_SHA: base, HEAD_SHA: head, GITHUB_OUTPUT: output },
    stdio: "ignore",
  });
  return /^data-only=(.*)$/m.exec(readFileSync(output, "utf8"))![1]!;
}

beforeAll(() => {
  repo = path.join(tempDir("dl-ci-"), "repo");
  mkdirSync(repo);
  git("init", "-q");
  base = commit({ "data/devices/a.json": "{}\n", "generator/x.ts": "export {};\n" });
});

describe("ci.yml", () => {
  it.each([
    ["pull_request", { "data/devices/a.json": '{"a":1}\n' }, "true"],
    ["pull_request", { "data/devices/b.json": "{}\n", "data/import/endoflife.md": "report\n" }, "true"],
    ["pull_request", { "data/devices/a.json": '{"a":2}\n', "generator/x.ts": "export const x = 1;\n" }, "false"],
    ["pull_request", { "README.md": "docs\n" }, "false"],
    ["push", { "data/devices/a.json": '{"a":3}\n' }, "false"],
  ])("a %s changing %j: data-only=%s", (event, files, expected) => {
    git("checkout", "-q", base);
    const head = commit(files);
    expect(dataOnly(event, head)).toBe(expected);
  });

  it("runs the fast path (validate, build, the change summary posted to the pull request) or the whole suite, never both", () => {
    const { data, full } = workflow.jobs;
    expect(data!.if).toBe("needs.paths.outputs.data-only == 'true'");
    expect(full!.if).toBe("needs.paths.outputs.data-only != 'true'");
    const runs = data!.steps.flatMap((s) => (s.run ? [s.run] : []));
    expect(runs.slice(0, 3)).toEqual(["npm ci", "npm run validate", "npm run build"]);
    expect(runs.some((r) => r.includes("npm run --silent diff --"))).toBe(true);
    expect(runs.some((r) => r.startsWith("gh pr comment"))).toBe(true);
    expect(full!.steps.some((s) => s.run === "npm test")).toBe(true);
  });
});
