// Methods and CORS, as any client sees them: a CORS preflight is answered on
// every API path, writes to the API are 405 problems, and a page answers a
// POST (a form sent to it) with HTML, never with the API's JSON.
import { describe, expect, it } from "vitest";
import type { HttpTarget } from "../helpers/targets.ts";
import { STATIC_405_MEDIA } from "./netlify-dev.ts";

const API = [
  "/api/v1/devices",
  "/api/devices",
  "/api/v1/devices/alpha-phone",
  "/api/v1/dataset",
  "/api/v1/devices.ndjson",
  "/api/v1/dataset.sqlite",
  "/api/v1/badge/alpha-phone",
  "/api/v1/shields/alpha-phone",
  "/feed.xml",
  "/support-calendar.ics",
  "/api/v1/no-such-thing",
];

export function methodsSuite(target: () => HttpTarget) {
  const send = (path: string, method: string, init: RequestInit = {}) => target().fetch(path, { method, ...init });

  describe("the API", () => {
    it("answers a CORS preflight on every path with the methods and the request header a conditional GET needs", async () => {
      for (const p of API) {
        const res = await send(p, "OPTIONS", {
          headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "if-none-match" },
        });
        expect(res.status, p).toBe(204);
        expect(res.headers.get("access-control-allow-origin"), p).toBe("*");
        expect(res.headers.get("access-control-allow-methods"), p).toContain("GET");
        expect(res.headers.get("access-control-allow-headers")?.toLowerCase(), p).toContain("if-none-match");
        expect(Number(res.headers.get("access-control-max-age")), p).toBeGreaterThan(0);
        expect(await res.text()).toBe("");
      }
    });

    it("allows in a preflight the request fields browsers and fetch libraries commonly send, and exposes a download's name and size", async () => {
      // What a fetch with cache: "no-cache", a conditional or ranged download and a JSON client send together.
      const asked = ["cache-control", "pragma", "if-none-match", "if-modified-since", "accept", "accept-language", "content-type", "range"];
      const res = await send("/api/v1/dataset.sqlite", "OPTIONS", {
        headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": asked.join(",") },
      });
      expect(res.status).toBe(204);
      const allowed = res.headers
        .get("access-control-allow-headers")!
        .toLowerCase()
        .split(/\s*,\s*/);
      expect(asked.filter((h) => !allowed.includes(h))).toEqual([]);
      const got = await send("/api/v1/dataset.sqlite", "GET", { headers: { Origin: "https://elsewhere.example" } });
      await got.arrayBuffer();
      const exposed = got.headers
        .get("access-control-expose-headers")!
        .toLowerCase()
        .split(/\s*,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(["content-disposition", "content-length", "etag"]));
      expect(got.headers.get("content-disposition")).toBe('attachment; filename="device-lifecycle-dataset.sqlite"');
    });

    it("refuses writes with 405, Allow and a problem body", async () => {
      for (const p of API) {
        for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
          const res = await send(p, method, { body: "x=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
          expect(res.status, `${method} ${p}`).toBe(405);
          expect(res.headers.get("allow"), `${method} ${p}`).toContain("GET");
          expect(res.headers.get("content-type"), `${method} ${p}`).toBe("application/problem+json; charset=utf-8");
          expect((await res.json()).type).toBe("/docs/problems#method-not-allowed");
        }
      }
    });

    it("answers HEAD as GET without a body", async () => {
      for (const p of API.slice(0, 6)) {
        const [g, h] = [await send(p, "GET"), await send(p, "HEAD")];
        expect(h.status, p).toBe(g.status);
        expect(h.headers.get("content-type"), p).toBe(g.headers.get("content-type"));
        expect(await h.text(), p).toBe("");
      }
    });
  });

  describe("pages", () => {
    const form = { body: "form-name=correction&device=alpha-phone", headers: { "Content-Type": "application/x-www-form-urlencoded" } };

    it("a POST to the corrections page or to its form's action answers HTML, never the API's JSON problem", async () => {
      for (const [p, heading] of [
        ["/corrections", "Report a correction"],
        ["/corrections/thanks", "Thank you"],
      ] as const) {
        const res = await send(p, "POST", form);
        const type = res.headers.get("content-type") ?? "";
        if (target().name === "netlify") {
          expect(res.status, p).toBe(405);
          expect(type, p).toContain(STATIC_405_MEDIA);
          continue;
        }
        expect(res.status, p).toBe(200);
        expect(type, p).toBe("text/html; charset=utf-8");
        expect(await res.text(), p).toContain(`<h1>${heading}</h1>`);
      }
    });

    it("other methods on a page are 405, never JSON", async () => {
      for (const method of ["PUT", "DELETE", "OPTIONS"]) {
        const res = await send("/devices/alpha-phone", method);
        expect(res.status, method).toBe(405);
        const type = res.headers.get("content-type") ?? "";
        expect(type, method).not.toContain("json");
        if (target().name !== "netlify") {
          expect(type).toBe("text/html; charset=utf-8");
          expect(await res.text()).toContain("<h1>Method not allowed</h1>");
        }
      }
    });
  });
}
