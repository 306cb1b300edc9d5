// The fleet check's static index (derive/fleet-index.ts), one file under
// /fleet-index/v1/: what the /fleet page reads instead of the rate-limited API.
import { PAGES } from "../contract/resources.ts";
import { FLEET_INDEX_FILE } from "../derive/fleet-files.ts";
import { fleetIndex } from "../derive/fleet-index.ts";
import type { Emitter } from "./context.ts";
import { jsonLine } from "../contract/json-text.ts";

export const fleetIndexFile: Emitter = {
  name: "fleet-index",
  emit({ catalog, site, out }) {
    out.write(PAGES.fleetIndex.file({ file: FLEET_INDEX_FILE }), jsonLine(fleetIndex(catalog.published, site)));
  },
};
