// A random sample of published records beside the source values they were
// read from, for a curator to check fact by fact (the re-audit of issue 21).
// Deterministic: the sample is drawn from the sorted slugs with a seeded
// generator, so the same seed, data and sources give the same sample.
//   npx tsx scripts/audit-sample.ts [--seed 21] [--count 60] [--data data]
import path from "node:path";
import { parseArgs } from "node:util";
import { verdictOf } from "../generator/derive/verdict.ts";
import { describeDate } from "../generator/derive/dates.ts";
import { readSnapshotFolder } from "../importers/disk.ts";
import { readOsFile } from "../importers/endoflife-os.ts";
import { readProductFile } from "../importers/endoflife-releases.ts";
import { readRelease } from "../importers/endoflife-readings.ts";
import { readCatalog } from "../generator/load/read.ts";
import { rng } from "../generator/synth/generate.ts";
import type { Commitment } from "../generator/schema/record.ts";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "21" },
    count: { type: "string", default: "60" },
    data: { type: "string", default: "data" },
    today: { type: "string", default: "2026-11-24" },
  },
});
const SNAPSHOT = path.resolve(import.meta.dirname, "../../shared/sources/endoflife.date");

const folder = readSnapshotFolder(SNAPSHOT);
const osFiles = new Map(folder.osFiles.map((o) => [o.name, readOsFile(o).os!]));
const sourceOf = new Map<string, string>();
for (const p of folder.products) {
  const { product } = readProductFile(p.path, p.name, p.text);
  for (const release of product!.releases) {
    const r = readRelease(product!, release, { ...folder.recorded!, checked: values.today, osFiles });
    const cell = (c: { value: unknown; comment: string } | undefined) => (c ? `${String(c.value)}${c.comment ? ` #${c.comment.slice(0, 60)}` : ""}` : "—");
    const versions = Object.entries(release.extra).map(([k, v]) => `${k} ${String(v.value)}`);
    sourceOf.set(
      r.slug,
      `${p.name}#${release.cycle}: eoas ${cell(release.eoas)}; eol ${cell(release.eol)}${versions.length ? `; ${versions.join("; ")}` : ""}`,
    );
  }
}

const { records } = await readCatalog(values.data);
const published = records.map((l) => l.record).filter((r) => r.publication.state === "published" && sourceOf.has(r.slug));
published.sort((a, b) => (a.slug < b.slug ? -1 : 1));
const next = rng(Number(values.seed));
const pool = [...published];
const sample = Array.from({ length: Math.min(Number(values.count), pool.length) }, () => pool.splice(Math.floor(next() * pool.length), 1)[0]!);

const facts = (c: Commitment) =>
  [
    c.end && c.end.precision !== "unknown" ? `end ${describeDate(c.end)}` : "",
    c.minimum ? `min ${describeDate(c.minimum)}` : "",
    c.ceiling ? `ceiling ${describeDate(c.ceiling)}` : "",
    c.ended ? "ended" : "",
    c.lastUpdate ? `last ${describeDate(c.lastUpdate)}` : "",
    c.supportedOn ? `listed ${c.supportedOn}` : "",
  ]
    .filter(Boolean)
    .join(", ") || "unknown";

console.log(`Seed ${values.seed}: ${sample.length} of ${published.length} published records with an endoflife.date release.\n`);
console.log("| # | Record | Source values | OS | Security | Verdict |");
console.log("| --- | --- | --- | --- | --- | --- |");
sample.forEach((r, i) => {
  const v = verdictOf(r, values.today);
  console.log(
    `| ${i + 1} | \`${r.slug}\` | ${sourceOf.get(r.slug)!.replaceAll("|", "/")} | ${r.support.os.map(facts).join("; ")} | ${r.support.security.map(facts).join("; ")} | ${v.code} |`,
  );
});
