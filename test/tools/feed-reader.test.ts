// The change feed as a feed reader takes it: @rowanmanning/feed-parser reads
// /feed.xml of a build of the fixture catalog and of data/, served by the
// preview, and every entry's link is followed, as a reader does when a person
// opens the entry: a 200 HTML page with a title and a heading, never an API
// document or an error. The links inside each entry's content answer 200 too.
import { parseFeed } from "@rowanmanning/feed-parser";
import { describe, expect, it } from "vitest";
import { readHtml } from "../hostile/readers.ts";
import { servedCatalogs } from "../helpers/catalogs.ts";

describe("the feed in a feed reader", () => {
  const served = servedCatalogs();

  it("parses, and every entry links to a page a person can read", async () => {
    const found: string[] = [];
    let followed = 0;
    for (const [catalog, { origin }] of Object.entries(served)) {
      const res = await fetch(`${origin}/feed.xml`);
      expect(res.status).toBe(200);
      const feed = parseFeed(await res.text());
      expect(feed.items.length, catalog).toBeGreaterThan(0);
      for (const item of feed.items) {
        const where = `${catalog}: ${item.id}`;
        if (!item.url || !item.title || !item.updated) {
          found.push(`${where}: no link, title or date`);
          continue;
        }
        const page = await fetch(item.url);
        followed += 1;
        const type = page.headers.get("content-type") ?? "";
        if (page.status !== 200 || !type.startsWith("text/html")) {
          found.push(`${where}: ${item.url} answered ${page.status} ${type}`);
          continue;
        }
        const { tags, text } = readHtml(await page.text());
        if (!tags.some((t) => t.name === "title") || !tags.some((t) => t.name === "h1") || !text.trim())
          found.push(`${where}: ${item.url} is no readable page`);
        for (const href of (item.content ?? "").matchAll(/href="([^"]+)"/g)) {
          const linked = await fetch(href[1]!.replaceAll("&amp;", "&"));
          if (linked.status !== 200) found.push(`${where}: content link ${href[1]} answered ${linked.status}`);
        }
      }
    }
    expect(found).toEqual([]);
    expect(followed).toBeGreaterThan(50);
  });
});
