// Media types and cache lifetimes the API promises (docs/API.md).
export const MEDIA = {
  json: "application/json; charset=utf-8",
  problem: "application/problem+json; charset=utf-8",
  csv: "text/csv; charset=utf-8; header=present",
  svg: "image/svg+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
  ics: "text/calendar; charset=utf-8",
  html: "text/html; charset=utf-8",
  text: "text/plain; charset=utf-8",
  /** Newline-delimited JSON: one UTF-8 JSON document per line. */
  ndjson: "application/x-ndjson; charset=utf-8",
  /** IANA's type for a SQLite database file. */
  sqlite: "application/vnd.sqlite3",
} as const;

/** Five minutes fresh, then stale revalidation; a day of stale-if-error so consumers keep the last good answer. */
export const API_CACHE = "public, max-age=300, stale-while-revalidate=300, stale-if-error=86400";

/** Answers that depend on the moment (the rate limit, a passing failure): never stored. */
export const NO_STORE = "no-store";

/** A file whose name holds a hash of its content (the pages' assets): a changed file is a new address, so it never needs revalidating. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
