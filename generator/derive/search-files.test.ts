// The site search's file names and line format (search-files.ts): every key
// maps to a safe path whose folders nest as the trie does, card files are cut
// at a slug prefix, and a leaf line reads back to its record's fields.
import { describe, expect, it } from "vitest";
import { searchFieldsOf, searchLine } from "./search.ts";
import { cardFile, keyPath, leafLine, nodeFile, parsePart, partFile, partSection, type Ref } from "./search-files.ts";

describe("keyPath", () => {
  it.each([
    ["", "_"],
    ["a", "a"],
    ["ab", "a/b"],
    ["pixel7", "p/i/x/e/l/7"],
    ["a$", "a/_24_"], // the field-end child
    ["a.", "a/_2e_"],
    ["é", "_e9_"],
    ["华为", "_534e_/_4e3a_"],
    ["📱", "_1f4f1_"], // one code point, not two surrogates
    ["A", "_41_"], // keys are compact (lower case): an upper-case letter never collides with one
    ["_", "_5f_"],
  ])("%j → %j", (key, path) => expect(keyPath(key)).toBe(path));

  it("gives different keys different paths", () => {
    const keys = ["", "a", "ab", "a/b", "_61_", "a_", "_", "é", "e", "📱", "\ud83d"];
    expect(new Set(keys.map(keyPath)).size).toBe(keys.length);
  });
  it("never names a path segment '..' or '.', nor holds a backslash", () => {
    for (const key of ["..", ".", "\\", "a/../b"]) {
      for (const seg of keyPath(key).split("/")) {
        expect(seg).not.toMatch(/^\.+$/);
        expect(seg).not.toContain("\\");
      }
    }
  });
});

describe("file names", () => {
  it.each([
    [nodeFile("pix"), "t/p/i/x.json"],
    [partFile("pix", 0), "t/p/i/x.0.txt"],
    [partFile("pix", 12), "t/p/i/x.12.txt"],
    [partFile("", 0), "t/_.0.txt"], // the root's leaves
    [cardFile(["alpha-phone", 2]), "c/a/l.json"],
    [cardFile(["alpha-phone", 0]), "c/_.json"],
    [cardFile(["ab", 3]), "c/a/b/_2e_.json"], // the whole slug and its "." end
  ])("%s", (name, expected) => expect(name).toBe(expected));
});

describe("part files", () => {
  const records = [
    {
      slug: "alpha-phone",
      name: "Alpha Phone",
      aliases: ["Alpha 1"],
      manufacturer: "Example Maker",
      variants: [{ model: "A1", identifiers: [{ value: "SM-A525F" }] }],
    },
    { slug: "zoe", name: "Zoë Tab", aliases: [], manufacturer: "Électronique", variants: [{ model: "Z-1" }] },
  ];
  it.each(records)("$slug reads back to its ref and search fields", (r) => {
    const ref: Ref = [r.slug, 3];
    const fields = searchFieldsOf(r);
    expect(parsePart(partSection("a", leafLine(ref, searchLine(fields))))).toEqual(new Map([["a", [{ ref, fields }]]]));
  });
  it("a part of several leaves reads back each leaf's lines in order, by the leaf's last character", () => {
    const lines = records.map((r, i) => leafLine([r.slug, i], searchLine(searchFieldsOf(r))));
    const part = parsePart(partSection("7", lines.join("\n")) + partSection("$", lines[1]!) + partSection("日", lines[0]!));
    expect([...part.keys()]).toEqual(["7", "$", "日"]);
    expect(part.get("7")!.map((e) => e.ref)).toEqual([
      ["alpha-phone", 0],
      ["zoe", 1],
    ]);
    expect(part.get("日")!.map((e) => e.ref[0])).toEqual(["alpha-phone"]);
  });
  it("an empty part has no leaves", () => expect(parsePart("")).toEqual(new Map()));
});
