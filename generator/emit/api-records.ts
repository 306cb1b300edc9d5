// The per-device JSON endpoints: record, evidence, and the 410 bodies of
// withdrawn records, in the files the resource table names.
import { deviceDocument, evidenceDocument } from "../derive/documents.ts";
import { problem } from "../contract/problems.ts";
import { API, STORAGE, pathOf } from "../contract/resources.ts";
import { devicesToWrite, type Emitter } from "./context.ts";

export const apiRecords: Emitter = {
  name: "records",
  emit(ctx) {
    const { catalog, site, out, layout } = ctx;
    for (const r of devicesToWrite(ctx)) {
      out.json(API.record.file({ device_slug: r.slug }, layout), deviceDocument(r, site));
      out.json(API.evidence.file({ device_slug: r.slug }, layout), evidenceDocument(r, site));
    }
    for (const r of catalog.withdrawn) {
      if (r.publication.state !== "withdrawn") continue;
      out.json(
        STORAGE.goneProblem(r.slug),
        problem("gone", `The record "${r.slug}" was withdrawn on ${r.publication.withdrawnOn}: ${r.publication.reason}`, {
          instance: pathOf(API.record, { device_slug: r.slug }),
          slug: r.slug,
          reason: r.publication.reason,
          withdrawnOn: r.publication.withdrawnOn,
          ...(r.publication.replacedBy
            ? { replacedBy: r.publication.replacedBy, replacement: pathOf(API.record, { device_slug: r.publication.replacedBy }) }
            : {}),
        }),
      );
    }
    out.json(STORAGE.layout, layout);
    out.json(STORAGE.notFoundProblem, problem("not-found", "No published resource exists at this path. See /docs for the endpoints."));
  },
};
