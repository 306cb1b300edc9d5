// Which curated record a release is about: its slug, a former slug, or its
// name or alias as the search compares names, with "+" counted; never a
// choice between two records that share a name.
import { describe, expect, it } from "vitest";
import { indexCatalog, matchRelease } from "./endoflife-matching.ts";
import type { DeviceRecord } from "../schema/record.ts";
import { fixtureReading, fixtureRecord } from "../../test/helpers/endoflife.ts";

const loaded = (r: DeviceRecord) => ({ file: `data/devices/${r.slug}.json`, record: r });

describe("matching", () => {
  const s22 = fixtureRecord("samsung-galaxy-s22");
  const pixel = fixtureRecord("google-pixel");
  const withAlias = { ...fixtureRecord("google-pixel-5"), slug: "old-pixel-5", formerSlugs: ["google-pixel-5-5g"], aliases: ["Galaxy X1"] };
  const index = indexCatalog([s22, pixel, withAlias].map(loaded));

  const cases: { file: string; cycle: string; expected: string | undefined; by?: string }[] = [
    { file: "samsung-mobile.md", cycle: "galaxy-s22", expected: "samsung-galaxy-s22", by: "slug" },
    { file: "pixel.md", cycle: "1", expected: "google-pixel", by: "slug" },
    // The search reads "Galaxy X1+" as "Galaxy X1"; the importer counts the "+".
    { file: "samsung-mobile.md", cycle: "galaxy-x1", expected: undefined },
    { file: "pixel.md", cycle: "11", expected: undefined },
  ];
  it.each(cases)("$file $cycle → $expected", ({ file, cycle, expected, by }) => {
    const m = matchRelease(fixtureReading(file, cycle), index);
    if (expected === undefined) return expect(m).toBeUndefined();
    expect(m && "record" in m ? [m.record.record.slug, m.by] : m).toEqual([expected, by]);
  });

  it("matches a former slug, and a name or alias as the search compares them", () => {
    const reading = fixtureReading("pixel.md", "5");
    expect(matchRelease({ ...reading, slug: "google-pixel-5-5g" }, index)).toMatchObject({ by: "former slug", record: { record: { slug: "old-pixel-5" } } });
    expect(matchRelease({ ...reading, slug: "nothing-like-it", name: "GOOGLE pixel-5" }, index)).toMatchObject({
      by: "name",
      record: { record: { slug: "old-pixel-5" } },
    });
    expect(matchRelease({ ...reading, slug: "x", name: "Samsung Galaxy X1", model: "Galaxy X1" }, index)).toMatchObject({ by: "name" });
  });

  it("refuses to choose between records that share the name", () => {
    const twin = { ...fixtureRecord("google-pixel-5"), slug: "google-pixel-5-twin" };
    const m = matchRelease({ ...fixtureReading("pixel.md", "5"), slug: "other" }, indexCatalog([twin, withAlias].map(loaded)));
    expect(m && "ambiguous" in m ? m.ambiguous.map((l) => l.record.slug) : m).toEqual(["google-pixel-5-twin", "old-pixel-5"]);
  });
});
