// The per-device JSON endpoints: record and evidence, in the files the
// resource table names.
import { deviceDocument, evidenceDocument } from "../derive/documents.ts";
import { API } from "../contract/resources.ts";
import { devicesToWrite, type Emitter } from "./context.ts";

export const apiRecords: Emitter = {
  name: "records",
  emit(ctx) {
    const { site, out, layout } = ctx;
    for (const r of devicesToWrite(ctx)) {
      out.json(API.record.file({ device_slug: r.slug }, layout), deviceDocument(r, site));
      out.json(API.evidence.file({ device_slug: r.slug }, layout), evidenceDocument(r, site));
    }
  },
};
