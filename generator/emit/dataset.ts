// The CSV dataset: the whole published catalog (/api/v1/dataset) and one
// file per support year (/api/v1/dataset/<year>.csv, also answered at
// /api/v1/dataset?year=<year>). Each record's rows are quoted once and the
// chunks joined into every file that includes the record.
import { stringify } from "csv-stringify/sync";
import { DATASET_COLUMNS, datasetRows, supportYears } from "../derive/dataset-rows.ts";
import { outputMemo } from "../derive/memo.ts";
import { CSV_OPTIONS } from "../derive/csv-cells.ts";
import path from "node:path";
import { API } from "../contract/resources.ts";
import type { Emitter } from "./context.ts";

const HEADER = stringify([DATASET_COLUMNS.map((c) => c.name)], CSV_OPTIONS);

/** A record's rows, quoted once; the rows depend only on the record and the site. */
const csvChunks = outputMemo((r, site) => stringify(datasetRows(site)(r), CSV_OPTIONS));

/** Where a watch session keeps each file's chunks as last written, by file (EmitContext.kept). */
const WRITTEN = "dataset:written";

/** Two files' lists of chunks: the same records' same rows (unchanged records' chunks are the very same strings, so this is quick). */
const same = (a: readonly string[] | undefined, b: readonly string[]) => a !== undefined && a.length === b.length && a.every((chunk, i) => chunk === b[i]);

export const dataset: Emitter = {
  name: "dataset",
  emit({ catalog, site, out, watching, only, kept }) {
    const csvChunk = csvChunks(watching);
    const all: string[] = [HEADER];
    const byYear = new Map<number, string[]>();
    for (const r of catalog.published) {
      const chunk = csvChunk(r, site);
      all.push(chunk);
      for (const y of supportYears(r)) {
        let file = byYear.get(y);
        if (!file) byYear.set(y, (file = [HEADER]));
        file.push(chunk);
      }
    }
    const files = new Map([
      [API.dataset.file({}), all],
      ...[...byYear].map(([year, chunks]) => [API.datasetYear.file({ year: String(year) }), chunks] as const),
    ]);
    // In place, only the files whose chunks changed are written, and a year file no record reaches any more is removed.
    const last = only ? (kept?.get(WRITTEN) as Map<string, string[]> | undefined) : undefined;
    if (!last) out.clearDir(path.posix.dirname(API.datasetYear.file({ year: "0" })));
    for (const [file, chunks] of files) if (!same(last?.get(file), chunks)) out.writeParts(file, chunks);
    for (const file of last?.keys() ?? []) if (!files.has(file)) out.remove(file);
    kept?.set(WRITTEN, files);
  },
};
