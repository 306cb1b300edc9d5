import { describe, expect, it } from "vitest";
import { manufacturerPages, manufacturerSlug, manufacturersOf } from "./manufacturers.ts";
import type { DeviceRecord } from "../schema/record.ts";

describe("manufacturerSlug", () => {
  it.each([
    ["Google", "google"],
    ["HMD Global", "hmd-global"],
    ["Sony Mobile (Xperia)", "sony-mobile-xperia"],
    ["  Électronique  Zoë ", "electronique-zoe"],
    ["ＡＳＵＳ", "asus"],
  ])("%s → %s", (name, slug) => expect(manufacturerSlug(name)).toBe(slug));

  it("gives a stable ASCII slug to a name with no Latin letters or digits", () => {
    const slug = manufacturerSlug("華為");
    expect(slug).toMatch(/^maker-[0-9a-f]{8}$/);
    expect(manufacturerSlug("華為")).toBe(slug);
    expect(manufacturerSlug("小米")).not.toBe(slug);
  });
});

describe("manufacturersOf", () => {
  it("groups published records by manufacturer slug, in slug order", () => {
    const r = (slug: string, manufacturer: string) => ({ slug, manufacturer }) as DeviceRecord;
    const makers = manufacturersOf({ published: [r("a", "Zeta Co"), r("b", "Alpha"), r("c", "Zeta Co")] });
    expect(makers.map((m) => [m.slug, m.name, m.records.map((x) => x.slug)])).toEqual([
      ["alpha", "Alpha", ["b"]],
      ["zeta-co", "Zeta Co", ["a", "c"]],
    ]);
  });
});

describe("manufacturerPages", () => {
  const r = (slug: string, name: string, released: DeviceRecord["released"], deviceType: DeviceRecord["deviceType"] = "phone") =>
    ({ slug, name, released, deviceType }) as DeviceRecord;
  const records = [
    r("a-2021", "A", { value: "2021-03", precision: "month" }),
    r("b-2023", "B", { value: "2023", precision: "year" }),
    r("c-2023", "C", { value: "2023-11-02", precision: "day" }),
    r("d-unknown", "D", { precision: "unknown" }),
    r("e-2023", "e", { value: "2023-Q1", precision: "quarter" }),
  ];
  const shape = ({ pages }: ReturnType<typeof manufacturerPages>) =>
    pages.map((groups) => groups.map((g) => [g.type, g.continued, g.years.map((y) => [y.year, y.records.map((x) => x.slug)])]));

  it("lists newest releases first (a period by its first day), unknown last, grouped by release year", () => {
    const paging = manufacturerPages({ slug: "m", name: "M", records });
    expect(shape(paging)).toEqual([
      [
        [
          "phone",
          false,
          [
            [2023, ["c-2023", "b-2023", "e-2023"]],
            [2021, ["a-2021"]],
            [null, ["d-unknown"]],
          ],
        ],
      ],
    ]);
    expect(paging.types).toEqual([{ type: "phone", count: 5, page: 1 }]);
  });

  it("cuts pages of the given size; a year may continue on the next page", () => {
    expect(shape(manufacturerPages({ slug: "m", name: "M", records }, 2))).toEqual([
      [["phone", false, [[2023, ["c-2023", "b-2023"]]]]],
      [
        [
          "phone",
          true,
          [
            [2023, ["e-2023"]],
            [2021, ["a-2021"]],
          ],
        ],
      ],
      [["phone", true, [[null, ["d-unknown"]]]]],
    ]);
  });

  it("groups by device type first, in the schema's order, and says on which page each type starts", () => {
    const mixed = [
      r("watch", "Watch", { value: "2024", precision: "year" }, "wearable"),
      r("book-old", "Book", { value: "2015", precision: "year" }, "laptop"),
      r("book-new", "Book Air", { value: "2024", precision: "year" }, "laptop"),
      ...records,
      r("tab", "Tab", { value: "2022", precision: "year" }, "tablet"),
    ];
    const paging = manufacturerPages({ slug: "m", name: "M", records: mixed }, 4);
    expect(shape(paging)).toEqual([
      [
        [
          "phone",
          false,
          [
            [2023, ["c-2023", "b-2023", "e-2023"]],
            [2021, ["a-2021"]],
          ],
        ],
      ],
      [
        ["phone", true, [[null, ["d-unknown"]]]],
        ["tablet", false, [[2022, ["tab"]]]],
        [
          "laptop",
          false,
          [
            [2024, ["book-new"]],
            [2015, ["book-old"]],
          ],
        ],
      ],
      [["wearable", false, [[2024, ["watch"]]]]],
    ]);
    expect(paging.types).toEqual([
      { type: "phone", count: 5, page: 1 },
      { type: "tablet", count: 1, page: 2 },
      { type: "laptop", count: 2, page: 2 },
      { type: "wearable", count: 1, page: 3 },
    ]);
  });
});
