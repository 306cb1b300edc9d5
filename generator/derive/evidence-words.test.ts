// The recall review and the EU label in words (evidence-words.ts): notices in
// a few words, and the declared software years as the minimum they are.
import { describe, expect, it } from "vitest";
import { fixtureRecord } from "../../test/helpers/records.ts";
import { euLabels, noticeWords, recallSummary, softwareYearsWords } from "./evidence-words.ts";

describe("evidence in words", () => {
  it.each([
    [{ title: "T", url: "https://x.example", number: "16-266", date: { value: "2016-09-15", precision: "day" as const } }, "16-266, 2016-09-15"],
    [
      { title: "T", url: "https://x.example", date: { value: "2016-01", precision: "month" as const }, hazard: "cords can overheat" },
      "2016-01 (month): cords can overheat",
    ],
    [{ title: "The notice", url: "https://x.example", remedy: "a free cord" }, "The notice; remedy: a free cord"],
  ])("a notice %j reads %j", (notice, words) => expect(noticeWords(notice)).toBe(words));

  it("a record with reviews sums them up; one with none says it was not performed", () => {
    expect(recallSummary(fixtureRecord("gamma-phone"))).toMatch(
      /^Recall notice in Example Recalls Registry .*26-001, 2026-03 \(month\): the charger can overheat; remedy: a free replacement charger\.$/,
    );
    expect(recallSummary(fixtureRecord("beta-tablet"))).toBe("Recall review: not performed.");
  });

  it("finds the EU label entries, and words the declared years as a minimum with no date", () => {
    expect(euLabels(fixtureRecord("kappa-phone")).map((x) => [x.euLabel.class, x.euLabel.index])).toEqual([["C", 2.96]]);
    expect(euLabels(fixtureRecord("beta-tablet"))).toEqual([]);
    expect(softwareYearsWords(5)).toBe(
      "The supplier declares at least 5 years of software updates, counted from the end of placement on the EU market, a day not known here; it gives no end date.",
    );
    expect(softwareYearsWords(1)).toMatch(/at least 1 year of/);
  });
});
