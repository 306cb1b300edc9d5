// Measurement 6: the preview server under load (autocannon on 127.0.0.1, rate
// limit off), beside plain `serve` on the same dist/. Plain serve cannot answer
// the extensionless API path the way production does, so it is asked for the
// record's actual file, /api/v1/devices/<slug>.json.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import autocannon from "autocannon";
import { exitOf, freePort, ROOT, round, spawnTs, stopChild, waitForHttp } from "./lib.ts";

export interface LoadTarget {
  server: "preview" | "serve";
  name: string;
  path: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses by status code: a 404 here means the route is not built yet, not a fast answer. */
  statuses: Record<string, number>;
  errors: number;
}

export interface PreviewLoadResult {
  connections: number;
  durationS: number;
  warmupS: number;
  targets: LoadTarget[];
  /** Preview on the record's API path ÷ serve on the record's file. */
  previewOverServe: number;
}

async function load(server: LoadTarget["server"], name: string, base: string, urlPath: string, opts: { connections: number; durationS: number; warmupS: number }): Promise<LoadTarget> {
  const url = base + urlPath;
  await autocannon({ url, connections: opts.connections, duration: opts.warmupS });
  const r = await autocannon({ url, connections: opts.connections, duration: opts.durationS });
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
  return { server, name, path: urlPath, requestsPerSec: round(r.requests.average, 0), p50Ms: r.latency.p50, p99Ms: r.latency.p99, statuses, errors: r.errors + r.timeouts };
}

async function withServer<T>(child: ChildProcess, base: string, work: () => Promise<T>): Promise<T> {
  const exited = exitOf(child);
  try {
    await waitForHttp(`${base}/`, exited);
    return await work();
  } finally {
    await stopChild(child);
  }
}

export async function measurePreviewLoad(distDir: string, opts: { connections: number; durationS: number; warmupS: number }): Promise<PreviewLoadResult> {
  const devicesDir = path.join(distDir, "api/v1/devices");
  const file = readdirSync(devicesDir).filter((n) => n.endsWith(".json")).sort()[0];
  if (!file) throw new Error(`no record files in ${devicesDir}`);
  const slug = file.slice(0, -".json".length);
  const name = String(JSON.parse(readFileSync(path.join(devicesDir, file), "utf8")).name);
  const q = encodeURIComponent(name.split(" ").slice(0, 2).join(" ").toLowerCase());

  const previewPort = await freePort();
  const preview = spawnTs(path.join(ROOT, "generator/cli/preview.ts"), ["--dir", distDir, "--port", String(previewPort), "--no-rate-limit"]);
  const pbase = `http://127.0.0.1:${previewPort}`;
  const targets = await withServer(preview, pbase, async () => [
    await load("preview", "record", pbase, `/api/v1/devices/${slug}`, opts),
    await load("preview", "record file", pbase, `/api/v1/devices/${slug}.json`, opts),
    await load("preview", "list page", pbase, "/api/v1/devices", opts),
    await load("preview", "search", pbase, `/api/v1/devices?q=${q}`, opts),
  ]);

  const servePort = await freePort();
  const serveBin = path.join(ROOT, "node_modules/.bin/serve");
  // -L: no request log (the preview keeps none either); -n: no clipboard.
  const serve = spawn(serveBin, ["-l", `tcp://127.0.0.1:${servePort}`, "-L", "-n", "--no-port-switching", distDir], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  const sbase = `http://127.0.0.1:${servePort}`;
  targets.push(await withServer(serve, sbase, () => load("serve", "record file", sbase, `/api/v1/devices/${slug}.json`, opts)));

  const rps = (server: string, n: string) => targets.find((t) => t.server === server && t.name === n)!.requestsPerSec;
  return { ...opts, targets, previewOverServe: round(rps("preview", "record") / rps("serve", "record file"), 2) };
}
