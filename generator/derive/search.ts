// The site's exact-name-first search, as pure functions: how text is
// normalized, what a record can be found by, and how a match ranks. The build
// (static list pages, the edge index) and the edge/preview core share it, so
// every answer ranks the same. See docs/list.md#ordering.

/**
 * Normalized text: compatibility-decomposed (NFKD, so "é" → "e" + mark and
 * "ＰＩＸＥＬ" → "PIXEL"), combining marks removed, lower-cased, every run of
 * characters that are neither letters nor digits turned into one space,
 * trimmed. "  Pixel-8  Pro!" → "pixel 8 pro".
 */
export function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Normalized text without its spaces: "Pixel 8", "pixel-8" and "PIXEL8" all compare as "pixel8". */
export const compact = (text: string) => normalize(text).replaceAll(" ", "");

/** Normalized text as a path segment or an HTML id: ASCII letters and digits joined by dashes ("Caching, validation and CORS" → "caching-validation-and-cors"); "" when it has none. */
export const dashed = (text: string) =>
  normalize(text)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** A search query, as every comparison sees it. */
export interface Query {
  /** The normalized query ("" when the query has no letters or digits). */
  norm: string;
  /** norm without spaces: what exact and prefix matches compare. */
  compact: string;
  /** The words of norm: each must occur somewhere in the record for an "other" match. */
  tokens: string[];
}

export function queryOf(q: string): Query {
  const norm = normalize(q);
  return { norm, compact: norm.replaceAll(" ", ""), tokens: norm ? norm.split(" ") : [] };
}

/** What a record can be found by, in compact form. */
export interface SearchFields {
  /** The name, each alias, each variant's model and each of its identifiers (model codes): exact and prefix matches look here. */
  primary: string[];
  /** Further text that only "other" matches look at: the manufacturer. */
  secondary: string[];
}

export interface Searchable {
  name: string;
  aliases: string[];
  manufacturer: string;
  variants: { model: string; identifiers?: { value: string }[] }[];
}

/**
 * A model code (SM-A525F, iPhone15,4, shiba) is a primary field like the
 * variant's model: fleets search by it, and an exact code is an exact match,
 * ranked with exact names (docs/list.md#ordering). Search compares it as it
 * compares any text, so "iPhone15,4" is found as "iphone154" or "iPhone 15 4";
 * the comma-exact comparison is the identifier lookup's (contract/identifiers.ts).
 */
export function searchFieldsOf(r: Searchable): SearchFields {
  const unique = (xs: string[]) => [...new Set(xs.map(compact).filter(Boolean))];
  const codes = r.variants.flatMap((v) => (v.identifiers ?? []).map((i) => i.value));
  return { primary: unique([r.name, ...r.aliases, ...r.variants.map((v) => v.model), ...codes]), secondary: unique([r.manufacturer]) };
}

/**
 * The fields as one line of text: the primary fields joined by ",", then each
 * secondary field after a ";" (compact fields hold only letters and digits, so
 * neither separator occurs in one). The list index and the site search's
 * index both write records so.
 */
export const searchLine = (f: SearchFields) => `${f.primary.join(",")}${f.secondary.map((x) => `;${x}`).join("")}`;

export function parseSearchLine(line: string): SearchFields {
  const [primary = "", ...secondary] = line.split(";");
  return { primary: primary ? primary.split(",") : [], secondary };
}

/**
 * Match tiers, best first: 0 the query equals the name, an alias, a model or
 * a model code; 1 one of those starts with the query; 2 every word of the query
 * occurs somewhere in the record's name, aliases, models or manufacturer.
 */
export type Tier = 0 | 1 | 2;
export const TIER_NAMES = ["exact", "prefix", "other"] as const;

/** The tier of a record for a non-empty query, or null when it does not match. */
export function tierOf(query: Query, fields: SearchFields): Tier | null {
  const c = query.compact;
  if (fields.primary.includes(c)) return 0;
  if (fields.primary.some((f) => f.startsWith(c))) return 1;
  const all = [...fields.primary, ...fields.secondary];
  return query.tokens.every((t) => all.some((f) => f.includes(t))) ? 2 : null;
}

/** The sort key of a listed record: tier (0 without a query), then slug. Slugs are unique, so the order is total. */
export interface SortKey {
  tier: Tier;
  slug: string;
}

export function compareKeys(a: SortKey, b: SortKey): number {
  if (a.tier !== b.tier) return a.tier - b.tier;
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}
