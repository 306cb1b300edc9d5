// On CI (CI=true) a missing Chromium fails the browser suites rather than
// skipping them, as the README promises: every suite that drives Chromium
// skips through test/helpers/browser.ts noChromium alone, and with CI=true and
// no Chromium that is false and launching fails, naming the path looked at.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const TEST = path.resolve(import.meta.dirname, "..");
const HELPER = path.join(TEST, "helpers/browser.ts");

/** What the helper decides in a fresh process with this environment: whether suites skip, and what launching says. */
function decided(env: Record<string, string | undefined>) {
  const script = `const b = await import(${JSON.stringify(HELPER)}); console.log(JSON.stringify({ skip: b.noChromium })); if (!b.noChromium) await b.launchChromium();`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env: { ...process.env, CI: undefined, ...env },
    encoding: "utf8",
  });
  return { skip: JSON.parse(run.stdout.split("\n")[0]!).skip as boolean, status: run.status, stderr: run.stderr };
}

describe("Chromium on CI", () => {
  it("every test file that drives Chromium skips only through noChromium", () => {
    const files = readdirSync(TEST, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".test.ts"));
    const drivers = files.filter(
      (f) => f !== "architecture/chromium-on-ci.test.ts" && /\b(launchChromium|browsedSite)\(/.test(readFileSync(path.join(TEST, f), "utf8")),
    );
    expect(drivers.length).toBeGreaterThanOrEqual(14);
    for (const f of drivers) {
      const text = readFileSync(path.join(TEST, f), "utf8");
      expect(text, f).toMatch(/noChromium/);
      expect(text, f).not.toMatch(/existsSync\(CHROMIUM|CHROMIUM_PATH/);
    }
  });

  it("with CI=true and no Chromium, the suites run and fail naming the path", { timeout: 60_000 }, () => {
    const run = decided({ CI: "true", CHROMIUM_PATH: "/nonexistent/chromium" });
    expect(run.skip).toBe(false);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("Chromium is not installed at /nonexistent/chromium");
  });

  it("off CI, a missing Chromium skips them", { timeout: 60_000 }, () => {
    const run = decided({ CHROMIUM_PATH: "/nonexistent/chromium" });
    expect(run.skip).toBe(true);
    expect(run.status).toBe(0);
  });
});
