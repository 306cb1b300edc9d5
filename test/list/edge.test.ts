// The Netlify edge function under real Deno (test/netlify/edge-harness.ts
// stands in for Netlify's static layer): the same HTTP contract as the preview
// server, and for every static page of the plain walk, the answer the edge
// function computes is byte for byte the page the build wrote.
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servePreview, type Preview } from "../helpers/build.ts";
import { STORAGE } from "../../generator/contract/resources.ts";
import { get, listContract, type Target } from "./contract.ts";
import { synthBuild } from "./setup.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Starts the harness under Deno on a free port; resolves once it listens. */
function startEdgeHarness(dist: string, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(path.join(ROOT, "node_modules/.bin/deno"), ["run", "--allow-net", "--allow-read", "--allow-env", "test/netlify/edge-harness.ts", dist], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`deno harness did not start:\n${err}`)), 60_000);
    child.stdout!.on("data", (d: Buffer) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${m[1]}`, child });
      }
    });
    child.on("exit", (code) => reject(new Error(`deno harness exited ${code}:\n${err}`)));
  });
}

let dist: string;
let edge: Target;
let computing: Target;
let preview: Preview;
const children: ChildProcess[] = [];
beforeAll(async () => {
  ({ dist } = await synthBuild(300, 4));
  const [a, b] = await Promise.all([startEdgeHarness(dist), startEdgeHarness(dist, { EDGE_HARNESS_NO_STATIC_LIST: "1" })]);
  children.push(a.child, b.child);
  edge = { url: a.url, dist };
  computing = { url: b.url, dist };
  preview = await servePreview(dist);
});
afterAll(async () => {
  for (const c of children) c.kill();
  await preview?.close();
});

listContract(() => edge);

describe("the edge function under Deno", () => {
  it("computes every static page of the plain walk byte for byte, with the preview's ETag", async () => {
    const files = readdirSync(path.join(dist, path.dirname(STORAGE.listPage(null))));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const qs = file === "first.json" ? "" : `?cursor=${file.replace(/\.json$/, "")}`;
      const [computed, fromPreview] = await Promise.all([get(computing, `/api/v1/devices${qs}`), get({ url: preview.url, dist }, `/api/v1/devices${qs}`)]);
      expect(computed.status, file).toBe(200);
      expect(await computed.text(), file).toBe(await fromPreview.text());
      expect(computed.headers.get("etag"), file).toBe(fromPreview.headers.get("etag"));
      for (const h of ["content-type", "cache-control", "access-control-allow-origin"]) expect(computed.headers.get(h), `${file} ${h}`).toBe(fromPreview.headers.get(h));
    }
  });

  it("answers search pages, legacy pages and errors exactly as the preview does", async () => {
    for (const qs of ["/api/v1/devices?q=pro&limit=9", "/api/v1/devices?limit=3", "/api/devices?limit=2", "/api/v1/devices?limit=abc", "/api/v1/devices?cursor=zzz"]) {
      const [a, b] = await Promise.all([get(edge, qs), get({ url: preview.url, dist }, qs)]);
      expect(a.status, qs).toBe(b.status);
      expect(await a.text(), qs).toBe(await b.text());
      for (const h of ["content-type", "etag", "link", "deprecation"]) expect(a.headers.get(h), `${qs} ${h}`).toBe(b.headers.get(h));
    }
  });

  it("a 404 from the static layer on /api becomes the preview's JSON answer", async () => {
    for (const p of ["/api/v1/devices/no-such-device", "/api/v1/nothing-here", "/api/v1/badge/no-such-device"]) {
      const [a, b] = await Promise.all([get(edge, p), get({ url: preview.url, dist }, p)]);
      expect(a.status, p).toBe(404);
      expect(a.headers.get("content-type"), p).toBe(b.headers.get("content-type"));
      expect(await a.text(), p).toBe(await b.text());
    }
  });
});
