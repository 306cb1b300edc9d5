// Stoplight Prism's validating proxy in front of a server of a build: every
// request and response that passes is checked against the build's own OpenAPI
// document (dist/api/v1/openapi.json), and what Prism finds is collected.
//
//   client ──► front (records Prism's sl-violations header, strips it) ──► prism proxy ──► upstream
//
// Prism reports each exchange's violations in an `sl-violations` response
// header; the small front server keeps them and passes everything else on
// unchanged, so the clients (any HTTP test suite) need not know the proxy is
// there. Prism's proxy follows redirects itself (stoplightio/prism#1977), which
// would hide every 301 from the client, so the front asks the upstream first
// and passes a redirect on as it is (its target is checked when the client
// follows it). Point it at any upstream: the preview, the edge function,
// netlify dev.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from "node:http";
import path from "node:path";
import { API } from "../../generator/contract/resources.ts";
import { freePort } from "./build.ts";

const PRISM = path.resolve(import.meta.dirname, "../../node_modules/.bin/prism");

export interface Violation {
  /** ["request", "query", "limit"] or ["response", "body", ...], as Prism gives it. */
  location: string[];
  severity: "Error" | "Warning" | "Info" | "Hint";
  message: string;
}

/** One exchange in which Prism found something. */
export interface Finding {
  method: string;
  path: string;
  status: number;
  violations: Violation[];
}

export interface ValidatingProxy {
  /** Where clients send their requests: the front server's origin. */
  url: string;
  /** Every exchange with a violation, in the order the responses came back. */
  findings: Finding[];
  /** How many exchanges passed through. */
  exchanges(): number;
  close(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Prism's request check stops at "Selected route not found" for what the document does not describe (pages, writes, preflights). */
const OUTSIDE_THE_DOCUMENT = "Selected route not found";

/**
 * What a contract suite must not see: any violation in a response, and a
 * request the document calls invalid that the server nevertheless answered
 * below 400 (the document is stricter than the server). A request the document
 * calls invalid and the server refuses (4xx) is a test of that refusal.
 */
export function contractBreaches(findings: Finding[]): string[] {
  return findings.flatMap((f) =>
    f.violations
      .filter((v) => v.location[0] === "response" || (v.location[0] === "request" && v.message !== OUTSIDE_THE_DOCUMENT && f.status < 400))
      .map((v) => `${f.method} ${f.path} → ${f.status}: ${v.severity} at ${v.location.join(".")}: ${v.message}`),
  );
}

function waitForListening(child: ChildProcess, port: number): Promise<void> {
  let log = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`prism did not start on port ${port}:\n${log}`)), 90_000);
    const read = (d: Buffer) => {
      log += d;
      if (log.includes(`Prism is listening on http://127.0.0.1:${port}`)) {
        clearTimeout(timer);
        child.stdout!.off("data", read);
        resolve();
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", (d) => (log += d));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`prism exited ${code}:\n${log}`));
    });
  });
}

/** Starts Prism's proxy on `upstream` (an origin on this machine) with the OpenAPI document of the build in `dist`. */
export async function startValidatingProxy(upstream: string, dist: string): Promise<ValidatingProxy> {
  const prismPort = await freePort();
  // --errors off: Prism passes every answer on as the upstream gave it and only reports; CORS is the upstream's own.
  const child = spawn(
    PRISM,
    ["proxy", path.join(dist, API.openapi.file({})), upstream, "--host", "127.0.0.1", "--port", String(prismPort), "--cors=false", "--errors=false"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  await waitForListening(child, prismPort);
  // Prism logs every exchange; nothing reads the log once it has started, so it is drained.
  child.stdout!.resume();

  const findings: Finding[] = [];
  let exchanges = 0;
  const origin = new URL(upstream);
  /** The request sent on to a server, answered in full. */
  const send = (port: number, req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; message: string; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const out = httpRequest({ host: "127.0.0.1", port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (c: Buffer) => chunks.push(c));
        answer.on("end", () => resolve({ status: answer.statusCode!, message: answer.statusMessage!, headers: answer.headers, body: Buffer.concat(chunks) }));
        answer.on("error", reject);
      });
      out.on("error", reject);
      out.end(body);
    });

  const front: Server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      const direct = await send(Number(origin.port), req, body);
      let answer = direct;
      if (!REDIRECTS.has(direct.status)) {
        answer = await send(prismPort, req, body);
        exchanges += 1;
        const reported = answer.headers["sl-violations"];
        delete answer.headers["sl-violations"];
        if (typeof reported === "string") findings.push({ method: req.method!, path: req.url!, status: answer.status, violations: JSON.parse(reported) });
      }
      res.writeHead(answer.status, answer.message, answer.headers);
      res.end(answer.body);
    } catch (err) {
      res.writeHead(502);
      res.end(String(err));
    }
  });
  const frontPort = await freePort();
  await new Promise<void>((resolve) => front.listen(frontPort, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${frontPort}`,
    findings,
    exchanges: () => exchanges,
    async close() {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill();
      await exited;
    },
  };
}
