// The exports as any client sees them, on every target serving the fixture
// catalog: media types, download and license headers, conditional GETs, the
// year parameter and the answers for years, slugs and calendars that have no file.
import { describe, expect, it } from "vitest";
import { UNKNOWN_DEVICE_BADGE_SVG } from "../../generator/derive/badges.ts";
import { nodeFile, partFile, type RootFile } from "../../generator/derive/search-files.ts";
import { PAGES, pathOf } from "../../generator/contract/resources.ts";
import type { HttpTarget } from "../helpers/targets.ts";
import { indexCacheControl, isRetried404 } from "./netlify-dev.ts";

const CSV = "text/csv; charset=utf-8; header=present";

export function exportsSuite(target: () => HttpTarget) {
  const get = (path: string, headers: Record<string, string> = {}) => target().fetch(path, { headers });

  function expectApiHeaders(res: Response) {
    expect(res.headers.get("cache-control")).toMatch(/max-age=300.*stale-while-revalidate=\d+.*stale-if-error=\d+/);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
  }

  describe("GET /api/v1/dataset", () => {
    it("is a CSV download with a filename, a link to the license and the API cache headers", async () => {
      const res = await get("/api/v1/dataset");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(CSV);
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="device-lifecycle-dataset.csv"');
      expect(res.headers.get("link")).toBe('</license>; rel="license"');
      expectApiHeaders(res);
      expect(await res.text()).toMatch(/^device_slug,device_name,manufacturer,model,region,/);
    });

    it("answers 304 to a matching If-None-Match", async () => {
      const etag = (await get("/api/v1/dataset")).headers.get("etag")!;
      const hit = await get("/api/v1/dataset", { "If-None-Match": etag });
      expect(hit.status).toBe(304);
      expect(hit.headers.get("etag")).toBe(etag);
      expect(await hit.text()).toBe("");
      expect((await get("/api/v1/dataset", { "If-None-Match": '"stale"' })).status).toBe(200);
    });

    it("?year=YYYY answers the year's file, also served at its own path", async () => {
      const byQuery = await get("/api/v1/dataset?year=2029");
      const byPath = await get("/api/v1/dataset/2029.csv");
      for (const res of [byQuery, byPath]) {
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe(CSV);
        expect(res.headers.get("content-disposition")).toBe('attachment; filename="device-lifecycle-dataset-2029.csv"');
        expect(res.headers.get("link")).toBe('</license>; rel="license"');
        expectApiHeaders(res);
      }
      const body = await byQuery.text();
      expect(body).toBe(await byPath.text());
      expect(body.split("\r\n").filter((l) => /^(beta-tablet|hostile-device),/.test(l))).toHaveLength(2);
      const etag = byQuery.headers.get("etag")!;
      expect((await get("/api/v1/dataset?year=2029", { "If-None-Match": etag })).status).toBe(304);
    });

    it("a year in range with no records is a 404 problem naming the year", async () => {
      const res = await get("/api/v1/dataset?year=2025");
      if (await isRetried404(target(), res, "/api/v1/dataset?year=2025")) return;
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(res.headers.get("content-disposition")).toBeNull();
      const body = await res.json();
      expect(body).toMatchObject({ type: "/docs/problems#not-found", status: 404, year: 2025, instance: "/api/v1/dataset?year=2025" });
      expect(body.detail).toContain("2025");
      expect((await get("/api/v1/dataset/2025.csv")).status).toBe(404);
    });

    it.each(["20x5", "", "1800", "99999", "2030.5", "<script>"])("year=%j is a 400 invalid-year problem", async (year) => {
      const res = await get(`/api/v1/dataset?year=${encodeURIComponent(year)}`);
      expect(res.status).toBe(400);
      expect(res.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect(await res.json()).toMatchObject({ type: "/docs/problems#invalid-year", status: 400 });
    });

    it("a malformed year path is a 400 as well", async () => {
      const res = await get("/api/v1/dataset/abc.csv");
      expect(res.status).toBe(400);
      expect((await res.json()).type).toBe("/docs/problems#invalid-year");
    });
  });

  describe("GET /api/v1/badge/<slug>", () => {
    it("answers the SVG with the image media type and the API headers", async () => {
      const res = await get("/api/v1/badge/alpha-phone");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expectApiHeaders(res);
      expect(await res.text()).toMatch(/^<svg [^>]*role="img"/);
    });

    it("an unknown slug answers 404 with the neutral unknown-device badge", async () => {
      const res = await get("/api/v1/badge/no-such-device");
      if (await isRetried404(target(), res, "/api/v1/badge/no-such-device")) return;
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expectApiHeaders(res);
      expect(await res.text()).toBe(UNKNOWN_DEVICE_BADGE_SVG);
      expect((await get("/api/v1/badge/zeta-phone")).status).toBe(404); // a draft
    });

    it("a withdrawn record answers 410 with a badge; a former slug redirects", async () => {
      const gone = await get("/api/v1/badge/eta-phone");
      expect(gone.status).toBe(410);
      expect(gone.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
      expect(await gone.text()).toContain('aria-label="support: record withdrawn"');
      const moved = await get("/api/v1/badge/epsilon-book");
      expect(moved.status).toBe(301);
      expect(moved.headers.get("location")).toBe("/api/v1/badge/epsilon-laptop");
    });
  });

  describe("GET /feed.xml and the calendars", () => {
    it("/feed.xml is Atom, cacheable and readable cross-origin", async () => {
      const res = await get("/feed.xml");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      expectApiHeaders(res);
    });

    it("/feed.xml's archives are Atom archive documents; an unknown month is a 404 problem that says where the archives are", async () => {
      const res = await get("/api/v1/feed/archive/2026-10.xml");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      expectApiHeaders(res);
      expect(await res.text()).toContain("<fh:archive/>");
      const path = "/api/v1/feed/archive/1999-01.xml";
      const missing = await get(path);
      if (await isRetried404(target(), missing, path)) return;
      expect(missing.status).toBe(404);
      expect((await missing.json()).detail).toMatch(/"1999-01".*prev-archive/);
    });

    it("/support-calendar.ics, a device's and a manufacturer's calendar, with reminders and without, are text/calendar", async () => {
      for (const path of [
        "/support-calendar.ics",
        "/support-calendar-no-alarms.ics",
        "/api/v1/calendar/gamma-phone.ics",
        "/api/v1/calendar/no-alarms/gamma-phone.ics",
        "/api/v1/calendar/manufacturers/example-maker.ics",
        "/api/v1/calendar/no-alarms/manufacturers/example-maker.ics",
      ]) {
        const res = await get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
        expectApiHeaders(res);
        expect(await res.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
      }
    });

    it("an unknown device's calendar is a 404 problem; a withdrawn one is 410; a former slug redirects", async () => {
      const missing = await get("/api/v1/calendar/no-such-device.ics");
      if (!(await isRetried404(target(), missing, "/api/v1/calendar/no-such-device.ics"))) {
        expect(missing.status).toBe(404);
        expect(missing.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
        expect((await missing.json()).detail).toContain('"no-such-device"');
      }
      const gone = await get("/api/v1/calendar/eta-phone.ics");
      expect(gone.status).toBe(410);
      expect((await gone.json()).type).toBe("/docs/problems#gone");
      const moved = await get("/api/v1/calendar/epsilon-book.ics");
      expect(moved.status).toBe(301);
      expect(moved.headers.get("location")).toBe("/api/v1/calendar/epsilon-laptop.ics");
      expect((await get("/api/v1/calendar/no-alarms/eta-phone.ics")).status).toBe(410);
      const movedTwin = await get("/api/v1/calendar/no-alarms/epsilon-book.ics");
      expect(movedTwin.status).toBe(301);
      expect(movedTwin.headers.get("location")).toBe("/api/v1/calendar/no-alarms/epsilon-laptop.ics");
    });

    it("an unknown manufacturer's calendar is a 404 problem that says where each record names its own", async () => {
      const path = "/api/v1/calendar/manufacturers/no-such-maker.ics";
      const missing = await get(path);
      if (await isRetried404(target(), missing, path)) return;
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect((await missing.json()).detail).toMatch(/"no-such-maker".*links.manufacturerCalendar/);
    });
  });

  describe("a manufacturer's feed", () => {
    it("is Atom, cacheable and readable cross-origin, with entries for that manufacturer's records only", async () => {
      const res = await get("/api/v1/feed/manufacturers/example-maker.xml");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      expectApiHeaders(res);
      const text = await res.text();
      expect(text).toMatch(/<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xmlns:fh="http:\/\/purl.org\/syndication\/history\/1.0">/);
      expect(text).toContain("/api/v1/feed/manufacturers/example-maker.xml</id>");
      const whole = await (await get("/feed.xml")).text();
      const ids = (t: string) =>
        t
          .split("<entry>")
          .slice(1)
          .map((e) => /<id>([^<]+)<\/id>/.exec(e)?.[1]);
      expect(ids(text).length).toBeGreaterThan(0);
      expect(ids(text).every((id) => ids(whole).includes(id))).toBe(true);
    });

    it("an unknown manufacturer's feed is a 404 problem", async () => {
      const path = "/api/v1/feed/manufacturers/no-such-maker.xml";
      const missing = await get(path);
      if (await isRetried404(target(), missing, path)) return;
      expect(missing.status).toBe(404);
      expect(missing.headers.get("content-type")).toBe("application/problem+json; charset=utf-8");
      expect((await missing.json()).detail).toContain('"no-such-maker"');
    });
  });

  describe("the site search's static index", () => {
    const at = (file: string) => pathOf(PAGES.searchIndex, { file });

    // Reading it spends none of the API's rate limit: checked where a limiter runs (test/http/rate-limit.ts).
    it("is JSON and text files with the API's cache lifetime", async () => {
      const res = await get(at("root.json"));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("cache-control")).toMatch(indexCacheControl(target()));
      const root = (await res.json()) as RootFile;
      const [, part] = Object.entries(root.children).find(([, kind]) => kind !== "n") ?? [];
      const [node] = Object.entries(root.children).find(([, kind]) => kind === "n") ?? [];
      expect(part ?? node).toBeDefined();
      if (typeof part === "number") {
        const l = await get(at(partFile("", part)));
        expect(l.status).toBe(200);
        expect(l.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(l.headers.get("cache-control")).toMatch(indexCacheControl(target()));
      }
      if (node) expect((await get(at(nodeFile(node)))).status).toBe(200);
    });
  });
}
