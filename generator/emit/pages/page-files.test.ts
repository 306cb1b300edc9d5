// Where the pages are written and served (page-files.ts): the first page of a
// paged list is its folder's index, a device page goes where the layout puts it.
import { describe, expect, it } from "vitest";
import { FLAT } from "../../contract/resources.ts";
import { filesIn, pageFiles, prettyUrl } from "./page-files.ts";

describe("pageFiles", () => {
  it.each([
    [pageFiles.browse(1), "/browse/index.html"],
    [pageFiles.browse(2), "/browse/2.html"],
    [pageFiles.browseType("phone", 1), "/browse/phone/index.html"],
    [pageFiles.browseType("phone", 3), "/browse/phone/3.html"],
    [pageFiles.manufacturer("acme", 1), "/manufacturers/acme.html"],
    [pageFiles.manufacturer("acme", 2), "/manufacturers/acme/2.html"],
    [pageFiles.withdrawal("eta-phone"), "/withdrawn/eta-phone.html"],
  ])("%s", (file, expected) => expect(file).toBe(expected));

  it("puts a device page where the layout says", () => {
    expect(filesIn(FLAT).device("alpha-phone")).toBe("/devices/alpha-phone.html");
    expect(filesIn({ shardDigits: 2 }).device("alpha-phone")).toMatch(/^\/devices\/[0-9a-f]{2}\/alpha-phone\.html$/);
  });
});

describe("prettyUrl", () => {
  it.each([
    ["/docs/api.html", "/docs/api"],
    ["/browse/index.html", "/browse/"],
    ["/index.html", "/"],
    ["/browse/2.html", "/browse/2"],
  ])("%s → %s", (file, url) => expect(prettyUrl(file)).toBe(url));
});
