// The messages between the fleet page (generator/browser/fleet.ts) and its
// worker (generator/browser/fleet-worker.ts), named once for both, and the
// page's limits on what it reads.

/** A file larger than this is refused before it is read: an export of 100,000 devices is a few megabytes. */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
/** Rows checked at once; a larger export is refused with a request to split it. */
export const MAX_ROWS = 100_000;
/** The worker reports its progress every so many rows. */
export const PROGRESS_EVERY = 1_000;

/** A column choice the page asks the reader for when the header names no model or code column. */
export interface ColumnChoice {
  model: number;
  manufacturer: number | null;
  /** Whether the first row is a header (else it is a device, too). */
  header: boolean;
}

/** One result row as the page shows it: every cell is text, set with textContent. */
export interface ResultRow {
  /** The row's number in the export, counting the header as row 1 (blank rows are skipped and not counted). */
  line: number;
  /** What the row said: its model, codes and manufacturer, joined. */
  input: string;
  matched: boolean;
  by: "code" | "name" | "ambiguous" | "none";
  device: string;
  manufacturer: string;
  verdict: string;
  verdictCode: string;
  security: string;
  os: string;
  page: string;
  note: string;
}

export type ToWorker = { type: "check"; text: string; indexUrl: string } | { type: "columns"; choice: ColumnChoice };

export type FromWorker =
  | { type: "error"; message: string }
  | { type: "ask"; header: string[]; sample: string[] }
  | { type: "progress"; done: number; total: number }
  | {
      type: "done";
      rows: ResultRow[];
      counts: { code: string; label: string; count: number }[];
      unmatched: number;
      /** The report as CSV text, and the calendar of upcoming ends (null when none is documented ahead). */
      csv: string;
      ics: string | null;
      events: number;
    };
