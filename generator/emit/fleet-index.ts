// The fleet check's static index (derive/fleet-index.ts), one file under
// /fleet-index/v1/: what the /fleet page reads instead of the rate-limited API.
import { PAGES } from "../contract/resources.ts";
import { FLEET_INDEX_FILE } from "../derive/fleet-files.ts";
import { fleetDevice, fleetIndex } from "../derive/fleet-index.ts";
import type { Emitter } from "./context.ts";
import { jsonLine } from "../contract/json-text.ts";
import { recordViews } from "./record-views.ts";

/** What the index holds of a published record: its row, and what its search line and identifier keys are made of. */
const views = recordViews("fleet-index", (r, site) =>
  r.publication.state === "published" ? JSON.stringify([fleetDevice(r, site), r.deviceType, r.aliases, r.variants]) : "",
);

export const fleetIndexFile: Emitter = {
  name: "fleet-index",
  emit(ctx) {
    if (views.unchanged(ctx)) return;
    const { catalog, site, out } = ctx;
    out.write(PAGES.fleetIndex.file({ file: FLEET_INDEX_FILE }), jsonLine(fleetIndex(catalog.published, site)));
    views.written(ctx);
  },
};
