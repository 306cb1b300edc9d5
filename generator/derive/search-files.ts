// The site search's static index (under /search-index/v2/): the file names
// and shapes that the build writes (search-chunks.ts) and the browser reads
// (search-static.ts). See docs/search.md.
//
// The index is a trie over every substring of the records' compact search
// fields (search.ts), cut where few records remain:
//   root.json          the children of the empty key
//   t/<key>.json       a key more than leafMax records contain: how many,
//                      the first HEAD_SIZE results of the one-word query <key>
//                      (with their tiers),
//                      and its children: the next characters, and "$" for the
//                      records in which the key only ends fields (a child only
//                      nodes of at most subtreeMax records have: no query
//                      gathers the records of a larger node)
//   t/<key>.<i>.txt    part i of the leaves under <key>: each leaf child
//                      (a key at most leafMax records contain) with every one
//                      of its records and all their search fields, so a query
//                      holding a word that starts with the leaf's key is
//                      answered from this file. A node's leaves are packed in
//                      character order into parts of about PART_BYTES: one
//                      file per leaf would make the index tens of thousands of
//                      small files, and each file costs the build and the
//                      deploy more than its bytes do
//   c/<prefix>.json    what a result shows (name, manufacturer, models,
//                      verdict label) of the records whose slug starts so:
//                      kept apart from the search fields, so a verdict that
//                      changes with the day rewrites one small file
// A key (or prefix) is a path of a folder per character but its last
// (keyPath), so the files nest as the trie does: a folder holds at most a few
// files and a folder per character that can follow its key, whatever the
// catalog's size (no folder of dist/ may hold 54,000 entries).
// No file holds the build day or a record's position in the catalog, so a
// rebuild rewrites only the files whose records changed.
import { parseSearchLine, type SearchFields, type Tier } from "./search.ts";

export const SEARCH_INDEX_FORMAT = "device-search-index/3";

/** Results of a node's one-word query kept in the node (the browser shows 20 at a time). */
export const HEAD_SIZE = 20;

/** Where the trie is cut; the build writes them into root.json, and the reader follows them. */
export interface Limits {
  /** A key contained in at most this many records is a leaf. */
  leafMax: number;
  /**
   * A query gathers every record under a node (every leaf below it) only when
   * the node's key is in at most this many records; the build writes the
   * field-end leaves only below such nodes, since no query reads the others.
   */
  subtreeMax: number;
}

export const LIMITS: Limits = { leafMax: 300, subtreeMax: 5000 };
/**
 * A node's leaves are packed, in character order, into part files of at most
 * this many bytes (a leaf larger than that is a part alone): a keystroke that
 * reaches a leaf reads one part, about as much as a leaf of leafMax records.
 */
export const PART_BYTES = 8_000;
/** A card file holds the cards of at most this many records. */
export const CARDS_MAX = 32;
/** The child of a key for the records in which the key only ends fields (no other child holds them). */
export const FIELD_END = "$";

/** "n": a node file; a number i: a leaf, in part i of its parent's leaves. */
export type Child = "n" | number;

export interface RootFile {
  format: typeof SEARCH_INDEX_FORMAT;
  count: number;
  limits: Limits;
  children: Record<string, Child>;
}

/** A record as a result names it: its slug and the length of its card file's prefix. */
export type Ref = [slug: string, cards: number];

/** A record in a node's head: a Ref and its tier for the node's one-word query (search.ts). */
export type HeadRef = [slug: string, cards: number, tier: Tier];

export interface NodeFile {
  key: string;
  /** How many records contain the key (every one matches the one-word query of the key). */
  total: number;
  head: HeadRef[];
  children: Record<string, Child>;
}

/** A leaf's line: slug, card prefix length and the record's search line (search.ts), tab-separated. */
export interface LeafEntry {
  ref: Ref;
  fields: SearchFields;
}

export const leafLine = (ref: Ref, line: string) => `${ref[0]}\t${ref[1]}\t${line}`;

/**
 * A leaf in a part file: a line of ">" and the leaf's last character (no
 * slug starts with ">"), then its lines (joined by newlines), in slug order.
 */
export const partSection = (ch: string, lines: string) => `>${ch}\n${lines}\n`;

const entryOf = (l: string): LeafEntry => {
  const [slug = "", cards = "", line = ""] = l.split("\t");
  return { ref: [slug, Number(cards)], fields: parseSearchLine(line) };
};

/** The leaves of a part file, by their last character, each entries in slug order. */
export function parsePart(text: string): Map<string, LeafEntry[]> {
  const leaves = new Map<string, LeafEntry[]>();
  let entries: LeafEntry[] | undefined;
  for (const l of text.split("\n")) {
    if (l.startsWith(">")) leaves.set(l.slice(1), (entries = []));
    else if (l && entries) entries.push(entryOf(l));
  }
  return leaves;
}

/** What a result shows: name, manufacturer, model identifiers and the verdict label. */
export type Card = [name: string, manufacturer: string, models: string[], label: string];
/** slug → card. */
export type CardFile = Record<string, Card>;

/** A character of a key in a path: a-z and 0-9 as they are, any other character as _<hex code point>_ (never "_" alone). */
const charName = (ch: string) => (/[a-z0-9]/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}_`);

/**
 * A key as a path under its family's folder: a folder for each character but
 * the last, the last naming the file ("_" for the empty key). So a folder
 * holds, for each character that follows its key in some key, at most a file
 * and a folder: its size is bounded by the alphabet, not by the catalog.
 */
export function keyPath(key: string): string {
  const names = Array.from(key, charName);
  return names.length ? names.join("/") : "_";
}

export const ROOT_FILE = "root.json";
export const nodeFile = (key: string) => `t/${keyPath(key)}.json`;
/** Part `part` of the leaves whose parent is `key` ("" for the root's). */
export const partFile = (key: string, part: number) => `t/${keyPath(key)}.${part}.txt`;
/** A record's card file: its slug, ended by "." (so no slug is another's prefix), cut to its prefix length. */
export const cardFile = ([slug, prefix]: Ref) => `c/${keyPath(`${slug}.`.slice(0, prefix))}.json`;
