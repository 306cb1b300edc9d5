// The SVG badges: rendered to PNG with resvg (non-blank, as wide as the text),
// accessible, never "secure", rendered once per distinct badge, escaped.
// test/tools/badge-renderers.test.ts checks where three renderers draw the text.
import { cpSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { badgeEmbed, LABEL_COLOUR, UNKNOWN_DEVICE_BADGE, UNKNOWN_DEVICE_BADGE_SVG, VERDICT_COLOURS, type BadgeSpec } from "../../generator/derive/badges.ts";
import { renderBadge } from "../../generator/emit/badge.ts";
import { buildTo, FIXTURES, SITE, tempDir } from "../helpers/build.ts";

const PAD = 6;
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", htmlEntities: true });

let dist: string;
const badgeFile = (slug: string) => readFileSync(path.join(dist, "api/v1/badge", `${slug}.svg`), "utf8");

beforeAll(async () => {
  // The fixtures plus a copy of alpha-phone under another slug: two devices that share a badge.
  const data = tempDir();
  cpSync(FIXTURES, data, { recursive: true });
  const twin = JSON.parse(readFileSync(path.join(FIXTURES, "devices/alpha-phone.json"), "utf8"));
  // A second device with the same verdict; its model codes are alpha's own, so the twin carries none.
  const variants = twin.variants.map(({ identifiers: _codes, ...v }: { identifiers?: unknown }) => v);
  writeFileSync(path.join(data, "devices/alpha-twin.json"), JSON.stringify({ ...twin, slug: "alpha-twin", name: "Alpha Twin", variants }));
  dist = (await buildTo(data)).outDir;
});

function png(svg: string) {
  const image = new Resvg(svg, { font: { loadSystemFonts: true } }).render();
  return { width: image.width, height: image.height, pixels: image.pixels };
}

/** Text runs as the SVG places them (x is their centre, text-anchor="middle"), the width each is pinned to, the words, and the two halves. */
function layout(svg: string) {
  const root = xml.parse(svg).svg;
  const [backgrounds, words] = root.g;
  const texts = [words.text].flat().map((t: Record<string, string>) => ({ x: Number(t.x), length: Number(t.textLength), text: String(t["#text"]) }));
  const boxes = [backgrounds.rect].flat().map((r: Record<string, string>) => ({ x: Number(r.x ?? 0), width: Number(r.width) }));
  return { width: Number(root.width), root, texts, boxes };
}

describe("the rendered badges", () => {
  it("render to a non-blank PNG exactly as wide as the SVG says", () => {
    for (const file of readdirSync(path.join(dist, "api/v1/badge"))) {
      const svg = readFileSync(path.join(dist, "api/v1/badge", file), "utf8");
      const { width, height, pixels } = png(svg);
      expect(width).toBe(layout(svg).width);
      expect(height).toBe(20);
      const colours = new Set<number>();
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 3]! > 0) colours.add((pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!);
      expect(colours.size).toBeGreaterThan(10); // two backgrounds and anti-aliased white text
      expect(colours.has(0xffffff)).toBe(true);
    }
  });

  it("fit each half to its text in the widest font, centred, with padding on both sides", () => {
    for (const slug of [
      "alpha-phone",
      "beta-tablet",
      "gamma-phone",
      "delta-watch",
      "hostile-device",
      "iota-phone",
      "kappa-phone",
      "lambda-tablet",
      "mu-phone",
    ]) {
      const { texts, boxes, width } = layout(badgeFile(slug));
      expect(texts).toHaveLength(2);
      expect(boxes).toHaveLength(2);
      texts.forEach((t, i) => {
        const box = boxes[i]!;
        expect(t.x).toBeCloseTo(box.x + box.width / 2, 5);
        const slack = box.width - t.length;
        expect(slack).toBeGreaterThanOrEqual(2 * PAD);
        expect(slack).toBeLessThan(2 * PAD + 1);
      });
      expect(boxes[1]!.x).toBe(boxes[0]!.width);
      expect(boxes[1]!.x + boxes[1]!.width).toBe(width);
    }
  });

  it("a longer verdict gives a wider badge", async () => {
    const short = layout(await renderBadge({ label: "support", message: "no security updates", colour: "#b91c1c" }));
    const long = layout(await renderBadge({ label: "support", message: "security updates end 2027-Q2 (quarter)", colour: "#b45309" }));
    expect(long.width).toBeGreaterThan(short.width + 50);
    expect(short.texts[0]!.length).toBe(long.texts[0]!.length);
  });

  it("are labelled for screen readers: role, aria-label and a <title> with the words", () => {
    const svg = badgeFile("beta-tablet");
    const { root } = layout(svg);
    expect(root.role).toBe("img");
    expect(root["aria-label"]).toBe("support: Gets security updates; Example Maker promises them at least until 2029");
    expect(root.title).toBe(root["aria-label"]);
    expect(svg).toMatch(/^<svg [^>]*><title>/);
  });

  it("say the verdict's headline: precision in its words, promises, regional variation, undated and observed ends, listings and lapsed commitments, and never secure", () => {
    const words = Object.fromEntries(
      [
        "alpha-phone",
        "beta-tablet",
        "gamma-phone",
        "delta-watch",
        "epsilon-laptop",
        "hostile-device",
        "iota-phone",
        "kappa-phone",
        "lambda-tablet",
        "mu-phone",
      ].map((s) => [s, layout(badgeFile(s)).root["aria-label"]]),
    );
    expect(words).toEqual({
      // A month is said as a month, a year as a year: never more precise than the source.
      "alpha-phone": "support: Gets security updates until October 2031",
      "beta-tablet": "support: Gets security updates; Example Maker promises them at least until 2029",
      "gamma-phone": "support: Depends on the region or model: see the details",
      "delta-watch": "support: No security updates since 2021",
      "epsilon-laptop": "support: Gets security updates until June 2030",
      "hostile-device": "support: Gets security updates until February 2029",
      // Ended, date not documented: ended, and says the date is not documented (never "unknown").
      "iota-phone": "support: No security updates; when they ended is not documented (unconfirmed)",
      // An observed last update is worded as observed, not as an end.
      "kappa-phone": "support: No security updates; the last one seen came on 13 May 2024",
      "lambda-tablet": "support: Gets security updates; Sample Devices names no end date",
      "mu-phone": "support: Current status not documented: Sample Devices' promise ran out in 2024",
    });
    // The colours follow the codes: ended in red, a lapsed commitment in its own colour.
    const fill = (slug: string) => layout(badgeFile(slug)).root.g[0].rect[1].fill;
    expect([fill("iota-phone"), fill("kappa-phone"), fill("lambda-tablet"), fill("mu-phone")]).toEqual([
      VERDICT_COLOURS["security-ended"],
      VERDICT_COLOURS["security-ended"],
      VERDICT_COLOURS["receiving-updates"],
      VERDICT_COLOURS["commitment-passed"],
    ]);
    for (const w of Object.values(words)) expect(w).not.toMatch(/\bsecure\b/i);
  });

  it("write the same bytes for devices that share a badge", () => {
    expect(badgeFile("alpha-twin")).toBe(badgeFile("alpha-phone"));
  });

  it("stay small: text as text, not glyph paths", () => {
    for (const file of readdirSync(path.join(dist, "api/v1/badge"))) {
      const svg = readFileSync(path.join(dist, "api/v1/badge", file), "utf8");
      expect(svg.length).toBeLessThan(1200);
      expect(svg).toContain("</text>");
    }
  });

  it("escape any text they are given", async () => {
    const hostile: BadgeSpec = { label: "support", message: `"Q" <script>alert(1)</script> & 'x'`, colour: "#6b7280" };
    const svg = await renderBadge(hostile);
    expect(svg).not.toContain("<script");
    const { root, texts } = layout(svg);
    expect(root["aria-label"]).toBe(`support: "Q" <script>alert(1)</script> & 'x'`);
    expect(texts[1]!.text).toBe(`"Q" <script>alert(1)</script> & 'x'`);
  });
});

