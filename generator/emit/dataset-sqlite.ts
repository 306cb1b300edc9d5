// The SQLite dump, /api/v1/dataset.sqlite: the tables of
// derive/sqlite-tables.ts written by SQLite itself, compiled to WebAssembly
// (sql.js: no native binary, so it installs from the registry on every
// platform and runs on Node 20). Byte-stable: a fixed page size, rows inserted
// in slug order inside one transaction, the indexes built after them, no
// timestamp anywhere in the format, and a final VACUUM that rewrites the file
// compactly in key order, so the same catalog and the same --now give the
// same bytes (and the same ETag).
import initSqlJs from "sql.js";
import type { Database } from "sql.js";
import { ABOUT_TABLE, aboutRows, SQLITE_TABLES, type Column, type SqlValue } from "../derive/sqlite-tables.ts";
import { API } from "../contract/resources.ts";
import type { Emitter } from "./context.ts";

/** SQLite's default page size, written down so a different library default cannot change the bytes. */
const PAGE_SIZE = 4096;
/** PRAGMA user_version: the version of the schema in docs/dumps.md; raised when a table or column changes. */
export const SQLITE_SCHEMA_VERSION = 1;

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

export const datasetSqlite: Emitter = {
  name: "dataset-sqlite",
  async emit({ catalog, site, out }) {
    const SQL = await (sqlJs ??= initSqlJs());
    const db: Database = new SQL.Database();
    try {
      db.run(`PRAGMA page_size = ${PAGE_SIZE}`);
      db.run(`PRAGMA user_version = ${SQLITE_SCHEMA_VERSION}`);
      db.run("BEGIN");
      const { tables, indexes } = schemaSql();
      for (const statement of tables) db.run(statement);
      const insert = (table: string, width: number, rows: Iterable<SqlValue[]>) => {
        const stmt = db.prepare(`INSERT INTO ${quote(table)} VALUES (${Array(width).fill("?").join(", ")})`);
        try {
          for (const row of rows) stmt.run(row);
        } finally {
          stmt.free();
        }
      };
      // Record by record, in slug order, so no table's rows are ever held whole.
      const rowsOf = function* (t: (typeof SQLITE_TABLES)[number]) {
        for (const r of catalog.published) yield* t.rows(r, site);
      };
      for (const t of SQLITE_TABLES) insert(t.name, t.columns.length, rowsOf(t));
      insert(ABOUT_TABLE.name, ABOUT_TABLE.columns.length, aboutRows(site, catalog.published.length));
      for (const statement of indexes) db.run(statement);
      db.run("COMMIT");
      db.run("VACUUM");
      out.write(API.datasetSqlite.file({}), db.export());
    } finally {
      db.close();
    }
  },
};
