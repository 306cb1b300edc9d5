// RFC 9457 problem details (problems.ts): every case has one stable type, an
// error status and a title; a problem carries the detail and any extension
// members the case needs, and its type never depends on the deployment. The
// words of the stored 404 and 410 bodies, and of the edge function's 404.
import { describe, expect, it } from "vitest";
import { goneProblem, noResourceDetail, PROBLEMS, problem, problemType, type ProblemCode } from "./problems.ts";

const CODES = Object.keys(PROBLEMS) as ProblemCode[];

describe("problem", () => {
  it.each([
    ["not-found", 404, "Not found"],
    ["gone", 410, "Record withdrawn"],
    ["invalid-limit", 400, "Invalid limit"],
    ["duplicate-parameter", 400, "Parameter given more than once"],
    ["method-not-allowed", 405, "Method not allowed"],
    ["rate-limited", 429, "Too many requests"],
    ["unavailable", 503, "Temporarily unavailable"],
  ] as [ProblemCode, number, string][])("%s: %d %s, with the detail given", (code, status, title) => {
    expect(problem(code, "what went wrong")).toEqual({ type: `/docs/problems#${code}`, title, status, detail: "what went wrong" });
  });

  it("adds the extension members a case needs after the standard ones", () => {
    const p = problem("gone", "Duplicate of alpha-phone", { replacedBy: "alpha-phone", withdrawnOn: "2026-11-01" });
    expect(Object.keys(p)).toEqual(["type", "title", "status", "detail", "replacedBy", "withdrawnOn"]);
    expect(p).toMatchObject({ status: 410, replacedBy: "alpha-phone" });
  });

  it.each(CODES)("%s has an error status, a title, and a type relative to the site (the same on every deployment)", (code) => {
    const { status, title } = PROBLEMS[code];
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
    expect(title.length).toBeGreaterThan(0);
    expect(problemType(code)).toMatch(/^\/docs\/problems#[a-z-]+$/);
  });

  it("gives every case its own type", () => expect(new Set(CODES.map(problemType)).size).toBe(CODES.length));
});

describe("the stored and computed words", () => {
  it("a 404 names the path where it can, and points at the docs", () => {
    expect(noResourceDetail("/api/v2/x")).toBe("No API resource exists at /api/v2/x. See /docs for the endpoints.");
    expect(noResourceDetail(null)).toBe("No published resource exists at this path. See /docs for the endpoints.");
  });

  it("a withdrawn record's 410 says when and why, and links its replacement when it has one", () => {
    expect(goneProblem({ slug: "old-watch", withdrawnOn: "2026-11-01", reason: "Duplicate" })).toEqual({
      type: "/docs/problems#gone",
      title: "Record withdrawn",
      status: 410,
      detail: 'The record "old-watch" was withdrawn on 2026-11-01: Duplicate',
      instance: "/api/v1/devices/old-watch",
      slug: "old-watch",
      reason: "Duplicate",
      withdrawnOn: "2026-11-01",
    });
    expect(goneProblem({ slug: "old-watch", withdrawnOn: "2026-11-01", reason: "Duplicate", replacedBy: "new-watch" })).toMatchObject({
      replacedBy: "new-watch",
      replacement: "/api/v1/devices/new-watch",
    });
  });
});
