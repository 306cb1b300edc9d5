// What search engines and social sites read, on the build of the real
// catalog (data/) and of the fixtures: robots.txt, the sitemap index and its
// parts read back with fast-xml-parser (well-formed, the protocol's
// namespace and limits, every device page listed once with its lastmod),
// each page's title, description, canonical and Open Graph tags, and the
// sharing images read back as PNG.
import { readFileSync } from "node:fs";
import path from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { parseDocument } from "htmlparser2";
import { DomUtils } from "htmlparser2";
import { PNG } from "pngjs";
import { describe, expect, inject, it } from "vitest";
import { SITEMAP_LIMITS } from "../../generator/derive/sitemap.ts";
import { filesIn, SITE } from "../helpers/build.ts";

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", isArray: (name) => name === "url" || name === "sitemap" });

/** The sitemap of a build, read as a crawler would: robots.txt → the index → each part. */
function readSitemap(dist: string) {
  const robots = readFileSync(path.join(dist, "robots.txt"), "utf8");
  const indexUrl = /^Sitemap: (.+)$/m.exec(robots)?.[1];
  expect(indexUrl).toBe(`${SITE.siteUrl}/sitemap.xml`);
  const local = (url: string) => {
    expect(url.startsWith(`${SITE.siteUrl}/`), url).toBe(true);
    return path.join(dist, new URL(url).pathname);
  };
  const indexXml = readFileSync(local(indexUrl!), "utf8");
  expect(XMLValidator.validate(indexXml)).toBe(true);
  const index = parser.parse(indexXml).sitemapindex;
  expect(index["@xmlns"]).toBe(NS);
  const parts = (index.sitemap as { loc: string; lastmod?: string }[]).map((s) => {
    const xml = readFileSync(local(s.loc));
    expect(xml.byteLength).toBeLessThanOrEqual(SITEMAP_LIMITS.bytes);
    expect(XMLValidator.validate(xml.toString("utf8")), s.loc).toBe(true);
    const urlset = parser.parse(xml.toString("utf8")).urlset;
    expect(urlset["@xmlns"]).toBe(NS);
    const urls = urlset.url as { loc: string; lastmod?: string }[];
    expect(urls.length).toBeLessThanOrEqual(SITEMAP_LIMITS.urls);
    return { ...s, urls };
  });
  return { robots, parts, urls: parts.flatMap((p) => p.urls) };
}

const html = (dist: string, file: string) => parseDocument(readFileSync(path.join(dist, file), "utf8"));
const meta = (doc: ReturnType<typeof parseDocument>, attr: "name" | "property", value: string) =>
  DomUtils.findOne((e) => e.name === "meta" && e.attribs[attr] === value, doc.children)?.attribs.content ?? null;
const linkHref = (doc: ReturnType<typeof parseDocument>, rel: string) =>
  DomUtils.findOne((e) => e.name === "link" && e.attribs.rel === rel, doc.children)?.attribs.href ?? null;

