// npx tsx bench/emitter-cost.ts CATALOG OUT [name,name...]
// Where a build's CPU goes: loads and derives the catalog once, then runs each
// emitter alone, one after the other, and prints the CPU time (user + system
// of the whole process, every thread: V8's compiler and collector threads
// included), files and megabytes each one wrote. A build's stages
// are wall times, which cannot say this.
import { rmSync } from "node:fs";
import { readCatalog } from "../generator/load/read.ts";
import { catalogOf } from "../generator/derive/catalog.ts";
import { siteFromEnv } from "../generator/derive/site.ts";
import { chooseLayout, NETLIFY_MAX_FOLDER_ENTRIES } from "../generator/derive/layout.ts";
import { OutputWriter } from "../generator/emit/writer.ts";
import { emitters } from "../generator/emit/index.ts";
import { NOW } from "./lib.ts";

const [dataDir, outDir, names] = process.argv.slice(2);
if (!dataDir || !outDir) {
  console.error("usage: npx tsx bench/emitter-cost.ts CATALOG OUT [name,name...]");
  process.exit(2);
}
const only = names?.split(",");
const unknown = only?.filter((n) => !emitters.some((e) => e.name === n));
if (unknown?.length) {
  console.error(`error: no emitter named ${unknown.join(", ")} (emitters: ${emitters.map((e) => e.name).join(", ")})`);
  process.exit(2);
}
const cpuMs = () => {
  const u = process.resourceUsage();
  return (u.userCPUTime + u.systemCPUTime) / 1000;
};
const row = (name: string, ms: number, files = "", mb = "") =>
  console.log(`${name.padEnd(16)} ${ms.toFixed(0).padStart(7)} ms ${files.padStart(7)} ${mb.padStart(8)}`);

let start = cpuMs();
const { records, problems } = await readCatalog(dataDir);
if (problems.length) throw new Error(`${problems.length} problem(s) in ${dataDir}, first: ${JSON.stringify(problems[0])}`);
const catalog = catalogOf(records.map((r) => r.record));
row("load + derive", cpuMs() - start, "files", "MB");
const site = siteFromEnv({}, NOW);
const layout = chooseLayout(
  catalog.published.map((r) => r.slug),
  NETLIFY_MAX_FOLDER_ENTRIES,
);
rmSync(outDir, { recursive: true, force: true });
const out = new OutputWriter(outDir);
let total = 0;
for (const e of emitters.filter((e) => !only || only.includes(e.name))) {
  const [files, bytes] = [out.files, out.bytes];
  start = cpuMs();
  // Not a watch session: no emitter hands work to another thread (EmitContext.beside).
  const beside = () => {
    throw new Error(`${e.name} ran work beside a single build`);
  };
  await e.emit({
    catalog,
    osReleases: [],
    site,
    out,
    layout,
    maxFolderEntries: NETLIFY_MAX_FOLDER_ENTRIES,
    watching: false,
    beside,
    besideDone: async () => {},
  });
  const ms = cpuMs() - start;
  total += ms;
  row(e.name, ms, String(out.files - files), ((out.bytes - bytes) / 1e6).toFixed(1));
}
row("emitters", total, String(out.files), (out.bytes / 1e6).toFixed(1));
