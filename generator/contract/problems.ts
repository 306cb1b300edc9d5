// RFC 9457 problem details: one stable `type` per case, documented in
// docs/API.md#errors. Shared by the build (static error files), the request
// chain and the edge function.
import { API, PAGES, pathOf } from "./resources.ts";

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

/**
 * The 404's words at an API path that names nothing: the edge function's name
 * the path; the stored body the CDN answers with (`null`) cannot.
 */
export function noResourceDetail(pathname: string | null): string {
  return `No ${pathname === null ? "published resource exists at this path" : `API resource exists at ${pathname}`}. See ${PAGES.docs.path} for the endpoints.`;
}

/** What a withdrawn record's notice says (schema/record.ts publication, when withdrawn). */
export interface Withdrawal {
  slug: string;
  withdrawnOn: string;
  reason: string;
  replacedBy?: string;
}

/** The 410 body of a withdrawn record's API paths, stored at STORAGE.goneProblem. */
export function goneProblem({ slug, withdrawnOn, reason, replacedBy }: Withdrawal) {
  return problem("gone", `The record "${slug}" was withdrawn on ${withdrawnOn}: ${reason}`, {
    instance: pathOf(API.record, { device_slug: slug }),
    slug,
    reason,
    withdrawnOn,
    ...(replacedBy ? { replacedBy, replacement: pathOf(API.record, { device_slug: replacedBy }) } : {}),
  });
}
