// The catalog's home page (home-view.ts): the most recently changed records,
// the soonest documented endings with their pages, the type filter's types
// and counts, and the day the catalog's data last changed.
import { describe, expect, it } from "vitest";
import { catalogOf } from "../../derive/catalog.ts";
import { fixtureRecord, fixtureRecords, TEST_SITE } from "../../../test/helpers/records.ts";
import { homeView, RECENT_SHOWN, UPCOMING_SHOWN } from "./home-view.ts";

const site = { ...TEST_SITE };
const catalog = catalogOf(fixtureRecords());
const home = homeView(catalog, site);

describe("homeView", () => {
  it("counts the published records and dates the catalog by its newest change", () => {
    expect([home.publishedCount, home.catalogUpdated]).toEqual([11, "2026-11-02"]);
  });

  it("lists recently changed records newest first", () => {
    expect(home.recent.slice(0, 3).map((d) => [d.slug, d.updated])).toEqual([
      ["hostile-device", "2026-11-02"],
      ["alpha-phone", "2026-11-01"],
      ["beta-tablet", "2026-11-01"],
    ]);
    const updated = home.recent.map((d) => d.updated);
    expect(updated).toEqual([...updated].sort().reverse());
  });

  it("lists the soonest documented endings first, each linking its device's page", () => {
    expect(home.upcoming.slice(0, 3).map((e) => [e.start, e.page])).toEqual([
      ["2027-04-01", "/devices/gamma-phone"],
      ["2028-06-30", "/devices/gamma-phone"],
      ["2029-02-01", "/devices/hostile-device"],
    ]);
    expect(home.upcomingChart!.svg).toContain('aria-describedby="upcoming-table"');
  });

  it(`shows at most ${RECENT_SHOWN} changes and ${UPCOMING_SHOWN} endings`, () => {
    const many = Array.from({ length: 30 }, (_, i) => fixtureRecord("alpha-phone", { slug: `alpha-${String(i).padStart(2, "0")}` }));
    const view = homeView(catalogOf(many), site);
    expect([view.recent.length, view.upcoming.length, view.publishedCount]).toEqual([RECENT_SHOWN, UPCOMING_SHOWN, 30]);
  });

  it("gives the type filter each type the catalog holds, with its count and A–Z page", () => {
    expect(home.deviceTypes).toEqual([
      { type: "phone", label: "Phones", count: 6, href: "/browse/phone/" },
      { type: "tablet", label: "Tablets", count: 2, href: "/browse/tablet/" },
      { type: "laptop", label: "Laptops", count: 1, href: "/browse/laptop/" },
      { type: "wearable", label: "Wearables", count: 2, href: "/browse/wearable/" },
    ]);
    expect(homeView(catalogOf([fixtureRecord("beta-tablet")]), site).deviceTypes.map((t) => t.type)).toEqual(["tablet"]);
  });

  it("has nothing to show for an empty catalog", () => {
    expect(homeView({ published: [] }, site)).toMatchObject({ publishedCount: 0, recent: [], upcoming: [], catalogUpdated: "", deviceTypes: [] });
  });
});
