// The site search's index files (search-chunks.ts) for a handful of records,
// with the trie cut small: a root naming the format and limits, card files of
// what a result shows, leaves holding every record a short key is in, nodes
// ranking exact matches first, and the field-end leaf for records no longer
// key would reach.
import { describe, expect, it } from "vitest";
import { searchIndexFiles, type IndexedRecord } from "./search-chunks.ts";
import {
  CARDS_MAX,
  cardFile,
  HEAD_SIZE,
  nodeFile,
  parsePart,
  partFile,
  ROOT_FILE,
  SEARCH_INDEX_FORMAT,
  type Child,
  type NodeFile,
  type RootFile,
} from "./search-files.ts";

const rec = (slug: string, name: string, model: string, manufacturer = "Maker"): IndexedRecord => ({
  slug,
  name,
  aliases: [],
  manufacturer,
  variants: [{ model }],
  label: `label of ${slug}`,
});
/** In slug order, as the build passes them. */
const RECORDS = [
  rec("pixel", "Pixel", "P1"),
  rec("pixel-7", "Pixel 7", "P7"),
  rec("pixel-7a", "Pixel 7a", "P7A"),
  rec("pixelbook", "Pixelbook", "PB", "Other"),
];
const limits = { leafMax: 2, subtreeMax: 10 };
function filesOf(records: IndexedRecord[]): Map<string, string> {
  const files = new Map<string, string>();
  searchIndexFiles(records, (p, text) => files.set(p, text), limits);
  return files;
}
const files = filesOf(RECORDS);
const json = <T>(p: string): T => JSON.parse(files.get(p) ?? "null") as T;
/** A key's kind in its parent's children (undefined: no such child). */
const childOf = (key: string): Child | undefined => {
  const parent = Array.from(key).slice(0, -1).join("");
  return (parent ? json<NodeFile>(nodeFile(parent)) : json<RootFile>(ROOT_FILE))?.children[Array.from(key).at(-1)!];
};
/** The slugs of a leaf, read from its parent's part file. */
const leafSlugs = (key: string) => {
  const part = childOf(key);
  if (typeof part !== "number") return [];
  const parent = Array.from(key).slice(0, -1).join("");
  return (parsePart(files.get(partFile(parent, part))!).get(Array.from(key).at(-1)!) ?? []).map((e) => e.ref[0]);
};

describe("the root", () => {
  it("names the format, the record count, the limits, and one child per first character", () => {
    const root = json<RootFile>(ROOT_FILE);
    expect(root).toMatchObject({ format: SEARCH_INDEX_FORMAT, count: 4, limits });
    expect(Object.keys(root.children).sort()).toEqual(["1", "7", "a", "b", "e", "h", "i", "k", "l", "m", "o", "p", "r", "t", "x"]);
  });
  it("an empty catalog has a root and nothing else", () => {
    const empty = filesOf([]);
    expect([...empty.keys()]).toEqual([ROOT_FILE]);
    expect(JSON.parse(empty.get(ROOT_FILE)!)).toMatchObject({ count: 0, children: {} });
  });
  it("ends every JSON file with a newline", () => {
    for (const [p, text] of files) if (p.endsWith(".json")) expect(text.endsWith("}\n")).toBe(true);
  });
});

