// The SQLite dump's builder in a watch session (npm start), on a thread of its
// own: it keeps every published record's rows for the session, so a rebuild
// in place sends it only the edited records' rows, and it builds the file
// (emit/sqlite-file.ts, the same function a single build runs, so the same
// bytes) while the build's thread writes the other outputs. An in-place
// update of the database would be cheaper but not the bytes of a fresh load
// (B-tree pages fill differently), so every build loads it whole.
import { parentPort } from "node:worker_threads";
import type { SqlValue } from "../derive/sqlite-tables.ts";
import { sqliteFile, type RecordRows } from "./sqlite-file.ts";

export interface SqliteJob {
  id: number;
  /** The watch session sending it (several may share a process: tests): rows kept for one session never serve another. */
  session: number;
  /** A whole build: forget every record's rows first. */
  whole: boolean;
  /** The rows of the records this build sends (all on a whole build, the edited ones in place), by slug. */
  rows: [string, RecordRows][];
  /** Every published record's slug, in the catalog's order. */
  order: string[];
  about: SqlValue[][];
}

export type SqliteReply = { id: number; file: Uint8Array } | { id: number; error: string };

const kept = new Map<string, RecordRows>();
/** The session whose rows `kept` holds. */
let holder: number | undefined;

parentPort!.on("message", async (job: SqliteJob) => {
  try {
    if (job.whole) {
      kept.clear();
      holder = job.session;
    } else if (job.session !== holder) throw new Error("the SQLite worker holds another watch session's rows; the next build must be whole");
    for (const [slug, rows] of job.rows) kept.set(slug, rows);
    const records = job.order.map((slug) => {
      const rows = kept.get(slug);
      if (!rows) throw new Error(`the SQLite worker holds no rows of ${slug}; the next build must be whole`);
      return rows;
    });
    const made = await sqliteFile(records, records.length, job.about);
    // The export may be a view of sql.js's larger file buffer: send a copy of its own.
    const file = made.byteOffset === 0 && made.byteLength === made.buffer.byteLength ? made : made.slice();
    parentPort!.postMessage({ id: job.id, file } satisfies SqliteReply, [file.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies SqliteReply);
  }
});
