// The README stays a page a person reads (at most 900 words, the two set-up
// commands first), and the commands table stays a table (no cell over 300
// characters; the details sit under it in docs/commands.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe("the README and the commands table", () => {
  it("README.md: at most 900 words, the set-up commands in its first block", () => {
    const text = read("README.md");
    expect(text.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(900);
    expect(/```sh\n([^`]*)```/.exec(text)?.[1]).toMatch(/^npm ci && npm start .*\nnpm ci && npm test /);
  });

  it("docs/commands.md: no table cell over 300 characters", () => {
    const cells = read("docs/commands.md")
      .split("\n")
      .filter((l) => l.startsWith("| `"))
      .flatMap((l) => l.split(/(?<!\\)\|/).slice(1, -1));
    expect(cells.length).toBeGreaterThan(20);
    expect(cells.filter((c) => c.trim().length > 300)).toEqual([]);
  });
});
