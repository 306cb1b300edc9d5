// SITE_URL and BASE_URL: origins every link is built on; a bad one is refused by name, not a crash mid-build.
import { describe, expect, it } from "vitest";
import { siteFromEnv } from "./site.ts";

describe("siteFromEnv", () => {
  it("takes origins, trims a trailing slash, and lets BASE_URL default to SITE_URL", () => {
    expect(siteFromEnv({}, "2026-11-22")).toEqual({ siteUrl: "http://localhost:8080", baseUrl: "http://localhost:8080", now: "2026-11-22" });
    expect(siteFromEnv({ SITE_URL: "https://devices.example/", BASE_URL: "https://api.devices.example" }, "2026-11-22")).toMatchObject({
      siteUrl: "https://devices.example",
      baseUrl: "https://api.devices.example",
    });
  });

  it.each(["/", "devices.example", "ftp://devices.example", "https://devices.example/sub", "https://user:pw@devices.example", "https://devices.example/?q=1"])(
    "refuses %j, naming the variable",
    (value) => {
      expect(() => siteFromEnv({ BASE_URL: value }, "2026-11-22")).toThrow(/^BASE_URL must be an origin/);
    },
  );
});
