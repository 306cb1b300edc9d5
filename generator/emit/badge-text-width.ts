// How wide a badge's words are in the fonts that draw them. The badge names
// Inter, then Verdana and DejaVu Sans, then any sans-serif: Inter where it is
// installed, Verdana on Windows and macOS, DejaVu Sans on most Linux systems
// (librsvg and many unfurl services). Renderers that ignore textLength, such
// as librsvg, draw the words at the width of the font they found, so each half
// is sized for the widest of the three; narrower fonts (Arial, Helvetica,
// Liberation Sans, Noto Sans) fit too.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import satori from "satori";
import verdanaWidth from "anafanafo";

export const FONT_SIZE = 11;

const require = createRequire(import.meta.url);
// Satori reads WOFF (not WOFF2); one weight of each font from an npm package, no network.
const WOFF_FONTS = {
  Inter: "@fontsource/inter/files/inter-latin-400-normal.woff",
  "DejaVu Sans": "@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff",
} as const;
const fontData = new Map<string, Buffer>();
const woff = (name: keyof typeof WOFF_FONTS) => {
  let data = fontData.get(name);
  if (!data) fontData.set(name, (data = readFileSync(require.resolve(WOFF_FONTS[name]))));
  return data;
};

/** The width satori lays the text out at in one font: the sum of the words and spaces it places on one line. */
async function laidOutWidth(text: string, font: keyof typeof WOFF_FONTS): Promise<number> {
  const svg = await satori(
    { type: "div", props: { style: { display: "flex", fontSize: FONT_SIZE, fontFamily: font, whiteSpace: "pre" }, children: text } } as Parameters<
      typeof satori
    >[0],
    {
      height: 20,
      width: 4000,
      fonts: [{ name: font, data: woff(font), weight: 400, style: "normal" }],
      embedFont: false,
    },
  );
  let width = 0;
  for (const m of svg.matchAll(/<text [^>]*width="([\d.]+)"/g)) width += Number(m[1]);
  return width;
}

/** The width of `text` at 11 px in the widest of Inter, Verdana and DejaVu Sans. */
export async function widestTextWidth(text: string): Promise<number> {
  const widths = await Promise.all([laidOutWidth(text, "Inter"), laidOutWidth(text, "DejaVu Sans")]);
  // anafanafo: shields.io's table of Verdana's advance widths at 11 px (Verdana itself is not free to ship).
  return Math.max(...widths, verdanaWidth(text, { font: `${FONT_SIZE}px Verdana` }));
}

/** What the SVG's font-family names, in the order a renderer tries them. */
export const FONT_FAMILY = "Inter,Verdana,DejaVu Sans,sans-serif";
