// The NDJSON dump, /api/v1/devices.ndjson: every published record exactly as
// the record endpoint answers it (derive/documents.ts), one compact JSON
// document per line, in slug order, so a consumer can stream the catalog
// without paging and without holding it whole. Written piece by piece: the
// build never joins it into one string.
import { deviceDocument } from "../derive/documents.ts";
import { API } from "../contract/resources.ts";
import { outputMemo } from "../derive/memo.ts";
import type { DeviceRecord } from "../schema/record.ts";
import type { Emitter } from "./context.ts";
import { jsonLine } from "../contract/json-text.ts";

/** A record's line, kept for a watch session's later rebuilds (a single build keeps none). */
const sessionLines = outputMemo((r, site) => jsonLine(deviceDocument(r, site)));

export const devicesNdjson: Emitter = {
  name: "devices-ndjson",
  emit({ catalog, site, out, watching }) {
    const lineOf = watching ? sessionLines(true) : (r: DeviceRecord) => jsonLine(deviceDocument(r, site));
    function* lines() {
      for (const r of catalog.published) yield lineOf(r, site);
    }
    out.writeParts(API.devicesNdjson.file({}), lines());
  },
};
