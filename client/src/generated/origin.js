// The API origin this copy of the package calls by default. The repository keeps it
// null: the production origin is the deploy's own (Netlify's URL, generator/derive/site.ts),
// so `npm pack` writes it here from BASE_URL or SITE_URL (scripts/stamp-origin.ts) and puts null back after.
export const DEFAULT_BASE_URL = null;
