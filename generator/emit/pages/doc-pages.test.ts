// The docs/ pages (doc-pages.ts): each document's address, and its text as
// published: links between documents lead to their pages, links to the site
// stay on it, and an address shown as text is absolute.
import { describe, expect, it } from "vitest";
import { TEST_SITE } from "../../../test/helpers/records.ts";
import { DOC_PAGES, docMarkdown } from "./doc-pages.ts";

describe("DOC_PAGES", () => {
  it("publishes each document once, at an address of its own", () => {
    expect(new Set(DOC_PAGES.map((d) => d.url)).size).toBe(DOC_PAGES.length);
    expect(DOC_PAGES.find((d) => d.file === "list.md")).toMatchObject({ url: "/docs/list", out: "/docs/list.html" });
  });
});

describe("docMarkdown", () => {
  const site = { ...TEST_SITE };
  it.each([
    ["a link to another document", "see [the list](list.md)", "see [the list](/docs/list)"],
    ["a link to a heading of another document", "[cursor](list.md#cursors)", "[cursor](/docs/list#cursors)"],
    ["a link to the license", "[license](LICENSE-DATA.md)", `[license](${DOC_PAGES.at(-1)!.url})`],
    ["a link to the site", "[home]({site_url}/browse/)", "[home](/browse/)"],
    ["a link to the API on its own origin", "[list]({base_url}/api/v1/devices)", "[list](https://api.devices.example/api/v1/devices)"],
    [
      "an address shown as text",
      "`curl {base_url}/api/v1/devices` from {site_url}",
      "`curl https://api.devices.example/api/v1/devices` from https://devices.example",
    ],
    ["a link elsewhere", "[spec](https://example.org/spec.md)", "[spec](https://example.org/spec.md)"],
  ])("%s", (_, text, published) => expect(docMarkdown(text, site)).toBe(published));

  it("keeps a link to the API on the site when the API shares the site's origin", () => {
    const same = { ...site, baseUrl: site.siteUrl };
    expect(docMarkdown("[list]({base_url}/api/v1/devices) or {base_url}", same)).toBe("[list](/api/v1/devices) or https://devices.example");
  });
});
