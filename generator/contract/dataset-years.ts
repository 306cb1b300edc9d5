// The years a dataset `?year=` request may name (docs/API.md): the edge
// function checks requests against them and the OpenAPI document describes
// them. Here rather than beside the dataset's rows so that the edge function's
// bundle stays free of the record schema (and zod): test/edge/bundle.test.ts.

/** Years a `?year=` request may name; a year in range with no records is a 404, outside it a 400. */
export const DATASET_YEARS = { first: 1990, last: 2100 } as const;

/** What a `year` value asks for: a year the dataset can answer, or null when it is not one. */
export function parseDatasetYear(text: string): number | null {
  if (!/^\d{4}$/.test(text)) return null;
  const y = Number(text);
  return y >= DATASET_YEARS.first && y <= DATASET_YEARS.last ? y : null;
}
