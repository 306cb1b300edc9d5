// Netlify's _redirects and _headers, written from the route table.
import { allRedirects, formatHeaders, formatRedirects, headerRules } from "../serve/routes.ts";
import type { Emitter } from "./context.ts";

export const netlifyRules: Emitter = {
  name: "routes",
  emit({ catalog, out }) {
    out.write("_redirects", formatRedirects(allRedirects(catalog)));
    out.write("_headers", formatHeaders(headerRules));
  },
};
