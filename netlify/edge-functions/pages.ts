// The pages edge function: a device page from its sharded file
// (generator/serve/device-pages.ts createPageHandler). It has no `config`: a build
// whose device pages are sharded declares it on /devices/* through
// .netlify/v1/config.json (generator/serve/edge-paths.ts
// netlifyDeployConfig); a flat build leaves the pages to the CDN alone.
import { createPageHandler } from "../../generator/serve/device-pages.ts";

export default createPageHandler({ fetch: (url) => fetch(url) });
