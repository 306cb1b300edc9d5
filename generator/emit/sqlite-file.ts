// The SQLite dump's bytes (/api/v1/dataset.sqlite): the tables of
// derive/sqlite-tables.ts written by SQLite itself, compiled to WebAssembly
// (sql.js: no native binary, so it installs from the registry on every
// platform and runs on Node 20). Byte-stable: a fixed page size, the same
// statements in the same order (rows record by record in slug order inside one
// transaction, the indexes built after them), no timestamp anywhere in the
// format, so the same rows give the same bytes (and the same ETag), whichever
// thread builds them (emit/dataset-sqlite.ts, emit/sqlite-worker.ts).
//
// Cheap to build: sql.js keeps the database file in an in-memory file system
// that grows a file by 12.5% at a time, copying it whole each time, and a
// fresh page of memory costs more on a build machine than the copy itself. So the file starts as a zero-filled
// buffer far larger than the database will be (an empty database followed by
// zeros, which SQLite ignores: its header says how many pages are in use);
// the kernel backs only the pages SQLite writes. The load runs without a
// rollback journal or syncing (the file is built in memory and exported once:
// a failed build throws and writes nothing), and without a final VACUUM,
// which would copy the whole database twice more.
import initSqlJs from "sql.js";
import type { Database } from "sql.js";
import { ABOUT_TABLE, SQLITE_TABLES, type Column, type SqlValue } from "../derive/sqlite-tables.ts";

/** SQLite's default page size, written down so a different library default cannot change the bytes. */
const PAGE_SIZE = 4096;
/**
 * Room the database file starts with, per published record and in all: far
 * above the 3 to 5 KB a record takes (docs/dumps.md), since untouched room
 * costs nothing, while a file that outgrows it is copied as it grows.
 */
const ROOM_PER_RECORD = 16 * 1024;
const ROOM_MIN = 4 * 1024 * 1024;
/** For the load only: none of them is stored in the file. */
const LOAD_PRAGMAS = ["PRAGMA journal_mode = OFF", "PRAGMA synchronous = OFF", "PRAGMA temp_store = MEMORY", "PRAGMA locking_mode = EXCLUSIVE"];
/** PRAGMA user_version: the version of the schema in docs/dumps.md; raised when a table or column changes. */
export const SQLITE_SCHEMA_VERSION = 2;

/** One published record's rows, a list per table of SQLITE_TABLES, in its order. */
export type RecordRows = SqlValue[][][];

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const columnSql = (c: Column) => `${quote(c.name)} ${c.type}${c.required ? " NOT NULL" : ""}`;

/** The CREATE statements of every table, and of every index (run after the rows are in: a bulk load is faster and its indexes compact). */
function schemaSql(): { tables: string[]; indexes: string[] } {
  const all = [...SQLITE_TABLES, ABOUT_TABLE];
  return {
    tables: all.map((t) => {
      const references =
        t.name !== "devices" && t.columns.some((c) => c.name === "device_slug") ? [`FOREIGN KEY ("device_slug") REFERENCES "devices" ("slug")`] : [];
      const body = [...t.columns.map(columnSql), `PRIMARY KEY (${t.primaryKey.map(quote).join(", ")})`, ...references];
      return `CREATE TABLE ${quote(t.name)} (\n  ${body.join(",\n  ")}\n) WITHOUT ROWID`;
    }),
    indexes: all.flatMap((t) =>
      t.indexes.map((cols) => `CREATE INDEX ${quote(`${t.name}_by_${cols.join("_")}`)} ON ${quote(t.name)} (${cols.map(quote).join(", ")})`),
    ),
  };
}

let sqlJs: ReturnType<typeof initSqlJs> | null = null;
type SqlJs = Awaited<ReturnType<typeof initSqlJs>>;

/**
 * The file the load starts from: an empty database of our page size and
 * schema version, then zeros up to `room` bytes. A Buffer, because sql.js
 * takes a Buffer's memory as the file's (Buffer#slice does not copy), so
 * only the pages written are ever backed by memory.
 */
function blankFile(SQL: SqlJs, room: number): Uint8Array {
  const seed = new SQL.Database();
  try {
    seed.run(`PRAGMA page_size = ${PAGE_SIZE}`);
    seed.run(`PRAGMA user_version = ${SQLITE_SCHEMA_VERSION}`);
    const empty = seed.export();
    const file = Buffer.alloc(Math.max(room, empty.length));
    file.set(empty);
    return file;
  } finally {
    seed.close();
  }
}

/**
 * The database of `count` published records, their rows given record by
 * record in slug order (so a caller need not hold every table's rows whole),
 * and the about table's rows.
 */
export async function sqliteFile(records: Iterable<RecordRows>, count: number, about: SqlValue[][]): Promise<Uint8Array> {
  const SQL = await (sqlJs ??= initSqlJs());
  const db: Database = new SQL.Database(blankFile(SQL, ROOM_MIN + ROOM_PER_RECORD * count));
  try {
    for (const pragma of LOAD_PRAGMAS) db.run(pragma);
    db.run("BEGIN");
    const { tables, indexes } = schemaSql();
    for (const statement of tables) db.run(statement);
    const prepare = (t: { name: string; columns: Column[] }) =>
      db.prepare(`INSERT INTO ${quote(t.name)} VALUES (${Array(t.columns.length).fill("?").join(", ")})`);
    const inserts = SQLITE_TABLES.map(prepare);
    const aboutInsert = prepare(ABOUT_TABLE);
    try {
      for (const rowsOf of records) {
        rowsOf.forEach((rows, i) => {
          const insert = inserts[i]!;
          for (const row of rows) insert.run(row);
        });
      }
      for (const row of about) aboutInsert.run(row);
    } finally {
      for (const stmt of [...inserts, aboutInsert]) stmt.free();
    }
    for (const statement of indexes) db.run(statement);
    db.run("COMMIT");
    return db.export();
  } finally {
    db.close();
  }
}
