// html-validate (.htmlvalidate.json: the recommended rule set) on every kind
// of page of a build of the fixture catalog and of data/: device pages (all
// of the fixtures', 150 spread over data/'s), and every withdrawal notice,
// catalog and A–Z page, corrections, the fleet check, the docs and their reference, the
// problem types, the license and the 404 page. No error; a warning only
// where allowed-warnings.ts gives a reason.
import { readFileSync } from "node:fs";
import path from "node:path";
import { HtmlValidate, StaticConfigLoader, type ConfigData, type ResolvedConfig } from "html-validate";
import { describe, expect, it } from "vitest";
import { filesIn } from "../helpers/build.ts";
import { builtCatalogs, spread } from "../helpers/catalogs.ts";
import { allowedFor } from "./allowed-warnings.ts";

const config = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../.htmlvalidate.json"), "utf8")) as ConfigData;

/**
 * The one configuration, resolved once: StaticConfigLoader merges it and
 * builds its element table anew for every document, a third of the time a
 * device page takes.
 */
class ResolvedOnceLoader extends StaticConfigLoader {
  private resolved?: ResolvedConfig | Promise<ResolvedConfig>;
  override getConfigFor(handle: string, configOverride?: ConfigData): ResolvedConfig | Promise<ResolvedConfig> {
    if (configOverride) return super.getConfigFor(handle, configOverride);
    this.resolved ??= super.getConfigFor(handle);
    return this.resolved;
  }
}
const validator = new HtmlValidate(new ResolvedOnceLoader(config));

/** Every kind of page a build writes, by the file it is written to. */
const KINDS: [string, RegExp][] = [
  ["device page", /^devices\/[^/]+\.html$/],
  ["withdrawal notice", /^withdrawn\/[^/]+\.html$/],
  ["catalog", /^index\.html$/],
  ["manufacturers", /^manufacturers\/index\.html$/],
  ["manufacturer page", /^manufacturers\/[^/]+(\/\d+)?\.html$/],
  ["A–Z page", /^browse\/(index|\d+)\.html$|^browse\/\d+\/index\.html$/],
  ["device type A–Z page", /^browse\/[a-z]+\/(index|\d+)\.html$/],
  ["corrections", /^corrections(\/thanks)?\.html$/],
  ["fleet check", /^fleet\.html$/],
  ["docs", /^docs\/[a-z-]+\.html$/],
  ["license", /^license\.html$/],
  ["404 page", /^404\.html$/],
  ["405 page", /^405\.html$/],
];
/** Device pages validated per build (one template, so a spread of them; every one of the fixtures' hostile pages). */
const DEVICE_PAGES_CHECKED = 150;

const kindOf = (file: string) => KINDS.find(([, re]) => re.test(file))?.[0] ?? "other";

describe("html-validate, recommended rules", () => {
  const dist = builtCatalogs();
  const allowed = allowedFor("html-validate");

  it("finds no error on any page of either build, and no warning the allow-list does not give a reason for", async () => {
    const found: string[] = [];
    const kinds = new Set<string>();
    let pages = 0;
    // Both builds write the same docs, license and error pages: each distinct document is validated once.
    const reports = new Map<string, ReturnType<typeof validator.validateString>>();
    const validate = (html: string, file: string) => {
      if (!reports.has(html)) reports.set(html, validator.validateString(html, file));
      return reports.get(html)!;
    };
    for (const [catalog, root] of Object.entries(dist)) {
      const html = filesIn(root).filter((f) => f.endsWith(".html"));
      const devicePages = html.filter((f) => kindOf(f) === "device page");
      for (const file of [...html.filter((f) => kindOf(f) !== "device page"), ...spread(devicePages, DEVICE_PAGES_CHECKED)]) {
        pages += 1;
        kinds.add(kindOf(file));
        const report = await validate(readFileSync(path.join(root, file), "utf8"), file);
        for (const m of report.results.flatMap((r) => r.messages)) {
          const where = `${catalog}: ${kindOf(file)}: ${file}:${m.line}:${m.column}`;
          if (m.severity === 1 && allowed.allows(m.ruleId, where)) continue;
          found.push(`${m.severity === 2 ? "error" : "warning"} ${m.ruleId} at ${where}: ${m.message}`);
        }
      }
    }
    expect(found).toEqual([]);
    expect([...kinds].sort()).toEqual(KINDS.map(([k]) => k).sort());
    expect(pages).toBeGreaterThan(150);
    expect(allowed.unused(), "allow-list entries no warning needs").toEqual([]);
  });
});
