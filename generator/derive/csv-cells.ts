// Cells of the CSV files people open in spreadsheets: the dataset
// (dataset-rows.ts) and the fleet check's report (fleet-match.ts, in the
// browser). No imports, so the browser's bundle carries nothing else.

/**
 * RFC 4180 for csv-stringify: CRLF line ends, quotes doubled. csv-stringify
 * quotes a field that contains the delimiter or a quote, but not one with a
 * bare CR or LF unless told.
 */
export const CSV_OPTIONS = { record_delimiter: "windows", quoted_match: /[\r\n]/ } as const;

/** A cell CSV_OPTIONS quotes: one holding the delimiter, a quote, a CR or an LF. */
const NEEDS_QUOTES = /[",\r\n]/;
const QUOTE = /"/g;

/**
 * Rows of text cells as csv-stringify writes them with CSV_OPTIONS, byte for
 * byte (csv-cells.test.ts compares the two): each row ends in CRLF; a cell
 * with a comma, a quote, a CR or an LF is quoted, its quotes doubled. For the
 * dataset's millions of cells, where the library's per-cell options and
 * casting cost more than the rest of the file.
 */
export function csvText(rows: readonly (readonly string[])[]): string {
  // Joined, not appended: a string built by += is a tree of pieces, and the dataset keeps each record's text for the year files.
  const lines: string[] = [];
  for (const row of rows) lines.push(row.map(csvCell).join(","), "\r\n");
  return lines.join("");
}

const csvCell = (cell: string) => (NEEDS_QUOTES.test(cell) ? `"${cell.replace(QUOTE, '""')}"` : cell);

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
