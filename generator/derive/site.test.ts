// SITE_URL and BASE_URL: origins every link is built on; a bad one is refused by name, not a crash mid-build.
import { describe, expect, it } from "vitest";
import { inSite, siteFromEnv, urls } from "./site.ts";

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

  // As Netlify sets them (docs.netlify.com, build environment variables), for a site whose main address is https://devices.example.
  const netlify = (context: string) => ({
    NETLIFY: "true",
    CONTEXT: context,
    URL: "https://devices.example",
    DEPLOY_URL: "https://6743f0c1a2b3c4000812abcd--dlr.netlify.app",
    DEPLOY_PRIME_URL: context === "production" ? "https://main--dlr.netlify.app" : "https://deploy-preview-42--dlr.netlify.app",
  });

  it.each([
    ["production", {}, { siteUrl: "https://devices.example", baseUrl: "https://devices.example" }],
    ["deploy-preview", {}, { siteUrl: "https://deploy-preview-42--dlr.netlify.app", baseUrl: "https://deploy-preview-42--dlr.netlify.app", noindex: true }],
    ["branch-deploy", {}, { siteUrl: "https://deploy-preview-42--dlr.netlify.app", baseUrl: "https://deploy-preview-42--dlr.netlify.app", noindex: true }],
    [
      "production",
      { SITE_URL: "https://www.devices.example", BASE_URL: "https://api.devices.example" },
      { siteUrl: "https://www.devices.example", baseUrl: "https://api.devices.example" },
    ],
    [
      "deploy-preview",
      { SITE_URL: "https://preview.devices.example" },
      { siteUrl: "https://preview.devices.example", baseUrl: "https://preview.devices.example", noindex: true },
    ],
  ])("on Netlify in the %s context with %j: %j", (context, overrides, expected) => {
    expect(siteFromEnv({ ...netlify(context), ...overrides }, "2026-11-22")).toEqual({ ...expected, now: "2026-11-22" });
  });

  it.each([
    ["production", "URL"],
    ["deploy-preview", "DEPLOY_PRIME_URL"],
    ["branch-deploy", "DEPLOY_PRIME_URL"],
  ])("refuses a Netlify build in the %s context without %s, naming it", (context, name) => {
    const env: Record<string, string | undefined> = { ...netlify(context), [name]: undefined };
    expect(() => siteFromEnv(env, "2026-11-22")).toThrow(new RegExp(`^${name} is not set`));
    expect(() => siteFromEnv({ ...env, [name]: "" }, "2026-11-22")).toThrow(new RegExp(`^${name} is not set`));
    expect(siteFromEnv({ ...env, SITE_URL: "https://devices.example" }, "2026-11-22").siteUrl).toBe("https://devices.example");
  });

  it("refuses a Netlify origin that is not one, naming the variable", () => {
    expect(() => siteFromEnv({ ...netlify("deploy-preview"), DEPLOY_PRIME_URL: "deploy-preview-42" }, "2026-11-22")).toThrow(
      /^DEPLOY_PRIME_URL must be an origin/,
    );
  });
});

describe("inSite", () => {
  it.each([
    [{ siteUrl: "https://devices.example", baseUrl: "https://devices.example" }, "/devices/a", "/api/v1/devices/a"],
    [{ siteUrl: "https://devices.example", baseUrl: "https://api.devices.example" }, "/devices/a", "https://api.devices.example/api/v1/devices/a"],
  ])("links pages root-relative and the API absolute only on another origin (%j)", (origins, page, record) => {
    expect(urls(inSite(origins)).page("a")).toBe(page);
    expect(urls(inSite(origins)).record("a")).toBe(record);
  });
});
