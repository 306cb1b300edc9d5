// The SVG badges: /api/v1/badge/<slug> (rewritten to <slug>.svg). Satori lays
// the two halves out with the Inter font, so each is exactly as wide as its
// text plus fixed padding. Each distinct badge is rendered once per build and
// the same bytes are written for every device that shares it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import satori from "satori";
import { badgeOf, badgeText, LABEL_COLOUR, WITHDRAWN_BADGE, type BadgeSpec } from "../derive/badges.ts";
import escapeMarkup from "escape-html";
import { verdictOf } from "../derive/verdict.ts";
import { WITHDRAWN_BADGE_PATH } from "../serve/routes.ts";
import { devicesToWrite, type Emitter } from "./context.ts";

const HEIGHT = 20;
const FONT_SIZE = 11;
const PAD_X = 6;
const RADIUS = 3;
/** Viewers without Inter fall back to these; textLength keeps the measured width either way. */
const FONT_FAMILY = "Inter,Verdana,DejaVu Sans,sans-serif";

let font: Buffer | undefined;
// Satori reads WOFF (not WOFF2); one weight of one font from an npm package, no network.
const interFont = () =>
  (font ??= readFileSync(createRequire(import.meta.url).resolve("@fontsource/inter/files/inter-latin-400-normal.woff")));

const half = (text: string, background: string, corners: "left" | "right") => ({
  type: "div",
  props: {
    style: {
      display: "flex",
      alignItems: "center",
      padding: `0 ${PAD_X}px`,
      backgroundColor: background,
      ...(corners === "left"
        ? { borderTopLeftRadius: RADIUS, borderBottomLeftRadius: RADIUS }
        : { borderTopRightRadius: RADIUS, borderBottomRightRadius: RADIUS }),
    },
    children: text,
  },
});

interface TextRun {
  x: number;
  y: number;
  width: number;
  content: string;
}

const round = (n: number) => String(Math.round(n * 100) / 100);

/**
 * Satori with embedFont off writes one <text> per word and space, each placed
 * for Inter's metrics; in any other font the words would drift apart or
 * overlap. Each contiguous run becomes one <text> whose textLength pins it to
 * the width satori measured. Satori has already XML-escaped the content.
 */
function mergeTextRuns(svg: string): string {
  const runs: TextRun[] = [];
  const textEl = /<text x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"[^>]*>([^<]*)<\/text>/g;
  for (const m of svg.matchAll(textEl)) {
    const [x, y, width] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const last = runs[runs.length - 1];
    if (last && last.y === y && Math.abs(last.x + last.width - x) < 0.01) {
      last.width += width;
      last.content += m[4];
    } else runs.push({ x, y, width, content: m[4]! });
  }
  const texts = runs.map(
    (r) => `<text x="${round(r.x)}" y="${round(r.y)}" textLength="${round(r.width)}" lengthAdjust="spacingAndGlyphs">${r.content}</text>`,
  );
  // Satori's overflow masks are never referenced here: dropped to keep the badge small.
  const shapes = svg.replace(/<mask [^>]*>.*?<\/mask>/g, "").replace(textEl, "");
  return shapes.replace(/<\/svg>$/, () => `<g font-size="${FONT_SIZE}" font-family="${FONT_FAMILY}" fill="#fff">${texts.join("")}</g></svg>`);
}

/** role="img", <title> and aria-label on the root, so screen readers announce the words once. */
function labelled(svg: string, text: string): string {
  const t = escapeMarkup(text);
  return svg.replace(/^<svg ([^>]*)>/, (_, attributes: string) => `<svg ${attributes} role="img" aria-label="${t}"><title>${t}</title>`);
}

export async function renderBadge(b: BadgeSpec): Promise<string> {
  const element = {
    type: "div",
    props: {
      style: { display: "flex", height: HEIGHT, fontSize: FONT_SIZE, fontFamily: "Inter", color: "#fff" },
      children: [half(b.label, LABEL_COLOUR, "left"), half(b.message, b.colour, "right")],
    },
  };
  // Only the height is fixed: satori sizes the width to the two halves' text.
  const svg = await satori(element as Parameters<typeof satori>[0], {
    height: HEIGHT,
    fonts: [{ name: "Inter", data: interFont(), weight: 400, style: "normal" }],
    embedFont: false,
  });
  return `${labelled(mergeTextRuns(svg), badgeText(b))}\n`;
}

/** Each distinct badge rendered once per process (a build, every rebuild of a watch session, the pages' worker). */
const rendered = new Map<string, Promise<string>>();
export function badgeSvg(spec: BadgeSpec): Promise<string> {
  const key = JSON.stringify([spec.label, spec.message, spec.colour]);
  let svg = rendered.get(key);
  if (!svg) rendered.set(key, (svg = renderBadge(spec)));
  return svg;
}

export const badges: Emitter = {
  name: "badges",
  async emit(ctx) {
    const { site, out } = ctx;
    for (const r of devicesToWrite(ctx)) out.write(`api/v1/badge/${r.slug}.svg`, await badgeSvg(badgeOf(verdictOf(r, site.now))));
    out.write(WITHDRAWN_BADGE_PATH.slice(1), await badgeSvg(WITHDRAWN_BADGE));
  },
};
