// What a device's badge says: a neutral label, the verdict's plain headline
// word for word (derive/verdict-headline.ts, the words of the device page,
// the fleet page and the CLI) and a colour per verdict code. The words carry
// the meaning (colour only repeats it); they never say "secure", keep the
// date's precision in their wording ("October 2030"), "promises them at
// least until" for minimum commitments, "aims to … not a promise" for
// announced ceilings, "not documented" for an end the source gives no date
// for, "the last one seen" for an observed one, "current status not
// documented" when every statement has lapsed, and end in "(unconfirmed)"
// when the security claim rests on third-party or unverified evidence.
import escapeMarkup from "escape-html";
import { urls, type Site } from "./site.ts";
import type { Verdict } from "./verdict.ts";
import type { VerdictCode } from "../contract/verdicts.ts";
import type { ShieldsEndpoint } from "../schema/responses.ts";

export interface BadgeSpec {
  label: string;
  message: string;
  /** Background of the message half, #rrggbb; white text on it has at least 4.5:1 contrast. */
  colour: string;
}

export const BADGE_LABEL = "support";
/** Background of the label half. */
export const LABEL_COLOUR = "#555555";

export const VERDICT_COLOURS: Record<VerdictCode, string> = {
  "receiving-updates": "#2e7d32",
  "minimum-commitment": "#1565c0",
  "announced-ceiling": "#0f766e",
  "security-only": "#a16207",
  "security-ending-soon": "#b45309",
  "security-ended": "#b91c1c",
  "commitment-passed": "#57534e",
  varies: "#6d28d9",
  unknown: "#6b7280",
};

/** A verdict's badge: its headline (verdict-headline.ts), in its code's colour. Verdict-free imports keep the edge bundle small. */
export function badgeOf(v: Pick<Verdict, "code">, headline: string): BadgeSpec {
  return { label: BADGE_LABEL, message: headline, colour: VERDICT_COLOURS[v.code] };
}

/** The answer for a slug with no published record (served with status 404). */
export const UNKNOWN_DEVICE_BADGE: BadgeSpec = { label: BADGE_LABEL, message: "unknown device", colour: VERDICT_COLOURS.unknown };

/** The answer for a withdrawn record's slug (served with status 410; the record's page says why). */
export const WITHDRAWN_BADGE: BadgeSpec = { label: BADGE_LABEL, message: "record withdrawn", colour: VERDICT_COLOURS.unknown };

/** The answer to a badge request over the rate limit (served with status 429), so an image tag still shows an image. */
export const RATE_LIMITED_BADGE: BadgeSpec = { label: BADGE_LABEL, message: "busy, reload in a minute", colour: VERDICT_COLOURS.unknown };

/** shields.io's shortest cache lifetime, which is also the API's max-age (contract/media.ts API_CACHE). */
export const SHIELDS_CACHE_SECONDS = 300;

/**
 * The badge as shields.io's endpoint JSON (https://shields.io/badges/endpoint-badge):
 * the same label, message and colours, so a shields badge says word for word
 * what ours says. Colours go without "#" (shields reads bare hex in every
 * version). cacheSeconds is the API's own five minutes, shields' minimum.
 * An unknown or withdrawn device is an error badge (isError), so an embedding
 * page cannot recolour it into a verdict.
 */
export function shieldsEndpointOf(b: BadgeSpec, { error = false } = {}): ShieldsEndpoint {
  const hex = (colour: string) => colour.replace(/^#/, "");
  return {
    schemaVersion: 1,
    label: b.label,
    message: b.message,
    color: hex(b.colour),
    labelColor: hex(LABEL_COLOUR),
    ...(error ? { isError: true as const } : {}),
    cacheSeconds: SHIELDS_CACHE_SECONDS,
  };
}

/** What screen readers announce: the SVG's <title> and aria-label. */
export const badgeText = (b: BadgeSpec) => `${b.label}: ${b.message}`;

/**
 * The embed snippet of spec rule 5: the badge image inside a link to the
 * canonical device page, where readers can inspect scope, evidence and
 * uncertainty. The alt text names the device when `name` is given.
 */
export function badgeEmbed(slug: string, site: Site, name?: string): { html: string; markdown: string } {
  const u = urls(site);
  const alt = `Software update support status${name ? ` of ${name}` : ""} (Device Lifecycle Records)`;
  // Markdown decodes entities in alt text, so the HTML escape serves; brackets and line breaks would end it.
  const mdAlt = escapeMarkup(alt)
    .replace(/[\\[\]]/g, "\\$&")
    .replace(/[\r\n]+/g, " ");
  return {
    html: `<a href="${escapeMarkup(u.page(slug))}"><img src="${escapeMarkup(u.badge(slug))}" alt="${escapeMarkup(alt)}"></a>`,
    markdown: `[![${mdAlt}](${u.badge(slug)})](${u.page(slug)})`,
  };
}

/**
 * The unknown-device badge as rendered by emit/badge.ts, kept here so the
 * request core can answer a miss without a renderer or a font (the edge
 * function has neither). test/exports/badge-files.test.ts and emit/badge.test.ts re-render it and fails,
 * printing the new text, if the renderer's output changes.
 */
export const UNKNOWN_DEVICE_BADGE_SVG = `<svg width="157" height="20" viewBox="0 0 157 20" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="support: unknown device"><title>support: unknown device</title><clipPath id="corners"><rect width="157" height="20" rx="3"/></clipPath><g clip-path="url(#corners)"><rect width="55" height="20" fill="#555555"/><rect x="55" width="102" height="20" fill="#6b7280"/></g><g font-size="11" font-family="Inter,Verdana,DejaVu Sans,sans-serif" fill="#fff" text-anchor="middle"><text x="27.5" y="14" textLength="42.23" lengthAdjust="spacing">support</text><text x="106" y="14" textLength="89.61" lengthAdjust="spacing">unknown device</text></g></svg>
`;
