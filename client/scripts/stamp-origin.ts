// `npm pack` and `npm publish` (prepack): writes the API origin the packed
// CLI calls by default into src/generated/origin.js, from the environment
// the site's own build reads (generator/derive/site.ts siteFromEnv: BASE_URL,
// else SITE_URL, else Netlify's URL in the production context). A pack with
// none of them stops: a published client must not default to localhost.
// postpack (`--reset`) puts the repository's null back.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { siteFromEnv } from "../../generator/derive/site.ts";

const FILE = path.resolve(import.meta.dirname, "../src/generated/origin.js");
const HEADER = [
  "// The API origin this copy of the package calls by default. The repository keeps it",
  "// null: the production origin is the deploy's own (Netlify's URL, generator/derive/site.ts),",
  "// so `npm pack` writes it here from BASE_URL or SITE_URL (scripts/stamp-origin.ts) and puts null back after.",
];

export function originModule(baseUrl: string | null): string {
  return `${[...HEADER, `export const DEFAULT_BASE_URL = ${JSON.stringify(baseUrl)};`].join("\n")}\n`;
}

if (process.argv.includes("--reset")) writeFileSync(FILE, originModule(null));
else {
  const env = process.env;
  if (!env.BASE_URL && !env.SITE_URL && !(env.NETLIFY === "true" && env.CONTEXT === "production" && env.URL)) {
    console.error("stamp-origin: set BASE_URL (or SITE_URL) to the production API origin, such as https://devices.example, before npm pack");
    process.exit(1);
  }
  const { baseUrl } = siteFromEnv(env, "1970-01-01");
  writeFileSync(FILE, originModule(baseUrl));
  console.error(`stamp-origin: the packed CLI calls ${baseUrl} by default`);
}
