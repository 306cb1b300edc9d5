// The whole-catalog dumps read back by real clients: the NDJSON line by line
// (node:readline over the HTTP answer, each line parsed with the record
// response schema and compared with the record endpoint), and the SQLite
// database in the sqlite3 shell (Debian's sqlite3; .ci/run installs it):
// integrity, foreign keys, the documented schema, and the catalog's facts.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DeviceDocument } from "../../generator/schema/responses.ts";
import { ABOUT_TABLE, SQLITE_TABLES } from "../../generator/derive/sqlite-tables.ts";
import { SQLITE_SCHEMA_VERSION } from "../../generator/emit/sqlite-file.ts";
import { identifierKey } from "../../generator/contract/identifiers.ts";
import { PUBLISHED_FIXTURES, servePreview, tempDir, type Preview } from "../helpers/build.ts";

const hasSqlite3 = (() => {
  try {
    execFileSync("sqlite3", ["-version"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
})();

let dist: string;
let preview: Preview;
beforeAll(async () => {
  dist = inject("fixtureDist");
  preview = await servePreview(dist);
});
afterAll(() => preview?.close());

describe("/api/v1/devices.ndjson", () => {
  it("read line by line, holds every published record, each line the record endpoint's document", async () => {
    const res = await fetch(`${preview.url}/api/v1/devices.ndjson`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-ndjson; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="device-lifecycle-records.ndjson"');
    expect(res.headers.get("link")).toBe('</license>; rel="license"');
    const lines = createInterface({ input: Readable.fromWeb(res.body as never), crlfDelay: Number.POSITIVE_INFINITY });
    const slugs: string[] = [];
    for await (const line of lines) {
      expect(line).not.toContain("\n");
      const doc = DeviceDocument.parse(JSON.parse(line));
      const record = await (await fetch(`${preview.url}/api/v1/devices/${doc.slug}`)).json();
      expect(doc, doc.slug).toEqual(record);
      slugs.push(doc.slug);
    }
    expect(slugs).toEqual([...PUBLISHED_FIXTURES].sort());
    const raw = readFileSync(path.join(dist, "api/v1/devices.ndjson"), "utf8");
    expect(raw.endsWith("}\n")).toBe(true);
    expect(raw.split("\n")).toHaveLength(slugs.length + 1);
  });
});

/** Skipped where the sqlite3 shell is missing, except on CI (.ci/run installs it), where a missing one fails. */
describe.skipIf(!hasSqlite3 && !process.env.CI)("/api/v1/dataset.sqlite in the sqlite3 shell", () => {
  let file: string;
  const sql = (query: string) => execFileSync("sqlite3", ["-readonly", "-json", file, query], { encoding: "utf8" });
  const rows = (query: string): Record<string, unknown>[] => {
    const out = sql(query).trim();
    return out ? JSON.parse(out) : [];
  };

  beforeAll(async () => {
    // Downloaded through the API, as a client gets it.
    const res = await fetch(`${preview.url}/api/v1/dataset.sqlite`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.sqlite3");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="device-lifecycle-dataset.sqlite"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(bytes.byteLength);
    file = path.join(tempDir("dl-sqlite-"), "dataset.sqlite");
    writeFileSync(file, bytes);
  });

  it("opens, passes SQLite's integrity and foreign key checks, and says its schema version", () => {
    expect(rows("PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
    expect(rows("PRAGMA foreign_key_check")).toEqual([]);
    expect(rows("PRAGMA user_version")).toEqual([{ user_version: SQLITE_SCHEMA_VERSION }]);
    expect(rows("PRAGMA page_size")).toEqual([{ page_size: 4096 }]);
    // VACUUMed: no free pages left behind.
    expect(rows("PRAGMA freelist_count")).toEqual([{ freelist_count: 0 }]);
  });

  it("has the documented tables, columns and indexes, and docs/dumps.md lists the same", () => {
    const docs = readFileSync(path.resolve(import.meta.dirname, "../../docs/dumps.md"), "utf8");
    for (const t of [...SQLITE_TABLES, ABOUT_TABLE]) {
      const columns = rows(`PRAGMA table_info("${t.name}")`);
      expect(
        columns.map((c) => c.name),
        t.name,
      ).toEqual(t.columns.map((c) => c.name));
      expect(
        columns.filter((c) => c.pk).map((c) => c.name),
        t.name,
      ).toEqual(expect.arrayContaining(t.primaryKey));
      const indexes = rows(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = '${t.name}' AND sql IS NOT NULL ORDER BY name`).map(
        (r) => r.name,
      );
      expect(indexes, t.name).toEqual(t.indexes.map((cols) => `${t.name}_by_${cols.join("_")}`).sort());
      // Each table has its section, listing its columns in order.
      const section = docs.slice(docs.indexOf(`### \`${t.name}\``)).split("\n### ")[0]!;
      expect(section, `docs/dumps.md documents ${t.name}`).not.toBe("");
      expect(
        [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]),
        `docs/dumps.md columns of ${t.name}`,
      ).toEqual(t.columns.map((c) => c.name));
    }
  });

  it("holds every published record, its variants, identifiers, commitments and sources", () => {
    const devices = rows("SELECT slug FROM devices ORDER BY slug").map((r) => r.slug);
    expect(devices).toEqual([...PUBLISHED_FIXTURES].sort());
    for (const slug of PUBLISHED_FIXTURES) {
      const record = JSON.parse(readFileSync(path.join(dist, `api/v1/devices/${slug}.json`), "utf8"));
      const evidence = JSON.parse(readFileSync(path.join(dist, `api/v1/evidence/${slug}.json`), "utf8"));
      const [device] = rows(`SELECT * FROM devices WHERE slug = '${slug}'`);
      expect(device).toMatchObject({
        name: record.name,
        verdict_code: record.verdict.code,
        verdict_label: record.verdict.label,
        updated: record.updated,
        page_url: record.links.page,
      });
      expect(rows(`SELECT model FROM variants WHERE device_slug = '${slug}' ORDER BY variant_index`).map((r) => r.model)).toEqual(
        record.variants.map((v: { model: string }) => v.model),
      );
      expect(rows(`SELECT count(*) AS n FROM variant_regions WHERE device_slug = '${slug}'`)[0]!.n).toBe(
        record.variants.reduce((n: number, v: { regions: string[] }) => n + v.regions.length, 0),
      );
      expect(rows(`SELECT kind, value, source_id FROM identifiers WHERE device_slug = '${slug}' ORDER BY variant_index, identifier_index`)).toEqual(
        evidence.identifiers.map((i: { kind: string; value: string; sourceId: string }) => ({ kind: i.kind, value: i.value, source_id: i.sourceId })),
      );
      for (const kind of ["os", "security"] as const) {
        const got = rows(
          `SELECT commitment_id, status, "end", end_precision, minimum, evidence_level FROM commitments WHERE device_slug = '${slug}' AND kind = '${kind}' ORDER BY commitment_index`,
        );
        expect(got, `${slug} ${kind}`).toEqual(
          record.support[kind].map((c: Record<string, any>) => ({
            commitment_id: c.id,
            status: c.status,
            end: c.end?.value ?? null,
            end_precision: c.end?.precision ?? null,
            minimum: c.minimum?.value ?? null,
            evidence_level: c.evidenceLevel,
          })),
        );
      }
      expect(rows(`SELECT source_id AS id, url, checked FROM sources WHERE device_slug = '${slug}' ORDER BY source_id`)).toEqual(
        [...evidence.sources]
          .sort((a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1))
          .map((s: { id: string; url: string; checked?: string }) => ({ id: s.id, url: s.url, checked: s.checked ?? null })),
      );
    }
  });

  it("answers the questions a fleet asks: a model code's device, ends by a day, sources of a claim", () => {
    expect(rows(`SELECT device_slug, model FROM identifiers WHERE lookup_key = '${identifierKey("sm_a525f")}'`)).toEqual([
      { device_slug: "alpha-phone", model: "A1" },
    ]);
    // A month-precision end is the whole month: it has ended by its last day, not its first.
    expect(rows(`SELECT "end", end_first_day, end_last_day FROM commitments WHERE device_slug = 'alpha-phone' AND kind = 'os'`)).toEqual([
      { end: "2030-10", end_first_day: "2030-10-01", end_last_day: "2030-10-31" },
    ]);
    const joined = rows(
      "SELECT s.url FROM commitment_sources cs JOIN sources s USING (device_slug, source_id) WHERE cs.device_slug = 'alpha-phone' AND cs.kind = 'security'",
    );
    expect(joined.length).toBeGreaterThan(0);
    // The query plan uses the documented index.
    expect(sql("EXPLAIN QUERY PLAN SELECT * FROM identifiers WHERE lookup_key = 'X'")).toContain("identifiers_by_lookup_key");
    // Reuse terms travel with the file.
    const about = Object.fromEntries(rows("SELECT key, value FROM about").map((r) => [r.key, r.value]));
    expect(about.attribution).toMatch(/^Device lifecycle data from Device Lifecycle Records/);
    expect(about.records).toBe(String(PUBLISHED_FIXTURES.length));
  });

  it("holds the EU label's values as registered and each record's recall review", () => {
    expect(
      rows(
        "SELECT scheme, eu_class, eu_index, eu_registration, eu_declared_min_software_years, scope_models FROM repairability WHERE device_slug = 'kappa-phone'",
      ),
    ).toEqual([
      {
        scheme: "EU energy label repairability class (Regulation (EU) 2023/1669)",
        eu_class: "C",
        eu_index: 2.96,
        eu_registration: 1234567,
        eu_declared_min_software_years: 5,
        scope_models: '["KAPPA-A1"]',
      },
    ]);
    expect(rows("SELECT recall_review FROM devices WHERE slug = 'beta-tablet'")).toEqual([{ recall_review: "Recall review: not performed." }]);
    const [gamma] = rows("SELECT result, searched_model, matches FROM recall_reviews WHERE device_slug = 'gamma-phone'");
    expect(gamma).toMatchObject({ result: "match", searched_model: "Gamma Phone" });
    expect(JSON.parse(gamma!.matches as string)[0]).toMatchObject({
      number: "26-001",
      hazard: "the charger can overheat",
      remedy: "a free replacement charger",
    });
  });

  it("keeps hostile record text as data", () => {
    const [hostile] = rows("SELECT name FROM devices WHERE slug = 'hostile-device'");
    const record = JSON.parse(readFileSync(path.join(dist, "api/v1/devices/hostile-device.json"), "utf8"));
    expect(hostile!.name).toBe(record.name);
  });
});
