// The catalog in data/ against its sources, as a reader would check it:
// every published record whose endoflife.date release says security support
// has ended reads as ended; no Apple device whose last OS cycle is still
// patched reads as ended; and the committed verdict sanity report lists no
// contradiction without its explanation.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readCatalog } from "../../generator/load/read.ts";
import { readProductFile } from "../../importers/endoflife-releases.ts";
import { readRelease, type ReleaseReading } from "../../importers/endoflife-readings.ts";
import { readOsFile } from "../../importers/endoflife-os.ts";
import type { SanityReport } from "../../importers/verdict-sanity.ts";
import { verdictOf } from "../../generator/derive/verdict.ts";
import type { DeviceRecord } from "../../generator/schema/record.ts";
import { realSources } from "../helpers/endoflife.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The day the suite judges the catalog on; a later day only moves more records to ended. */
const TODAY = "2026-11-24";

let readings: { reading: ReleaseReading; record: DeviceRecord }[] = [];

beforeAll(async () => {
  const { folder, input } = realSources();
  const osFiles = new Map(input.osFiles.map((o) => [o.name, readOsFile(o).os!]));
  const { records } = await readCatalog(path.join(ROOT, "data"));
  const bySlug = new Map(records.map((l) => [l.record.slug, l.record]));
  readings = input.products.flatMap((p) => {
    const { product } = readProductFile(p.path, p.name, p.text);
    return product!.releases.flatMap((release) => {
      const reading = readRelease(product!, release, { ...folder.recorded!, checked: TODAY, osFiles });
      const record = bySlug.get(reading.slug);
      return record?.publication.state === "published" ? [{ reading, record }] : [];
    });
  });
});

describe("data/ says what its sources say", () => {
  it("reads every release its source marks as ended (eol: true) as ended", () => {
    const ended = readings.filter(({ reading }) => reading.security?.cell.value === true && !reading.column);
    expect(ended.length).toBeGreaterThan(200);
    const wrong = ended.filter(({ record }) => verdictOf(record, TODAY).code !== "security-ended").map(({ record }) => record.slug);
    expect(wrong).toEqual([]);
  });

  it("reads every Apple device whose last OS cycle ended as ended, with the cycle's last release as the last update observed", () => {
    const ended = readings.filter(({ reading }) => reading.column && reading.security?.kind === "lastUpdate");
    expect(ended.length).toBeGreaterThan(20);
    for (const { record, reading } of ended) {
      expect(verdictOf(record, TODAY).code, record.slug).toBe("security-ended");
      expect(record.support.security[0]!.lastUpdate, record.slug).toEqual(reading.security!.date);
    }
  });

  it("never reads an Apple device whose last OS cycle is still patched as ended", () => {
    const patched = readings.filter(({ reading }) => reading.column && reading.security?.status === "supported");
    expect(patched.length).toBeGreaterThan(60);
    const wrong = patched.filter(({ record }) => verdictOf(record, TODAY).code === "security-ended").map(({ record }) => record.slug);
    expect(wrong).toEqual([]);
    // The iPhone 8's file notes a last update in 2025; iOS 16, its last major, is still patched.
    expect(verdictOf(patched.find(({ record }) => record.slug === "apple-iphone-8")!.record, TODAY).code).toBe("security-only");
  });

  it("gives no record 'unknown' where its source states a status", () => {
    // An estimate states none of its own: never an end, and continuing only where that listing lapses before it (docs/import.md).
    const stated = readings.filter(
      ({ reading }) => reading.security && reading.security.status !== "dated" && (reading.security.status !== "estimate" || reading.security.listing),
    );
    const unknown = stated.filter(({ record }) => verdictOf(record, TODAY).code === "unknown").map(({ record }) => record.slug);
    expect(unknown).toEqual([]);
  });

  it("has a sanity report with every contradiction explained", () => {
    const report: SanityReport = JSON.parse(readFileSync(path.join(ROOT, "data/import/verdict-sanity.json"), "utf8"));
    expect(report.totals.records).toBeGreaterThan(1000);
    expect(report.totals.unexplained).toBe(0);
    expect(report.contradictions.filter((c) => !c.explanation)).toEqual([]);
  });
});
