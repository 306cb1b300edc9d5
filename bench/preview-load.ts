// Measurement 6: the preview server under load (autocannon on 127.0.0.1, rate
// limit off), beside plain `serve` on the same dist/. Plain serve cannot answer
// the extensionless API path the way production does, so it is asked for the
// record's actual file, /api/v1/devices/<slug>.json. The preview runs every
// request through the request chain (generator/serve/chain.ts): the record
// through the edge function's core, which reads the stored file and hashes it
// for its ETag. The ratio alternates the two servers over several rounds and
// takes the median of each round's ratio: the two runs of a round are back to
// back, so a burst of other work on the machine weighs on both alike.
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
  /** Requests per second of each alternating round: the preview on the record's API path, serve on its file. */
  rounds: { preview: number; serve: number }[];
  /** The median over the rounds of the preview ÷ serve, each round's two runs back to back. */
  previewOverServe: number;
}

async function load(
  server: LoadTarget["server"],
  name: string,
  base: string,
  urlPath: string,
  opts: { connections: number; durationS: number; warmupS: number },
  headers?: Record<string, string>,
): Promise<LoadTarget> {
  const url = base + urlPath;
  await autocannon({ url, headers, connections: opts.connections, duration: opts.warmupS });
  const r = await autocannon({ url, headers, connections: opts.connections, duration: opts.durationS });
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count]));
  return {
    server,
    name,
    path: urlPath,
    requestsPerSec: round(r.requests.average, 0),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    statuses,
    errors: r.errors + r.timeouts,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function measurePreviewLoad(
  distDir: string,
  opts: { connections: number; durationS: number; warmupS: number; rounds: number },
): Promise<PreviewLoadResult> {
  const devicesDir = path.join(distDir, "api/v1/devices");
  const file = readdirSync(devicesDir)
    .filter((n) => n.endsWith(".json"))
    .sort()[0];
  if (!file) throw new Error(`no record files in ${devicesDir}`);
  const slug = file.slice(0, -".json".length);
  const name = String(JSON.parse(readFileSync(path.join(devicesDir, file), "utf8")).name);
  const q = encodeURIComponent(name.split(" ").slice(0, 2).join(" ").toLowerCase());

  const [previewPort, servePort] = [await freePort(), await freePort()];
  const pbase = `http://127.0.0.1:${previewPort}`;
  const sbase = `http://127.0.0.1:${servePort}`;
  const preview = spawnTs(path.join(ROOT, "generator/cli/preview.ts"), ["--dir", distDir, "--port", String(previewPort), "--no-rate-limit"]);
  // -L: no request log (the preview keeps none either); -n: no clipboard.
  const serve = spawn(path.join(ROOT, "node_modules/.bin/serve"), ["-l", `tcp://127.0.0.1:${servePort}`, "-L", "-n", "--no-port-switching", distDir], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return withServers(
    [
      [preview, pbase],
      [serve, sbase],
    ],
    async () => {
      const record = `/api/v1/devices/${slug}`;
      const etag = (await fetch(pbase + record)).headers.get("etag")!;
      const targets = [
        await load("preview", "record", pbase, record, opts),
        await load("preview", "record, 304", pbase, record, opts, { "If-None-Match": etag }),
        await load("preview", "record file", pbase, `${record}.json`, opts),
        await load("preview", "list page", pbase, "/api/v1/devices", opts),
        await load("preview", "search", pbase, `/api/v1/devices?q=${q}`, opts),
        await load("preview", "device page", pbase, `/devices/${slug}`, opts),
        await load("preview", "whole CSV", pbase, "/api/v1/dataset", opts),
        await load("serve", "record file", sbase, `${record}.json`, opts),
        await load("serve", "device page", sbase, `/devices/${slug}`, opts),
      ];
      const rounds: PreviewLoadResult["rounds"] = [];
      for (let i = 0; i < opts.rounds; i++) {
        const p = await load("preview", "record", pbase, record, opts);
        const s = await load("serve", "record file", sbase, `${record}.json`, opts);
        rounds.push({ preview: p.requestsPerSec, serve: s.requestsPerSec });
      }
      return { ...opts, targets, rounds, previewOverServe: round(median(rounds.map((r) => r.preview / r.serve)), 2) };
    },
  );
}

async function withServers<T>(servers: [ChildProcess, string][], work: () => Promise<T>): Promise<T> {
  try {
    await Promise.all(servers.map(([child, base]) => waitForHttp(`${base}/`, exitOf(child))));
    return await work();
  } finally {
    await Promise.all(servers.map(([child]) => stopChild(child)));
  }
}
