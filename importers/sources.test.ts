// The source registry against the copies in ../shared/sources: each folder's
// README names the entry's repository, pinned commit and its date; each
// reader the entry names exists; and no other importer module spells a
// registered repository again.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SOURCES } from "./sources.ts";

const SHARED = path.resolve(import.meta.dirname, "../../shared/sources");

describe("the source registry", () => {
  it.each(Object.entries(SOURCES))("%s: its folder's README records the same repository, commit and date", (_, s) => {
    const readme = readFileSync(path.join(SHARED, s.folder, "README.md"), "utf8");
    expect(readme).toContain(s.repository.replace("https://github.com/", ""));
    expect(readme).toContain(s.commit);
    expect(readme).toContain(s.commitDate);
  });

  it("names readers that exist", () => {
    const missing = Object.values(SOURCES)
      .flatMap((s) => s.readers)
      .filter((r) => !existsSync(path.join(import.meta.dirname, r)));
    expect(missing).toEqual([]);
  });

  it("is the one place a source's repository is written", () => {
    const modules = readdirSync(import.meta.dirname, { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "sources.ts",
    );
    const spelled = modules.flatMap((f) => {
      const text = readFileSync(path.join(import.meta.dirname, f), "utf8");
      return Object.values(SOURCES)
        .filter((s) => text.includes(s.repository))
        .map((s) => `${f}: ${s.repository}`);
    });
    expect(spelled).toEqual([]);
  });
});
