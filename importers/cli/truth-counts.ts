// npx tsx generator/cli/truth-counts.ts [--data DIR] [--sources DIR] [--today
// DAY] [--later DAY] [--list]: the classes of wrong facts issue 33 measured,
// counted on a catalog against the pinned sources (importers/truth-classes.ts);
// --list names each record. Run it on an older catalog's data/ for the
// counts before a change.
import path from "node:path";
import { readCatalog } from "../../generator/load/read.ts";
import { formatProblem } from "../../generator/load/validate.ts";
import { readAppleSources, readSnapshotFolder } from "../disk.ts";
import { readOsFile } from "../endoflife-os.ts";
import { readProductFile } from "../endoflife-releases.ts";
import { readRelease } from "../endoflife-readings.ts";
import { truthClasses } from "../truth-classes.ts";
import { cliArgs } from "../../generator/load/flags.ts";

const args = cliArgs({
  data: { type: "string", default: "data" },
  sources: { type: "string", default: "../shared/sources" },
  today: { type: "string", default: "2026-11-28" },
  later: { type: "string", default: "2027-09-01" },
  list: { type: "boolean", default: false },
});
const { records, problems } = await readCatalog(args.data as string);
if (problems.length) {
  for (const p of problems) console.error(formatProblem(p));
  process.exit(2);
}
const folder = readSnapshotFolder(path.join(args.sources as string, "endoflife.date"));
const osFiles = new Map(folder.osFiles.map((o) => [o.name, readOsFile(o).os!]));
const readings = folder.products.flatMap((p) => {
  const { product } = readProductFile(p.path, p.name, p.text);
  return product!.releases.map((release) => readRelease(product!, release, { ...folder.recorded!, checked: args.today as string, osFiles }));
});
const { apple } = readAppleSources(path.join(args.sources as string, "sofa"), path.join(args.sources as string, "appledb"));
const classes = truthClasses({
  records: records.map((l) => l.record),
  readings,
  builds: apple!.builds,
  today: args.today as string,
  later: args.later as string,
});
for (const [name, list] of Object.entries(classes)) {
  console.log(`${name}: ${list.length}`);
  if (args.list) for (const x of list) console.log(`  ${x}`);
}
