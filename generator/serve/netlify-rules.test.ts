// A build's _redirects and _headers read with Netlify's own parsers
// (netlify-rules.ts), for the static layer: each redirect as from, to,
// status (301 unless given) and force; each header rule with Netlify's own
// matcher; a rule the static layer cannot honour, or a line the parsers
// refuse, fails loudly instead of being dropped. The files the build writes
// read back rule for rule in derive/routes.test.ts. The parsers read the files
// from disk, so each case writes its two files into a temporary folder.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadNetlifyRules } from "./netlify-rules.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A build folder holding these files (null: the file is absent). */
function build(files: { redirects?: string | null; headers?: string | null }): string {
  const dir = mkdtempSync(path.join(tmpdir(), "dl-netlify-rules-"));
  dirs.push(dir);
  if (files.redirects !== null) writeFileSync(path.join(dir, "_redirects"), files.redirects ?? "");
  if (files.headers !== null) writeFileSync(path.join(dir, "_headers"), files.headers ?? "");
  return dir;
}

describe("redirects", () => {
  it.each([
    ["a status given", "/old /new 301", { from: "/old", to: "/new", status: 301, force: false }],
    ["no status: a 301", "/x /y", { from: "/x", to: "/y", status: 301, force: false }],
    ["a forced rule with a splat", "/a/* /b/:splat 302!", { from: "/a/*", to: "/b/:splat", status: 302, force: true }],
    [
      "a 404 answered with a stored file",
      "/api/* /api/v1/problems/not-found.json 404",
      { from: "/api/*", to: "/api/v1/problems/not-found.json", status: 404, force: false },
    ],
    ["a 410 with a placeholder", "/devices/:slug /withdrawn/:slug 410", { from: "/devices/:slug", to: "/withdrawn/:slug", status: 410, force: false }],
    ["a rewrite on the same site", "/r /s 200", { from: "/r", to: "/s", status: 200, force: false }],
    ["a comment and blank lines around it", "# moved\n\n/old   /new   301\n\n", { from: "/old", to: "/new", status: 301, force: false }],
  ])("%s", async (_, line, rule) => {
    expect((await loadNetlifyRules(build({ redirects: `${line}\n` }))).redirects).toEqual([rule]);
  });

  it("keeps the file's order, which decides the first rule that matches", async () => {
    const { redirects } = await loadNetlifyRules(build({ redirects: "/a/b /one 301\n/a/* /two 301\n/a/b /three 302\n" }));
    expect(redirects.map((r) => r.to)).toEqual(["/one", "/two", "/three"]);
  });

  it.each([
    ["a proxy to another site", "/p https://other.example/p 200"],
    ["a query condition", "/q id=:id /r 301"],
    ["a country condition", "/c /d 302 Country=de"],
    ["a language condition", "/l /m 302 Language=fr"],
  ])("refuses %s: the static layer cannot honour it", async (_, line) => {
    const dir = build({ redirects: `/fine /ok 301\n${line}\n` });
    await expect(loadNetlifyRules(dir)).rejects.toThrow(`${dir}/_redirects: the static layer cannot honour`);
  });
});

describe("header rules", () => {
  const HEADERS = [
    "/api/*",
    "  X-Content-Type-Options: nosniff",
    "  Cache-Control: public, max-age=300",
    "/*",
    "  X-Frame-Options: DENY",
    "/assets/*",
    "  Cache-Control: max-age=31536000, immutable",
    "",
  ].join("\n");

  it.each([
    ["/api/v1/devices", [{ "X-Content-Type-Options": "nosniff", "Cache-Control": "public, max-age=300" }, { "X-Frame-Options": "DENY" }]],
    ["/api/", [{ "X-Content-Type-Options": "nosniff", "Cache-Control": "public, max-age=300" }, { "X-Frame-Options": "DENY" }]],
    ["/assets/site.0123abcd.css", [{ "X-Frame-Options": "DENY" }, { "Cache-Control": "max-age=31536000, immutable" }]],
    ["/devices/alpha-phone", [{ "X-Frame-Options": "DENY" }]],
    ["/", [{ "X-Frame-Options": "DENY" }]],
  ])("%s takes the values of every rule that matches it, in file order", async (pathname, values) => {
    const { headers } = await loadNetlifyRules(build({ headers: HEADERS }));
    expect(headers).toHaveLength(3);
    expect(headers.filter((h) => h.forRegExp.test(pathname)).map((h) => h.values)).toEqual(values);
  });

  it("refuses a header without the path it is for", async () => {
    const dir = build({ headers: "X-No-Path: 1\n" });
    await expect(loadNetlifyRules(dir)).rejects.toThrow(new RegExp(`^${dir}: .*X-No-Path`));
  });
});

describe("a build's files", () => {
  it.each([
    ["neither file", { redirects: null, headers: null }],
    ["two empty files", { redirects: "", headers: "" }],
    ["comments only", { redirects: "# nothing moved\n", headers: "# nothing set\n" }],
  ])("with %s, no rules", async (_, files) => {
    expect(await loadNetlifyRules(build(files))).toEqual({ redirects: [], headers: [] });
  });

  it("names the folder and every line the parsers refuse", async () => {
    const dir = build({ redirects: "/only-a-path\n", headers: "X-No-Path: 1\n" });
    const error = await loadNetlifyRules(dir).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(new RegExp(`^${dir}: `));
    expect((error as Error).message).toContain("/only-a-path");
    expect((error as Error).message).toContain("X-No-Path");
  });
});
