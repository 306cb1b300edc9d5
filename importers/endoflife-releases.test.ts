// Reading one endoflife.date product file: every structural problem is
// reported as file:line with what is wrong, all of them at once, and a good
// file gives its releases with each value's line and source comment.
import { describe, expect, it } from "vitest";
import { formatSourceProblem } from "./front-matter.ts";
import { readProductFile } from "./endoflife-releases.ts";

/** A small pixel.md whose release block the cases replace. */
const pixel = (releases: string, header = "eoasColumn: Android Updates\neolColumn: Security Updates") =>
  [
    "---",
    "title: Google Pixel",
    "releasePolicyLink: https://support.google.com/nexus/answer/4457705",
    header,
    "# Past EOL dates from https://source.android.com/docs/setup/about/build-numbers",
    "releases:",
    releases,
    "---",
    "",
    "> prose",
  ].join("\n");

const release = (lines: string[]) => lines.map((l, i) => (i === 0 ? `  - ${l}` : `    ${l}`)).join("\n");
const GOOD = ['releaseCycle: "5"', 'releaseLabel: "Pixel 5"', "releaseDate: 2020-10-15", "eoas: 2023-11-05", "eol: 2023-11-05 # UP1A.231105.001"];

const problemsOf = (text: string, name = "pixel.md") => readProductFile(`products/${name}`, name, text).problems.map(formatSourceProblem);

describe("product file structure", () => {
  const cases: { name: string; text: string; name2?: string; problems: string[] }[] = [
    {
      name: "unknown column",
      text: pixel(release([...GOOD, "eoes: 2024-01-01"])),
      problems: ['products/pixel.md:13: unknown column "eoes": this file\'s releases may use'],
    },
    {
      name: "impossible day",
      text: pixel(release([...GOOD.slice(0, 3), "eoas: 2023-02-30", "eol: 2023-11-05"])),
      problems: ["products/pixel.md:11: eoas 2023-02-30 is not a real calendar day"],
    },
    {
      name: "end before the release",
      text: pixel(release([...GOOD.slice(0, 4), "eol: 2019-01-01"])),
      problems: ["products/pixel.md:12: eol 2019-01-01 is before the releaseDate 2020-10-15 (line 10)"],
    },
    {
      name: "number where a date goes",
      text: pixel(release([...GOOD.slice(0, 4), "eol: 2031"])),
      problems: ["products/pixel.md:12: eol must be a date YYYY-MM-DD or true/false, got number 2031"],
    },
    {
      name: "text that is no date",
      text: pixel(release([...GOOD.slice(0, 4), "eol: soon"])),
      problems: ['products/pixel.md:12: eol "soon" is not a date written YYYY-MM-DD'],
    },
    {
      name: "release cycle not text",
      text: pixel(release(["releaseCycle: 5", ...GOOD.slice(1)])),
      problems: ["products/pixel.md:8: releaseCycle must be text, got number 5"],
    },
    { name: "no release date", text: pixel(release([GOOD[0]!, GOOD[1]!, GOOD[3]!])), problems: ["products/pixel.md:8: release has no releaseDate"] },
    {
      name: "a list where a value goes",
      text: pixel(release([...GOOD.slice(0, 4), "eol: [2023-11-05]"])),
      problems: ["products/pixel.md:12: eol must be a single value, not a list or map"],
    },
    {
      name: "link that is not an address",
      text: pixel(release([...GOOD, "link: wikipedia"])),
      problems: ['products/pixel.md:13: link must be an http(s) address or null, got "wikipedia"'],
    },
    {
      name: "duplicate release",
      text: pixel(`${release(GOOD)}\n${release(GOOD)}`),
      problems: ['products/pixel.md:13: releaseCycle "5" is already used at line 8'],
    },
    { name: "releases not a list", text: pixel("  five: 5"), problems: ["products/pixel.md:7: releases must be a list of releases"] },
    {
      name: "a column relabelled",
      text: pixel(release(GOOD), "eoasColumn: OS Updates\neolColumn: Security Updates"),
      problems: ['products/pixel.md:4: eoasColumn is "OS Updates", but the importer\'s table reads this file\'s eoas column as "Android Updates"'],
    },
    {
      name: "a file the table does not know",
      name2: "blackberry.md",
      text: pixel(release(GOOD)),
      problems: ['products/blackberry.md:1: no entry for "blackberry.md" in the importer\'s table'],
    },
  ];
  it.each(cases)("$name", ({ text, name2, problems }) => {
    const found = problemsOf(text, name2);
    for (const p of problems) expect(found.join("\n")).toContain(p);
    expect(found).toHaveLength(problems.length);
  });

  it("reports every problem of a file, not only the first", () => {
    const text = pixel(
      `${release([...GOOD.slice(0, 3), "eoas: 2023-02-30", "eol: 2019-01-01"])}\n${release(['releaseCycle: "4"', "releaseDate: 2019-13-01", "eoas: yes", "eol: true", "colour: red"])}`,
    );
    expect(problemsOf(text)).toEqual([
      "products/pixel.md:11: eoas 2023-02-30 is not a real calendar day",
      "products/pixel.md:12: eol 2019-01-01 is before the releaseDate 2020-10-15 (line 10)",
      'products/pixel.md:17: unknown column "colour": this file\'s releases may use releaseCycle, releaseLabel, releaseDate, discontinued, link, eoas, eol, supportedAndroidVersions',
      "products/pixel.md:13: release has no releaseLabel and the file has no releaseLabel template",
      "products/pixel.md:14: releaseDate 2019-13-01 is not a real calendar day",
      'products/pixel.md:15: eoas "yes" is not a date written YYYY-MM-DD',
    ]);
  });

  it("names a page the table cites that the file no longer names", () => {
    const text = pixel(release(GOOD)).replace("https://source.android.com/docs/setup/about/build-numbers", "https://example.org/builds");
    expect(problemsOf(text)).toEqual([
      "products/pixel.md:1: the importer's table cites https://source.android.com/docs/setup/about/build-numbers for this file, which the file no longer names",
    ]);
  });

  it("keeps each value's line and the comments beside and above it", () => {
    const text = pixel(release([...GOOD.slice(0, 4), "# seen on the build list", "eol: 2023-11-05 # UP1A.231105.001"]));
    const { product } = readProductFile("products/pixel.md", "pixel.md", text);
    const r = product!.releases[0]!;
    expect(r).toMatchObject({ cycle: "5", label: "Pixel 5", line: 8, releaseDate: { value: "2020-10-15", line: 10 } });
    expect(r.eol).toEqual({ value: "2023-11-05", line: 13, comment: "seen on the build list | UP1A.231105.001" });
    expect(r.eoas).toEqual({ value: "2023-11-05", line: 11, comment: "" });
  });

  it("labels a release from the file's template when it has none of its own", () => {
    const text = [
      "---",
      'releaseLabel: "OnePlus __RELEASE_CYCLE__"',
      "releasePolicyLink: https://community.oneplus.com/thread/1462181",
      "eoasColumn: Android Updates",
      "eolColumn: Security Updates",
      "releases:",
      '  - releaseCycle: "12"',
      "    releaseDate: 2024-01-23",
      "    eoas: false",
      "    eol: 2029-01-23",
      "---",
    ].join("\n");
    expect(readProductFile("products/oneplus.md", "oneplus.md", text).product!.releases[0]!.label).toBe("OnePlus 12");
  });
});
