// RFC 9457 problem details: one stable `type` per case, documented in
// docs/API.md#errors. Shared by the build (static error files), the request
// chain and the edge function.
import { PAGES } from "./resources.ts";

export const PROBLEMS = {
  "not-found": { status: 404, title: "Not found" },
  gone: { status: 410, title: "Record withdrawn" },
  "invalid-limit": { status: 400, title: "Invalid limit" },
  "invalid-cursor": { status: 400, title: "Invalid cursor" },
  "cursor-mismatch": { status: 400, title: "Cursor belongs to another query" },
  "query-too-long": { status: 400, title: "Search query too long" },
  "invalid-type": { status: 400, title: "Unknown device type" },
  "duplicate-parameter": { status: 400, title: "Parameter given more than once" },
  "invalid-year": { status: 400, title: "Invalid year" },
  "method-not-allowed": { status: 405, title: "Method not allowed" },
  "rate-limited": { status: 429, title: "Too many requests" },
  unavailable: { status: 503, title: "Temporarily unavailable" },
} as const;

export type ProblemCode = keyof typeof PROBLEMS;

/** A stable, environment-independent type URI (a reference relative to the site). */
export const problemType = (code: ProblemCode) => `${PAGES.problemTypes.path}#${code}`;

export function problem(code: ProblemCode, detail: string, extra: Record<string, unknown> = {}) {
  const { status, title } = PROBLEMS[code];
  return { type: problemType(code), title, status, detail, ...extra };
}
