// The site search over the static index (search-files.ts), as the browser runs
// it (bundled into /assets/search.js) and the tests and the benchmark run it
// in Node. It ranks with the list API's own core (search.ts), so for the same
// q it lists the same records in the same order as GET /api/v1/devices?q=.
//
// A word of the query that starts with a leaf's key is answered from that
// leaf alone: it holds every record containing the key, with its fields.
// When every word is a node's key (many records contain each), a one-word
// query shows the node's first results. Several such words show first the
// records where the whole query starts a field (exact and prefix matches:
// they rank first, and all of them contain the query without its spaces, so
// its leaf or node holds them). Beyond those, the answer takes every leaf
// under the node of the word fewest records contain, when they are at most
// the index's subtreeMax; otherwise the reader is asked to type more
// (docs/search.md).
import { compareKeys, queryOf, tierOf, type Query, type Tier } from "./search.ts";
import {
  ROOT_FILE,
  cardFile,
  nodeFile,
  parsePart,
  partFile,
  type Card,
  type CardFile,
  type Child,
  type LeafEntry,
  type NodeFile,
  type Ref,
  type RootFile,
} from "./search-files.ts";

/** A result: the record's slug and where its card is. */
export interface Result {
  slug: string;
  ref: Ref;
}

export interface Answer {
  /** The normalized query ("" for a query with no letters or digits: no search). */
  query: string;
  /** How many records match (at least this many when `atLeast`); null when each word is in too many records to tell. */
  total: number | null;
  atLeast: boolean;
  /** The first results, in the API's order. */
  results: Result[];
  /** More results follow these and can be shown. */
  more: boolean;
  /** Results beyond these need a narrower query (more of a name or model number). */
  narrower: boolean;
}

/** Reads a file of the index (a path under /search-index/v2/): JSON files parsed, leaf files as text. */
export type Load = (path: string) => Promise<unknown>;

/** A leaf: its parent's key, its last character and the part of the parent's leaves that holds it. */
interface LeafAt {
  parent: string;
  ch: string;
  part: number;
}

type Resolved = { kind: "none" } | { kind: "leaf"; key: string; at: LeafAt } | { kind: "node"; node: NodeFile };

type Ranked = Result & { tier: Tier };

/** Every entry that matches, ranked as the API ranks: tier, then slug. */
function rank(query: Query, entries: Iterable<LeafEntry>): Ranked[] {
  const out: Ranked[] = [];
  for (const e of entries) {
    const tier = tierOf(query, e.fields);
    if (tier !== null) out.push({ slug: e.ref[0], ref: e.ref, tier });
  }
  return out.sort(compareKeys);
}

const resultOf = ({ slug, ref }: Result): Result => ({ slug, ref });
const none = (query: string): Answer => ({ query, total: 0, atLeast: false, results: [], more: false, narrower: false });

