// What the client takes from the service's own code, bundled by
// scripts/generate.ts into src/generated/contract.js (plain JavaScript, no
// dependency), so the published package carries the repository's paths and
// bounds without a second copy of them and without zod or the generator at
// run time. (The fleet page's matching, which only the CLI needs, is
// scripts/fleet.ts.)
import type { VERDICT_CODES } from "../../generator/contract/verdicts.ts";
import { API, PAGES } from "../../generator/contract/resources.ts";
import { FLEET_INDEX_FILE } from "../../generator/derive/fleet-files.ts";
import { OS_INDEX_FILE } from "../../generator/derive/os-releases.ts";

export { MAX_LIMIT, ITEMS, SLUG_PATTERN } from "../../generator/contract/list-params.ts";

/** The paths the client calls; {name} stands for a percent-encoded parameter. */
export const PATHS = {
  list: API.list.path,
  record: API.record.path,
  evidence: API.evidence.path,
  identifier: API.identifier.path,
  dataset: API.dataset.path,
  datasetYear: API.datasetYear.path,
  ndjson: API.devicesNdjson.path,
  sqlite: API.datasetSqlite.path,
  /** The fleet page's one static file of the catalog (docs/fleet.md#the-index-file): not the API, so no rate limit. */
  fleetIndex: PAGES.fleetIndex.path.replace("{file}", FLEET_INDEX_FILE),
  /** The OS releases' static index beside it (docs/os.md): what the report judges each row's OS against. */
  osIndex: PAGES.fleetIndex.path.replace("{file}", OS_INDEX_FILE),
} as const;

type VerdictCode = (typeof VERDICT_CODES)[number];

/**
 * What `--fail-on` fails on: the verdict codes (decided by security support
 * first, docs/API.md#record-states-and-verdicts) at or past each threshold.
 * "ending-soon" includes ended: a pipeline that fails before an end keeps
 * failing after it.
 */
export const FAIL_ON = {
  ended: ["security-ended"],
  "ending-soon": ["security-ended", "security-ending-soon"],
} as const satisfies Record<string, readonly VerdictCode[]>;
