// Search queries of every kind a person types, taken from a catalog so that
// most find something: names (exact, mangled with accents, case and
// punctuation), aliases, model numbers (whole, a prefix, a substring), model
// codes (variants[].identifiers, exact and loosely typed),
// prefixes of names, words out of order, a manufacturer and a line, and a
// fixed list of odd ones (one letter, digits, accents, CJK, formulas,
// full-width letters, punctuation only, nothing that matches).
import { rng } from "../../generator/synth/generate.ts";
import type { DeviceRecord } from "../../generator/schema/record.ts";

export function searchQueries(records: DeviceRecord[], picks = 60, seed = 3): string[] {
  const rand = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const accents: Record<string, string> = { a: "á", e: "é", o: "ö", u: "ü", i: "ï", c: "ç", n: "ñ" };
  const mangle = (s: string) =>
    [...s]
      .map((ch) => (rand() < 0.2 ? (accents[ch.toLowerCase()] ?? ch) : rand() < 0.3 ? ch.toUpperCase() : ch))
      .join("")
      .replace(/ /g, () => pick([" ", "  ", "-", " - ", "_"]));
  const qs = new Set<string>();
  for (let k = 0; k < picks; k++) {
    const r = pick(records);
    const model = pick(r.variants).model;
    const words = r.name.split(" ");
    qs.add(r.name); // exact name
    qs.add(mangle(r.name)); // accents, case, punctuation between words
    qs.add(r.aliases[0] ?? words.slice(1).join(" ")); // alias (exact) or a name without its maker
    qs.add(model); // model number, exact
    qs.add(model.slice(0, 3 + Math.floor(rand() * 3))); // model number, prefix
    qs.add(model.replace(/-/g, "").slice(1)); // model number from its second character: a substring
    qs.add(r.name.slice(0, 1 + Math.floor(rand() * 8))); // what a person has typed so far
    qs.add(`${words.at(-1)} ${words[0]}`); // words out of order
    qs.add(`${r.manufacturer} ${words[1] ?? ""}`); // maker and line
    qs.add(`${words[0]} ${(words[1] ?? "").slice(0, 1)}`); // maker and the first letter of the line
    qs.add(words.slice(1, 3).join(" ").toLowerCase()); // line and generation
  }
  // Model codes, from a generator of their own, so the queries above stay what they were.
  const codeRand = rng(seed + 1);
  for (let k = 0; k < picks; k++) {
    const r = records[Math.floor(codeRand() * records.length)]!;
    const code = r.variants.flatMap((v) => v.identifiers ?? [])[0]?.value;
    if (code) {
      qs.add(code); // a model code, exact, as a fleet export writes it
      qs.add(code.toLowerCase().replace(/-/g, " ")); // the same code, typed loosely
    }
  }
  for (const q of [
    "a",
    "e",
    "1",
    "12",
    "pro",
    "nova 1",
    "1 nova",
    "max pro",
    "o",
    "a 1",
    "zz",
    "ünïcödé",
    "日本",
    "hostile",
    "=1+1",
    "@cmd",
    "sum a1",
    "—",
    "  ",
    "x y z",
    "kestrel edge 3 pro",
    "ZEPHYR",
    "ｎｏｖａ",
    "g-eu",
    "alpha 1",
  ])
    qs.add(q);
  return [...qs];
}
