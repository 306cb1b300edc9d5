// Netlify applies every _headers rule that matches a path and joins a header
// set by two rules with a comma ("max-age=300, no-store"), so the route table
// must never set one header twice for a path, except Content-Security-Policy,
// where comma-separated policies all apply. Checked over every file of a build
// and every address the API answers at.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { matchPath, parseHeaders } from "../../generator/serve/routes.ts";
import { buildTo, filesIn } from "../helpers/build.ts";

const REQUEST_PATHS = [
  "/",
  "/devices/alpha-phone",
  "/api/v1/devices",
  "/api/v1/devices/alpha-phone",
  "/api/v1/devices/alpha-phone/evidence",
  "/api/v1/dataset",
  "/api/v1/badge/alpha-phone",
  "/api/v1/problems/rate-limited",
  "/api/devices",
  "/no-such-page",
];

describe("header rules", () => {
  it("never set the same header twice for one path", async () => {
    const { outDir } = await buildTo();
    const rules = parseHeaders(readFileSync(path.join(outDir, "_headers"), "utf8"));
    const files = filesIn(outDir).map((f) => `/${f}`);
    const paths = [...files, ...REQUEST_PATHS];
    const repeated: string[] = [];
    for (const p of paths) {
      const seen = new Map<string, string>();
      for (const rule of rules.filter((r) => matchPath(r.path, p))) {
        for (const name of Object.keys(rule.headers)) {
          const key = name.toLowerCase();
          if (key === "content-security-policy") continue;
          if (seen.has(key)) repeated.push(`${p}: ${name} from ${seen.get(key)} and ${rule.path}`);
          seen.set(key, rule.path);
        }
      }
    }
    expect(paths.length).toBeGreaterThan(50);
    expect(repeated).toEqual([]);
  });
});
