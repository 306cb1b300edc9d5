// The change feed as a feed reader takes it: @rowanmanning/feed-parser reads
// /feed.xml of a build of the fixture catalog and of data/, served by the
// preview, and each archive document (RFC 5005 §4) a reader reaches by
// following prev-archive (read with fast-xml-parser: the feed parser exposes
// no feed-level links). The walk meets every entry once. A spread of entries'
// links is followed, as a reader does when a person opens the entry: a 200
// HTML page with a title and a heading, never an API document or an error;
// the links inside each such entry's content answer 200 too.
import { parseFeed } from "@rowanmanning/feed-parser";
import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { readHtml } from "../hostile/readers.ts";
import { servedCatalogs, spread } from "../helpers/catalogs.ts";

/** Entries whose links are followed per catalog (each costs a page and its content's links). */
const ENTRIES_FOLLOWED = 150;

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", isArray: (name) => name === "link" || name === "entry" });
type Link = { rel?: string; href: string; title?: string };

/**
 * A GET as a reader makes it: parsing a month of thousands of entries holds
 * this process, and the in-process preview, for seconds, after which a request
 * may be written on a kept-alive socket the server is just closing for
 * idleness (ECONNRESET); a reader retries such an idempotent request once on a
 * new connection, as RFC 9112 §9.3.1 allows and browsers do.
 */
const get = (url: string) => fetch(url).catch((e: Error & { cause?: { code?: string } }) => (e.cause?.code === "ECONNRESET" ? fetch(url) : Promise.reject(e)));

/** Every document of a feed from its subscription document back along prev-archive, with its items and feed-level links. */
async function walk(url: string) {
  const docs: { url: string; items: ReturnType<typeof parseFeed>["items"]; links: Link[] }[] = [];
  for (let at: string | undefined = url; at; ) {
    const res = await get(at);
    expect(res.status, at).toBe(200);
    const text = await res.text();
    const links = (xml.parse(text).feed.link ?? []) as Link[];
    docs.push({ url: at, items: parseFeed(text).items, links });
    at = links.find((l) => l.rel === "prev-archive")?.href;
    if (docs.length > 1000) throw new Error(`${url}: the archive chain loops`);
  }
  return { docs, items: docs.flatMap((d) => d.items) };
}

describe("the feed in a feed reader", () => {
  const served = servedCatalogs();

  // Parses every archive document of two catalogs and follows 300 entries' pages: a minute on a quiet
  // machine, more beside the other suites on 2 loaded cores. The limit only stops a hung walk.
  it("parses, the archive chain meets every entry once, and entries link to pages a person can read", { timeout: 600_000 }, async () => {
    const found: string[] = [];
    let followed = 0;
    for (const [catalog, { origin }] of Object.entries(served)) {
      const { items } = await walk(`${origin}/feed.xml`);
      expect(items.length, catalog).toBeGreaterThan(0);
      const ids = items.map((i) => i.id);
      expect(new Set(ids).size, `${catalog}: an entry met twice`).toBe(ids.length);
      for (const item of items) if (!item.url || !item.title || !item.updated) found.push(`${catalog}: ${item.id}: no link, title or date`);
      for (const item of spread(items, ENTRIES_FOLLOWED)) {
        const where = `${catalog}: ${item.id}`;
        if (!item.url) continue;
        const page = await get(item.url);
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
          const linked = await get(href[1]!.replaceAll("&amp;", "&"));
          if (linked.status !== 200) found.push(`${where}: content link ${href[1]} answered ${linked.status}`);
        }
      }
    }
    expect(found).toEqual([]);
    expect(followed).toBeGreaterThan(50);
  });

  it("shows changes to every manufacturer's records, Samsung's and Motorola's among them, in the catalog feed and in their own feeds it links", {
    timeout: 300_000,
  }, async () => {
    const { origin } = served.data;
    const main = await walk(`${origin}/feed.xml`);
    const related = main.docs[0]!.links.filter((l) => l.rel === "related");
    for (const maker of ["samsung", "motorola"]) {
      const link = related.find((l) => l.href === `${origin}/api/v1/feed/manufacturers/${maker}.xml`);
      expect(link, maker).toBeDefined();
      const own = await walk(link!.href);
      expect(own.items.length, maker).toBeGreaterThan(0);
      const mainIds = new Set(main.items.map((i) => i.id));
      for (const item of own.items) expect(mainIds.has(item.id), `${maker}: ${item.id}`).toBe(true);
    }
    // Entries of a Samsung and a Motorola device in the catalog feed itself.
    const pages = main.items.map((i) => i.url ?? "");
    expect(pages.some((u) => /\/devices\/samsung-/.test(u))).toBe(true);
    expect(pages.some((u) => /\/devices\/motorola-/.test(u))).toBe(true);
  });
});
