// npm run preview -- --dir DIR --port N [--no-rate-limit]
import { existsSync } from "node:fs";
import path from "node:path";
import { startPreview } from "../serve/preview.ts";
import { cliArgs } from "../load/flags.ts";
import { parsePort } from "./args.ts";

const args = cliArgs({
  dir: { type: "string", default: "dist" },
  port: { type: "string", default: process.env.PORT ?? "8080" },
  "no-rate-limit": { type: "boolean", default: false },
});
const dir = args.dir as string;
if (!existsSync(path.join(dir, "_redirects"))) {
  console.error(`error: ${dir}/ is not a build (no _redirects); run npm run build first`);
  process.exit(2);
}
const port = parsePort(args.port as string);
const { url } = await startPreview({ dir, port, rateLimit: !args["no-rate-limit"] });
console.log(`[preview] serving ${dir}/ on ${url} (rate limit ${args["no-rate-limit"] ? "off" : "on"})`);
