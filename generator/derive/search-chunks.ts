// The site search's static index files (format in search-files.ts), as a
// pure function of the published records and their verdict labels. The
// records' fields are the list API's (search.ts: searchFieldsOf) and a node's
// first results are ranked by its tiers and order (tierOf, compareKeys), so
// they are the API's first results (search-static.test.ts checks it).
import { withoutPatterns } from "../contract/identifiers.ts";
import { jsonLine } from "../contract/json-text.ts";
import { TIERS, searchFieldsOf, searchLine, type SearchFields, type Searchable, type Tier } from "./search.ts";
import {
  CARDS_MAX,
  FIELD_END,
  HEAD_SIZE,
  LIMITS,
  PART_BYTES,
  ROOT_FILE,
  SEARCH_INDEX_FORMAT,
  cardFile,
  leafLine,
  nodeFile,
  partFile,
  partSection,
  type CardFile,
  type Child,
  type HeadRef,
  type Limits,
  type NodeFile,
  type Ref,
  type RootFile,
} from "./search-files.ts";

/** The occurrences lo..hi whose key is followed by `code` (END: the key ends a field there). */
interface Range {
  code: number;
  lo: number;
  hi: number;
}

export interface IndexedRecord extends Searchable {
  slug: string;
  label: string;
}

/** Takes a file of the index: its path under /search-index/v2/ and its text. */
export type WriteFile = (path: string, text: string) => void;

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The card files: slugs (each ended by ".") grouped by the shortest prefix that at most CARDS_MAX share. */
function cardFiles(records: IndexedRecord[], write: WriteFile): Ref[] {
  const refs: Ref[] = new Array(records.length);
  const split = (ids: number[], depth: number) => {
    if (ids.length <= CARDS_MAX) {
      const cards: CardFile = {};
      for (const id of ids) {
        const r = records[id]!;
        refs[id] = [r.slug, depth];
        cards[r.slug] = [r.name, r.manufacturer, r.variants.map((v) => v.model), r.label];
      }
      write(cardFile(refs[ids[0]!]!), jsonLine(cards));
      return;
    }
    const byChar = new Map<string, number[]>();
    for (const id of ids) {
      const ch = `${records[id]!.slug}.`[depth]!;
      let group = byChar.get(ch);
      if (!group) byChar.set(ch, (group = []));
      group.push(id);
    }
    for (const ch of [...byChar.keys()].sort(byCodeUnit)) split(byChar.get(ch)!, depth + 1);
  };
  if (records.length)
    split(
      records.map((_, i) => i),
      0,
    );
  return refs;
}

/**
 * Every file of the index for `records` (published, in slug order), handed
 * to `write` as it is made (the index of a large catalog is not held whole).
 *
 * An occurrence is a place where a key starts in a record's field; a key's
 * records are those with an occurrence of it. A node's occurrences are split
 * by the character that follows the key there (or FIELD_END), which gives its
 * children; a key with at most leafMax records becomes a leaf holding them,
 * written with its siblings into its parent's part files.
 */
