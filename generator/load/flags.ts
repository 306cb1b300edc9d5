// The command line, read: the flags every command shares (the site's and the
// importers'), parsed with Node's own parser; a bad flag exits 2 naming it.
import { parseArgs } from "node:util";

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
