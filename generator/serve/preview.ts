// The local preview server: a Node http adapter around the request chain
// (chain.ts) over a build's files, with the build's own _redirects and
// _headers. Every decision is the chain's; this file only converts requests
// and responses, and answers what never becomes a Request: a method Node's
// parser does not know or fetch cannot carry, a malformed request line.
import { METHODS, STATUS_CODES, createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import path from "node:path";
import { CLIENT_IP_HEADER, createChain } from "./chain.ts";
import { MANIFEST_MIN_BYTES } from "../derive/etags.ts";
import { fileReader } from "./file-reader.ts";
import { loadNetlifyRules } from "./netlify-rules.ts";
import { SlidingWindowLimiter } from "./rate-limit.ts";

export interface PreviewOptions {
  dir: string;
  port: number;
  host?: string;
  /** Enforce the public rate limit (on by default; off for benchmarks and test suites). */
  rateLimit?: boolean;
}

/**
 * The URL a request names, or null when no URL can hold its target. The Host
 * header is the client's to spell: one that is not a host (`a b`, `x:99999`)
 * must not fail the request, so it falls back to localhost.
 */
function requestUrl(req: IncomingMessage): URL | null {
  const host = req.headers.host;
  const origin = host && URL.canParse(`http://${host}`) ? `http://${host}` : "http://localhost";
  const target = req.url ?? "/";
  return URL.canParse(target, origin) ? new URL(target, origin) : null;
}

function toRequest(req: IncomingMessage, url: URL, method = req.method): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  headers.set(CLIENT_IP_HEADER, req.socket.remoteAddress ?? "");
  return new Request(url, { method, headers });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  // A small body in one write; a large one (a stored file streamed with its length) as it comes.
  if (Number(headers["content-length"]) < MANIFEST_MIN_BYTES) return void res.end(Buffer.from(await response.arrayBuffer()));
  for await (const chunk of response.body) res.write(chunk);
  res.end();
}

/** The chain over the build in `dir`; `reload` reads a rebuilt one (new rules, new caches). */
export async function previewChain(dir: string, opts: { rateLimit?: boolean } = {}) {
  const root = path.resolve(dir);
  const limiter = opts.rateLimit === false ? null : new SlidingWindowLimiter();
  const load = async () => createChain({ files: fileReader(root), rules: await loadNetlifyRules(root), limiter });
  let chain = await load();
  return {
    handle: (request: Request) => chain(request),
    reload: async () => {
      chain = await load();
    },
  };
}

/**
 * Methods Node's parser knows that a WHATWG Request cannot carry (fetch's
 * forbidden methods; CONNECT arrives as Node's "connect" event). The chain
 * answers them as it answers any method it does not serve at a path (405
 * with that path's Allow), through a stand-in it can carry.
 */
const UNCARRIED = new Set(["CONNECT", "TRACE"]);
const STAND_IN = "DELETE";

/** An HTTP token (RFC 9110 section 5.6.2): what a method must be spelled with. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The status for a request Node's parser refused before it became a request:
 * 501 for a method spelled as a method that this server does not know (RFC
 * 9110 section 15.6.2), 431 for an oversized head, 408 for a slow one, 400
 * for anything else malformed.
 */
export function refusalStatus(code: string | undefined, rawPacket: Buffer | undefined): number {
  if (code === "HPE_HEADER_OVERFLOW") return 431;
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  const method = rawPacket?.toString("latin1").split(/[ \r\n]/, 1)[0] ?? "";
  return code === "HPE_INVALID_METHOD" && TOKEN.test(method) && !METHODS.includes(method) ? 501 : 400;
}

/** A web Response written onto a bare socket (a request Node gives no ServerResponse for), then the connection closed. */
async function writeRaw(socket: Duplex, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const head = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status]}`];
  for (const [name, value] of response.headers) if (name !== "content-length" && name !== "connection") head.push(`${name}: ${value}`);
  head.push(`content-length: ${body.length}`, "connection: close");
  if (socket.writable) socket.end(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "latin1"), body]));
}

/** The answer to a method Node's parser does not know (no path is known yet, so no page or problem document can be chosen). */
const NOT_IMPLEMENTED = new Response("Not Implemented: this server answers GET, HEAD, OPTIONS and POST.\n", {
  status: 501,
  headers: { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" },
});

export async function startPreview(opts: PreviewOptions): Promise<{ server: Server; url: string; reload: () => Promise<void> }> {
  const { handle, reload } = await previewChain(opts.dir, { rateLimit: opts.rateLimit });
  /** The chain's answer to a request; a method it cannot carry is asked as its stand-in. */
  const answer = (req: IncomingMessage, url: URL): Promise<Response> =>
    new Promise<Response>((resolve) => {
      const method = req.method ?? "GET";
      resolve(handle(toRequest(req, url, UNCARRIED.has(method) ? STAND_IN : method)));
    });
  const server = createServer((req, res) => {
    const url = requestUrl(req);
    if (!url) {
      // An absolute-form target that is no URL (`GET http://[:: HTTP/1.1`): refused as Node refuses a malformed request line.
      res.writeHead(400, { Connection: "close" }).end();
      return;
    }
    // A sync throw (a Request the chain cannot be given) lands in the catch too: one request never stops the server.
    answer(req, url)
      .then((response) => send(res, response))
      .catch((err) => {
        // A bug must still answer as JSON, never as a crash.
        console.error(err);
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/problem+json" }).end(JSON.stringify({ title: "Internal error", status: 500 }));
        else res.end();
      });
  });
  // CONNECT asks for a tunnel, which this server never opens: answered as the site's root answers a method it does not serve.
  server.on("connect", (req: IncomingMessage, socket: Duplex) => {
    socket.on("error", () => socket.destroy());
    answer(req, new URL("/", "http://localhost"))
      .catch(() => new Response(null, { status: 400 }))
      .then((response) => writeRaw(socket, response))
      .catch(() => socket.destroy());
  });
  // A request Node's parser refuses gets Node's own bare answer (400, 408, 431), except a method spelled right that it does not know: 501.
  server.on("clientError", (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (err.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
    const status = refusalStatus(err.code, err.rawPacket);
    if (status === 501) return void writeRaw(socket, NOT_IMPLEMENTED.clone()).catch(() => socket.destroy());
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
  });
  return new Promise((resolve) => {
    server.listen(opts.port, opts.host ?? "127.0.0.1", () => {
      const addr = server.address();
      const port = typeof addr === "object" && addr ? addr.port : opts.port;
      resolve({ server, url: `http://${opts.host ?? "localhost"}:${port}`, reload });
    });
  });
}
