// The flags only the site's commands read: the port and the site. Those the
// importers read too are in load/flags.ts.
import { siteFromEnv, type Site } from "../derive/site.ts";

/** A TCP port (0: any free one) from a flag's text, or exit 2 naming the flag. */
export function parsePort(text: string, name = "--port"): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`error: ${name} must be an integer 0-65535 (got "${text}")`);
    process.exit(2);
  }
  return port;
}

/** The site from SITE_URL and BASE_URL (else `fallback`) for the as-of day, or exit 2 naming the bad variable. */
export function resolveSite(now: string, fallback?: string): Site {
  try {
    return siteFromEnv(process.env, now, fallback);
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    process.exit(2);
  }
}