describe("the real catalog's build", () => {
  const dist = inject("dataDist");
  const files = filesIn(dist);
  const devicePages = files.filter((f) => /^devices\/.+\.html$/.test(f));

  it("keeps crawlers out of the API and the search index only, and names the sitemap", () => {
    const { robots } = readSitemap(dist);
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots.match(/^Disallow: .*$/gm)).toEqual(["Disallow: /api/", "Disallow: /search-index/v2/"]);
  });

  it("lists every device page once, with the day its data last changed, and every other page a reader lands on", () => {
    const { urls, parts } = readSitemap(dist);
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    expect(devicePages.length).toBeGreaterThan(1000);
    for (const f of devicePages) expect(locs, f).toContain(`${SITE.siteUrl}/${f.replace(/\.html$/, "")}`);
    const devices = urls.filter((u) => u.loc.startsWith(`${SITE.siteUrl}/devices/`));
    expect(devices).toHaveLength(devicePages.length);
    for (const d of devices) expect(d.lastmod, d.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const p of ["/", "/browse/", "/browse/2", "/manufacturers/", "/manufacturers/apple", "/license", "/docs/api"])
      expect(locs, p).toContain(SITE.siteUrl + p);
    for (const p of ["/404", "/405", "/corrections/thanks"]) expect(locs, p).not.toContain(SITE.siteUrl + p);
    expect(locs.some((l) => l.includes("/withdrawn/"))).toBe(false);
    // Each part's lastmod is its newest entry's.
    for (const part of parts) expect(part.lastmod).toBe(part.urls.map((u) => u.lastmod ?? "").reduce((a, b) => (a > b ? a : b)));
    console.log(`sitemap: ${locs.length} URLs (${devices.length} device pages) in ${parts.length} part(s)`);
  });

  it("gives every page a title of its own, and every page in the sitemap a description", () => {
    const pages = files.filter((f) => f.endsWith(".html") && !f.startsWith("withdrawn/") && !["404.html", "405.html", "corrections/thanks.html"].includes(f));
    const titles = new Map<string, string[]>();
    for (const f of pages) {
      const title = DomUtils.textContent(DomUtils.findOne((e) => e.name === "title", html(dist, f).children)!);
      titles.set(title, [...(titles.get(title) ?? []), f]);
    }
    expect([...titles].filter(([, fs]) => fs.length > 1)).toEqual([]);
    for (const f of [...devicePages.slice(0, 50), "index.html", "browse/index.html", "manufacturers/index.html"]) {
      const description = meta(html(dist, f), "name", "description");
      expect(description, f).toBeTruthy();
      expect(description!.length, f).toBeLessThanOrEqual(300);
    }
  });
});

describe("the fixtures' build", () => {
  const dist = inject("fixtureDist");

  it("describes a device page by its verdict and shares it with Open Graph tags and its manufacturer's image", () => {
    const doc = html(dist, "devices/alpha-phone.html");
    const record = JSON.parse(readFileSync(path.join(dist, "api/v1/devices/alpha-phone.json"), "utf8"));
    const description = meta(doc, "name", "description")!;
    expect(description).toContain("Alpha Phone");
    expect(description).toContain(record.verdict.headline);
    expect(meta(doc, "property", "og:description")).toBe(description);
    expect(meta(doc, "property", "og:title")).toBe("Alpha Phone · Device Lifecycle Records");
    expect(meta(doc, "property", "og:url")).toBe(`${SITE.siteUrl}/devices/alpha-phone`);
    expect(linkHref(doc, "canonical")).toBe(`${SITE.siteUrl}/devices/alpha-phone`);
    expect(meta(doc, "property", "og:image")).toBe(`${SITE.siteUrl}/share/manufacturers/example-maker.png`);
    expect(meta(doc, "name", "twitter:card")).toBe("summary_large_image");
    // The hostile record's text stays text in an attribute.
    const hostile = meta(html(dist, "devices/hostile-device.html"), "name", "description")!;
    expect(hostile).toContain('"Quoted" <script>');
    expect(readFileSync(path.join(dist, "devices/hostile-device.html"), "utf8")).not.toContain("<script>alert(1)</script>");
  });

  it("gives the 404 page no canonical address and keeps it out of indexes", () => {
    const doc = html(dist, "404.html");
    expect(linkHref(doc, "canonical")).toBeNull();
    expect(meta(doc, "property", "og:url")).toBeNull();
    expect(meta(doc, "name", "robots")).toBe("noindex");
  });

  it("draws the site's sharing image and each manufacturer's as 1200 × 630 PNG", () => {
    const images = filesIn(dist).filter((f) => f.startsWith("share/"));
    expect(images).toEqual([
      "share/manufacturers/example-maker.png",
      "share/manufacturers/hyperlink-https-evil-example.png",
      "share/manufacturers/sample-devices.png",
      "share/site.png",
    ]);
    for (const f of images) {
      const png = PNG.sync.read(readFileSync(path.join(dist, f)));
      expect([png.width, png.height], f).toEqual([1200, 630]);
      // Drawn, not blank: more than the background's colour.
      const colours = new Set<number>();
      for (let i = 0; i < png.data.length; i += 4 * 97) colours.add(png.data.readUInt32BE(i));
      expect(colours.size, f).toBeGreaterThan(10);
    }
    const home = html(dist, "index.html");
    expect(meta(home, "property", "og:image")).toBe(`${SITE.siteUrl}/share/site.png`);
    expect(meta(home, "property", "og:image:alt")).toMatch(/^Device Lifecycle Records: /);
  });
});
