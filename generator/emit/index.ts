// Every output family. To add an output, write an Emitter in its own module
// and list it here. The build runs them one after another, in this order:
// the SQLite dump first (in a watch session it is built on a thread of its
// own, beside all the others), the edge's files last, since their ETag
// manifest names every large file the others wrote.
import type { Emitter } from "./context.ts";
import { apiRecords } from "./api-records.ts";
import { edgeFiles } from "./edge-files.ts";
import { schemaFile } from "./schema.ts";
import { netlifyRules } from "./netlify.ts";
import { pages } from "./pages.ts";
import { dataset } from "./dataset.ts";
import { datasetSqlite } from "./dataset-sqlite.ts";
import { devicesNdjson } from "./devices-ndjson.ts";
import { shields } from "./shields.ts";
import { badges } from "./badge.ts";
import { feed } from "./feed.ts";
import { calendar } from "./calendar.ts";
import { openApiFile } from "./openapi.ts";
import { assets } from "./assets.ts";
import { searchIndex } from "./search-index.ts";
import { fleetIndexFile } from "./fleet-index.ts";
import { osReleases } from "./os-releases.ts";
import { shareImages } from "./share-images.ts";

export const emitters: Emitter[] = [
  datasetSqlite,
  pages,
  shareImages,
  assets,
  apiRecords,
  schemaFile,
  netlifyRules,
  dataset,
  devicesNdjson,
  badges,
  shields,
  feed,
  calendar,
  searchIndex,
  fleetIndexFile,
  osReleases,
  openApiFile,
  edgeFiles,
];
