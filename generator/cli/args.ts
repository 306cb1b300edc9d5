// The few flags the commands share, parsed with Node's own parser.
import { parseArgs } from "node:util";
import { siteFromEnv, type Site } from "../derive/site.ts";

type Options = Record<string, { type: "string" | "boolean"; default?: string | boolean }>;

export function cliArgs<T extends Options>(options: T) {
  return cliCommand(options, false).values;
}

/** Flags and, for commands that take them (npm run import -- endoflife DIR), positional words. */
export function cliCommand<T extends Options>(options: T, allowPositionals = true) {
  try {
    return parseArgs({ options, allowPositionals, strict: true });
  } catch (e) {
    console.error(`error: ${(e as Error).message}`);
    process.exit(2);
  }
}

/** Every problem of an import, one per line (file:line: message), then exit 2: nothing was written. */
export function stopWithProblems(lines: string[]): never {
  for (const l of lines) console.error(l);
  console.error(`\n${lines.length} problem(s); nothing was written.`);
  process.exit(2);
}

/** A TCP port (0: any free one) from a flag's text, or exit 2 naming the flag. */
export function parsePort(text: string, name = "--port"): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`error: ${name} must be an integer 0-65535 (got "${text}")`);
    process.exit(2);
  }
  return port;
}

/** Today in UTC, YYYY-MM-DD, or the pinned day (--now, or the flag named) after checking it. */
export function resolveNow(flag: string | undefined, name = "--now"): string {
  if (flag === undefined) return new Date().toISOString().slice(0, 10);
  const d = new Date(`${flag}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(flag) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== flag) {
    console.error(`error: ${name} must be a real day written YYYY-MM-DD (got "${flag}")`);
    process.exit(2);
  }
  return flag;
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
