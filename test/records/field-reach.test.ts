// Every field of a record reaches what readers download and read: the CSV
// dataset, the SQLite dump, the JSON documents (record and evidence) and the
// device page, or is listed below as deliberately absent from one, with the
// reason. Read from the builds of the fixture catalog and of data/: for each
// field (its path, array positions as []) a value a record gives it must
// appear in each output of that record, read with real parsers (csv-parse,
// sql.js, JSON.parse, the page's text through escape-html's inverse).
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import initSqlJs from "sql.js";
import { describe, expect, inject, it } from "vitest";
import { API, PAGES, STORAGE, type Layout } from "../../generator/contract/resources.ts";

type Output = "csv" | "sqlite" | "documents" | "page";
const OUTPUTS: Output[] = ["csv", "sqlite", "documents", "page"];

/** Fields an output leaves out on purpose, and why; a listed field that does reach it fails, so the list stays true. */
const SCHEMA_POINTER = "the editor's pointer to the JSON Schema (data/device-record.schema.json), not a fact about the device";
const NOT_A_SUPPORT_ROW = "the CSV is the support dates of each model and region; this is evidence, in the evidence document and its SQLite table";
const ABSENT: Record<Output, Record<string, string>> = {
  csv: {
    $schema: SCHEMA_POINTER,
    "caveats[].sourceIds[]": "the caveats column carries their text; which source gives each is in the evidence document and SQLite's caveats table",
    "evidence.recallReview[].matches[].title": NOT_A_SUPPORT_ROW,
    "evidence.recallReview[].matches[].url": NOT_A_SUPPORT_ROW,
    "evidence.recallReview[].note": NOT_A_SUPPORT_ROW,
    "evidence.recallReview[].registryUrl": NOT_A_SUPPORT_ROW,
    "evidence.recallReview[].result": NOT_A_SUPPORT_ROW,
    "evidence.recallReview[].sourceIds[]": NOT_A_SUPPORT_ROW,
    "evidence.repairability[].euLabel.batteryEnduranceCycles": NOT_A_SUPPORT_ROW,
    "evidence.repairability[].euLabel.firstOnMarket": NOT_A_SUPPORT_ROW,
    "evidence.repairability[].euLabel.subScores.fasteners": NOT_A_SUPPORT_ROW,
    "evidence.repairability[].euLabel.subScores.disassemblyDepth": NOT_A_SUPPORT_ROW,
    "evidence.repairability[].euLabel.subScores.repairInformation": NOT_A_SUPPORT_ROW,
    "evidence.repairability[].euLabel.subScores.spareParts": NOT_A_SUPPORT_ROW,
    "evidence.repairability[].euLabel.subScores.tools": NOT_A_SUPPORT_ROW,
    "evidence.repairability[].scheme": NOT_A_SUPPORT_ROW,
    "evidence.repairability[].score": NOT_A_SUPPORT_ROW,
    "evidence.repairability[].sourceId": NOT_A_SUPPORT_ROW,
    "evidence.revisions[].change": "the change history is in the evidence document, SQLite's revisions table and the feed, not in a support row",
    "evidence.revisions[].reason": "the change history is in the evidence document, SQLite's revisions table and the feed, not in a support row",
    "evidence.sources[].citedBy": "a row names its sources' URLs and checked days; which page cites which is in the evidence document and SQLite",
    "osVersions[].sourceIds[]": "the OS versions' sources are in the record document and SQLite's os_versions table",
    "variants[].identifiers[].sourceId": "a code's source is in the record document and SQLite's identifiers table; the CSV is no identifier lookup",
  },
  sqlite: { $schema: SCHEMA_POINTER },
  documents: { $schema: SCHEMA_POINTER },
  page: {
    $schema: SCHEMA_POINTER,
    "evidence.recallReview[].result": 'the page words the result ("No match found in … on <day>"), not its code',
  },
};

/** A field's leaves and their values: "support.os[].end.value" → values. Booleans and short codes are too common to find by value. */
function leaves(value: unknown, at: string, into: Map<string, string[]>): void {
  if (Array.isArray(value)) for (const v of value) leaves(v, `${at}[]`, into);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) leaves(v, at ? `${at}.${k}` : k, into);
  else if ((typeof value === "string" && value.length >= 4) || (typeof value === "number" && Math.abs(value) >= 10)) {
    const list = into.get(at) ?? [];
    list.push(String(value));
    into.set(at, list);
  }
}

