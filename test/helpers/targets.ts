// The four targets the HTTP contract suites run against, one interface for
// all: the request chain in-process, the preview server over a socket, the
// chain under real Deno (test/netlify/edge-harness.ts) over a socket, and
// `netlify dev --offline` (started by test/netlify/run.ts, which passes its
// address in the environment).
import { spawn } from "node:child_process";
import path from "node:path";
import { CLIENT_IP_HEADER, createChain } from "../../generator/serve/chain.ts";
import { fileReader } from "../../generator/serve/file-reader.ts";
import { loadNetlifyRules } from "../../generator/serve/netlify-rules.ts";
import { SlidingWindowLimiter } from "../../generator/serve/rate-limit.ts";
import type { FileReader } from "../../generator/serve/static-layer.ts";
import { servePreview } from "./build.ts";

export type TargetName = "chain" | "preview" | "deno" | "netlify";

export interface HttpTarget {
  name: TargetName;
  /** The build it serves. */
  dist: string;
  /** A request for a path and query; redirects are not followed unless `init.redirect` is "follow". */
  fetch(pathAndQuery: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export interface TargetOptions {
  rateLimit?: boolean;
  /** Files under this path prefix count as missing (with the list pages' folder, every list answer is computed). */
  hide?: string;
}

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A target listening at `origin`. */
export function socketTarget(name: TargetName, dist: string, origin: string, close: () => Promise<void> = async () => {}): HttpTarget {
  return { name, dist, fetch: (p, init = {}) => fetch(origin + p, { redirect: "manual", ...init }), close };
}

/** The request chain called directly with web-standard Requests, as the adapters call it. */
export async function chainTarget(dist: string, opts: TargetOptions = {}): Promise<HttpTarget> {
  const files = fileReader(dist);
  const reader: FileReader = opts.hide ? { read: (p) => (p.startsWith(opts.hide!) ? Promise.resolve(null) : files.read(p)) } : files;
  const chain = createChain({ files: reader, rules: await loadNetlifyRules(dist), limiter: opts.rateLimit ? new SlidingWindowLimiter() : null });
  const send = async (url: URL, init: RequestInit, hops: number): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set(CLIENT_IP_HEADER, "127.0.0.1");
    const res = await chain(new Request(url, { ...init, headers, redirect: "manual" }));
    const location = res.headers.get("location");
    if (init.redirect !== "follow" || res.status < 300 || res.status > 399 || !location || hops > 5) return res;
    return send(new URL(location, url), { ...init, method: "GET" }, hops + 1);
  };
  return { name: "chain", dist, fetch: (p, init = {}) => send(new URL(p, "http://chain.test"), init, 0), close: async () => {} };
}

export async function previewTarget(dist: string, opts: TargetOptions = {}): Promise<HttpTarget> {
  const preview = await servePreview(dist, { rateLimit: opts.rateLimit ?? false });
  return socketTarget("preview", dist, preview.url, preview.close);
}

/** The chain under Deno on a free port; resolves once it listens. */
export function denoTarget(dist: string, opts: TargetOptions = {}): Promise<HttpTarget> {
  const flags = [...(opts.rateLimit ? ["--rate-limit"] : []), ...(opts.hide ? ["--hide", opts.hide] : [])];
  const child = spawn(
    path.join(ROOT, "node_modules/.bin/deno"),
    ["run", "--allow-net", "--allow-read", "--allow-env", "--allow-sys", "test/netlify/edge-harness.ts", dist, ...flags],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let err = "";
  child.stderr!.on("data", (d) => (err += d));
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`deno harness did not start:\n${err}`)), 60_000);
    child.stdout!.on("data", (d: Buffer) => {
      const m = /listening (\d+)/.exec(String(d));
      if (!m) return;
      clearTimeout(timer);
      resolve(socketTarget("deno", dist, `http://127.0.0.1:${m[1]}`, close));
    });
    child.on("exit", (code) => reject(new Error(`deno harness exited ${code}:\n${err}`)));
  });
}

/** netlify dev's address for each build, as test/netlify/run.ts passes them; null outside that run. */
export function netlifyOrigins(): { fixture: string; list: string } | null {
  const { NETLIFY_FIXTURE_URL: fixture, NETLIFY_LIST_URL: list } = process.env;
  return fixture && list ? { fixture, list } : null;
}

export function startTarget(name: Exclude<TargetName, "netlify">, dist: string, opts: TargetOptions = {}): Promise<HttpTarget> {
  return { chain: chainTarget, preview: previewTarget, deno: denoTarget }[name](dist, opts);
}
