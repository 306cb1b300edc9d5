// Netlify's _redirects and _headers, written from the route table.
import { allRedirects, catalogHeaderRules, formatHeaders, formatRedirects, headerRules, siteHeaderRules } from "../serve/routes.ts";
import { supportYears } from "../derive/dataset-rows.ts";
import type { Emitter } from "./context.ts";

export const netlifyRules: Emitter = {
  name: "routes",
  emit({ catalog, site, out }) {
    out.write("_redirects", formatRedirects(allRedirects(catalog)));
    const years = [...new Set(catalog.published.flatMap(supportYears))].sort((a, b) => a - b);
    out.write("_headers", formatHeaders([...headerRules, ...siteHeaderRules(site), ...catalogHeaderRules(years)]));
  },
};
