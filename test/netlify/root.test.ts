// `netlify dev --offline` at the repository root, as a person runs it there:
// client/ and test/openapi-toolchain/ in place, no --dir, stdin closed. Run by
// test/netlify/run.ts, which starts it and passes its address and what it
// printed. netlify-cli asks "which project?" before it reads netlify.toml
// whenever the root package.json lists npm workspaces (@netlify/build-info's
// workspace detection), so the repository has none (ARCHITECTURE.md).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const { NETLIFY_ROOT_URL: url, NETLIFY_ROOT_LOG: logFile } = process.env;

describe("netlify dev --offline at the repository root", () => {
  const printed = readFileSync(logFile!, "utf8");

  it("starts without asking which project to run, and serves dist/ under the edge function", () => {
    expect(printed).not.toMatch(/We've detected multiple projects|Select the project you want to work with/);
    expect(printed).toMatch(/Using simple static server because '\[dev\.framework\]' was set to '#static'/);
    expect(printed).toMatch(/Loaded edge function api/);
  });

  it("answers the API with the edge function: a limit out of range is its problem document, whatever dist/ holds", async () => {
    const res = await fetch(`${url}/api/v1/devices?limit=0`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect((await res.json()).type).toBe("/docs/problems#invalid-limit");
  });
});
