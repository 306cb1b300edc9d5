// The fixture catalog's records (test/fixtures/catalog/devices), parsed by the
// record schema, for unit tests of pure modules. Each call gives fresh objects,
// so a test may change one without touching another's (and per-record memos,
// derive/memo.ts, never hand back a value computed for another test's copy).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DeviceRecord } from "../../generator/schema/record.ts";

export const FIXTURE_DEVICES = path.resolve(import.meta.dirname, "../fixtures/catalog/devices");

/** One fixture record by slug, with top-level fields replaced by `patch`. */
export function fixtureRecord(slug: string, patch: Partial<DeviceRecord> = {}): DeviceRecord {
  const record = DeviceRecord.parse(JSON.parse(readFileSync(path.join(FIXTURE_DEVICES, `${slug}.json`), "utf8")));
  return { ...record, ...structuredClone(patch) };
}

/** Every fixture record, in file-name order. */
export function fixtureRecords(): DeviceRecord[] {
  return readdirSync(FIXTURE_DEVICES).map((f) => fixtureRecord(path.basename(f, ".json")));
}

/** The site the unit tests build links and verdicts for. */
export const TEST_SITE = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example", now: "2026-11-22" } as const;
