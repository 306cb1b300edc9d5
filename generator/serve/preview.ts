// The local preview server: a Node http adapter around the request chain
// (chain.ts) over a build's files, with the build's own _redirects and
// _headers. Every decision is the chain's; this file only converts requests
// and responses.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { CLIENT_IP_HEADER, createChain } from "./chain.ts";
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

function toRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  headers.set(CLIENT_IP_HEADER, req.socket.remoteAddress ?? "");
  return new Request(url, { method: req.method, headers });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => (headers[name] = value));
  res.writeHead(response.status, headers);
  if (!response.body) return void res.end();
  // A body of known length in one write; a stream (a large stored file) as it comes.
  if (headers["content-length"]) return void res.end(Buffer.from(await response.arrayBuffer()));
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

export async function startPreview(opts: PreviewOptions): Promise<{ server: Server; url: string; reload: () => Promise<void> }> {
  const { handle, reload } = await previewChain(opts.dir, { rateLimit: opts.rateLimit });
  const server = createServer((req, res) => {
    const url = requestUrl(req);
    if (!url) {
      // An absolute-form target that is no URL (`GET http://[:: HTTP/1.1`): refused as Node refuses a malformed request line.
      res.writeHead(400, { Connection: "close" }).end();
      return;
    }
    handle(toRequest(req, url))
      .then((response) => send(res, response))
      .catch((err) => {
        // A bug must still answer as JSON, never as a crash.
        console.error(err);
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/problem+json" }).end(JSON.stringify({ title: "Internal error", status: 500 }));
        else res.end();
      });
  });
  return new Promise((resolve) => {
    server.listen(opts.port, opts.host ?? "127.0.0.1", () => {
      const addr = server.address();
      const port = typeof addr === "object" && addr ? addr.port : opts.port;
      resolve({ server, url: `http://${opts.host ?? "localhost"}:${port}`, reload });
    });
  });
}
