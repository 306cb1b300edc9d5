// Microsoft's Surface System SKU reference: the names a row's device may go
// by, most literal first, and the markets it names.
import { describe, expect, it } from "vitest";
import { surfaceNames } from "./identifiers-surface.ts";

describe("surfaceNames", () => {
  it("tries the device as written, then without channel, size and processor; a market becomes the region", () => {
    expect(surfaceNames('Surface Laptop 3 13.5" Intel').names).toEqual(['Surface Laptop 3 13.5" Intel', "Surface Laptop 3 Intel", "Surface Laptop 3"]);
    expect(surfaceNames("Surface Pro 10 with 5G for Business (Japan)")).toEqual({ names: ["Surface Pro 10 with 5G for Business"], regions: ["JP"] });
    expect(surfaceNames("Surface Go 2 Commercial").names).toEqual(["Surface Go 2 Commercial", "Surface Go 2"]);
  });
});
