// The OS release records (docs/os.md): /api/v1/os, one file per release at
// /api/v1/os/<os>/<release>, and the compact index the fleet page judges a
// row's OS with (/fleet-index/v1/os.json, beside the fleet index, read
// without an API request). Statuses are as of the build day; the files do
// not hold the day.
import { API, PAGES } from "../contract/resources.ts";
import { OS_INDEX_FILE, osIndex, osListDocument, releaseDocument } from "../derive/os-releases.ts";
import type { Emitter } from "./context.ts";
import { jsonLine } from "../contract/json-text.ts";

export const osReleases: Emitter = {
  name: "os-releases",
  emit({ osReleases: files, site, out }) {
    out.json(API.osList.file({}), osListDocument(files, site));
    for (const f of files) for (const r of f.releases) out.json(API.osRelease.file({ os: f.os, release: r.id }), releaseDocument(f, r, site));
    out.write(PAGES.fleetIndex.file({ file: OS_INDEX_FILE }), jsonLine(osIndex(files, site.now)));
  },
};
