// The client's generated contract module is what scripts/generate.ts writes
// now: a change to a path, a bound or the fleet column recognition reaches
// the package only through `npm run generate -w device-lifecycle`. (Its
// generated types are checked by `tsc --noEmit`: client/test-d/types.ts.)
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { CONTRACT_FILE, contractSource } from "../../client/scripts/generate.ts";

it("client/src/generated/contract.js is current (npm run generate -w device-lifecycle)", async () => {
  expect(readFileSync(CONTRACT_FILE, "utf8")).toBe(await contractSource());
});
