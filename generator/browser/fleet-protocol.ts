// The messages between the fleet page (generator/browser/fleet.ts) and its
// worker (generator/browser/fleet-worker.ts), named once for both, and the
// page's limits on what it reads.
import type { ActionCode } from "../derive/fleet-actions.ts";
import type { Bucket } from "../derive/fleet-quarters.ts";

/**
 * A file larger than this is refused before it is read. The worker reads a
 * file as a stream, so memory grows with the rows' results, not the file's
 * bytes: an Intune export of 100,000 devices is about 66 MB, and this leaves
 * room for exports with more columns.
 */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;
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
  /** The device's verdict in plain words (its headline). */
  verdict: string;
  verdictCode: string;
  security: string;
  os: string;
  page: string;
  /** The OS the row runs and what it gets, in words ("Windows 11 23H2 (Enterprise, Education): No security updates since 2026-11-10"); "" when the row names none. */
  osVerdict: string;
  action: ActionCode;
  /** The action in words, with its date when it is due later ("Replace or isolate by 2027-03"). */
  actionText: string;
  note: string;
}

export interface Count {
  label: string;
  count: number;
}

export type ToWorker = { type: "check"; file: Blob; indexUrl: string; today: string } | { type: "columns"; choice: ColumnChoice };

export type FromWorker =
  | { type: "error"; message: string }
  | { type: "ask"; header: string[]; sample: string[] }
  | { type: "progress"; rows: number; bytes: number; total: number }
  | {
      type: "done";
      rows: ResultRow[];
      /** "How many of my devices need action, and by when", in words. */
      headline: string;
      /** Devices by action (most urgent first, every action), and by the kind of their device verdict. */
      actions: (Count & { code: ActionCode })[];
      verdicts: Count[];
      /** Devices losing OS or security updates in each quarter of the next three years, from the reader's day; ends known only to their year apart. */
      quarters: Bucket[];
      years: Bucket[];
      unmatched: number;
      /** The report (CSV with a byte-order mark), and the calendar of upcoming ends (null when none is documented ahead). */
      csv: Blob;
      ics: string | null;
      events: number;
    };
