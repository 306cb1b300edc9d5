// Cells of the CSV files people open in spreadsheets: the dataset
// (dataset-rows.ts) and the fleet check's report (fleet-match.ts, in the
// browser). No imports, so the browser's bundle carries nothing else.

/**
 * RFC 4180 for csv-stringify: CRLF line ends, quotes doubled. csv-stringify
 * quotes a field that contains the delimiter or a quote, but not one with a
 * bare CR or LF unless told.
 */
export const CSV_OPTIONS = { record_delimiter: "windows", quoted_match: /[\r\n]/ } as const;

/** The byte-order mark a CSV file people open in Excel starts with: without it Excel reads UTF-8 as its legacy code page and garbles accented names. */
export const CSV_BOM = "\uFEFF";

const FORMULA_START = /^[=+\-@\t\r']/;

/**
 * OWASP CSV injection: a spreadsheet runs a cell that starts with = + - @, a
 * tab or a carriage return as a formula, so such a cell gets a leading
 * apostrophe. A cell that already starts with an apostrophe gets one too, so
 * that stripping one leading apostrophe always gives the text back ("'90s"
 * would otherwise read as "90s"). Every cell that can start so is someone's
 * text (a curator's names, models, codes and meanings; a fleet export's
 * cells); dates and URLs never do.
 */
export function neutralizeFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}
