// A fault-injecting proxy in front of the preview, for the reference
// client's tests: it passes requests through, or answers as a failing
// service would (the connection dropped, a 500, a 429 with Retry-After, an
// answer slower than the client waits), and logs what it saw.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Fault =
  | { kind: "pass" }
  | { kind: "down" }
  | { kind: "status"; status: 500 | 503 }
  | { kind: "rate-limited"; retryAfter: number }
  | { kind: "slow"; ms: number };

export interface Seen {
  path: string;
  ifNoneMatch: string | null;
  /** The status the client got. */
  status: number | "dropped";
}

export interface FaultProxy {
  url: string;
  /** Faults to apply to the next requests, one each, in order; after them every request passes. */
  inject(...faults: Fault[]): void;
  /** Every request from now on fails this way, until inject() or always(null). */
  always(fault: Fault | null): void;
  seen: Seen[];
  close(): Promise<void>;
}

export async function faultProxy(upstream: string): Promise<FaultProxy> {
  let queue: Fault[] = [];
  let standing: Fault | null = null;
  const seen: Seen[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const fault = queue.shift() ?? standing ?? { kind: "pass" };
    const record = (status: Seen["status"]) => seen.push({ path: req.url!, ifNoneMatch: (req.headers["if-none-match"] as string | undefined) ?? null, status });
    if (fault.kind === "down") {
      record("dropped");
      req.socket.destroy();
      return;
    }
    if (fault.kind === "status") {
      record(fault.status);
      res.writeHead(fault.status, { "Content-Type": "application/problem+json" });
      res.end(JSON.stringify({ type: "about:blank", title: "Service unavailable", status: fault.status }));
      return;
    }
    if (fault.kind === "rate-limited") {
      record(429);
      res.writeHead(429, {
        "Content-Type": "application/problem+json",
        "Retry-After": String(fault.retryAfter),
        RateLimit: `"public";r=0;t=${fault.retryAfter}`,
        "RateLimit-Policy": `"public";q=20;w=60`,
      });
      res.end(JSON.stringify({ type: "/problems/rate-limited", title: "Too many requests", status: 429 }));
      return;
    }
    if (fault.kind === "slow") await new Promise((r) => setTimeout(r, fault.ms));
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string" && k !== "host") headers.set(k, v);
    try {
      const up = await fetch(upstream + req.url, { headers, redirect: "manual" });
      record(up.status);
      const out: Record<string, string> = {};
      up.headers.forEach((v, k) => {
        if (k !== "content-encoding" && k !== "transfer-encoding" && k !== "connection") out[k] = v;
      });
      const body = Buffer.from(await up.arrayBuffer());
      res.writeHead(up.status, { ...out, "content-length": String(body.length) });
      res.end(body);
    } catch {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    inject: (...faults) => {
      queue = faults;
      standing = null;
    },
    always: (fault) => {
      queue = [];
      standing = fault;
    },
    seen,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
