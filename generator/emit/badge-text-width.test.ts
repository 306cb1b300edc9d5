// How wide a badge's words are (badge-text-width.ts): the glyphs' advance
// widths at 11 px in the widest of Inter, Verdana and DejaVu Sans, read from
// the fonts the pages serve and shields.io's Verdana table. The badge drawn
// with these widths is in badge.test.ts (SVG snapshots, halves that add up).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import verdanaWidth from "anafanafo";
import opentype from "opentype.js";
import { describe, expect, it } from "vitest";
import { FONT_SIZE, widestTextWidth } from "./badge-text-width.ts";

const require = createRequire(import.meta.url);
const font = (file: string) => {
  const data = readFileSync(require.resolve(file));
  return opentype.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
};
const inter = font("@fontsource/inter/files/inter-latin-400-normal.woff");
const dejaVu = font("@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff");

/** Each font's width of a text, as opentype.js and anafanafo measure it themselves (no kerning, no ligatures). */
const OFF = { kerning: false, features: { liga: false, rlig: false } } as opentype.RenderOptions;
const widths = (text: string) => ({
  Inter: inter.getAdvanceWidth(text, FONT_SIZE, OFF),
  "DejaVu Sans": dejaVu.getAdvanceWidth(text, FONT_SIZE, OFF),
  Verdana: verdanaWidth(text, { font: `${FONT_SIZE}px Verdana` }),
});

describe("widestTextWidth", () => {
  it.each([
    ["support", "DejaVu Sans"],
    ["record withdrawn", "DejaVu Sans"],
    ["Ünïcödé", "DejaVu Sans"],
    [`<script>"&'</script>`, "DejaVu Sans"],
    ["W", "Verdana"],
    ["updates until 2030-10 (month)", "Verdana"],
    ["security updates only until 2029-06 (month), unconfirmed", "Verdana"],
  ])("%j is as wide as in its widest font, %s", (text, widest) => {
    const each = widths(text);
    const max = Math.max(...Object.values(each));
    expect(each[widest as keyof typeof each]).toBe(max);
    expect(widestTextWidth(text)).toBeCloseTo(max, 9);
  });

  it("measures no text as 0 wide", () => expect(widestTextWidth("")).toBe(0));

  it.each([
    ["", "a"],
    ["support", "supports"],
    ["updates", "updates until 2030"],
    ["security updates ended", "security updates ended 2025-01 (month)"],
    ["varies by region", "varies by region or model"],
  ])("%j is narrower than %j", (shorter, longer) => {
    expect(widestTextWidth(longer)).toBeGreaterThan(widestTextWidth(shorter));
  });

  it.each([
    ["W", "i"],
    ["m", "l"],
    ["MMMM", "llll"],
    ["0", "."],
    ["updates ended", "ill-fitted li"],
  ])("%j is wider than %j (a wider glyph is wider)", (wide, narrow) => {
    expect(widestTextWidth(wide)).toBeGreaterThan(widestTextWidth(narrow));
  });

  it.each([
    ["¶§", 3],
    ["Wa", 5],
    ["updates ", 4],
  ])("%j repeated %d times is that many times as wide: no kerning between glyphs", (text, times) => {
    expect(widestTextWidth(text.repeat(times))).toBeCloseTo(times * widestTextWidth(text), 9);
  });

  it("gives the same text the same width the first time and every time after (the advances kept per character)", () => {
    // Characters no other test measures, so the first call reads them from the fonts.
    const text = "Ŧŋ Ħ";
    const first = widestTextWidth(text);
    expect(first).toBeCloseTo(Math.max(...Object.values(widths(text))), 9);
    expect(widestTextWidth(["Ŧ", "ŋ", " ", "Ħ"].join(""))).toBe(first);
  });
});
