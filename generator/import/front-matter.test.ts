// The YAML front matter of a source file: a problem names its line in the
// whole file (the opening "---" counted), whatever is wrong with it.
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
