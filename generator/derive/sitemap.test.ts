// Sitemap parts stay within the limits they are given, in order, losing no URL; text is escaped.
import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapIndex, sitemapParts } from "./sitemap.ts";

const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ loc: `https://devices.example/devices/d${i}`, lastmod: "2026-11-01" }));
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

describe("sitemapParts", () => {
  it.each([
    [0, { urls: 3, bytes: 1e6 }, [0]],
    [1, { urls: 3, bytes: 1e6 }, [1]],
    [3, { urls: 3, bytes: 1e6 }, [3]],
    [7, { urls: 3, bytes: 1e6 }, [3, 3, 1]],
    [7, { urls: 100, bytes: 350 }, [2, 2, 2, 1]],
  ])("%i URLs within %j: parts of %j", (n, limits, sizes) => {
    const parts = sitemapParts(entries(n), limits);
    expect(parts.map((p) => locs(p).length)).toEqual(sizes);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(limits.bytes);
    expect(parts.flatMap(locs)).toEqual(entries(n).map((e) => e.loc));
  });

  it("escapes what XML must not hold raw, and omits an unknown lastmod", () => {
    const [xml] = sitemapParts([{ loc: "https://devices.example/search?a=1&b=<2>" }]);
    expect(xml).toContain("<loc>https://devices.example/search?a=1&amp;b=&lt;2&gt;</loc></url>");
    expect(xml).not.toContain("lastmod");
  });

  it("refuses a URL that no sitemap could hold", () => {
    expect(() => sitemapParts(entries(1), { urls: 10, bytes: 100 })).toThrow(/larger than a sitemap may be/);
  });
});

describe("sitemapIndex and robotsTxt", () => {
  it("names each part and the sitemap", () => {
    expect(sitemapIndex([{ loc: "https://devices.example/sitemaps/1.xml", lastmod: "2026-11-01" }])).toContain(
      "<sitemap><loc>https://devices.example/sitemaps/1.xml</loc><lastmod>2026-11-01</lastmod></sitemap>",
    );
    expect(robotsTxt("https://devices.example/sitemap.xml", ["/api/"])).toBe(
      "User-agent: *\nDisallow: /api/\n\nSitemap: https://devices.example/sitemap.xml\n",
    );
  });
});
