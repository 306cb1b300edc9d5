// npm run validate -- --data DIR: the build's validation alone, same messages.
import { readCatalog } from "../load/read.ts";
import { formatProblem } from "../load/validate.ts";
import { cliArgs } from "./args.ts";

const args = cliArgs({ data: { type: "string", default: "data" } });
const { records, problems } = await readCatalog(args.data as string);
if (problems.length) {
  for (const p of problems) console.error(formatProblem(p));
  console.error(`\n${problems.length} problem(s) in ${args.data}; nothing was built.`);
  process.exit(1);
}
console.log(`${records.length} record(s) in ${args.data} are valid.`);
