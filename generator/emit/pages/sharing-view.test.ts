// The sharing image a page names (sharing-view.ts): absolute addresses, the
// size social sites show large, and words that name the manufacturer.
import { describe, expect, it } from "vitest";
import { catalogOf } from "../../derive/catalog.ts";
import { fixtureRecords, TEST_SITE } from "../../../test/helpers/records.ts";
import { shareImages } from "./sharing-view.ts";

describe("shareImages", () => {
  const images = shareImages(catalogOf(fixtureRecords()), { ...TEST_SITE });
  it.each([
    ["the site's", images.site, "https://devices.example/share/site.png", /^Device Lifecycle Records: /],
    ["a manufacturer's", images.maker("sample-devices"), "https://devices.example/share/manufacturers/sample-devices.png", /^Sample Devices devices on /],
  ])("%s image is absolute and described", (_, image, url, alt) => {
    expect(image).toMatchObject({ url, width: 1200, height: 630 });
    expect(image.alt).toMatch(alt);
  });
});