export function staticSearch(load: Load) {
  const files = new Map<string, Promise<unknown>>();
  const file = <T>(path: string): Promise<T> => {
    let f = files.get(path);
    if (!f) {
      files.set(path, (f = load(path)));
      f.catch(() => files.delete(path)); // a failed load is tried again by the next search
    }
    return f as Promise<T>;
  };
  /** Part files, parsed once. */
  const parts = new Map<string, Promise<Map<string, LeafEntry[]>>>();
  const leaf = async ({ parent, ch, part }: LeafAt): Promise<LeafEntry[]> => {
    const path = partFile(parent, part);
    let p = parts.get(path);
    if (!p) {
      parts.set(path, (p = file<string>(path).then(parsePart)));
      p.catch(() => parts.delete(path));
    }
    return (await p).get(ch) ?? [];
  };
  /** Whole ranked answers of the last few queries, so "more results" recomputes nothing. */
  const ranked = new Map<string, Ranked[]>();
  const remember = (norm: string, results: Ranked[]) => {
    ranked.set(norm, results);
    if (ranked.size > 16) ranked.delete(ranked.keys().next().value!);
    return results;
  };

  /** Follows a word down the trie, a character a level, to the leaf that holds it or the node that is it. */
  async function resolve(word: string): Promise<Resolved> {
    let children: Record<string, Child> = (await file<RootFile>(ROOT_FILE)).children;
    let node: NodeFile | null = null;
    let key = "";
    for (const ch of word) {
      const parent = key;
      key += ch;
      const child = children[ch];
      if (child === undefined) return { kind: "none" };
      if (child !== "n") return { kind: "leaf", key, at: { parent, ch, part: child } };
      node = await file<NodeFile>(nodeFile(key));
      children = node.children;
    }
    return node ? { kind: "node", node } : { kind: "none" };
  }

  /** Every record under a node: the entries of every leaf below it (its FIELD_END child's among them). */
  async function subtree(node: NodeFile): Promise<Map<string, LeafEntry>> {
    const bySlug = new Map<string, LeafEntry>();
    const walk = async (n: NodeFile): Promise<void> => {
      await Promise.all(
        Object.entries(n.children).map(async ([ch, kind]) => {
          if (kind === "n") return walk(await file<NodeFile>(nodeFile(n.key + ch)));
          for (const e of await leaf({ parent: n.key, ch, part: kind })) bySlug.set(e.ref[0], e);
        }),
      );
    };
    await walk(node);
    return bySlug;
  }

  /** Every result of a query, or null when its words are each in too many records to gather. */
  async function allResults(query: Query, resolved: Resolved[]): Promise<Ranked[] | null> {
    const hit = ranked.get(query.norm);
    if (hit) return hit;
    // The leaf of the longest key holds the fewest records.
    const leaves = resolved.flatMap((r) => (r.kind === "leaf" ? [r] : [])).sort((a, b) => b.key.length - a.key.length);
    if (leaves.length) return remember(query.norm, rank(query, await leaf(leaves[0]!.at)));
    const fewest = resolved.flatMap((r) => (r.kind === "node" ? [r.node] : [])).sort((a, b) => a.total - b.total)[0]!;
    if (fewest.total > (await file<RootFile>(ROOT_FILE)).limits.subtreeMax) return null;
    return remember(query.norm, rank(query, (await subtree(fewest)).values()));
  }

  /**
   * The exact and prefix matches of a query of several words each in many
   * records (at most the first HEAD_SIZE when the query without its spaces is
   * itself a node's key), and how many records at least match: every record
   * holding the query without its spaces holds each of its words.
   */
  async function startsOf(query: Query): Promise<{ first: Result[]; atLeast: number } | null> {
    const whole = await resolve(query.compact);
    if (whole.kind === "leaf") {
      const near = rank(query, await leaf(whole.at));
      return { first: near.filter((r) => r.tier < 3), atLeast: near.length };
    }
    if (whole.kind === "node")
      return { first: whole.node.head.filter((h) => h[2] < 3).map(([slug, cards]) => ({ slug, ref: [slug, cards] })), atLeast: whole.node.total };
    return null;
  }

  /** The first `want` results of `q` in the API's order, and what follows them. */
  async function search(q: string, want: number): Promise<Answer> {
    const query = queryOf(q);
    if (!query.norm) return none("");
    const resolved = await Promise.all(query.tokens.map(resolve));
    if (resolved.some((r) => r.kind === "none")) return none(query.norm);
    const nodes = resolved.every((r) => r.kind === "node") ? resolved.map((r) => (r as { node: NodeFile }).node) : null;
    if (nodes && !ranked.has(query.norm)) {
      // One word many records contain: its node holds the first results (ranked by the build with the same core) and their number.
      if (nodes.length === 1 && want <= nodes[0]!.head.length) {
        const results = nodes[0]!.head.slice(0, want).map(([slug, cards]): Result => ({ slug, ref: [slug, cards] }));
        return { query: query.norm, total: nodes[0]!.total, atLeast: false, results, more: nodes[0]!.total > want, narrower: false };
      }
      // Several: the exact and prefix matches come first, and may fill what is wanted.
      const starts = nodes.length > 1 ? await startsOf(query) : null;
      if (starts && starts.first.length >= want)
        return { query: query.norm, total: starts.atLeast, atLeast: true, results: starts.first.slice(0, want), more: true, narrower: false };
    }
    const all = await allResults(query, resolved);
    if (!all) {
      const one = nodes?.length === 1 ? nodes[0]! : null;
      const results = one ? one.head.map(([slug, cards]): Result => ({ slug, ref: [slug, cards] })) : [];
      return { query: query.norm, total: one ? one.total : null, atLeast: false, results, more: false, narrower: true };
    }
    return { query: query.norm, total: all.length, atLeast: false, results: all.slice(0, want).map(resultOf), more: all.length > want, narrower: false };
  }

  /** What each result shows, by slug. */
  async function cardsOf(results: Result[]): Promise<Map<string, Card>> {
    const loaded = await Promise.all([...new Set(results.map((r) => cardFile(r.ref)))].map((p) => file<CardFile>(p)));
    const cards = new Map<string, Card>();
    for (const c of loaded) for (const [slug, card] of Object.entries(c)) cards.set(slug, card);
    return cards;
  }

  return { search, cardsOf };
}
