// Every problem type a request can meet, as any client sees it: its status,
// problem+json, the documented `type` (an anchor of /docs/problems), a title,
// a detail and the instance it is about (the request's path and query).
import { expect, it } from "vitest";
import { PROBLEMS, type ProblemCode } from "../../generator/contract/problems.ts";
import type { HttpTarget } from "../helpers/targets.ts";
import { isRetried404 } from "./netlify-dev.ts";

/** A request for each problem a client can cause (rate-limited: test/http/rate-limit.ts; unavailable: test/api-docs). */
const CAUSES: [ProblemCode, string, RequestInit?][] = [
  ["not-found", "/api/v1/devices/no-such-device"],
  ["not-found", "/api/v1/calendar/no-such-device.ics"],
  ["not-found", "/api/v1/dataset?year=2025"],
  ["not-found", "/api/v1/no/such/path?x=1"],
  ["not-found", "/api/v1/list/pages/nope.json"],
  ["gone", "/api/v1/devices/eta-phone"],
  ["invalid-year", "/api/v1/dataset/20x5.csv"],
  ["invalid-limit", "/api/v1/devices?limit=0"],
  ["invalid-cursor", "/api/v1/devices?cursor=zzz"],
  ["cursor-mismatch", "/api/devices?q=alpha&cursor=Mi4uMC5hbHBoYS1waG9uZQ"],
  ["query-too-long", `/api/v1/devices?q=${"a".repeat(201)}`],
  ["invalid-type", "/api/v1/devices?type=laptops"],
  ["duplicate-parameter", "/api/v1/devices?limit=5&limit=6"],
  ["method-not-allowed", "/api/v1/devices/alpha-phone", { method: "DELETE" }],
];

export function problemsSuite(target: () => HttpTarget) {
  it("each has its status, problem+json, a documented type, a title, a detail and the request as instance", async () => {
    const page = await (await target().fetch("/docs/problems")).text();
    const anchors = new Set([...page.matchAll(/id="([^"]+)"/g)].map((m) => m[1]));
    expect(new Set(CAUSES.map(([code]) => code)).size).toBe(Object.keys(PROBLEMS).length - 2);
    for (const [code, path, init] of CAUSES) {
      const res = await target().fetch(path, init);
      if (code === "not-found" && (await isRetried404(target(), res, path))) continue;
      expect(res.status, path).toBe(PROBLEMS[code].status);
      // netlify dev's static server sets its own media type on a stored problem (test/http/netlify-dev.ts).
      const stored = path.startsWith("/api/v1/list/");
      expect(res.headers.get("content-type"), path).toBe(
        stored && target().name === "netlify" ? "application/json; charset=utf-8" : "application/problem+json; charset=utf-8",
      );
      const body = await res.json();
      expect(body, path).toMatchObject({
        type: `/docs/problems#${code}`,
        title: PROBLEMS[code].title,
        status: PROBLEMS[code].status,
        detail: expect.any(String),
      });
      expect(anchors.has(code), code).toBe(true);
      const instance = body.instance as string;
      // A stored file's 404 is the CDN's static document, which names no instance.
      if (path.startsWith("/api/v1/list/")) expect(instance).toBeUndefined();
      else expect(instance, path).toBe(path);
    }
  });
}
