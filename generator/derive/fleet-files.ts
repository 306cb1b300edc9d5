// The fleet check's static index file: its name, format and shape, which
// the build writes (fleet-index.ts) and the browser reads (fleet-match.ts,
// browser/fleet-worker.ts). Types only, so the browser's bundle carries no
// build code.
import type { PartialDate } from "../schema/record.ts";

export const FLEET_INDEX_FORMAT = "device-fleet-index/1";
/** The one file of the index, under PAGES.fleetIndex. */
export const FLEET_INDEX_FILE = "fleet.json";

/**
 * A commitment's documented end: its value and precision as the source gives
 * them (null when it records none), and what it covers; then its explicit
 * minimum ("at least until"), never an end, with its precision (null when none).
 */
export type FleetEnd = [
  value: string | null,
  precision: PartialDate["precision"] | null,
  coverage: string,
  minimum: string | null,
  minimumPrecision: PartialDate["precision"] | null,
];

/** An upcoming documented end, as the device calendars have it: UID, first day, the day after the last, summary, and DTSTAMP (the record's latest revision day). */
export type FleetEvent = [uid: string, start: string, endExclusive: string, summary: string, stamp: string];

/** A published record, at its position in the list index. */
export type FleetDevice = [
  name: string,
  manufacturer: string,
  verdictCode: string,
  /** The verdict's plain headline (derive/verdict-headline.ts), as the device page and the badge say it. */
  verdictHeadline: string,
  security: FleetEnd[],
  os: FleetEnd[],
  upcoming: FleetEvent[],
  /** The last OS version the hardware takes, in words ("iOS 18"), where its record documents one; else null. */
  takes: string | null,
];

export interface FleetIndex {
  format: typeof FLEET_INDEX_FORMAT;
  /** The canonical device pages' address, before the slug. */
  pages: string;
  /** The attribution the dataset license asks for, and the license's address. */
  attribution: string;
  license: string;
  /** The list's compact index (derive/list-index.ts format): slugs and search lines, in slug order. */
  index: string;
  /** The records, in the index's order. */
  devices: FleetDevice[];
  /** Identifier key → positions of the records that carry it (more than one only where the source shares the code). */
  identifiers: Record<string, number[]>;
}
