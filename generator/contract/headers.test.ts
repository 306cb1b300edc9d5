// The headers of every answer our code gives on the API's paths (headers.ts):
// security and CORS fields on all of them, whatever the status; each
// resource's media type and the spec's five-minute cache; downloads named and
// licensed; the badge's own policy; the legacy list marked deprecated.
import { describe, expect, it } from "vitest";
import { API_CACHE, MEDIA } from "./media.ts";
import { API_METHODS, apiHeaders, CORS_HEADERS, LEGACY_API, LICENSE_LINK, PREFLIGHT_HEADERS, resourceHeaders, SECURITY_HEADERS } from "./headers.ts";
import { API, type ApiResourceName } from "./resources.ts";

/** Parameters for every placeholder of the table. */
const PARAMS = { device_slug: "alpha-phone", identifier: "SMA525F", manufacturer: "example-maker", year: "2029", month: "2026-10" };
const NAMES = Object.keys(API) as ApiResourceName[];

describe("every API answer", () => {
  it.each(["/api/v1/devices", "/api/v1/devices/alpha-phone", "/api/v1/no-such-thing"])(
    "at %s carries the security and CORS fields and a locked-down policy",
    (path) => {
      const h = apiHeaders(path);
      expect(h).toMatchObject({ ...SECURITY_HEADERS, ...CORS_HEADERS, "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'" });
      expect(h).not.toHaveProperty("Deprecation");
    },
  );

  it.each(["ETag", "Link", "Retry-After", "RateLimit", "RateLimit-Policy", "Content-Disposition", "Content-Length", "Content-Range", "Deprecation"])(
    "lets a script on another origin read %s",
    (field) => expect(CORS_HEADERS["Access-Control-Expose-Headers"].split(", ")).toContain(field),
  );

  it("answers a preflight for a read-only API, allowing conditional and range requests, for a day", () => {
    expect(PREFLIGHT_HEADERS["Access-Control-Allow-Methods"]).toBe(API_METHODS);
    expect(API_METHODS).toBe("GET, HEAD, OPTIONS");
    expect(PREFLIGHT_HEADERS["Access-Control-Allow-Headers"].split(", ")).toEqual(
      expect.arrayContaining(["If-None-Match", "If-Modified-Since", "Range", "If-Range"]),
    );
    expect(PREFLIGHT_HEADERS["Access-Control-Max-Age"]).toBe("86400");
  });
});

describe("the legacy list", () => {
  it("is marked deprecated (RFC 9745) on every answer, linking its successor and the deprecation notes", () => {
    const h = apiHeaders(API.legacyList.path);
    expect(h.Deprecation).toBe(`@${Date.UTC(2026, 8, 6) / 1000}`);
    expect(h.Link).toBe('</api/v1/devices>; rel="successor-version", </docs/list#legacy-endpoint>; rel="deprecation"');
  });
  it("carries no Sunset field until a sunset day is set", () => {
    expect(LEGACY_API.sunset).toBeNull();
    expect(apiHeaders(API.legacyList.path)).not.toHaveProperty("Sunset");
  });
});

describe("resourceHeaders", () => {
  it.each(NAMES)("%s: its media type and the five-minute cache, with every API field", (name) => {
    const h = resourceHeaders(name, PARAMS);
    expect(h["Cache-Control"]).toBe(API_CACHE);
    expect(Object.values(MEDIA)).toContain(h["Content-Type"]);
    expect(h).toMatchObject({ ...SECURITY_HEADERS, ...CORS_HEADERS });
  });

  it.each([
    ["record", MEDIA.json],
    ["list", MEDIA.json],
    ["dataset", MEDIA.csv],
    ["datasetYear", MEDIA.csv],
    ["devicesNdjson", MEDIA.ndjson],
    ["datasetSqlite", MEDIA.sqlite],
    ["badge", MEDIA.svg],
    ["shields", MEDIA.json],
    ["deviceCalendar", MEDIA.ics],
    ["manufacturerFeed", MEDIA.atom],
    ["feedArchive", MEDIA.atom],
    ["supportCalendarNoAlarms", MEDIA.ics],
  ] as [ApiResourceName, string][])("%s is %s", (name, type) => expect(resourceHeaders(name, PARAMS)["Content-Type"]).toBe(type));

  it.each([
    ["dataset", "device-lifecycle-dataset.csv"],
    ["datasetYear", "device-lifecycle-dataset-2029.csv"],
    ["devicesNdjson", "device-lifecycle-records.ndjson"],
    ["datasetSqlite", "device-lifecycle-dataset.sqlite"],
  ] as [ApiResourceName, string][])("%s downloads as %s under the dataset license", (name, file) => {
    expect(resourceHeaders(name, PARAMS)).toMatchObject({ "Content-Disposition": `attachment; filename="${file}"`, Link: LICENSE_LINK });
  });
  it("the license link is relative, so it holds on every deployment", () => expect(LICENSE_LINK).toBe('</license>; rel="license"'));

  it.each(["record", "badge", "deviceCalendar", "feed"] as ApiResourceName[])("%s is shown inline, not downloaded", (name) => {
    expect(resourceHeaders(name, PARAMS)).not.toHaveProperty("Content-Disposition");
  });

  it("a badge opened on its own may style itself and nothing more", () => {
    expect(resourceHeaders("badge", PARAMS)["Content-Security-Policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  });

  it("the legacy list's answer is marked deprecated too", () => expect(resourceHeaders("legacyList", {})).toHaveProperty("Deprecation"));
});
