// The YAML front matter of a source file: a problem names its line in the
// whole file (the opening "---" counted), whatever is wrong with it; a day
// stays the text its author wrote, and a value keeps the comment beside it.
import { describe, expect, it } from "vitest";
import { formatSourceProblem, parseFrontMatter } from "./front-matter.ts";

describe("front matter", () => {
  const cases: { name: string; text: string; problem: string }[] = [
    { name: "no front matter", text: "# Pixel\n", problem: 'f.md:1: has no front matter: the file must start with a line "---"' },
    { name: "front matter not closed", text: "---\ntitle: x\n", problem: 'f.md:3: front matter is not closed: no second line "---"' },
    {
      name: "broken YAML",
      text: "---\ntitle: x\nreleases: [1,\n---\n",
      problem: "f.md:3: YAML: Flow sequence in block collection must be sufficiently indented",
    },
    { name: "duplicate key", text: "---\ntitle: x\ntitle: y\n---\n", problem: "f.md:3: YAML: Map keys must be unique" },
  ];
  it.each(cases)("$name", ({ text, problem }) => {
    const { problems } = parseFrontMatter("f.md", text);
    expect(problems.map(formatSourceProblem).join("\n")).toContain(problem);
  });

  it("counts lines from the top of the file, front matter delimiter included", () => {
    const { frontMatter } = parseFrontMatter("f.md", "---\na: 1\nb: 2\n---\n");
    const b = frontMatter!.doc.contents as any;
    expect(frontMatter!.lineOf(b.items[1].key.range[0])).toBe(3);
  });
});

describe("problems name their line in the whole file", () => {
  const cases: { name: string; text: string; problems: string[] }[] = [
    // Only the first line opens the front matter: a blank line before it means there is none.
    {
      name: "a blank line before the opening ---",
      text: "\n---\na: 1\n---\n",
      problems: ['f.md:1: has no front matter: the file must start with a line "---"'],
    },
    {
      name: "an unclosed flow list on line 4",
      text: "---\na: 1\nb: 2\nc: [1,\n---\n",
      problems: ["f.md:4: YAML: Flow sequence in block collection must be sufficiently indented and end with a ]"],
    },
    { name: "an unclosed quote on line 2", text: "---\na: 'x\n---\n", problems: ["f.md:2: YAML: Missing closing 'quote"] },
    {
      name: "every problem of a broken mapping, each with its line",
      text: "---\na: 1\n  b: 2\n---\n",
      problems: ["f.md:2: YAML: Nested mappings are not allowed in compact mappings", "f.md:2: YAML: Implicit keys need to be on a single line"],
    },
    {
      name: "a key repeated five lines down",
      text: "---\ntitle: x\na: 1\nb: 2\nc: 3\nd: 4\ntitle: y\n---\n",
      problems: ["f.md:7: YAML: Map keys must be unique"],
    },
    // The body may hold further "---" lines (a Markdown rule): only the second line "---" closes the front matter.
    { name: "a rule in the body", text: "---\na: 1\n---\nbody\n---\n", problems: [] },
    { name: "an empty front matter", text: "---\n---\n", problems: [] },
  ];
  it.each(cases)("$name", ({ text, problems }) => {
    expect(parseFrontMatter("f.md", text).problems.map(formatSourceProblem)).toEqual(problems);
  });

  it("writes a problem as file:line: message", () => {
    expect(formatSourceProblem({ file: "products/pixel.md", line: 12, message: "eol must be a date" })).toBe("products/pixel.md:12: eol must be a date");
  });
});

describe("values", () => {
  const TEXT = "---\nreleaseDate: 2023-11-05\neol: 2023-11-05 # UP1A.231105.001\ncount: 12\nflag: true\nnone: null\n---\n";

  it("keeps a day as the text written, never a timestamp, and other scalars as YAML reads them", () => {
    expect(parseFrontMatter("f.md", TEXT).frontMatter!.doc.toJS()).toEqual({
      releaseDate: "2023-11-05",
      eol: "2023-11-05",
      count: 12,
      flag: true,
      none: null,
    });
  });

  it("keeps the comment its author wrote beside a value", () => {
    const pair = (parseFrontMatter("f.md", TEXT).frontMatter!.doc.contents as any).items[1];
    expect([pair.key.value, pair.value.comment]).toEqual(["eol", " UP1A.231105.001"]);
  });

  it("reads a file with Windows line endings as the same file with Unix ones", () => {
    const lf = '---\ntitle: Apple iOS\nreleases:\n  - releaseCycle: "9"\n    latestReleaseDate: 2019-07-22\n---\n\n> prose\n';
    const crlf = parseFrontMatter("f.md", lf.replaceAll("\n", "\r\n"));
    expect(crlf.problems).toEqual([]);
    expect(crlf.frontMatter!.doc.toJS()).toEqual({ title: "Apple iOS", releases: [{ releaseCycle: "9", latestReleaseDate: "2019-07-22" }] });
  });
});
