// What the client takes from the service's own code, bundled by
// scripts/generate.ts into src/generated/contract.js (plain JavaScript, no
// dependency), so the published package carries the repository's paths,
// bounds and the fleet page's column recognition without a second copy of
// them and without zod or the generator at run time.
import type { VERDICT_CODES } from "../../generator/contract/verdicts.ts";
import { API } from "../../generator/contract/resources.ts";

export { MAX_LIMIT, ITEMS, SLUG_PATTERN } from "../../generator/contract/list-params.ts";
export { detectColumns, looksLikeHeader, rowInput, sniffDelimiter } from "../../generator/derive/fleet-match.ts";
export { normalize } from "../../generator/derive/search.ts";

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
