// The per-device JSON endpoints: record, evidence, and the 410 bodies of
// withdrawn records. Files are named for the route table's rewrites.
import { deviceDocument, evidenceDocument } from "../derive/documents.ts";
import { problem } from "../contract/problems.ts";
import { devicesToWrite, type Emitter } from "./context.ts";

export const apiRecords: Emitter = {
  name: "records",
  emit(ctx) {
    const { catalog, site, out } = ctx;
    for (const r of devicesToWrite(ctx)) {
      out.json(`api/v1/devices/${r.slug}.json`, deviceDocument(r, site));
      // Flat (not devices/<slug>/evidence.json): one folder per device would cost a mkdir each.
      out.json(`api/v1/evidence/${r.slug}.json`, evidenceDocument(r, site));
    }
    for (const r of catalog.withdrawn) {
      if (r.publication.state !== "withdrawn") continue;
      out.json(
        `api/v1/problems/gone/${r.slug}.json`,
        problem("gone", `The record "${r.slug}" was withdrawn on ${r.publication.withdrawnOn}: ${r.publication.reason}`, {
          instance: `/api/v1/devices/${r.slug}`,
          slug: r.slug,
          reason: r.publication.reason,
          withdrawnOn: r.publication.withdrawnOn,
        }),
      );
    }
    out.json("api/v1/problems/not-found.json", problem("not-found", "No published resource exists at this path. See /docs for the endpoints."));
  },
};
