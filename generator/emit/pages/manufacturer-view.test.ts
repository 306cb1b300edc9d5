// The manufacturer pages (manufacturer-view.ts): each manufacturer's devices
// grouped by type with the type's count, a page at a time with its neighbours,
// a jump list that leads to the page a type starts on, and the list of
// manufacturers with their counts.
import { describe, expect, it } from "vitest";
import { catalogOf } from "../../derive/catalog.ts";
import { fixtureRecords, TEST_SITE } from "../../../test/helpers/records.ts";
import { manufacturerList, manufacturerPageViews } from "./manufacturer-view.ts";

const site = { ...TEST_SITE };
const catalog = catalogOf(fixtureRecords());
/** A page as a reader scans it: its title, its neighbours and its sections with their counts and devices. */
const outline = (p: ReturnType<typeof manufacturerPageViews>[number]) => ({
  title: p.title,
  permalink: p.permalink,
  prev: p.prev,
  next: p.next,
  sections: p.groups.map((g) => [g.label, g.count, g.years.flatMap((y) => y.rows.map((r) => r.name))]),
});

describe("manufacturerPageViews", () => {
  it("groups a manufacturer's devices by type with each type's count, newest first", () => {
    const pages = manufacturerPageViews(catalog, site).filter((p) => p.maker.slug === "example-maker");
    expect(pages.map(outline)).toEqual([
      {
        title: "Example Maker devices",
        permalink: "/manufacturers/example-maker.html",
        prev: null,
        next: null,
        sections: [
          ["Phones", 2, ["Alpha Phone", "Gamma Phone"]],
          ["Tablets", 1, ["Beta Tablet"]],
          ["Laptops", 1, ["Epsilon Laptop"]],
          ["Wearables", 2, ["Theta Watch", "Delta Watch"]],
        ],
      },
    ]);
    expect(pages[0]!.maker).toMatchObject({ name: "Example Maker", count: 6, page: "/manufacturers/example-maker" });
  });

  it("splits at the page size, each page linking its neighbours, the jump list pointing where each type starts", () => {
    const pages = manufacturerPageViews(catalog, site, undefined, 3).filter((p) => p.maker.slug === "example-maker");
    expect(pages.map(outline)).toEqual([
      {
        title: "Example Maker devices (page 1 of 2)",
        permalink: "/manufacturers/example-maker.html",
        prev: null,
        next: "/manufacturers/example-maker/2",
        sections: [
          ["Phones", 2, ["Alpha Phone", "Gamma Phone"]],
          ["Tablets", 1, ["Beta Tablet"]],
        ],
      },
      {
        title: "Example Maker devices (page 2 of 2)",
        permalink: "/manufacturers/example-maker/2.html",
        prev: "/manufacturers/example-maker",
        next: null,
        sections: [
          ["Laptops", 1, ["Epsilon Laptop"]],
          ["Wearables", 2, ["Theta Watch", "Delta Watch"]],
        ],
      },
    ]);
    expect(pages.map((p) => p.types.map((t) => [t.label, t.count, t.href]))).toEqual([
      [
        ["Phones", 2, "#type-phone"],
        ["Tablets", 1, "#type-tablet"],
        ["Laptops", 1, "/manufacturers/example-maker/2#type-laptop"],
        ["Wearables", 2, "/manufacturers/example-maker/2#type-wearable"],
      ],
      [
        ["Phones", 2, "/manufacturers/example-maker#type-phone"],
        ["Tablets", 1, "/manufacturers/example-maker#type-tablet"],
        ["Laptops", 1, "#type-laptop"],
        ["Wearables", 2, "#type-wearable"],
      ],
    ]);
    expect(pages.map((p) => [p.first, p.last])).toEqual([
      ["Alpha Phone", "Beta Tablet"],
      ["Epsilon Laptop", "Delta Watch"],
    ]);
  });

  it("gives each release year a chart described by its table, and each row its dates in words", () => {
    const [page] = manufacturerPageViews(catalog, site).filter((p) => p.maker.slug === "example-maker");
    const phones2021 = page!.groups[0]!.years.find((y) => y.year === 2021)!;
    expect(phones2021.id).toBe("phone-released-2021");
    expect(phones2021.chart!.svg).toContain('aria-describedby="table-phone-released-2021"');
    expect(phones2021.rows).toEqual([
      expect.objectContaining({
        name: "Gamma Phone",
        page: "/devices/gamma-phone",
        os: ["documented end March 2024, month precision"],
        security: [
          "models G-US; regions US: documented end Q2 2027 (April to June), quarter precision",
          "models G-EU; regions DE, FR: documented end 30 June 2028, day precision",
        ],
      }),
    ]);
  });

  it("renders only the edited records' manufacturers in watch mode", () => {
    expect(manufacturerPageViews(catalog, site, new Set(["kappa-phone"])).map((p) => p.maker.slug)).toEqual(["sample-devices"]);
  });
});

describe("manufacturerList", () => {
  it("lists every manufacturer with its count and its page, calendar and feed", () => {
    expect(manufacturerList(catalog, site).map((m) => [m.name, m.count, m.page])).toEqual([
      ["Example Maker", 6, "/manufacturers/example-maker"],
      ['=HYPERLINK("https://evil.example")', 1, "/manufacturers/hyperlink-https-evil-example"],
      ["Sample Devices", 4, "/manufacturers/sample-devices"],
    ]);
    expect(manufacturerList(catalog, site)[2]).toMatchObject({
      calendar: "https://api.devices.example/api/v1/calendar/manufacturers/sample-devices.ics",
      feed: "https://api.devices.example/api/v1/feed/manufacturers/sample-devices.xml",
    });
  });
});
