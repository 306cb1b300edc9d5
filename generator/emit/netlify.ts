// Netlify's _redirects and _headers, written from the rules of what the CDN
// answers by itself (derive/routes.ts).
import { allRedirects, formatHeaders, formatRedirects, headerRules, siteHeaderRules } from "../derive/routes.ts";
import type { Emitter } from "./context.ts";

export const netlifyRules: Emitter = {
  name: "routes",
  emit({ catalog, site, out }) {
    out.write("_redirects", formatRedirects(allRedirects(catalog)));
    out.write("_headers", formatHeaders([...headerRules, ...siteHeaderRules(site)]));
  },
};
