// The SQLite dump, /api/v1/dataset.sqlite (its bytes: emit/sqlite-file.ts).
// A single build derives each record's rows as it inserts them and keeps
// none, so no table's rows are held whole. A watch session builds it on a
// thread of its own (emit/sqlite-worker.ts), which keeps every record's rows:
// a rebuild sends it the edited records' rows only, and the file is loaded
// there while this thread writes the other outputs; the build awaits it
// before it ends (EmitContext.beside), so it is never served stale.
import { Worker } from "node:worker_threads";
import { aboutRows, SQLITE_TABLES } from "../derive/sqlite-tables.ts";
import { API } from "../contract/resources.ts";
import type { Site } from "../derive/site.ts";
import type { DeviceRecord } from "../schema/record.ts";
import type { Emitter } from "./context.ts";
import { sqliteFile, type RecordRows } from "./sqlite-file.ts";
import type { SqliteJob, SqliteReply } from "./sqlite-worker.ts";

const rowsOf = (r: DeviceRecord, site: Site): RecordRows => SQLITE_TABLES.map((t) => t.rows(r, site));

type Pending = Map<number, { resolve(file: Uint8Array): void; reject(err: Error): void }>;
/** The watch session's SQLite thread, started by its first build and kept; unref'd while idle, so it never keeps the process alive. */
let worker: { thread: Worker; pending: Pending } | undefined;
let nextJob = 0;
/** Where a watch session keeps its number for the worker (EmitContext.kept), and the next number to give. */
const SESSION = "dataset-sqlite:session";
let nextSession = 0;

function inWorker(job: Omit<SqliteJob, "id">): Promise<Uint8Array> {
  if (!worker) {
    const thread = new Worker(new URL("./worker-boot.mjs", import.meta.url), { workerData: { module: new URL("./sqlite-worker.ts", import.meta.url).href } });
    const pending: Pending = new Map();
    const fail = (err: Error) => {
      worker = undefined;
      for (const p of pending.values()) p.reject(err);
    };
    thread.on("message", (m: SqliteReply) => {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (!pending.size) thread.unref();
      if ("file" in m) p?.resolve(m.file);
      else p?.reject(new Error(`in the SQLite worker: ${m.error}`));
    });
    thread.on("error", fail);
    thread.on("exit", (code) => fail(new Error(`the SQLite worker exited with code ${code}`)));
    worker = { thread, pending };
  }
  const { thread, pending } = worker;
  const id = nextJob++;
  thread.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ ...job, id } satisfies SqliteJob);
  });
}

export const datasetSqlite: Emitter = {
  name: "dataset-sqlite",
  async emit({ catalog, site, out, watching, only, kept, beside }) {
    const file = API.datasetSqlite.file({});
    const about = aboutRows(site, catalog.published.length);
    if (!watching) {
      const records = (function* () {
        for (const r of catalog.published) yield rowsOf(r, site);
      })();
      out.write(file, await sqliteFile(records, catalog.published.length, about));
      return;
    }
    // In place, the worker holds the rows of every record but the edited ones (a worker that lost them fails the build; the next is whole).
    const sent = only ? catalog.published.filter((r) => only.has(r.slug)) : catalog.published;
    if (!kept!.has(SESSION)) kept!.set(SESSION, nextSession++);
    const job = {
      session: kept!.get(SESSION) as number,
      whole: !only,
      rows: sent.map((r) => [r.slug, rowsOf(r, site)] as [string, RecordRows]),
      order: catalog.published.map((r) => r.slug),
      about,
    };
    beside(inWorker(job).then((bytes) => out.write(file, bytes)));
  },
};
