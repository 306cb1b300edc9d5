// npm run validate -- --data DIR: the build's validation alone, same messages.
import { readCatalog, readOsReleases } from "../load/read.ts";
import { formatProblem } from "../load/validate.ts";
import { cliArgs } from "../load/flags.ts";

const args = cliArgs({ data: { type: "string", default: "data" } });
const { records, problems } = await readCatalog(args.data as string);
const os = await readOsReleases(args.data as string);
problems.push(...os.problems);
if (problems.length) {
  for (const p of problems) console.error(formatProblem(p));
  console.error(`\n${problems.length} problem(s) in ${args.data}; nothing was built.`);
  process.exit(1);
}
console.log(`${records.length} record(s) and ${os.files.reduce((n, f) => n + f.releases.length, 0)} OS release(s) in ${args.data} are valid.`);
