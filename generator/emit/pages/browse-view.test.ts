// The A–Z pages (browse-view.ts): every device, then each type's alone, split
// at the page size with the right previous and next pages, each page linking
// the same list in the API.
import { describe, expect, it } from "vitest";
import { catalogOf } from "../../derive/catalog.ts";
import { fixtureRecord, fixtureRecords, TEST_SITE } from "../../../test/helpers/records.ts";
import { BROWSE_PAGE_SIZE, browseEntries, browsePagesOf } from "./browse-view.ts";

const site = { ...TEST_SITE };
const catalog = catalogOf(fixtureRecords());
const entries = browseEntries(catalog.published, site);

describe("browseEntries", () => {
  it("orders by name as search compares it, whatever the case", () => {
    const names = browseEntries([fixtureRecord("beta-tablet"), fixtureRecord("alpha-phone", { name: "alpha phone" })], site).map((e) => e.name);
    expect(names).toEqual(["alpha phone", "Beta Tablet"]);
  });

  it("shows the first three model codes and marks the rest", () => {
    const variants = ["A1", "A2", "A3", "A4"].map((model) => ({ ...fixtureRecord("alpha-phone").variants[0]!, model }));
    expect(browseEntries([fixtureRecord("alpha-phone", { variants })], site)[0]!.models).toBe("A1, A2, A3, …");
    expect(browseEntries([fixtureRecord("alpha-phone")], site)[0]).toMatchObject({
      models: "A1, A2",
      page: "/devices/alpha-phone",
      manufacturer: "Example Maker",
    });
  });
});

describe("browsePagesOf", () => {
  it("puts every device on one page at the default size, then each type's", () => {
    expect(BROWSE_PAGE_SIZE).toBe(100);
    expect(browsePagesOf(entries, site).map((p) => [p.title, p.count, p.entries.length, p.permalink, p.prev, p.next])).toEqual([
      ["Browse devices A–Z", 11, 11, "/browse/index.html", null, null],
      ["Phones A–Z", 6, 6, "/browse/phone/index.html", null, null],
      ["Tablets A–Z", 2, 2, "/browse/tablet/index.html", null, null],
      ["Laptops A–Z", 1, 1, "/browse/laptop/index.html", null, null],
      ["Wearables A–Z", 2, 2, "/browse/wearable/index.html", null, null],
    ]);
  });

  it("splits at its size, each page linking the previous and the next", () => {
    const pages = browsePagesOf(entries, site, 4);
    expect(pages.map((p) => [p.title, p.permalink, p.prev, p.next, p.entries.map((e) => e.name.slice(0, 5))])).toEqual([
      ["Browse devices A–Z, page 1 of 3", "/browse/index.html", null, "/browse/2", ["Alpha", "Beta ", "Delta", "Epsil"]],
      ["Browse devices A–Z, page 2 of 3", "/browse/2.html", "/browse/", "/browse/3", ["Gamma", "Hosti", "Iota ", "Kappa"]],
      ["Browse devices A–Z, page 3 of 3", "/browse/3.html", "/browse/2", null, ["Lambd", "Mu Ph", "Theta"]],
      ["Phones A–Z, page 1 of 2", "/browse/phone/index.html", null, "/browse/phone/2", ["Alpha", "Gamma", "Hosti", "Iota "]],
      ["Phones A–Z, page 2 of 2", "/browse/phone/2.html", "/browse/phone/", null, ["Kappa", "Mu Ph"]],
      ["Tablets A–Z", "/browse/tablet/index.html", null, null, ["Beta ", "Lambd"]],
      ["Laptops A–Z", "/browse/laptop/index.html", null, null, ["Epsil"]],
      ["Wearables A–Z", "/browse/wearable/index.html", null, null, ["Delta", "Theta"]],
    ]);
  });

  it("links the same list in the API, names its devices, and dates each page by its own entries", () => {
    const pages = browsePagesOf(entries, site, 4);
    expect(pages.map((p) => [p.api, p.noun, p.updated])).toEqual([
      ["https://api.devices.example/api/v1/devices", "devices", "2026-11-01"],
      ["https://api.devices.example/api/v1/devices", "devices", "2026-11-02"],
      ["https://api.devices.example/api/v1/devices", "devices", "2026-11-01"],
      ["https://api.devices.example/api/v1/devices?type=phone", "phones", "2026-11-02"],
      ["https://api.devices.example/api/v1/devices?type=phone", "phones", "2026-10-15"],
      ["https://api.devices.example/api/v1/devices?type=tablet", "tablets", "2026-11-01"],
      ["https://api.devices.example/api/v1/devices?type=laptop", "laptops", "2026-11-01"],
      ["https://api.devices.example/api/v1/devices?type=wearable", "wearables", "2026-11-01"],
    ]);
  });

  it("makes no page for a type the catalog does not hold", () => {
    const phones = entries.filter((e) => e.type === "phone");
    expect(browsePagesOf(phones, site).map((p) => p.type)).toEqual([null, "phone"]);
  });
});
