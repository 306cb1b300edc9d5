// What the CLI's fleet check takes from the fleet page's own code, bundled
// by scripts/generate.ts into src/generated/fleet.js (plain JavaScript, no
// dependency), so `device-lifecycle check` reads an export's columns,
// matches a row or a typed name and writes the report exactly as the page
// does (generator/browser/fleet-worker.ts), without a second copy of any of
// it. The one place the CLI names those modules: when one moves (the report
// to its own module, say), only this file and a regeneration follow.
// Only the CLI imports it; the library (src/index.js) stays small.
import { csvText } from "../../generator/derive/fleet-csv.ts";
import type { FleetIndex } from "../../generator/derive/fleet-files.ts";
import { type Columns, type Match, rowInput } from "../../generator/derive/fleet-match.ts";
import { detectOsColumns, rowOs } from "../../generator/derive/fleet-os.ts";
import { judgeRow, reportFile, reportRows, type OsJudge } from "../../generator/derive/fleet-report.ts";
import { judgeOs, OS_INDEX_FORMAT, type OsIndex } from "../../generator/derive/os-releases.ts";

export { FLEET_INDEX_FORMAT } from "../../generator/derive/fleet-files.ts";
export { detectColumns, fleetMatcher, looksLikeHeader, matchNote, rowInput, sniffDelimiter } from "../../generator/derive/fleet-match.ts";

/** The OS judge of an OS index the service gave, or null when it gave none (or one of another format): rows then get no OS verdict, as on the page. */
const judgeOf = (index: OsIndex | null): OsJudge | null => (index?.format === OS_INDEX_FORMAT ? (input) => judgeOs(index, input) : null);

/**
 * The fleet page's downloadable report (generator/browser/fleet-worker.ts):
 * each row judged twice, its device and the OS it runs, with its action as
 * of `today` (the reader's day, as the page takes the browser's); the
 * export's columns, then the report's; UTF-8 with a byte-order mark.
 */
export function reportCsv(
  table: { header: readonly string[]; rows: readonly (readonly string[])[]; columns: Columns },
  matches: readonly Match[],
  fleet: FleetIndex,
  slugs: readonly string[],
  osIndex: OsIndex | null,
  today: string,
): string {
  const judge = judgeOf(osIndex);
  const os = detectOsColumns(table.header);
  const results = table.rows.map((row, i) => judgeRow(fleet, matches[i]!, rowOs(row, os), rowInput(row, table.columns).manufacturer, judge, today));
  return reportFile(csvText(reportRows(table.header, table.rows, results, fleet, slugs)));
}
