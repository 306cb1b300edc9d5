// The fleet check's matching over the real catalog's fleet index (data/, as
// built once per run): the rows that once named the wrong device. Four
// "iPhone 11" rows became the 2007 iPhone (its identifier iPhone1,1 compared
// as "iphone11"), "Surface Pro 7+" became the Surface Pro 7, and a Jamf
// MacBookPro15,2 row whose model says 2019 became the 2018 model. Each now
// names the right device, or none with its candidates.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { fleetMatcher, rowInput, type Match } from "../../generator/derive/fleet-match.ts";
import type { FleetIndex } from "../../generator/derive/fleet-files.ts";

const fleet: FleetIndex = JSON.parse(readFileSync(path.join(inject("dataDist"), "fleet-index/v1/fleet.json"), "utf8"));
const matcher = fleetMatcher(fleet);
const slugOf = (m: Match) => (m.by === "code" || m.by === "name" ? matcher.slugs[m.positions[0]] : null);
/** A row of an export with a code column, a model column and a manufacturer column. */
const match = (code: string, model: string, maker = "") => matcher.match(rowInput([code, model, maker], { codes: [0], model: 1, manufacturer: 2 }));

describe("rows that read like another device", () => {
  it.each([
    ["", "iPhone 11", "Apple", "apple-iphone-11"], // Intune: Model "iPhone 11"
    ["", "iPhone 11", "", "apple-iphone-11"],
    ["iPhone12,1", "iPhone 11", "", "apple-iphone-11"],
    ["iPhone1,1", "", "", "apple-iphone-1"], // the first iPhone's own identifier still finds it
    ["", "Surface Pro 7+", "Microsoft Corporation", "microsoft-surface-pro-7-plus"],
    ["", "Surface Pro 7", "Microsoft Corporation", "microsoft-surface-pro-7"],
    ["MacBookPro15,2", "MacBook Pro (13-inch, 2019, Four Thunderbolt 3 ports)", "", "apple-macbook-pro-13-inch-2019-four-thunderbolt-3-ports"],
    ["MacBookPro15,2", "MacBook Pro (13-inch, 2018, Four Thunderbolt 3 ports)", "", "apple-macbook-pro-13-inch-2018"],
  ])("code %j, model %j, maker %j: %s", (code, model, maker, slug) => expect(slugOf(match(code, model, maker))).toBe(slug));

  it("a code two devices carry, with nothing else in the row, is ambiguous and names both", () => {
    const m = match("MacBookPro15,2", "");
    expect(m.by).toBe("ambiguous");
    expect(m.by === "ambiguous" && m.positions.map((p) => matcher.slugs[p]).sort()).toEqual([
      "apple-macbook-pro-13-inch-2018",
      "apple-macbook-pro-13-inch-2019-four-thunderbolt-3-ports",
    ]);
  });

  it("a PC the catalog lacks is not told to check its spelling", () => {
    const m = match("", "Latitude 5440", "Dell Inc.");
    expect(m).toEqual({ by: "none", hint: "The catalog has no record for this Dell Inc. model yet." });
  });
});
