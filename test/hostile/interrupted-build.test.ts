// A build killed half-way (SIGKILL: no handler runs) leaves the previous
// output byte for byte as it was, and the next build clears what the killed
// one left beside it and produces exactly what a build into a clean folder does.
// The small fixture catalog, built as of two days whose outputs differ; the
// build's test-only hook (DL_BUILD_TEST_HOLD_AT_LINE, generator/cli/build.ts)
// holds it at the log line the test kills it on, so the kill lands mid-build.
// Only the killed builds need a process of their own; the good ones run here,
// through the same build() (whose start clears the dead builds' leftovers).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { buildTo, FIXTURES, SITE, tempDir, treeDigests } from "../helpers/build.ts";
import { NOW } from "./arbitraries.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The day of the second catalog's builds: verdicts, lists and calendars differ from NOW's. */
const LATER = "2031-01-01";
const TIMEOUT = 120_000;

/**
 * Runs the build command in one Node process (no npx or tsx launcher in
 * between, so a kill reaches the build itself), with the origins buildTo()
 * uses. The site is set outright: vitest sets BASE_URL for Vite, which the
 * build would read as the API's origin.
 */
const cli = (args: string[], env: Record<string, string>) =>
  spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "generator/cli/build.ts"), ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, SITE_URL: SITE.siteUrl, BASE_URL: SITE.baseUrl, ...env },
  });

/**
 * Starts a build and kills it when its log shows the `after`-th emitter done
 * (0: as soon as it has read the catalog), before it can finish. Returns the pid.
 */
function killedBuild(out: string, now: string, after: number): Promise<number> {
  return new Promise((resolve, reject) => {
    // Held at the line it is killed on: the read line, then one per emitter done.
    const child = cli(["--data", FIXTURES, "--out", out, "--now", now], { DL_BUILD_TEST_HOLD_AT_LINE: String(after + 1) });
    let done = 0;
    createInterface({ input: child.stdout }).on("line", (line) => {
      const due = after === 0 ? line.startsWith("[build] read ") : / done: /.test(line) && ++done === after;
      if (due) child.kill("SIGKILL");
    });
    child.on("exit", (code, signal) => (signal === "SIGKILL" ? resolve(child.pid!) : reject(new Error(`the build was not killed half-way (exit ${code})`))));
  });
}

/** What sits beside the output folder: the output itself and any build's leftovers. */
const beside = (out: string) =>
  readdirSync(path.dirname(out))
    .filter((n) => n.startsWith(path.basename(out)))
    .sort();

describe("an interrupted build", () => {
  it(
    "leaves the previous output whole, and the next build clears its leftovers (the fixture catalog)",
    async () => {
      const root = tempDir("dl-interrupted-");
      const out = path.join(root, "site", "dist");
      await buildTo(FIXTURES, NOW, out);
      const previous = treeDigests(out);

      const kills = [0, 1, 3];
      for (const after of kills) {
        const pid = await killedBuild(out, LATER, after);
        expect(treeDigests(out), `killed after ${after} emitter(s): previous output`).toEqual(previous);
        // Killed once emitters have written, the build leaves its temporary folder (before, it has none yet).
        if (after > 0) expect(beside(out), `killed after ${after} emitter(s): its temporary folder is left`).toContain(`dist.tmp-${pid}`);
      }

      // A build killed between the swap's two renames: no output, the previous one under .old-<pid>.
      const dead = spawnSync(process.execPath, ["-e", ""]).pid;
      renameSync(out, `${out}.old-${dead}`);
      mkdirSync(`${out}.tmp-${dead}`);
      writeFileSync(`${out}.tmp-${dead}/partial.json`, "{");
      await killedBuild(out, LATER, 1);
      expect(existsSync(out), "the previous output is put back").toBe(true);
      expect(treeDigests(out), "the previous output is put back whole").toEqual(previous);
      expect(
        beside(out).filter((n) => n.includes(`-${dead}`)),
        "the dead build's folders are cleared",
      ).toEqual([]);

      await buildTo(FIXTURES, LATER, out);
      expect(beside(out), "no leftovers after a good build").toEqual(["dist"]);
      expect(treeDigests(out), "the later build differs from the previous output").not.toEqual(previous);
      const clean = path.join(root, "clean", "dist");
      await buildTo(FIXTURES, LATER, clean);
      expect(treeDigests(out), "the same bytes as a build into a clean folder").toEqual(treeDigests(clean));
      console.log(
        `[hostile] interrupted: ${kills.length + 1} builds of the fixture catalog killed (after 0, 1 and 3 emitters, and mid-swap); previous output intact each time`,
      );
    },
    TIMEOUT,
  );
});
