// Conditional requests and HEAD on every kind of resource, as any client sees
// them: a strong ETag that is the SHA-1 of the bytes (so the same bytes carry
// the same ETag whichever layer answered), If-None-Match in list form and in
// weak form giving 304, `*`, a stale tag giving 200, HEAD as GET without a body.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STORAGE } from "../../generator/contract/resources.ts";
import type { HttpTarget } from "../helpers/targets.ts";
import { streamedLength, WEAK_ETAG } from "./netlify-dev.ts";

const sha1 = (bytes: ArrayBuffer) => `"${createHash("sha1").update(new Uint8Array(bytes)).digest("hex")}"`;

/** Answers of our code on every target: the edge function's paths. */
const API = [
  "/api/v1/devices/alpha-phone",
  "/api/v1/devices/alpha-phone/evidence",
  "/api/v1/identifiers/SM-A525F",
  "/api/v1/os",
  "/api/v1/os/windows/11-23h2-e",
  "/api/v1/devices",
  "/api/v1/devices?limit=2",
  "/api/v1/devices?q=phone",
  "/api/devices?limit=2",
  "/api/v1/dataset",
  "/api/v1/dataset?year=2029",
  "/api/v1/dataset/2029.csv",
  "/api/v1/badge/alpha-phone",
  "/api/v1/calendar/alpha-phone.ics",
  "/feed.xml",
  "/support-calendar.ics",
  "/api/v1/schema/device-record.json",
  "/api/v1/openapi.json",
];

/** What the CDN answers alone: pages and stored files. */
const STATIC = ["/devices/alpha-phone", "/", "/docs/api", "/api/v1/devices/alpha-phone.json", "/api/v1/list/index.txt"];

export function conditionalSuite(target: () => HttpTarget, large: () => HttpTarget) {
  const get = (p: string, headers: Record<string, string> = {}, method = "GET") => target().fetch(p, { headers, method });

  for (const p of API) {
    it(`${p}: strong SHA-1 ETag; 304 for the tag in a list or weakly; 304 for *; 200 for a stale tag; HEAD is GET without a body`, async () => {
      const first = await get(p);
      expect(first.status).toBe(200);
      const etag = first.headers.get("etag")!;
      expect(etag).toBe(sha1(await first.arrayBuffer()));
      for (const inm of [`"nope", ${etag}`, `W/${etag}`, "*"]) {
        const hit = await get(p, { "If-None-Match": inm });
        expect(hit.status, inm).toBe(304);
        expect(hit.headers.get("etag")).toBe(etag);
        expect(hit.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
        expect(hit.headers.get("access-control-allow-origin")).toBe("*");
        // No body to describe (RFC 9110 15.4.5); a download keeps its Content-Disposition.
        expect(hit.headers.get("content-type")).toBeNull();
        expect(hit.headers.get("content-disposition")).toBe(first.headers.get("content-disposition"));
        expect(await hit.text()).toBe("");
      }
      expect((await get(p, { "If-None-Match": '"stale"' })).status).toBe(200);
      const head = await get(p, {}, "HEAD");
      expect(head.status).toBe(200);
      expect(head.headers.get("etag")).toBe(etag);
      expect(head.headers.get("content-type")).toBe(first.headers.get("content-type"));
      expect(await head.text()).toBe("");
    });
  }

  for (const p of STATIC) {
    it(`${p} (answered by the CDN alone): an ETag, 304 for it, HEAD without a body`, async () => {
      const first = await get(p);
      expect(first.status).toBe(200);
      const etag = first.headers.get("etag")!;
      const body = await first.arrayBuffer();
      if (target().name === "netlify") expect(etag).toMatch(WEAK_ETAG);
      else expect(etag).toBe(sha1(body));
      const hit = await get(p, { "If-None-Match": etag });
      expect(hit.status).toBe(304);
      expect(await hit.text()).toBe("");
      const head = await get(p, {}, "HEAD");
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
    });
  }

  it("a record and its stored file are the same bytes with the same ETag, except where netlify dev's static server tags the file", async () => {
    const [api, file] = await Promise.all([get("/api/v1/devices/alpha-phone"), get("/api/v1/devices/alpha-phone.json")]);
    expect(await api.text()).toBe(await file.text());
    if (target().name === "netlify") expect(file.headers.get("etag")).toMatch(WEAK_ETAG);
    else expect(file.headers.get("etag")).toBe(api.headers.get("etag"));
  });

  describe("a file too large to hash per request", () => {
    it.each([
      ["/api/v1/dataset", "/api/v1/dataset.csv"],
      ["/api/v1/devices.ndjson", "/api/v1/devices.ndjson"],
      ["/api/v1/dataset.sqlite", "/api/v1/dataset.sqlite"],
    ])("%s carries the ETag and size the build wrote in the manifest (the SHA-1 and length of its bytes), for GET, HEAD and 304", async (at, file) => {
      const manifest = JSON.parse(readFileSync(path.join(large().dist, STORAGE.etagManifest), "utf8"));
      const known = manifest[file].etag;
      expect(known).toMatch(/^"[0-9a-f]{40}"$/);
      const res = await large().fetch(at);
      expect(res.headers.get("etag")).toBe(known);
      expect(res.headers.get("content-length")).toBe(streamedLength(large(), manifest[file].size));
      expect(sha1(await res.arrayBuffer())).toBe(known);
      expect((await large().fetch(at, { method: "HEAD" })).headers.get("etag")).toBe(known);
      expect((await large().fetch(at, { headers: { "If-None-Match": known } })).status).toBe(304);
    });
  });
}
