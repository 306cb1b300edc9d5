// Stoplight Prism's validating proxy in front of a server of a build: every
// request and response that passes is checked against the build's own OpenAPI
// document (dist/api/v1/openapi.json), and what Prism finds is collected.
//
//   client ──► front ──► upstream: its answer, kept
//                └─────► prism proxy ──► replay: hands Prism the kept answer
//
// Prism reports each exchange's violations in an `sl-violations` response
// header; the small front server keeps them and passes everything else on
// unchanged, so the clients (any HTTP test suite) need not know the proxy is
// there. Prism's proxy follows redirects itself (stoplightio/prism#1977), which
// would hide every 301 from the client, so the front asks the upstream first
// and passes a redirect on as it is (its target is checked when the client
// follows it). Any other answer is kept and sent through Prism, whose
// upstream is a replay server handing it that answer: the upstream answers
// each request once, exactly as the client sent it, and one Prism process
// serves every build whose document has the same bytes. Point it at any
// upstream: the preview, the edge function, netlify dev.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type Server } from "node:http";
import { connect } from "node:net";
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

interface Answer {
  status: number;
  message: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The header (which Prism passes on to its upstream) naming the kept answer the replay server is to hand back. */
const KEPT = "x-validating-proxy-kept";

interface Prism {
  port: number;
  /** The answers the fronts have kept for the requests they sent through this Prism, by their KEPT header. */
  kept: Map<string, Answer>;
  stop(): Promise<void>;
}

/** The Prism processes started, by the SHA-256 of their OpenAPI document, with the number of fronts using each: the last to close stops it. */
const prisms = new Map<string, { prism: Promise<Prism>; users: number }>();

/** The request sent on to a server on this machine, answered in full. */
const send = (port: number, req: IncomingMessage, body: Buffer, headers: IncomingHttpHeaders = req.headers) =>
  new Promise<Answer>((resolve, reject) => {
    const out = httpRequest({ host: "127.0.0.1", port, method: req.method, path: req.url, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (c: Buffer) => chunks.push(c));
      answer.on("end", () => resolve({ status: answer.statusCode!, message: answer.statusMessage!, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on("error", reject);
    });
    out.on("error", reject);
    out.end(body);
  });

const listen = (server: Server) => new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)));

const closeServer = (server: Server) => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
};

/**
 * Resolves once Prism accepts connections (it logs nothing at the level it
 * runs at, to spare it the work of logging every exchange); rejects with its
 * output if it exits first or takes over 90 s.
 */
function waitForListening(child: ChildProcess, port: number): Promise<void> {
  let log = "";
  const read = (d: Buffer) => (log += d);
  child.stdout!.on("data", read);
  child.stderr!.on("data", read);
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off("exit", exited);
      child.stdout!.off("data", read);
      child.stderr!.off("data", read);
      // Nothing reads Prism's output once it has started, so it is drained.
      child.stdout!.resume();
      child.stderr!.resume();
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => settle(new Error(`prism did not start on port ${port}:\n${log}`)), 90_000);
    const exited = (code: number | null) => settle(new Error(`prism exited ${code}:\n${log}`));
    child.on("exit", exited);
    const attempt = () => {
      if (settled) return;
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        settle();
      });
      socket.once("error", () => setTimeout(attempt, 100));
    };
    attempt();
  });
}

/** Starts Prism's proxy with an OpenAPI document, in front of a replay server of the answers the fronts keep. */
async function startPrism(document: string): Promise<Prism> {
  const kept = new Map<string, Answer>();
  const replay = createServer((req, res) => {
    req.resume();
    const answer = kept.get(String(req.headers[KEPT]));
    if (!answer) {
      res.writeHead(502);
      res.end(`no answer kept for ${req.method} ${req.url}`);
      return;
    }
    res.writeHead(answer.status, answer.message, answer.headers);
    res.end(answer.body);
  });
  const replayPort = await listen(replay);
  const port = await freePort();
  // --errors off: Prism passes every answer on as the upstream gave it and only reports; CORS is the upstream's own.
  const child = spawn(
    PRISM,
    [
      "proxy",
      document,
      `http://127.0.0.1:${replayPort}`,
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--cors=false",
      "--errors=false",
      "--verboseLevel=warn",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  try {
    await waitForListening(child, port);
  } catch (err) {
    child.kill();
    await closeServer(replay);
    throw err;
  }
  return {
    port,
    kept,
    async stop() {
      const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
      child.kill();
      await Promise.all([exited, closeServer(replay)]);
    },
  };
}

/** A Prism for this document: the one a build with the same document has started, else a new one. */
async function prismFor(document: string): Promise<{ prism: Prism; release(): Promise<void> }> {
  const key = createHash("sha256").update(readFileSync(document)).digest("hex");
  let shared = prisms.get(key);
  if (!shared) {
    shared = { prism: startPrism(document), users: 0 };
    prisms.set(key, shared);
    shared.prism.catch(() => prisms.delete(key));
  }
  shared.users += 1;
  const prism = await shared.prism;
  return {
    prism,
    async release() {
      shared.users -= 1;
      if (shared.users > 0) return;
      prisms.delete(key);
      await prism.stop();
    },
  };
}

/** Starts a validating proxy of `upstream` (an origin on this machine) with the OpenAPI document of the build in `dist`. */
export async function startValidatingProxy(upstream: string, dist: string): Promise<ValidatingProxy> {
  const { prism, release } = await prismFor(path.join(dist, API.openapi.file({})));
  const findings: Finding[] = [];
  let exchanges = 0;
  const upstreamPort = Number(new URL(upstream).port);

  const front: Server = createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks);
      let answer = await send(upstreamPort, req, body);
      if (!REDIRECTS.has(answer.status)) {
        const token = randomUUID();
        prism.kept.set(token, answer);
        try {
          answer = await send(prism.port, req, body, { ...req.headers, [KEPT]: token });
        } finally {
          prism.kept.delete(token);
        }
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
  const frontPort = await listen(front);

  return {
    url: `http://127.0.0.1:${frontPort}`,
    findings,
    exchanges: () => exchanges,
    async close() {
      await closeServer(front);
      await release();
    },
  };
}
