// The compact list index: everything the list core needs to search and page
// the published catalog, and nothing else (item bodies are read from the
// static record files). The build writes it as one text file; the edge
// function and the preview server load it once and keep it in memory.
//
// Format (UTF-8 text, "\n"-separated):
//   line 1          a JSON header (ListIndexHeader)
//   next N lines    the published slugs, in slug order (header.slugChars characters in all)
//   one line        N characters: each record's device type, as its position in header.types
//   next N lines    the search line of the same record: its names (compact
//                   name, aliases, variant models) joined by ",", a "|", its
//                   model codes joined by ",", then each secondary field
//                   (compact manufacturer) after a ";"
// Compact fields hold only letters, digits and ".", so "," "|" ";" and "\n"
// never occur inside one, and one substring scan over all search lines finds
// every candidate; the character before a hit tells a field start ("\n", ","
// or "|") from anything else, and the line's "|" tells a name from a code
// (see docs/list.md#static-pages-and-the-edge).
import type { Site } from "./site.ts";
import { TIERS, searchFieldsOf, searchLine, type Query, type Searchable, type SortKey, type Tier } from "./search.ts";
import { DEVICE_TYPES, type DeviceType } from "../contract/device-types.ts";
import { withoutPatterns } from "../contract/identifiers.ts";

export const INDEX_FORMAT = "device-list-index/5";

export interface ListIndexHeader {
  format: typeof INDEX_FORMAT;
  /** The origins the answers link to. Not the build day: the index changes only when the catalog does. */
  site: Pick<Site, "siteUrl" | "baseUrl">;
  count: number;
  /** Length of the slug section, its last newline included (lets a reader cut it without a scan). */
  slugChars: number;
  /** The device types the type line's digits stand for, in the schema's order. */
  types: readonly DeviceType[];
}

export interface ListIndex {
  header: ListIndexHeader;
  /** Published slugs in slug order; position = rank in the plain walk. */
  slugs: string[];
  /** Each record's device type, as its position in header.types. */
  types: Uint8Array;
  /** "\n", then every search line, each ending in "\n". */
  hay: string;
  /** Offset in hay where each record's search line starts, plus hay.length at the end. */
  starts: Uint32Array;
}

/** The index text for published records (already in slug order, as catalogOf gives them). */
export function formatListIndex(records: (Searchable & { slug: string; deviceType: DeviceType })[], site: Site): string {
  const slugs = records.map((r) => `${r.slug}\n`).join("");
  const header: ListIndexHeader = {
    format: INDEX_FORMAT,
    site: { siteUrl: site.siteUrl, baseUrl: site.baseUrl },
    count: records.length,
    slugChars: slugs.length,
    types: DEVICE_TYPES,
  };
  const types = records.map((r) => DEVICE_TYPES.indexOf(r.deviceType)).join("");
  const lines = records.map((r) => `${searchLine(searchFieldsOf(withoutPatterns(r)))}\n`);
  return `${JSON.stringify(header)}\n${slugs}${types}\n${lines.join("")}`;
}

export class IndexFormatError extends Error {}

/** Parses the index text. Throws IndexFormatError if it is not a whole index of this format. */
export function parseListIndex(text: string): ListIndex {
  const fail = (why: string): never => {
    throw new IndexFormatError(`list index: ${why}`);
  };
  const eol = text.indexOf("\n");
  if (eol < 0) fail("no header line");
  let header: ListIndexHeader;
  try {
    header = JSON.parse(text.slice(0, eol));
  } catch {
    return fail("header is not JSON");
  }
  if (header.format !== INDEX_FORMAT) fail(`format ${String(header.format)}, expected ${INDEX_FORMAT}`);
  const n = header.count;
  const slugEnd = eol + 1 + header.slugChars;
  if (!(n >= 0) || text.charCodeAt(slugEnd - 1) !== 10) fail("slug section does not end where the header says");
  const slugs = n ? text.slice(eol + 1, slugEnd - 1).split("\n") : [];
  if (slugs.length !== n) fail("slug count differs from the header");
  if (!Array.isArray(header.types) || header.types.length > 10) fail("types is not a list of at most ten device types");
  const types = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    types[i] = text.charCodeAt(slugEnd + i) - 48;
    if (!(types[i]! < header.types.length)) fail(`type of record ${i + 1} is not a digit below ${header.types.length}`);
  }
  if (text.charCodeAt(slugEnd + n) !== 10) fail("type line does not end after one digit per record");
  // The hay keeps the newline before the first line, so every line start is preceded by "\n".
  const hay = text.slice(slugEnd + n);
  const starts = new Uint32Array(n + 1);
  let at = 1;
  for (let i = 0; i < n; i++) {
    starts[i] = at;
    at = hay.indexOf("\n", at) + 1;
    if (at === 0) fail("truncated search section");
  }
  starts[n] = at;
  if (at !== hay.length) fail("trailing data");
  return { header, slugs, types, hay, starts };
}

