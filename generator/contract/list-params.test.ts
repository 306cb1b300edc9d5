// The list's bounds and the slug rule (list-params.ts).
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMIT, MAX_LIMIT, SLUG_PATTERN } from "./list-params.ts";

describe("SLUG_PATTERN", () => {
  it.each(["alpha-phone", "a", "pixel-7a", "x1-2-3", "2024"])("%j is a slug", (s) => expect(SLUG_PATTERN.test(s)).toBe(true));
  it.each(["", "-a", "a-", "a--b", "Alpha", "a_b", "a.b", "a/b", "é", "a b", "a\n"])("%j is not", (s) => expect(SLUG_PATTERN.test(s)).toBe(false));
});

describe("the limit", () => {
  it("defaults within the maximum", () => expect(DEFAULT_LIMIT).toBeLessThanOrEqual(MAX_LIMIT));
});