export function searchIndexFiles(records: IndexedRecord[], write: WriteFile, limits: Limits = LIMITS): void {
  const refs = cardFiles(records, write);
  const fieldsOf: SearchFields[] = records.map((r) => searchFieldsOf(withoutPatterns(r)));
  const lines = fieldsOf.map((f, i) => leafLine(refs[i]!, searchLine(f)));

  // Every field as code points (numbers), with its record and the tier a query equal to it has there (search.ts tierOf).
  const codes: number[][] = [];
  const fieldRecord: number[] = [];
  const fieldExactTier: Tier[] = [];
  fieldsOf.forEach((f, i) => {
    for (const [fields, exact] of [
      [f.names, 0],
      [f.codes, 1],
      [f.secondary, 3],
    ] as const) {
      for (const field of fields) {
        codes.push(Array.from(field, (ch) => ch.codePointAt(0)!));
        fieldRecord.push(i);
        fieldExactTier.push(exact);
      }
    }
  });
  // The occurrences, as (field, offset) pairs in record order; nodes take ranges of them.
  const total = codes.reduce((n, c) => n + c.length, 0);
  const occField = new Int32Array(total);
  const occOffset = new Int32Array(total);
  let k = 0;
  codes.forEach((c, f) => {
    for (let o = 0; o < c.length; o++) {
      occField[k] = f;
      occOffset[k++] = o;
    }
  });
  const tmpField = new Int32Array(total);
  const tmpOffset = new Int32Array(total);

  const END = -1;

  /** The distinct records of occurrences lo..hi (they come in record order). */
  const recordsIn = (lo: number, hi: number) => {
    const out: number[] = [];
    for (let i = lo; i < hi; i++) {
      const r = fieldRecord[occField[i]!]!;
      if (out[out.length - 1] !== r) out.push(r);
    }
    return out;
  };

  /**
   * The first results of the one-word query `key` (of `depth` code points)
   * among the records that contain it (ids, in slug order), ranked as
   * tierOf and compareKeys rank them: exact where a name, then a code, is
   * the key, prefix where one starts with it, other for every other record
   * holding it; then by slug. So a walk of the ids in slug order, keeping the
   * first HEAD_SIZE of each tier, has them without sorting thousands.
   */
  const head = (ids: number[], lo: number, hi: number, depth: number): HeadRef[] => {
    const tiers = new Map<number, Tier>();
    for (let i = lo; i < hi; i++) {
      const f = occField[i]!;
      if (occOffset[i] !== 0 || fieldExactTier[f] === 3) continue;
      const id = fieldRecord[f]!;
      const tier = codes[f]!.length === depth ? fieldExactTier[f]! : 2;
      if (tier < (tiers.get(id) ?? 3)) tiers.set(id, tier);
    }
    const byTier: number[][] = Array.from({ length: TIERS }, () => []);
    for (const id of ids) {
      const ofTier = byTier[tiers.get(id) ?? 3]!;
      if (ofTier.length < HEAD_SIZE) ofTier.push(id);
      if (byTier[0]!.length === HEAD_SIZE) break;
    }
    return byTier.flatMap((of, tier) => of.map((id): HeadRef => [...refs[id]!, tier as Tier])).slice(0, HEAD_SIZE);
  };

  /** The code after the key at each occurrence, as split last found it. */
  const next = new Int32Array(total);
  /**
   * Orders occurrences lo..hi by the code after the key (stable, so each
   * child's stay in record order) and returns each child's code and range,
   * in code order. Counted in an array for ASCII codes (nearly all of them),
   * in a map for the rest.
   */
  const split = (lo: number, hi: number, depth: number): Range[] => {
    const ascii = new Int32Array(129); // END (-1) at 0, code c at c + 1
    const other = new Map<number, number>();
    for (let i = lo; i < hi; i++) {
      const c = codes[occField[i]!]![occOffset[i]! + depth] ?? END;
      next[i] = c;
      if (c < 128) ascii[c + 1]!++;
      else other.set(c, (other.get(c) ?? 0) + 1);
    }
    const ranges: Range[] = [];
    let at = lo;
    for (let c = -1; c < 128; c++) {
      const n = ascii[c + 1]!;
      if (!n) continue;
      ranges.push({ code: c, lo: at, hi: at + n });
      ascii[c + 1] = at;
      at += n;
    }
    for (const c of [...other.keys()].sort((x, y) => x - y)) {
      const n = other.get(c)!;
      ranges.push({ code: c, lo: at, hi: at + n });
      other.set(c, at);
      at += n;
    }
    for (let i = lo; i < hi; i++) {
      const c = next[i]!;
      let to: number;
      if (c < 128) to = ascii[c + 1]!++;
      else {
        to = other.get(c)!;
        other.set(c, to + 1);
      }
      tmpField[to] = occField[i]!;
      tmpOffset[to] = occOffset[i]!;
    }
    occField.set(tmpField.subarray(lo, hi), lo);
    occOffset.set(tmpOffset.subarray(lo, hi), lo);
    return ranges;
  };

  /** A leaf's lines, as its part file holds them. */
  const leafText = (ids: number[]) => ids.map((id) => lines[id]).join("\n");

  /**
   * The children of `key` from its occurrences' ranges: each child node
   * written, and the leaves packed in character order (the field-end leaf,
   * when there is one, last) into the key's part files.
   */
  const childrenOf = (key: string, ranges: Range[], depth: number, fieldEnd: number[] | null): Record<string, Child> => {
    const visited: [string, string | null][] = [];
    for (const r of ranges) {
      if (r.code === END) continue;
      const ch = String.fromCodePoint(r.code);
      visited.push([ch, visit(key + ch, r.lo, r.hi, depth + 1)]);
    }
    if (fieldEnd?.length) visited.push([FIELD_END, leafText(fieldEnd)]);
    const children: Record<string, Child> = {};
    let part = 0;
    let text = "";
    for (const [ch, leaf] of visited) {
      if (leaf === null) {
        children[ch] = "n";
        continue;
      }
      const section = partSection(ch, leaf);
      if (text && text.length + section.length > PART_BYTES) {
        write(partFile(key, part++), text);
        text = "";
      }
      text += section;
      children[ch] = part;
    }
    if (text) write(partFile(key, part), text);
    return children;
  };

  /** A key's node, written, or (null) its leaf's lines for its parent to pack. */
  const visit = (key: string, lo: number, hi: number, depth: number): string | null => {
    const ids = recordsIn(lo, hi);
    if (ids.length <= limits.leafMax) return leafText(ids);
    const ranges = split(lo, hi, depth);
    // The field-end leaf completes the node's records for a query that gathers them all (search-static.ts):
    // only for nodes that few enough records contain, and only with the records no other child holds.
    const end = ranges.find((r) => r.code === END);
    let fieldEnd: number[] | null = null;
    if (end && ids.length <= limits.subtreeMax) {
      const elsewhere = new Set(ranges.filter((r) => r !== end).flatMap((r) => recordsIn(r.lo, r.hi)));
      fieldEnd = recordsIn(end.lo, end.hi).filter((id) => !elsewhere.has(id));
    }
    const node: NodeFile = { key, total: ids.length, head: head(ids, lo, hi, depth), children: childrenOf(key, ranges, depth, fieldEnd) };
    write(nodeFile(key), jsonLine(node));
    return null;
  };

  const root: RootFile = { format: SEARCH_INDEX_FORMAT, count: records.length, limits, children: childrenOf("", split(0, total, 0), 0, null) };
  write(ROOT_FILE, jsonLine(root));
}
