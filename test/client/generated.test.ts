// The client's generated modules are what scripts/generate.ts writes now: a
// change to a path, a bound, or the fleet page's matching or report reaches
// the package (and the CLI) only through `npm run client:generate`. (Its
// generated types are checked by `tsc --noEmit`: client/test-d/types.ts.)
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { BUNDLES, bundleSource } from "../../client/scripts/generate.ts";

for (const { file, entry } of BUNDLES) {
  it(`client/src/generated/${path.basename(file)} is current (npm run client:generate)`, async () => {
    expect(readFileSync(file, "utf8")).toBe(await bundleSource(entry));
  });
}
