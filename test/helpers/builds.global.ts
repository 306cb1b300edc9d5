// vitest global setup of the http project: the builds its suites read, built
// once per run and handed out with provide/inject: the fixture catalog and a
// synthetic catalog of 300 records for the list (with the confusable names of
// confusables.ts), which every HTTP target
// serves (or taken from FIXTURE_DIST and LIST_DIST, which test/netlify/run.ts
// sets to the builds netlify dev serves), and the real catalog in data/ for
// the third-party tools (test/tools/). All with the test origins (SITE) as of
// 2026-11-22, as buildTo() builds by default. Suites must not write into them.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { build } from "../../generator/build.ts";
import { synthRecords } from "../../generator/synth/generate.ts";
import { FIXTURES, SITE } from "./build.ts";
import { confusableRecords } from "./confusables.ts";
import { DATA } from "./catalogs.ts";

async function buildInto(dataDir: string, outDir: string): Promise<string> {
  const report = await build({ dataDir, outDir, site: { ...SITE, now: "2026-11-22" } });
  if (!report.ok) throw new Error(`build of ${dataDir} failed: ${report.problems.map((p) => p.message).join("; ")}`);
  return outDir;
}

/** The two builds, in a fresh folder: { fixture, list }. */
export async function buildHttpCatalogs(): Promise<{ fixture: string; list: string }> {
  const work = mkdtempSync(path.join(tmpdir(), "dl-http-"));
  const synth = path.join(work, "synth");
  mkdirSync(path.join(synth, "devices"), { recursive: true });
  const records = synthRecords(300, 3);
  for (const r of [...records, ...confusableRecords(records[0]!)]) writeFileSync(path.join(synth, "devices", `${r.slug}.json`), JSON.stringify(r));
  return { fixture: await buildInto(FIXTURES, path.join(work, "fixture")), list: await buildInto(synth, path.join(work, "list")) };
}

export default async function setup(project: TestProject) {
  const { FIXTURE_DIST, LIST_DIST } = process.env;
  const builds = FIXTURE_DIST && LIST_DIST ? { fixture: FIXTURE_DIST, list: LIST_DIST } : await buildHttpCatalogs();
  project.provide("fixtureDist", builds.fixture);
  project.provide("listDist", builds.list);
  // test/netlify/run.ts runs only the HTTP suites, which never read it.
  if (!FIXTURE_DIST) project.provide("dataDist", await buildInto(DATA, path.join(path.dirname(builds.fixture), "data")));
}

declare module "vitest" {
  export interface ProvidedContext {
    fixtureDist: string;
    listDist: string;
    /** The catalog in data/ (not under npm run test:netlify). */
    dataDist: string;
  }
}
