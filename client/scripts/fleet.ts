// What the CLI's fleet check takes from the fleet page's own code, bundled
// by scripts/generate.ts into src/generated/fleet.js (plain JavaScript, no
// dependency but csv-stringify), so `device-lifecycle check` reads an export's columns,
// matches a row or a typed name and writes the report exactly as the page
// does (generator/browser/fleet-worker.ts), without a second copy of any of
// it. The one place the CLI names those modules: when one moves (the report
// to its own module, say), only this file and a regeneration follow.
// Only the CLI imports it; the library (src/index.js) stays small.
import { stringify } from "csv-stringify/sync";
import { CSV_OPTIONS } from "../../generator/derive/csv-cells.ts";
import type { FleetIndex } from "../../generator/derive/fleet-files.ts";
import { type Match, reportRows } from "../../generator/derive/fleet-match.ts";

export { FLEET_INDEX_FORMAT } from "../../generator/derive/fleet-files.ts";
export { detectColumns, fleetMatcher, looksLikeHeader, matchNote, rowInput, sniffDelimiter } from "../../generator/derive/fleet-match.ts";

/** The byte-order mark Excel needs to read a CSV file as UTF-8 (accented names would otherwise be garbled). */
const BOM = "\uFEFF";

/** The fleet page's downloadable report (the export's columns, then the report's), as CSV text with a byte-order mark. */
export function reportCsv(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  matches: readonly Match[],
  fleet: FleetIndex,
  slugs: readonly string[],
): string {
  return BOM + stringify(reportRows(header, rows, matches, fleet, slugs), CSV_OPTIONS);
}
