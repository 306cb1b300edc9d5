// Which curated record a release is about: its slug, a former slug, or its
// name or alias as the search compares names, with "+" counted; never a
// choice between two records that share a name.
import { describe, expect, it } from "vitest";
import { indexCatalog, matchRelease, nameKey } from "./endoflife-matching.ts";
import type { DeviceRecord } from "../generator/schema/record.ts";
import { fixtureReading, fixtureRecord } from "../test/helpers/endoflife.ts";

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

describe("names as the importer compares them", () => {
  it.each([
    // Case, spaces and punctuation do not count; "+" does, as "plus".
    ["Google Pixel 5", "GOOGLE pixel-5", true],
    ["Samsung Galaxy S22+", "Samsung Galaxy S22 Plus", true],
    ["Samsung Galaxy S22+", "Samsung Galaxy S22", false],
    ["Nothing Phone (2)", "Nothing Phone 2", true],
    ["Google Pixel 7", "Google Pixel 7a", false],
  ])("%s and %s are the same name: %s", (a, b, same) => {
    expect(nameKey(a) === nameKey(b)).toBe(same);
  });
});

describe("which match wins", () => {
  const s22 = fixtureRecord("samsung-galaxy-s22");
  const pixel5 = fixtureRecord("google-pixel-5");
  // A record whose former slug is another record's slug, and whose alias is the S22's name.
  const confusing = { ...fixtureRecord("google-pixel"), formerSlugs: ["google-pixel-5"], aliases: ["Samsung Galaxy S22"] };
  const index = indexCatalog([s22, pixel5, confusing].map(loaded));
  const reading = fixtureReading("pixel.md", "5");

  const cases: { name: string; slug: string; readingName: string; model: string; expected: unknown }[] = [
    // google-pixel-5 is one record's slug and another's former slug.
    { name: "a slug before a former slug", slug: "google-pixel-5", readingName: "x", model: "x", expected: { by: "slug", slug: "google-pixel-5" } },
    {
      name: "a slug before a name",
      slug: "samsung-galaxy-s22",
      readingName: "Google Pixel 5",
      model: "Pixel 5",
      expected: { by: "slug", slug: "samsung-galaxy-s22" },
    },
    {
      name: "the label without the brand, when the name does not match",
      slug: "none",
      readingName: "Google Pixel Five",
      model: "Google Pixel 5",
      expected: { by: "name", slug: "google-pixel-5" },
    },
    {
      name: "a name and an alias of two records: neither",
      slug: "none",
      readingName: "Samsung Galaxy S22",
      model: "Galaxy S22",
      expected: { ambiguous: ["google-pixel", "samsung-galaxy-s22"] },
    },
    { name: "nothing alike: no match", slug: "none", readingName: "Google Pixel 55", model: "Pixel 55", expected: undefined },
  ];
  it.each(cases)("$name", ({ slug, readingName, model, expected }) => {
    const m = matchRelease({ ...reading, slug, name: readingName, model }, index);
    const got = m === undefined ? undefined : "record" in m ? { by: m.by, slug: m.record.record.slug } : { ambiguous: m.ambiguous.map((l) => l.record.slug) };
    expect(got).toEqual(expected);
  });

  it("follows a former slug when no record has the slug", () => {
    const withoutPixel5 = indexCatalog([s22, confusing].map(loaded));
    expect(matchRelease({ ...reading, slug: "google-pixel-5" }, withoutPixel5)).toMatchObject({
      by: "former slug",
      record: { record: { slug: "google-pixel" } },
    });
  });
});