describe("nodes and leaves", () => {
  it.each([
    // key, node or leaf, records
    ["pixel", "n", ["pixel", "pixel-7", "pixel-7a", "pixelbook"]],
    ["pixel7", "l", ["pixel-7", "pixel-7a"]],
    ["7", "l", ["pixel-7", "pixel-7a"]],
    ["b", "l", ["pixelbook"]],
    ["o", "l", ["pixelbook"]], // in "book" and in the manufacturer "Other": once
  ])("%j is a %s holding %j", (key, kind, slugs) => {
    if (kind === "n") expect(json<NodeFile>(nodeFile(key))).toMatchObject({ key, total: slugs.length });
    else expect(leafSlugs(key)).toEqual(slugs);
  });

  it.each(["7a", "book", "other"])("a longer key than a leaf's (%j) is neither a node nor a leaf: the leaf answers it", (key) => {
    expect(files.has(nodeFile(key))).toBe(false);
    expect(childOf(key)).toBeUndefined();
  });

  it("packs a node's leaves into part files, in character order, each leaf in the part its parent names", () => {
    const root = json<RootFile>(ROOT_FILE);
    const parts = [...files.keys()].filter((p) => p.startsWith("t/_."));
    expect(parts).toEqual([partFile("", 0)]);
    const leaves = Object.entries(root.children).filter(([, kind]) => kind !== "n");
    expect([...parsePart(files.get(partFile("", 0))!).keys()].sort()).toEqual(leaves.map(([ch]) => ch).sort());
  });

  it("a node's head ranks the exact match first, then prefixes, then the rest, each by slug", () => {
    const node = json<NodeFile>(nodeFile("pixel"));
    expect(node.head.map(([slug, , tier]) => [slug, tier])).toEqual([
      ["pixel", 0],
      ["pixel-7", 2],
      ["pixel-7a", 2],
      ["pixelbook", 2],
    ]);
    expect(node.head.length).toBeLessThanOrEqual(HEAD_SIZE);
  });

  it("the field-end leaf holds the records where the key only ends a field", () => {
    const node = json<NodeFile>(nodeFile("pixel"));
    expect(node.children).toMatchObject({ $: 0, "7": expect.anything(), b: expect.anything() });
    expect(leafSlugs("pixel$")).toEqual(["pixel"]);
  });
});

describe("cards", () => {
  it("each record's card shows its name, manufacturer, models and verdict label", () => {
    const cards = json<Record<string, unknown>>(cardFile(["pixel", 0]));
    expect(cards).toEqual({
      pixel: ["Pixel", "Maker", ["P1"], "label of pixel"],
      "pixel-7": ["Pixel 7", "Maker", ["P7"], "label of pixel-7"],
      "pixel-7a": ["Pixel 7a", "Maker", ["P7A"], "label of pixel-7a"],
      pixelbook: ["Pixelbook", "Other", ["PB"], "label of pixelbook"],
    });
  });
  it("a change of one label rewrites only the card file, never the trie", () => {
    const relabelled = filesOf(RECORDS.map((r) => (r.slug === "pixel-7" ? { ...r, label: "ended" } : r)));
    const changed = [...files.keys()].filter((p) => files.get(p) !== relabelled.get(p));
    expect(changed).toEqual([cardFile(["pixel", 0])]);
  });
});

describe("card files of a crowded prefix", () => {
  const many = Array.from({ length: CARDS_MAX + 8 }, (_, i) => rec(`pad-${String(i).padStart(2, "0")}`, `Pad ${i}`, `PD${i}`));
  const crowded = filesOf(many);
  const cardFiles = [...crowded.keys()].filter((p) => p.startsWith("c/"));
  it(`splits by slug prefix so that no file holds more than ${CARDS_MAX} cards`, () => {
    expect(cardFiles.length).toBeGreaterThan(1);
    for (const p of cardFiles) expect(Object.keys(JSON.parse(crowded.get(p)!)).length).toBeLessThanOrEqual(CARDS_MAX);
  });
  it("every reference in a leaf or a node's head names the card file that holds its card", () => {
    const refs = [...crowded.entries()].flatMap(([p, text]) =>
      p.startsWith("t/") && p.endsWith(".txt")
        ? [...parsePart(text).values()].flat().map((e) => e.ref)
        : p.startsWith("t/")
          ? (JSON.parse(text) as NodeFile).head.map(([slug, cards]): [string, number] => [slug, cards])
          : [],
    );
    // Here every record is named somewhere: a leaf holds it (pad-1x), or only the head of its node (pad-01: "pad1" is in 11 records, over subtreeMax, so no field-end leaf).
    expect(new Set(refs.map(([slug]) => slug))).toEqual(new Set(many.map((r) => r.slug)));
    for (const ref of refs) expect(JSON.parse(crowded.get(cardFile(ref))!)).toHaveProperty([ref[0]]);
  });
});

describe("determinism", () => {
  it("the same records give the same files, byte for byte", () => expect(filesOf(RECORDS)).toEqual(files));
});