/** The first position in 0..n at which `holds` is true, for a `holds` false up to some position and true from there on (a binary search); n if none. */
export function firstWhere(n: number, holds: (position: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (holds(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Position of the first slug greater than `slug` in the sorted slugs. */
export const positionAfter = (slugs: string[], slug: string): number => firstWhere(slugs.length, (i) => slugs[i]! > slug);

/**
 * Every record that matches a non-empty query, as record positions bucketed by
 * tier; each bucket is in slug order (positions ascend), so the buckets in
 * turn are the answer order and no sort is needed. The same tiers as tierOf
 * (search.ts), computed from substring scans of the whole index with no
 * per-record allocation for one-word queries (serve/answers/list.test.ts checks the
 * two agree).
 */
export function matchPositions(index: ListIndex, query: Query): Buckets {
  const { hay, starts } = index;
  const n = starts.length - 1;
  const c = query.compact;
  const len = c.length;
  const tier = new Uint8Array(n).fill(TIERS); // TIERS: no match
  let i = 0;
  if (query.tokens.length === 1) {
    // One word: scan for it. An occurrence at the start of a name or code
    // field (after "\n", "," or "|") is exact if it also ends the field, else
    // a prefix; any other occurrence (inside a field, or in a secondary
    // field) is "other".
    let h = hay.indexOf(c);
    let bar = -1;
    while (h >= 0) {
      while (starts[i + 1]! <= h) i++;
      if (bar < starts[i]!) bar = hay.indexOf("|", starts[i]!);
      const t = fieldTier(hay, h, len, bar);
      if (t < tier[i]!) tier[i] = t;
      // Nothing ranks above an exact name; otherwise a later field of the line may rank better.
      h = hay.indexOf(c, t === 0 ? starts[i + 1]! : h + 1);
    }
    return bucketsOf(tier);
  }
  // Several words: every match holds every word, so scan for the longest
  // (likely the rarest) and rank each line that holds it by where the
  // compact query starts a field.
  const probe = query.tokens.reduce((a, b) => (b.length > a.length ? b : a));
  const others = query.tokens.filter((t) => t !== probe);
  let h = hay.indexOf(probe);
  while (h >= 0) {
    while (starts[i + 1]! <= h) i++;
    const line = hay.slice(starts[i]! - 1, starts[i + 1]!); // with the "\n" before it and after it
    if (others.every((t) => line.includes(t))) {
      let t = 3;
      const bar = line.indexOf("|");
      for (let at = line.indexOf(c); at >= 0 && t > 0; at = line.indexOf(c, at + 1)) t = Math.min(t, fieldTier(line, at, len, bar));
      tier[i] = t;
    }
    h = hay.indexOf(probe, starts[i + 1]!);
  }
  return bucketsOf(tier);
}

const NEWLINE = 10;
const COMMA = 44;
const SEMICOLON = 59;
const BAR = 124;
/** The character before a match starts a name or code field: a newline, "," or "|". */
const startsField = (ch: number) => ch === NEWLINE || ch === COMMA || ch === BAR;
/** The character after a match ends its field: ",", "|", ";", a newline, or the end of a cut line (NaN). */
const endsField = (ch: number) => ch === COMMA || ch === BAR || ch === SEMICOLON || ch === NEWLINE || Number.isNaN(ch);

/** The tier of an occurrence at `at` of `len` characters in a search line whose "|" (names | codes) is at `bar`. */
function fieldTier(text: string, at: number, len: number, bar: number): Tier {
  if (!startsField(text.charCodeAt(at - 1))) return 3;
  if (!endsField(text.charCodeAt(at + len))) return 2;
  return at < bar ? 0 : 1;
}

function bucketsOf(tier: Uint8Array): Buckets {
  const buckets: Buckets = [[], [], [], []];
  for (let k = 0; k < tier.length; k++) if (tier[k]! < TIERS) buckets[tier[k] as Tier].push(k);
  return buckets;
}

/** One page of keys after `after` (exclusive), whether more follow, and how many match in all. */
export interface KeyPage {
  keys: SortKey[];
  more: boolean;
  total: number;
}

/**
 * The device types a list keeps (the `type` parameter): at least one, in the
 * schema's order, each once; null keeps every record.
 */
export type TypeFilter = readonly DeviceType[] | null;

/** Whether each position's record is of a type the filter keeps. */
function keeps(index: ListIndex, types: readonly DeviceType[]): (position: number) => boolean {
  const kept = index.header.types.map((t) => types.includes(t));
  return (position) => kept[index.types[position]!]!;
}

/** The plain walk (no query): slug order, of the records of the filter's types. */
export function plainPage(index: ListIndex, after: string | null, limit: number, types: TypeFilter = null): KeyPage {
  const from = after === null ? 0 : positionAfter(index.slugs, after);
  if (types) {
    // The positions of the kept types ascend, so a walk resumes as a search does (searchPage).
    const positions = remembered(index, `${types}\n`, () => {
      const kept = keeps(index, types);
      return index.slugs.flatMap((_, k) => (kept(k) ? [k] : []));
    });
    const start = firstWhere(positions.length, (k) => positions[k]! >= from);
    const keys = positions.slice(start, start + limit).map((k) => ({ tier: 0 as Tier, slug: index.slugs[k]! }));
    return { keys, more: start + limit < positions.length, total: positions.length };
  }
  const to = Math.min(from + limit, index.slugs.length);
  const keys = index.slugs.slice(from, to).map((slug) => ({ tier: 0 as Tier, slug }));
  return { keys, more: to < index.slugs.length, total: index.slugs.length };
}

// The matches of the last few queries (and type filters) per index: a client
// walking a search asks for page after page of the same q, and every page
// needs the whole match set.
const MEMO_SIZE = 16;
const memo = new WeakMap<ListIndex, Map<string, unknown>>();

function remembered<T>(index: ListIndex, key: string, compute: () => T): T {
  let m = memo.get(index);
  if (!m) memo.set(index, (m = new Map()));
  const value = m.has(key) ? (m.get(key) as T) : compute();
  m.delete(key); // (re-)inserted as the most recent
  m.set(key, value);
  if (m.size > MEMO_SIZE) m.delete(m.keys().next().value!);
  return value;
}

type Buckets = [number[], number[], number[], number[]];

/** A query's matches by tier, of the filter's types. A key never collides: a normalized query holds no "\n". */
const matchesOf = (index: ListIndex, query: Query, types: TypeFilter): Buckets =>
  types
    ? remembered(index, `${types}\n${query.norm}`, () => {
        const kept = keeps(index, types);
        return matchesOf(index, query, null).map((bucket) => bucket.filter(kept)) as Buckets;
      })
    : remembered(index, query.norm, () => matchPositions(index, query));

/** A search: tiers, then slug; `after` is the key of the last record already returned. */
export function searchPage(index: ListIndex, query: Query, after: SortKey | null, limit: number, types: TypeFilter = null): KeyPage {
  const buckets = matchesOf(index, query, types);
  const total = buckets.reduce((n, b) => n + b.length, 0);
  const keys: SortKey[] = [];
  let more = false;
  for (let tier = 0 as Tier; tier < TIERS; tier++) {
    const bucket = buckets[tier];
    let from = 0;
    if (after) {
      if (tier < after.tier) continue;
      if (tier === after.tier) {
        // The bucket's positions ascend: start at the first one past the last key returned.
        const past = positionAfter(index.slugs, after.slug);
        from = firstWhere(bucket.length, (k) => bucket[k]! >= past);
      }
    }
    for (let k = from; k < bucket.length; k++) {
      if (keys.length === limit) {
        more = true;
        break;
      }
      keys.push({ tier, slug: index.slugs[bucket[k]!]! });
    }
    if (more) break;
  }
  return { keys, more, total };
}
