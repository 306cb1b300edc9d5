// The Netlify Edge Function: the request core (generator/serve/core.ts) as a
// plain export, on the paths and with the rate limit of
// generator/serve/edge-paths.ts. It decides every answer on those paths:
// status, media type, headers, ETag, 304 and HEAD (docs/API.md). Its reads of
// the stored files it keeps per isolate go through a same-origin fetch.
import { createEdgeHandler } from "../../generator/serve/core.ts";
import { EDGE_CONFIG } from "../../generator/serve/edge-paths.ts";

export default createEdgeHandler({ fetch: (url) => fetch(url) });

export const config = EDGE_CONFIG;
