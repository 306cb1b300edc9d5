// The SVG badges: /api/v1/badge/<slug>, stored as <slug>.svg, in the
// two-part style of README badges. The words are SVG text, so a badge stays
// under a kilobyte and readable by machines; each half is sized for the widest
// font a renderer may draw them in (badge-text-width.ts, from font metrics),
// and textLength pins the words to that width for the renderers that honour
// it, so the text lies inside its half whatever font is found. Each distinct
// badge is rendered once per process and the same bytes are written for every
// device that shares it.
import escapeMarkup from "escape-html";
import { badgeOf, badgeText, LABEL_COLOUR, type BadgeSpec } from "../derive/badges.ts";
import { API } from "../contract/resources.ts";
import { FONT_FAMILY, FONT_SIZE, widestTextWidth } from "./badge-text-width.ts";
import { devicesToWrite, type Emitter } from "./context.ts";
import { verdictOf } from "../derive/verdict.ts";
import { verdictHeadline } from "../derive/verdict-headline.ts";
import type { DeviceRecord } from "../schema/record.ts";

const HEIGHT = 20;
const PAD_X = 6;
const RADIUS = 3;
/** The text's baseline: vertically centred for an 11 px sans-serif. */
const BASELINE = 14;

const round = (n: number) => String(Math.round(n * 100) / 100);

export function renderBadge(b: BadgeSpec): string {
  const labelText = widestTextWidth(b.label);
  const messageText = widestTextWidth(b.message);
  const labelWidth = Math.ceil(labelText) + 2 * PAD_X;
  const messageWidth = Math.ceil(messageText) + 2 * PAD_X;
  const width = labelWidth + messageWidth;
  // Centred in its half: where a renderer draws a narrower font at its own width, the space is shared on both sides.
  const text = (x: number, half: number, textWidth: number, words: string) =>
    `<text x="${round(x + half / 2)}" y="${BASELINE}" textLength="${round(textWidth)}" lengthAdjust="spacing">${escapeMarkup(words)}</text>`;
  const t = escapeMarkup(badgeText(b));
  // role="img", aria-label and <title> on the root, so screen readers announce the words once.
  return (
    `<svg width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${t}"><title>${t}</title>` +
    `<clipPath id="corners"><rect width="${width}" height="${HEIGHT}" rx="${RADIUS}"/></clipPath>` +
    `<g clip-path="url(#corners)"><rect width="${labelWidth}" height="${HEIGHT}" fill="${LABEL_COLOUR}"/><rect x="${labelWidth}" width="${messageWidth}" height="${HEIGHT}" fill="${b.colour}"/></g>` +
    `<g font-size="${FONT_SIZE}" font-family="${FONT_FAMILY}" fill="#fff" text-anchor="middle">` +
    text(0, labelWidth, labelText, b.label) +
    text(labelWidth, messageWidth, messageText, b.message) +
    "</g></svg>\n"
  );
}

/** Each distinct badge rendered once per process (a build and every rebuild of a watch session; the badge files and the device pages alike). */
const rendered = new Map<string, string>();
export function badgeSvg(spec: BadgeSpec): string {
  const key = JSON.stringify([spec.label, spec.message, spec.colour]);
  let svg = rendered.get(key);
  if (!svg) rendered.set(key, (svg = renderBadge(spec)));
  return svg;
}

/** What an image tag shows when the request was over the rate limit (served with 429 where our code answers it). */

/** A record's badge on a day: its verdict's headline in the verdict code's colour. */
export function recordBadge(r: DeviceRecord, today: string): BadgeSpec {
  const v = verdictOf(r, today);
  return badgeOf(v, verdictHeadline(v, r));
}

export const badges: Emitter = {
  name: "badges",
  async emit(ctx) {
    const { site, out } = ctx;
    for (const r of devicesToWrite(ctx)) out.write(API.badge.file({ device_slug: r.slug }, ctx.layout), badgeSvg(recordBadge(r, site.now)));
  },
};
