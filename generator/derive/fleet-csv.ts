// A CSV export read in pieces: text arrives in chunks (File.stream() in the
// fleet page's worker), and each run of complete records goes to the one
// CSV parser (csv-parse) while the unfinished record waits for the next
// chunk. A line end splits records only outside quotes; RFC 4180 doubles a
// quote inside a quoted field, so counting quotes tells which side a line
// end is on. Memory stays bounded by the chunk, not the file.

/** A splitter of streamed CSV text at record boundaries. */
export function recordSplitter() {
  let carry = "";
  let quoted = false;
  return {
    /** The chunk's complete records (with those held back before), as text; "" while a record is still open. */
    push(text: string): string {
      let cut = -1;
      for (let i = 0; i < text.length; i++) {
        const ch = text.charCodeAt(i);
        if (ch === 34) quoted = !quoted;
        else if (ch === 10 && !quoted) cut = i + 1;
      }
      if (cut < 0) {
        carry += text;
        return "";
      }
      const out = carry + text.slice(0, cut);
      carry = text.slice(cut);
      return out;
    },
    /** What is left at the end of the stream (an unclosed quote included: the parser reports it). */
    end(): string {
      const out = carry;
      carry = "";
      return out;
    },
  };
}

/** A text that is not valid CSV, with the line it goes wrong on. */
export class CsvSyntaxError extends Error {}

const QUOTE = 34;
const CR = 13;
const LF = 10;

/**
 * The records of a run of complete CSV records (as recordSplitter hands
 * them): RFC 4180 quoting (a quote inside a quoted field doubled), CRLF, LF
 * or CR line ends, rows of different lengths kept as they are, and blank
 * lines and records of empty cells skipped. A quote in the middle of an
 * unquoted cell is kept as text. The fleet page reads 100,000-row exports
 * with it: csv-parse's browser build, with its Buffer shim, took 40 s over
 * 53 MB where this takes well under one (bench/fleet.ts). `firstLine`
 * numbers the lines for the error an unclosed quote raises.
 */
export function parseRecords(text: string, delimiter: string, firstLine = 1): string[][] {
  const records: string[][] = [];
  const sep = delimiter.charCodeAt(0);
  const n = text.length;
  const fail = (at: number, what: string): never => {
    let line = firstLine;
    for (let k = text.indexOf("\n"); k >= 0 && k < at; k = text.indexOf("\n", k + 1)) line++;
    throw new CsvSyntaxError(`${what} on line ${line}`);
  };
  let i = 0;
  let record: string[] = [];
  while (i <= n) {
    let cell: string;
    if (text.charCodeAt(i) === QUOTE) {
      let start = i + 1;
      cell = "";
      for (;;) {
        const close = text.indexOf('"', start);
        if (close < 0) fail(i, "A quoted cell is not closed");
        if (text.charCodeAt(close + 1) === QUOTE) {
          cell += text.slice(start, close + 1);
          start = close + 2;
          continue;
        }
        cell += text.slice(start, close);
        i = close + 1;
        break;
      }
      const next = text.charCodeAt(i);
      if (i < n && next !== sep && next !== CR && next !== LF) fail(i, "Text follows a quoted cell's closing quote");
    } else {
      let j = i;
      for (; j < n; j++) {
        const c = text.charCodeAt(j);
        if (c === sep || c === CR || c === LF) break;
      }
      cell = text.slice(i, j);
      i = j;
    }
    record.push(cell);
    const c = text.charCodeAt(i);
    if (c === sep) {
      i++;
      continue;
    }
    // A line end, or the text's end: the record is complete.
    if (c === CR && text.charCodeAt(i + 1) === LF) i += 2;
    else i++;
    if (record.some((v) => v !== "")) records.push(record);
    record = [];
    if (i >= n) break;
  }
  return records;
}

const NEEDS_QUOTES = /[",\r\n]/;

/**
 * Records as CSV text, as csv-stringify writes them with CSV_OPTIONS
 * (csv-cells.ts; fleet-csv.test.ts holds them to the same bytes): CRLF after
 * every record, a cell quoted when it holds a comma, a quote or a line end,
 * its quotes doubled. The fleet page's report is written with it, a batch at
 * a time: csv-stringify's browser build took 22 s over a 100,000-row report.
 */
export function csvText(records: readonly (readonly string[])[]): string {
  let out = "";
  for (const record of records) {
    for (let k = 0; k < record.length; k++) {
      const cell = record[k]!;
      if (k) out += ",";
      out += NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
    }
    out += "\r\n";
  }
  return out;
}
