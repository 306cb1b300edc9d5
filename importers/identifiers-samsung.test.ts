// Samsung model numbers from endoflife.date's Samsung files: a release whose
// link is a doc.samsungmobile.com page gives the model number in its path,
// in capitals, under the slug and name the endoflife.date importer reads;
// the carrier code beside it is not a region. A model number's family is its
// series letter and three digits, and a US prepaid carrier's number names
// none. A broken file is named by file:line, and then no rows at all.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SNAPSHOT } from "../test/helpers/endoflife.ts";
import { formatSourceProblem } from "./front-matter.ts";
import { readSamsung, samsungFamily } from "./identifiers-samsung.ts";

const CONTEXT = { commit: "1111111111111111111111111111111111111111", commitDate: "2026-08-22", checked: "2026-11-24" };
const product = (name: string, folder = path.join(SNAPSHOT, "products")) => ({
  name,
  path: `products/${name}`,
  text: readFileSync(path.join(folder, name), "utf8"),
});
/** samsung-mobile.md with one release linking `link`. */
const withLink = (link: string) => ({
  name: "samsung-mobile.md",
  path: "products/samsung-mobile.md",
  text: [
    "---",
    "title: Samsung Mobile",
    "releasePolicyLink: https://security.samsungmobile.com/workScope.smsb",
    "eoasColumn: Android Upgrades",
    "eolColumn: Security Updates",
    "releases:",
    '  - releaseCycle: "galaxy-a57"',
    '    releaseLabel: "Galaxy A57+"',
    "    releaseDate: 2026-03-02",
    "    eoas: false",
    "    eol: false",
    `    link: ${link}`,
    "---",
  ].join("\n"),
});

describe("model families", () => {
  it.each([
    ["SM-A525F", "A525"],
    ["SM-A525M", "A525"],
    ["SM-A5250", "A525"],
    ["SAMSUNG-SM-A525A", "A525"],
    ["SM-S901B", "S901"],
    ["SM-T387V", "T387"],
    ["SM-X200", "X200"],
    // US prepaid carriers' own numbers name no family.
    ["SM-S111DL", undefined],
    ["SM-S146VL", undefined],
    // Not Samsung model numbers.
    ["Galaxy Watch", undefined],
    ["XT1965-6", undefined],
    ["sm-a525f", undefined],
  ])("%s → %s", (model, family) => expect(samsungFamily(model)).toBe(family));
});

describe("the fixture snapshot's Samsung files", () => {
  const read = readSamsung([product("pixel.md"), product("samsung-mobile.md"), product("samsung-galaxy-watch.md")], CONTEXT);

  it("gives each doc.samsungmobile.com link's model number to the release's slug, at the link's line", () => {
    expect(read.problems).toEqual([]);
    expect(read.run!.rows.map((r) => [r.ref.line, r.name, r.slugs, r.manufacturer, r.codes])).toEqual([
      [18, "Samsung Galaxy S26", ["samsung-galaxy-s26"], "Samsung", [{ kind: "model-number", value: "SM-S942B" }]],
      [39, "Samsung Galaxy S22", ["samsung-galaxy-s22"], "Samsung", [{ kind: "model-number", value: "SM-S901B" }]],
      [46, "Samsung Galaxy S21 5G", ["samsung-galaxy-s21-5g"], "Samsung", [{ kind: "model-number", value: "SM-G991B" }]],
    ]);
  });

  it("reads only the Samsung files, and counts the releases it sets aside", () => {
    expect(read.run!.files).toEqual(["products/samsung-galaxy-watch.md", "products/samsung-mobile.md"]);
    expect(read.run!.setAside).toEqual({ "the release links another site": 1, "the release has no link": 6 });
  });

  it("cites the file it reads at the snapshot's commit, as the endoflife.date importer does", () => {
    expect(read.run!.rows[0]!.source).toEqual({
      id: "endoflife-samsung-mobile",
      url: "https://github.com/endoflife-date/endoflife.date/blob/1111111111111111111111111111111111111111/products/samsung-mobile.md",
      publisher: "endoflife.date",
      title: "products/samsung-mobile.md at commit 1111111 (2026-08-22)",
      checked: "2026-11-24",
    });
  });
});

describe("a release's link", () => {
  it.each([
    ["https://doc.samsungmobile.com/SM-A576B/EUX/doc.html", "SM-A576B"],
    // Some links write the path in lower case; Samsung's numbers are capitals.
    ["https://doc.samsungmobile.com/sm-a576b/eux/doc.html", "SM-A576B"],
    ["http://doc.samsungmobile.com/SM-A576U1/XAA/doc.html", "SM-A576U1"],
  ])("%s gives %s, with no region", (link, code) => {
    const row = readSamsung([withLink(link)], CONTEXT).run!.rows[0]!;
    expect(row).toMatchObject({ name: "Samsung Galaxy A57+", slugs: ["samsung-galaxy-a57-plus"] });
    expect(row.codes).toEqual([{ kind: "model-number", value: code }]);
  });

  it.each([
    ["https://www.samsung.com/us/smartphones/galaxy-a57/", "the release links another site"],
    ["null", "the release has no link"],
  ])("%s gives no code: %s", (link, reason) => {
    const run = readSamsung([withLink(link)], CONTEXT).run!;
    expect(run.rows).toEqual([]);
    expect(run.setAside).toEqual({ [reason]: 1 });
  });
});

describe("bad input, as file:line, and no rows", () => {
  it("names a broken release", () => {
    const read = readSamsung([product("samsung-mobile.md", path.resolve(import.meta.dirname, "./fixtures/identifiers/samsung-broken/products"))], CONTEXT);
    expect(read.problems.map(formatSourceProblem)).toEqual(["products/samsung-mobile.md:29: releaseDate 2022-02-30 is not a real calendar day"]);
    expect(read.run).toBeUndefined();
  });

  it("names a folder with none of the Samsung files", () => {
    const read = readSamsung([product("pixel.md")], CONTEXT);
    expect(read.problems.map(formatSourceProblem)).toEqual(["products:1: holds none of samsung-galaxy-tab.md, samsung-galaxy-watch.md, samsung-mobile.md"]);
    expect(read.run).toBeUndefined();
  });
});
