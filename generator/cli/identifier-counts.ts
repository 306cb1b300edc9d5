// npx tsx generator/cli/identifier-counts.ts [--data DIR]: how many published
// records carry a model code that is not one of their names, and the codes
// by kind and by manufacturer (the figure issue 22 asks for). A code equal to
// the record's name, an alias or a variant's name ("Surface Laptop SE" as a
// SKU) is not counted: a fleet that holds it could already search by it.
import { identifierKey } from "../contract/identifiers.ts";
import { readCatalog } from "../load/read.ts";
import { formatProblem } from "../load/validate.ts";
import { cliArgs } from "../load/flags.ts";

const args = cliArgs({ data: { type: "string", default: "data" } });
const { records, problems } = await readCatalog(args.data as string);
if (problems.length) {
  for (const p of problems) console.error(formatProblem(p));
  process.exit(2);
}
const byKind = new Map<string, number>();
const byManufacturer = new Map<string, { records: number; codes: number }>();
let published = 0;
let carrying = 0;
for (const { record: r } of records) {
  if (r.publication.state !== "published") continue;
  published++;
  const names = new Set([r.name, ...r.aliases, ...r.variants.map((v) => v.model)].map(identifierKey));
  const codes = r.variants.flatMap((v) => v.identifiers ?? []).filter((x) => !names.has(identifierKey(x.value)));
  const m = byManufacturer.get(r.manufacturer) ?? { records: 0, codes: 0 };
  byManufacturer.set(r.manufacturer, { records: m.records + (codes.length ? 1 : 0), codes: m.codes + codes.length });
  if (!codes.length) continue;
  carrying++;
  for (const c of codes) byKind.set(c.kind, (byKind.get(c.kind) ?? 0) + 1);
}
const sorted = <T>(m: Map<string, T>) => [...m].sort(([a], [b]) => (a < b ? -1 : 1));
console.log(`${carrying} of ${published} published records carry a model code that is not one of their names.`);
console.log("\nCodes by kind:");
for (const [k, n] of sorted(byKind)) console.log(`  ${k.padEnd(20)} ${n}`);
console.log("\nBy manufacturer (records with a code / codes):");
for (const [m, c] of sorted(byManufacturer)) console.log(`  ${m.padEnd(20)} ${String(c.records).padStart(4)} ${String(c.codes).padStart(6)}`);
