// The site search's static index files (format in search-files.ts), as a
// pure function of the published records and their verdict labels. Ranked
// with the list API's own core (search.ts: searchFieldsOf, queryOf, tierOf,
// compareKeys), so a node's first results are the API's first results.
import { compareKeys, queryOf, searchFieldsOf, searchLine, tierOf, type SearchFields, type Searchable, type SortKey } from "./search.ts";
import {
  CARDS_MAX,
  FIELD_END,
  HEAD_SIZE,
  LIMITS,
  ROOT_FILE,
  SEARCH_INDEX_FORMAT,
  cardFile,
  leafFile,
  leafLine,
  nodeFile,
  type CardFile,
  type Child,
  type HeadRef,
  type Limits,
  type NodeFile,
  type Ref,
  type RootFile,
} from "./search-files.ts";

export interface IndexedRecord extends Searchable {
  slug: string;
  label: string;
}

/** Takes a file of the index: its path under /search-index/v1/ and its text. */
export type WriteFile = (path: string, text: string) => void;

const json = (value: unknown) => `${JSON.stringify(value)}\n`;
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
      write(cardFile(refs[ids[0]!]!), json(cards));
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
 * children; a key with at most leafMax records becomes a leaf holding them.
 */
export function searchIndexFiles(records: IndexedRecord[], write: WriteFile, limits: Limits = LIMITS): void {
  const refs = cardFiles(records, write);
  const fieldsOf: SearchFields[] = records.map((r) => searchFieldsOf(r));
  const lines = fieldsOf.map((f, i) => leafLine(refs[i]!, searchLine(f)));

  // Every field as code points (numbers), with its record and whether it is primary.
  const codes: number[][] = [];
  const fieldRecord: number[] = [];
  const fieldPrimary: boolean[] = [];
  fieldsOf.forEach((f, i) => {
    for (const [fields, primary] of [
      [f.primary, true],
      [f.secondary, false],
    ] as const) {
      for (const field of fields) {
        codes.push(Array.from(field, (ch) => ch.codePointAt(0)!));
        fieldRecord.push(i);
        fieldPrimary.push(primary);
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
  const nextCode = (i: number, depth: number) => codes[occField[i]!]![occOffset[i]! + depth] ?? END;

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
   * The first results of the one-word query `key` among the records that
   * contain it (ids, in slug order). Ranked by tierOf; only the records where
   * the key starts a primary field can rank above "other", so tierOf is asked
   * about those and about the first others in slug order, not about every one.
   */
  const head = (key: string, ids: number[], lo: number, hi: number): HeadRef[] => {
    const query = queryOf(key);
    const starts = new Set<number>();
    for (let i = lo; i < hi; i++) if (occOffset[i] === 0 && fieldPrimary[occField[i]!]) starts.add(fieldRecord[occField[i]!]!);
    const keyOf = (id: number): SortKey & { id: number } => ({ id, slug: records[id]!.slug, tier: tierOf(query, fieldsOf[id]!)! });
    const ranked = [...starts].map(keyOf);
    for (const id of ids) {
      if (ranked.length >= starts.size + HEAD_SIZE) break;
      if (!starts.has(id)) ranked.push(keyOf(id));
    }
    return ranked
      .sort(compareKeys)
      .slice(0, HEAD_SIZE)
      .map((x): HeadRef => [...refs[x.id]!, x.tier]);
  };

  /**
   * Orders occurrences lo..hi by the code after the key (stable, so each
   * child's stay in record order) and returns each child's code and range,
   * in code order.
   */
  const split = (lo: number, hi: number, depth: number) => {
    const counts = new Map<number, number>();
    for (let i = lo; i < hi; i++) {
      const c = nextCode(i, depth);
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const order = [...counts.keys()].sort((a, b) => a - b);
    const start = new Map<number, number>();
    let at = lo;
    const ranges = order.map((c) => {
      start.set(c, at);
      const range = { code: c, lo: at, hi: at + counts.get(c)! };
      at = range.hi;
      return range;
    });
    for (let i = lo; i < hi; i++) {
      const c = nextCode(i, depth);
      const to = start.get(c)!;
      start.set(c, to + 1);
      tmpField[to] = occField[i]!;
      tmpOffset[to] = occOffset[i]!;
    }
    occField.set(tmpField.subarray(lo, hi), lo);
    occOffset.set(tmpOffset.subarray(lo, hi), lo);
    return ranges;
  };

  const leafOf = (key: string, ids: number[]): Child => {
    write(leafFile(key), `${ids.map((id) => lines[id]).join("\n")}\n`);
    return "l";
  };

  const visit = (key: string, lo: number, hi: number, depth: number): Child => {
    const ids = recordsIn(lo, hi);
    if (ids.length <= limits.leafMax) return leafOf(key, ids);
    const children: Record<string, Child> = {};
    const ranges = split(lo, hi, depth);
    for (const r of ranges) if (r.code !== END) children[String.fromCodePoint(r.code)] = visit(key + String.fromCodePoint(r.code), r.lo, r.hi, depth + 1);
    // The field-end leaf completes the node's records for a query that gathers them all (search-static.ts):
    // only for nodes that few enough records contain, and only with the records no other child holds.
    const end = ranges.find((r) => r.code === END);
    if (end && ids.length <= limits.subtreeMax) {
      const elsewhere = new Set(ranges.filter((r) => r !== end).flatMap((r) => recordsIn(r.lo, r.hi)));
      const rest = recordsIn(end.lo, end.hi).filter((id) => !elsewhere.has(id));
      if (rest.length) children[FIELD_END] = leafOf(key + FIELD_END, rest);
    }
    const node: NodeFile = { key, total: ids.length, head: head(key, ids, lo, hi), children };
    write(nodeFile(key), json(node));
    return "n";
  };

  const root: RootFile = { format: SEARCH_INDEX_FORMAT, count: records.length, limits, children: {} };
  for (const r of split(0, total, 0)) root.children[String.fromCodePoint(r.code)] = visit(String.fromCodePoint(r.code), r.lo, r.hi, 1);
  write(ROOT_FILE, json(root));
}
