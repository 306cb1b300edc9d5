// Measurement 2: the bare Eleventy baseline. The same records, read from the
// same catalog as global data, paginated (size 1) through the two templates in
// bench/eleventy-baseline/: one JSON file and one HTML file per device, nothing else.
// Run directly, it is the child: reads, renders, writes, prints one JSON line.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { isMain, measured, runChild, type Usage } from "./lib.ts";

export interface BaselineResult extends Usage {
  files: number;
}

export async function measureBaseline(catalogDir: string, outDir: string): Promise<BaselineResult> {
  const { json } = await runChild<BaselineResult>(import.meta.filename, [catalogDir, outDir]);
  if (!json) throw new Error("baseline child printed no result");
  return json;
}

if (isMain(import.meta.filename)) {
  const [catalogDir, outDir] = process.argv.slice(2) as [string, string];
  const { default: Eleventy } = await import("@11ty/eleventy");
  const input = path.join(import.meta.dirname, "eleventy-baseline");
  const { usage, value: files } = await measured(async () => {
    const dir = path.join(catalogDir, "devices");
    const devices = readdirSync(dir)
      .filter((n) => n.endsWith(".json"))
      .sort()
      .map((n) => JSON.parse(readFileSync(path.join(dir, n), "utf8")));
    const elev = new Eleventy(input, outDir, { quietMode: true, config: (cfg: any) => cfg.addGlobalData("devices", devices) });
    const written = (await elev.write()) as [unknown[], unknown[]];
    return written[1]?.length ?? 0;
  });
  console.log(JSON.stringify({ ...usage, files }));
}
