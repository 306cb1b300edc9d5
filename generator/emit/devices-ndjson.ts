// The NDJSON dump, /api/v1/devices.ndjson: every published record exactly as
// the record endpoint answers it (derive/documents.ts), one compact JSON
// document per line, in slug order, so a consumer can stream the catalog
// without paging and without holding it whole. Written piece by piece: the
// build never joins it into one string.
import { deviceDocument } from "../derive/documents.ts";
import { API } from "../contract/resources.ts";
import type { Emitter } from "./context.ts";
import { jsonLine } from "../contract/json-text.ts";

export const devicesNdjson: Emitter = {
  name: "devices-ndjson",
  emit({ catalog, site, out }) {
    function* lines() {
      for (const r of catalog.published) yield jsonLine(deviceDocument(r, site));
    }
    out.writeParts(API.devicesNdjson.file({}), lines());
  },
};
