// parseDatasetYear: what a `?year=` value asks for (contract/dataset-years.ts).
import { describe, expect, it } from "vitest";
import { DATASET_YEARS, parseDatasetYear } from "./dataset-years.ts";

describe("parseDatasetYear", () => {
  it.each([
    ["2030", 2030],
    [String(DATASET_YEARS.first), DATASET_YEARS.first],
    [String(DATASET_YEARS.last), DATASET_YEARS.last],
    [String(DATASET_YEARS.first - 1), null],
    [String(DATASET_YEARS.last + 1), null],
    ["0203", null],
    ["20300", null],
    ["203", null],
    ["", null],
    [" 2030", null],
    ["2030 ", null],
    ["+2030", null],
    ["2e03", null],
    ["２０３０", null], // fullwidth digits are not ASCII digits
    ["٢٠٣٠", null],
  ])("%j → %j", (text, year) => {
    expect(parseDatasetYear(text)).toBe(year);
  });
});
