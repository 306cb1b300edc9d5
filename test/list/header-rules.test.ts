// Netlify applies every _headers rule that matches a path and joins a header
// set by two rules with a comma ("max-age=300, no-store"), so the generated
// _headers must never set one header twice for a path. Read with Netlify's
// own parser and matcher, over every file of a build and every address the
// API answers at.
import { describe, expect, it } from "vitest";
import { loadNetlifyRules } from "../../generator/serve/netlify-rules.ts";
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
    const { headers: rules } = await loadNetlifyRules(outDir);
    const paths = [...filesIn(outDir).map((f) => `/${f}`), ...REQUEST_PATHS];
    const repeated: string[] = [];
    for (const p of paths) {
      const seen = new Map<string, string>();
      for (const rule of rules.filter((r) => r.forRegExp.test(p))) {
        for (const name of Object.keys(rule.values)) {
          const key = name.toLowerCase();
          if (seen.has(key)) repeated.push(`${p}: ${name} from ${seen.get(key)} and ${rule.forRegExp}`);
          seen.set(key, String(rule.forRegExp));
        }
      }
    }
    expect(paths.length).toBeGreaterThan(50);
    expect(repeated).toEqual([]);
  });
});
