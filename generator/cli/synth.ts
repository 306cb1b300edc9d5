// npm run synth -- --count N --out DIR --seed S: a synthetic catalog for scale tests.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { recordText } from "../schema/record.ts";
import { synthRecords } from "../synth/generate.ts";
import { cliArgs } from "../load/flags.ts";

const args = cliArgs({
  count: { type: "string", default: "1000" },
  out: { type: "string" },
  seed: { type: "string", default: "1" },
});
const count = Number(args.count);
const seed = Number(args.seed);
if (!Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
  console.error("error: --count must be a positive integer and --seed an integer");
  process.exit(2);
}
if (!args.out) {
  console.error("error: --out DIR is required (synthetic records never go into data/)");
  process.exit(2);
}
const out = path.resolve(args.out as string);
if (out === path.resolve("data") || out.startsWith(path.resolve("data") + path.sep)) {
  console.error("error: refusing to write synthetic records into data/");
  process.exit(2);
}
const dir = path.join(out, "devices");
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
for (const r of synthRecords(count, seed)) writeFileSync(path.join(dir, `${r.slug}.json`), recordText(r));
console.log(`[synth] ${count} record(s) with seed ${seed} in ${dir}`);