/** Every string and number in a parsed JSON value. */
const valuesOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(valuesOf) : value && typeof value === "object" ? Object.values(value).flatMap(valuesOf) : [String(value)];

const unescapeHtml = (s: string) =>
  s.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&amp;", "&");

/** Which fields reach which outputs in one build: field → outputs with a record whose value there appears. */
async function reach(dist: string, dataDir: string): Promise<{ seen: Set<string>; reached: Map<string, Set<Output>> }> {
  const layout = JSON.parse(readFileSync(path.join(dist, STORAGE.layout), "utf8")) as Layout;
  const rows = parse(readFileSync(path.join(dist, API.dataset.file({})), "utf8"), { columns: true }) as Record<string, string>[];
  const csvBySlug = new Map<string, string>();
  for (const row of rows) csvBySlug.set(row.device_slug!, `${csvBySlug.get(row.device_slug!) ?? ""}\n${Object.values(row).join("\n")}`);
  const SQL = await initSqlJs();
  const db = new SQL.Database(readFileSync(path.join(dist, API.datasetSqlite.file({}))));
  const sqlBySlug = new Map<string, string>();
  const tables = db.exec("SELECT name FROM sqlite_master WHERE type = 'table'")[0]!.values.map(([n]) => String(n));
  for (const table of tables) {
    const [result] = db.exec(`SELECT * FROM "${table}"`);
    if (!result) continue;
    const key = result.columns.indexOf(result.columns.includes("device_slug") ? "device_slug" : "slug");
    if (key < 0) continue;
    for (const row of result.values) {
      const slug = String(row[key]);
      sqlBySlug.set(slug, `${sqlBySlug.get(slug) ?? ""}\n${row.map((v) => (typeof v === "string" ? v : String(v))).join("\n")}`);
    }
  }
  db.close();
  const seen = new Set<string>();
  const reached = new Map<string, Set<Output>>();
  const devices = path.join(dataDir, "devices");
  for (const slug of rows.map((r) => r.device_slug!).filter((s, i, all) => all.indexOf(s) === i)) {
    const raw = JSON.parse(readFileSync(path.join(devices, `${slug}.json`), "utf8"));
    const documents = [API.record, API.evidence].map((r) => JSON.parse(readFileSync(path.join(dist, r.file({ device_slug: slug }, layout)), "utf8")));
    const texts: Record<Output, string> = {
      csv: csvBySlug.get(slug) ?? "",
      sqlite: sqlBySlug.get(slug) ?? "",
      documents: valuesOf(documents).join("\n"),
      page: unescapeHtml(readFileSync(path.join(dist, PAGES.device.file({ device_slug: slug }, layout)), "utf8")),
    };
    const fields = new Map<string, string[]>();
    leaves(raw, "", fields);
    for (const [field, values] of fields) {
      seen.add(field);
      const at = reached.get(field) ?? new Set<Output>();
      for (const o of OUTPUTS) if (values.some((v) => texts[o].includes(v))) at.add(o);
      reached.set(field, at);
    }
  }
  return { seen, reached };
}

describe("every record field reaches the CSV, the SQLite dump, the documents and the page", () => {
  it("or is listed as deliberately absent, with the reason", { timeout: 300_000 }, async () => {
    const builds = [
      await reach(inject("fixtureDist"), path.resolve(import.meta.dirname, "../fixtures/catalog")),
      await reach(inject("dataDist"), path.resolve(import.meta.dirname, "../../data")),
    ];
    const fields = new Set(builds.flatMap((b) => [...b.seen]));
    const missing: string[] = [];
    const stale: string[] = [];
    for (const field of [...fields].sort())
      for (const o of OUTPUTS) {
        const reaches = builds.some((b) => b.reached.get(field)?.has(o));
        if (!reaches && !(field in ABSENT[o])) missing.push(`${o}: ${field}`);
        if (reaches && field in ABSENT[o]) stale.push(`${o}: ${field}`);
      }
    expect(missing).toEqual([]);
    expect(stale).toEqual([]);
  });
});