describe("badge answers that are not a device's verdict", () => {
  it("the unknown-device badge the request core serves is what the renderer draws", async () => {
    const current = await renderBadge(UNKNOWN_DEVICE_BADGE);
    // If this fails, paste the new text into UNKNOWN_DEVICE_BADGE_SVG in generator/derive/badges.ts:
    expect(UNKNOWN_DEVICE_BADGE_SVG, current).toBe(current);
  });

  it("a withdrawn record has its own badge", () => {
    expect(layout(readFileSync(path.join(dist, "api/v1/badge/_withdrawn.svg"), "utf8")).root["aria-label"]).toBe("support: record withdrawn");
  });
});

describe("colours", () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  it("give white text at least 4.5:1 contrast, and each verdict its own colour", () => {
    for (const c of [LABEL_COLOUR, ...Object.values(VERDICT_COLOURS)]) expect(1.05 / (luminance(c) + 0.05)).toBeGreaterThanOrEqual(4.5);
    expect(new Set(Object.values(VERDICT_COLOURS)).size).toBe(Object.keys(VERDICT_COLOURS).length);
  });
});

describe("badgeEmbed (spec rule 5)", () => {
  const site = { ...SITE, now: "2026-11-22" };
  it("puts the badge image inside a link to the canonical device page", () => {
    const { html, markdown } = badgeEmbed("gamma-phone", site, "Gamma Phone");
    expect(html).toBe(
      '<a href="https://devices.example/devices/gamma-phone"><img src="https://api.devices.example/api/v1/badge/gamma-phone" alt="Software update support status of Gamma Phone (Device Lifecycle Records)"></a>',
    );
    expect(markdown).toBe(
      "[![Software update support status of Gamma Phone (Device Lifecycle Records)](https://api.devices.example/api/v1/badge/gamma-phone)](https://devices.example/devices/gamma-phone)",
    );
  });

  it("escapes the device name in both forms", () => {
    const { html, markdown } = badgeEmbed("hostile-device", site, 'Hostile "Q" <script>[x]\nnext');
    expect(html).toContain('alt="Software update support status of Hostile &quot;Q&quot; &lt;script&gt;[x]\nnext');
    expect(html).not.toContain("<script");
    expect(markdown).toContain("Hostile &quot;Q&quot; &lt;script&gt;\\[x\\] next");
    expect(markdown).not.toContain("<script");
  });
});
