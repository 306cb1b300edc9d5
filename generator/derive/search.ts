// The site's exact-name-first search, as pure functions: how text is
// normalized, what a record can be found by, and how a match ranks. The build
// (static list pages, the edge index) and the edge/preview core share it, so
// every answer ranks the same. See docs/list.md#ordering.

/**
 * Normalized text: compatibility-decomposed (NFKD, so "é" → "e" + mark and
 * "ＰＩＸＥＬ" → "PIXEL"), combining marks removed, lower-cased, every run of
 * characters that are neither letters nor digits turned into one space,
 * trimmed. "  Pixel-8  Pro!" → "pixel 8 pro".
 *
 * Two marks carry meaning and stay distinct: a "+" that ends a name's word is
 * read as the word "plus" ("Surface Pro 7+" is not the Surface Pro 7, and is
 * the "Surface Pro 7 Plus"), and a comma between digits is kept, as a ".",
 * because Apple's hardware identifiers need it ("iPhone1,1" is not the
 * "iPhone 11").
 */
export function normalize(text: string): string {
  return text
    .split(DIGIT_COMMA)
    .map((part) =>
      part
        .normalize("NFKD")
        .replace(/\p{M}+/gu, "")
        .toLowerCase()
        .replace(WORD_PLUS, " plus ")
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim(),
    )
    .join(".");
}

const DIGIT_COMMA = /(?<=\p{N}),(?=\p{N})/u;
const WORD_PLUS = /(?<=[\p{L}\p{N}])\+(?![\p{L}\p{N}])/gu;

/** Normalized text without its spaces: "Pixel 8", "pixel-8" and "PIXEL8" all compare as "pixel8"; "iPhone1,1" as "iphone1.1". */
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
  /** The name, each alias and each variant's model: an exact match here ranks first. */
  names: string[];
  /** Each variant's model codes (identifiers) that are not also a name: an exact match here ranks second. */
  codes: string[];
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
 * A model code (SM-A525F, iPhone15,4, shiba) is found like a name, since
 * fleets search by it, but an exact code ranks after an exact name: the
 * specification's rule 1 puts the records whose name matches first
 * (docs/list.md#ordering). A hardware identifier keeps its comma
 * (normalize), so "iPhone1,1" is never the "iPhone 11".
 */
export function searchFieldsOf(r: Searchable): SearchFields {
  const unique = (xs: string[]) => [...new Set(xs.map(compact).filter(Boolean))];
  const names = unique([r.name, ...r.aliases, ...r.variants.map((v) => v.model)]);
  const codes = unique(r.variants.flatMap((v) => (v.identifiers ?? []).map((i) => i.value))).filter((c) => !names.includes(c));
  return { names, codes, secondary: unique([r.manufacturer]) };
}

/**
 * The fields as one line of text: the names joined by ",", a "|", the codes
 * joined by ",", then each secondary field after a ";" (compact fields hold
 * only letters, digits and ".", so no separator occurs in one). The list
 * index and the site search's index both write records so.
 */
export const searchLine = (f: SearchFields) => `${f.names.join(",")}|${f.codes.join(",")}${f.secondary.map((x) => `;${x}`).join("")}`;

export function parseSearchLine(line: string): SearchFields {
  const [primary = "", ...secondary] = line.split(";");
  const [names = "", codes = ""] = primary.split("|");
  return { names: names ? names.split(",") : [], codes: codes ? codes.split(",") : [], secondary };
}

/**
 * Match tiers, best first: 0 the query equals the name, an alias or a
 * variant's model; 1 it equals a model code; 2 one of those starts with the
 * query; 3 every word of the query occurs somewhere in the record's names,
 * codes or manufacturer.
 */
export type Tier = 0 | 1 | 2 | 3;
/** How many tiers there are: the list's buckets, one per tier. */
export const TIERS = 4;

/** The tier of a record for a non-empty query, or null when it does not match. */
export function tierOf(query: Query, fields: SearchFields): Tier | null {
  const c = query.compact;
  if (fields.names.includes(c)) return 0;
  if (fields.codes.includes(c)) return 1;
  const primary = [...fields.names, ...fields.codes];
  if (primary.some((f) => f.startsWith(c))) return 2;
  const all = [...primary, ...fields.secondary];
  return query.tokens.every((t) => all.some((f) => f.includes(t))) ? 3 : null;
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
