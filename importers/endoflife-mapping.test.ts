// The per-file table (ENDOFLIFE_FILES) as a whole: every column ends with a
// rule for any date, its rules cite only pages the entry lists, no rule words
// an end or a minimum as a ceiling, and the same words read as the same kind
// (endoflife-phrasing.ts) in every file.
import { describe, expect, it } from "vitest";
import { ENDOFLIFE_FILES } from "./endoflife-mapping.ts";
import { PHRASINGS, phrasing, type Phrasing } from "./endoflife-phrasing.ts";
import { CEILING_WORDS } from "../generator/load/validate.ts";

describe("the table", () => {
  it.each(ENDOFLIFE_FILES.map((m) => [m.file, m] as const))("%s: every column ends with a rule for any date, and its rules cite pages it lists", (_file, m) => {
    for (const column of [m.eoas, m.eol]) {
      if (!column) continue;
      expect(column.rules.at(-1)!.when).toBeUndefined();
      for (const rule of column.rules) for (const ref of rule.pages) expect(["release-link", "comment-links", ...m.pages.map((p) => p.id)]).toContain(ref);
    }
  });

  it("never words an end or a minimum as a ceiling (the validator would refuse it)", () => {
    for (const m of ENDOFLIFE_FILES)
      for (const column of [m.eoas, m.eol])
        for (const rule of column?.rules ?? [])
          if (phrasing(rule.phrase).reading !== "ceiling") expect(rule.meaning, `${m.file}: ${rule.meaning}`).not.toMatch(CEILING_WORDS);
  });

  it("same words, same kind: a rule whose condition names a phrasing's words reads as that phrasing", () => {
    for (const m of ENDOFLIFE_FILES)
      for (const column of [m.eoas, m.eol])
        for (const rule of column?.rules ?? []) {
          const named = rule.when?.comment && PHRASINGS.find((p: Phrasing) => p.words && p.words.source === rule.when!.comment!.source);
          if (named) expect(rule.phrase, `${m.file}: ${rule.meaning}`).toBe(named.id);
        }
  });

  it("reads a launch anniversary as an estimate in every column of every file", () => {
    for (const m of ENDOFLIFE_FILES)
      for (const column of [m.eoas, m.eol])
        for (const rule of column?.rules ?? [])
          if (rule.when?.day === "anniversary" && !rule.when.comment && !rule.when.name)
            expect(phrasing(rule.phrase).reading, `${m.file} ${column!.label}: ${rule.meaning}`).toBe("estimate");
  });
});
