// The per-device endpoints, their pages and the docs they link to, as any
// client sees them: one suite for every target (test/helpers/targets.ts)
// serving the fixture catalog.
import { describe, expect, it } from "vitest";
import type { HttpTarget } from "../helpers/targets.ts";
import { readHtml } from "../hostile/readers.ts";
import { isRetried404 } from "./netlify-dev.ts";

export function recordsSuite(target: () => HttpTarget) {
  const request = (path: string, init: RequestInit = {}) => target().fetch(path, init);
  const get = (path: string, headers: Record<string, string> = {}) => request(path, { headers });

  describe("GET /api/v1/devices/<slug>", () => {
    it("answers the record with its verdict, links, attribution and API headers", async () => {
      const res = await get("/api/v1/devices/gamma-phone");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("cache-control")).toMatch(/max-age=300.*stale-while-revalidate=\d+.*stale-if-error=\d+/);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
      const body = await res.json();
      // gamma-phone: the US security end (2027-Q2) came within 180 days on 2026-10-03; it ends after 2027-06-30.
      expect(body.verdict).toMatchObject({ code: "varies", validFrom: "2026-10-03", validUntil: "2027-06-30" });
      expect(body.links).toMatchObject({
        page: "https://devices.example/devices/gamma-phone",
        evidence: "https://api.devices.example/api/v1/devices/gamma-phone/evidence",
        badge: "https://api.devices.example/api/v1/badge/gamma-phone",
      });
      expect(body.attribution.license).toMatchObject({ version: "1", effective: "2026-09-06" });
    });

    it("a matching If-None-Match gives 304 with the ETag and no body; a stale one gives 200", async () => {
      const etag = (await get("/api/v1/devices/alpha-phone")).headers.get("etag")!;
      const hit = await get("/api/v1/devices/alpha-phone", { "If-None-Match": `W/"other", ${etag}` });
      expect(hit.status).toBe(304);
      expect(hit.headers.get("etag")).toBe(etag);
      expect(hit.headers.get("cache-control")).toMatch(/max-age=300/);
      expect(await hit.text()).toBe("");
      expect((await get("/api/v1/devices/alpha-phone", { "If-None-Match": '"stale"' })).status).toBe(200);
    });

    it("an unknown slug is a JSON 404 problem, never HTML", async () => {
      const res = await get("/api/v1/devices/no-such-device");
      if (await isRetried404(target(), res, "/api/v1/devices/no-such-device")) return;
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(await res.json()).toMatchObject({ type: "/docs/problems#not-found", status: 404, instance: "/api/v1/devices/no-such-device" });
    });

    it("a draft is not published", async () => {
      expect((await get("/api/v1/devices/zeta-phone")).status).toBe(404);
    });

    it("a former slug answers 301 to the current path, for the record, its evidence and its page", async () => {
      for (const [from, to] of [
        ["/api/v1/devices/epsilon-book", "/api/v1/devices/epsilon-laptop"],
        ["/api/v1/devices/epsilon-book/evidence", "/api/v1/devices/epsilon-laptop/evidence"],
        ["/devices/epsilon-book", "/devices/epsilon-laptop"],
      ]) {
        const res = await get(from!);
        expect(res.status, from).toBe(301);
        expect(res.headers.get("location")).toBe(to);
      }
      expect((await request("/api/v1/devices/epsilon-book", { redirect: "follow" })).status).toBe(200);
    });

    it("a withdrawn record answers 410 with its reason", async () => {
      const res = await get("/api/v1/devices/eta-phone");
      expect(res.status).toBe(410);
      expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(await res.json()).toMatchObject({ type: "/docs/problems#gone", status: 410, reason: "Duplicate of alpha-phone", withdrawnOn: "2026-11-01" });
      expect(await (await get("/api/v1/devices/eta-phone")).json()).toMatchObject({ replacedBy: "alpha-phone", replacement: "/api/v1/devices/alpha-phone" });
      expect((await get("/api/v1/devices/eta-phone/evidence")).status).toBe(410);
    });

    it("writes are refused with 405 and a problem body; CORS preflight is answered", async () => {
      const post = await request("/api/v1/devices/alpha-phone", { method: "POST" });
      expect(post.status).toBe(405);
      expect(post.headers.get("allow")).toContain("GET");
      expect((await post.json()).type).toBe("/docs/problems#method-not-allowed");
      const pre = await request("/api/v1/devices/alpha-phone", { method: "OPTIONS" });
      expect(pre.status).toBe(204);
      expect(pre.headers.get("access-control-allow-origin")).toBe("*");
    });
  });

  describe("GET /api/v1/devices/<slug>/evidence", () => {
    it("groups the evidence as the spec says, and a dated non-match never reads as 'no recall'", async () => {
      const res = await get("/api/v1/devices/alpha-phone/evidence");
      expect(res.status).toBe(200);
      const ev = await res.json();
      expect(Object.keys(ev)).toEqual(expect.arrayContaining(["assertions", "sources", "recallReview", "repairability", "revisions"]));
      expect(ev.assertions.map((a: any) => a.subject)).toEqual(["support.security[0].end", "support.os[0].end"]);
      expect(ev.recallReview[0].statement).toBe(
        "No match found in EU Safety Gate as of 2026-11-01 (searched for Example Maker Alpha Phone (codes SM-A525F)). This is not proof that no recall exists.",
      );
      expect(ev.recallReviewSummary).toBe(ev.recallReview[0].statement);
      expect(JSON.stringify(ev)).not.toMatch(/no recall(?! exists)/i);
      // A record with no review says so, never nothing.
      expect((await (await get("/api/v1/devices/beta-tablet/evidence")).json()).recallReviewSummary).toBe("Recall review: not performed.");
      expect(ev.revisions.map((r: any) => r.date)).toEqual(["2026-11-01", "2026-10-01"]);
    });
  });

  describe("device pages", () => {
    it("serve at /devices/<slug> with the record escaped", async () => {
      const res = await get("/devices/hostile-device");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    });
    it("a withdrawn record's page answers 410 with a notice: when, why, and the record that replaces it", async () => {
      for (const [path, status] of [
        ["/devices/eta-phone", 410],
        ["/withdrawn/eta-phone", 200],
      ] as const) {
        const res = await get(path);
        expect(res.status, path).toBe(status);
        expect(res.headers.get("content-type"), path).toBe("text/html; charset=utf-8");
        const { text, tags } = readHtml(await res.text());
        expect(tags.find((t) => t.name === "h1") && text).toContain("Eta Phone: record withdrawn");
        expect(text).toContain("was withdrawn on 2026-11-01");
        expect(text).toContain("Duplicate of alpha-phone");
        expect(tags).toContainEqual({ name: "a", attrs: { href: "/devices/alpha-phone" } });
      }
    });
    it("an unknown page is the site's HTML 404", async () => {
      const res = await get("/devices/no-such-device");
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("text/html");
    });
  });

  describe("documentation pages", () => {
    it("the legacy endpoint's rel=deprecation link lands on a heading of /docs/list", async () => {
      const legacy = await get("/api/devices");
      const target = /<([^>]+)>; rel="deprecation"/.exec(legacy.headers.get("link") ?? "")![1]!;
      const [page, anchor] = target.split("#");
      const html = await (await get(page!)).text();
      expect(html).toContain(`id="${anchor}"`);
    });
    it("headings have ids of letters, digits and dashes that links can name", async () => {
      const html = await (await get("/docs/api")).text();
      expect(html).toContain('<h2 id="caching-validation-and-cors"');
      expect(html).toContain('<h2 id="one-record-get-api-v1-devices-device-slug"');
      expect(html).not.toMatch(/id="[^"]*%/);
    });
    it("the problem types page has an anchor for every problem type", async () => {
      const html = await (await get("/docs/problems")).text();
      const body = await (await get("/api/v1/devices/no-such-device")).json();
      expect(html).toContain(`id="${body.type.split("#")[1]}"`);
    });
  });

  describe("edge cases, as docs/API.md#edge-cases states them", () => {
    it("a trailing slash on an /api path names no resource; a page, and a former slug's redirect, answer with or without one", async () => {
      for (const p of [
        "/api/v1/devices/alpha-phone/",
        "/api/v1/devices/",
        "/api/v1/badge/alpha-phone/",
        "/api/v1/devices/epsilon-book/",
        "/api/v1/devices/epsilon-book/x",
        "/api/v1/devices/epsilon%2Fbook",
        "/api/v1/dataset/",
      ]) {
        const res = await get(p);
        expect(res.status, p).toBe(404);
        expect((await res.json()).type, p).toBe("/docs/problems#not-found");
      }
      expect((await get("/devices/alpha-phone/")).status).toBe(200);
      const page = await get("/devices/epsilon-book/");
      expect([page.status, page.headers.get("location")]).toEqual([301, "/devices/epsilon-laptop"]);
      const moved = await get("/api/v1/devices/epsilon-book?utm_source=x");
      expect([moved.status, moved.headers.get("location")]).toEqual([301, "/api/v1/devices/epsilon-laptop?utm_source=x"]);
    });

    it("unknown parameters are ignored, repeated or not; the list refuses a known one repeated", async () => {
      const plain = await (await get("/api/v1/devices/alpha-phone")).text();
      expect(await (await get("/api/v1/devices/alpha-phone?x=1&x=2")).text()).toBe(plain);
      expect((await get("/api/devices?limit=1&limit=1")).status).toBe(400);
    });
  });
}
