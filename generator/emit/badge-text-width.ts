// How wide a badge's words are in the fonts that draw them. The badge names
// Inter, then Verdana and DejaVu Sans, then any sans-serif: Inter where it is
// installed, Verdana on Windows and macOS, DejaVu Sans on most Linux systems
// (librsvg and many unfurl services). Renderers that ignore textLength, such
// as librsvg, draw the words at the width of the font they found, so each half
// is sized for the widest of the three; narrower fonts (Arial, Helvetica,
// Liberation Sans, Noto Sans) fit too.
//
// Widths are font metrics, as shields.io measures its badges: the sum of the
// glyphs' advance widths at 11 px, read by opentype.js from the very font files
// the pages serve (Inter and DejaVu Sans from @fontsource), and anafanafo's
// table for Verdana (not free to ship). No kerning: a shaper's kerning moves a
// badge's words by under a pixel (and the half is rounded up and padded), and
// opentype.js cannot read these fonts' GPOS kerning anyway; the renderers'
// drawings are checked in test/tools/badge-renderers.test.ts.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import verdanaWidth from "anafanafo";
import opentype from "opentype.js";

export const FONT_SIZE = 11;

const require = createRequire(import.meta.url);
/** One weight of each font, Latin subset: what the badge's words are written in. */
const FONT_FILES = {
  Inter: "@fontsource/inter/files/inter-latin-400-normal.woff",
  "DejaVu Sans": "@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff",
} as const;

/** A font's advance width at FONT_SIZE of each character it has been asked about. */
type Advances = { font: opentype.Font; scale: number; byChar: Map<string, number> };

let fonts: Advances[] | null = null;
function loadedFonts(): Advances[] {
  fonts ??= Object.values(FONT_FILES).map((file) => {
    const data = readFileSync(require.resolve(file));
    const font = opentype.parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
    return { font, scale: FONT_SIZE / font.unitsPerEm, byChar: new Map() };
  });
  return fonts;
}

/**
 * The sum of the glyphs' advances at FONT_SIZE, one glyph per character (no
 * ligature, no kerning): what opentype.js's getAdvanceWidth gives with
 * kerning and features off, summed in the same order, but each character's
 * advance looked up once per process (a build measures thousands of badges).
 */
function advanceWidth({ font, scale, byChar }: Advances, text: string): number {
  let x = 0;
  for (const ch of text) {
    let advance = byChar.get(ch);
    if (advance === undefined) byChar.set(ch, (advance = (font.charToGlyph(ch).advanceWidth || 0) * scale));
    x += advance;
  }
  return x;
}

/** The width of `text` at 11 px in the widest of Inter, Verdana and DejaVu Sans. */
export function widestTextWidth(text: string): number {
  // anafanafo: shields.io's table of Verdana's advance widths at 11 px.
  return Math.max(...loadedFonts().map((font) => advanceWidth(font, text)), verdanaWidth(text, { font: `${FONT_SIZE}px Verdana` }));
}

/** What the SVG's font-family names, in the order a renderer tries them. */
export const FONT_FAMILY = "Inter,Verdana,DejaVu Sans,sans-serif";
