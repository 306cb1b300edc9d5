// Redocly CLI's recommended rules (redocly.yaml) on the OpenAPI document as
// built: for the fixture catalog and data/ (with the test origins), and for a
// local build without BASE_URL. No error; a warning only if allowed-warnings.ts
// lists it with its reason.
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { API } from "../../generator/contract/resources.ts";
import { buildOpenApi } from "../../generator/emit/openapi-document.ts";
import { DEFAULT_ORIGIN } from "../../generator/derive/site.ts";
import { tempDir } from "../helpers/build.ts";
import { builtCatalogs } from "../helpers/catalogs.ts";
import { allowedFor } from "./allowed-warnings.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

interface Problem {
  ruleId: string;
  severity: "error" | "warn";
  message: string;
  location: { pointer: string }[];
}

/** `redocly lint` on one file: its problems (it exits 1 when there are errors, with the same JSON). */
async function lint(file: string): Promise<Problem[]> {
  const run = promisify(execFile)(path.join(ROOT, "node_modules/.bin/redocly"), ["lint", "--config", path.join(ROOT, "redocly.yaml"), "--format=json", file], {
    cwd: ROOT,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    maxBuffer: 16 * 1024 * 1024,
  });
  const { stdout } = await run.catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
  return JSON.parse(stdout).problems;
}

describe("Redocly CLI lint, recommended rules", () => {
  const dist = builtCatalogs();
  const allowed = allowedFor("redocly");

  const documents = () => {
    const local = path.join(tempDir(), "openapi.json");
    writeFileSync(local, JSON.stringify(buildOpenApi({ siteUrl: DEFAULT_ORIGIN, baseUrl: DEFAULT_ORIGIN, now: "2026-11-22" })));
    return {
      "fixtures build": path.join(dist.fixtures, API.openapi.file({})),
      "data build": path.join(dist.data, API.openapi.file({})),
      [`localhost build (${DEFAULT_ORIGIN})`]: local,
    };
  };

  it("finds no error, and no warning the allow-list does not give a reason for", async () => {
    const found: string[] = [];
    for (const [label, file] of Object.entries(documents())) {
      for (const p of await lint(file)) {
        const where = `${label} ${p.location.map((l) => l.pointer).join(" ")}`;
        if (p.severity === "warn" && allowed.allows(p.ruleId, where)) continue;
        found.push(`${p.severity} ${p.ruleId} at ${where}: ${p.message}`);
      }
    }
    expect(found).toEqual([]);
    expect(allowed.unused(), "allow-list entries no warning needs").toEqual([]);
  });
});
