// The OS release records (GET /api/v1/os and /api/v1/os/<os>/<release>;
// docs/os.md) and the fleet page's static OS index, as any client sees them
// on every target serving the fixture catalog, whose data/os/ holds the
// imported Windows and iOS files. As of the fixture build's day (2026-11-22),
// Windows 11 23H2 Enterprise and Education ended on 2026-11-10.
import { describe, expect, it } from "vitest";
import { judgeOs, OS_INDEX_FORMAT, type OsIndex } from "../../generator/derive/os-releases.ts";
import { OsList, OsReleaseDocument } from "../../generator/schema/responses.ts";
import type { HttpTarget } from "../helpers/targets.ts";
import { expectProblem } from "../list/contract.ts";
import { indexCacheControl, isRetried404 } from "./netlify-dev.ts";

export function osReleasesSuite(target: () => HttpTarget) {
  const get = (path: string, init: RequestInit = {}) => target().fetch(path, init);

  describe("GET /api/v1/os", () => {
    it("lists each OS with its releases, their status and their own addresses, as every JSON answer", async () => {
      const res = await get("/api/v1/os");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("cache-control")).toMatch(/max-age=300.*stale-while-revalidate=\d+.*stale-if-error=\d+/);
      expect(res.headers.get("access-control-allow-origin")).toBe("*");
      expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
      const body = OsList.parse(await res.json());
      expect(body.oses.map((o) => o.os)).toEqual(["ios", "windows"]);
      const windows = body.oses.find((o) => o.os === "windows")!;
      expect(windows.source).toMatchObject({ publisher: "endoflife.date", copy: "endoflife.date/os/windows.md" });
      expect(windows.releases.find((r) => r.id === "10-22h2")).toMatchObject({
        label: "Windows 10 22H2",
        status: "ended",
        securityEnd: "2025-10-14",
        esuEnd: "2028-10-10",
        url: "https://api.devices.example/api/v1/os/windows/10-22h2",
      });
    });
  });

  describe("GET /api/v1/os/<os>/<release>", () => {
    it("answers one release: its status as of the build day, its documented end, its sources", async () => {
      const res = await get("/api/v1/os/windows/11-23h2-e");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{40}"$/);
      const body = OsReleaseDocument.parse(await res.json());
      expect(body).toMatchObject({
        label: "Windows 11 23H2 (Enterprise, Education)",
        edition: "enterprise-education",
        build: "10.0.22631",
        status: "ended",
        headline: "No security updates since 2026-11-10",
        security: { end: { value: "2026-11-10", precision: "day" } },
        esu: null,
      });
      expect(body.sources[0]).toMatchObject({
        copy: expect.stringMatching(/^endoflife\.date\/os\/windows\.md#L\d+$/),
        cites: "https://learn.microsoft.com/windows/release-health/windows11-release-information",
      });
      const ios = OsReleaseDocument.parse(await (await get("/api/v1/os/ios/18")).json());
      expect(ios).toMatchObject({
        status: "patched",
        headline: "Gets security updates; no end date announced",
        latest: { version: "18.7.10", date: "2026-08-17" },
      });
    });

    it("an unknown release, an OS without records and a malformed segment are JSON 404 problems", async () => {
      for (const [path, says] of [
        ["/api/v1/os/windows/11-99h9-e", /"windows\/11-99h9-e"/],
        ["/api/v1/os/android/14", /"android\/14"/],
        ["/api/v1/os/linux/6", /"linux\/6"/],
        ["/api/v1/os/ios/Eighteen", /"ios\/Eighteen"/],
        ["/api/v1/os/windows/11-23h2-e/x", /No API resource exists/],
      ] as const) {
        const res = await get(path);
        if (await isRetried404(target(), res, path)) continue;
        const body = await expectProblem(res, 404, "not-found");
        expect(body.detail, path).toMatch(says);
      }
    });
  });

  describe("the fleet page's OS index", () => {
    it("is a static file beside the fleet index that judgeOs reads as the build wrote it", async () => {
      const res = await get("/fleet-index/v1/os.json");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toMatch(indexCacheControl(target()));
      const index = (await res.json()) as OsIndex;
      expect(index.format).toBe(OS_INDEX_FORMAT);
      expect(judgeOs(index, { os: "Windows", version: "10.0.22631.4317", edition: "Enterprise" })).toMatchObject({
        status: "ended",
        release: "windows/11-23h2-e",
        headline: "No security updates since 2026-11-10",
        url: "/api/v1/os/windows/11-23h2-e",
      });
      expect(judgeOs(index, { os: "Android", version: "14" })).toMatchObject({ status: "unknown", headline: "Release not recognised" });
    });
  });
}
