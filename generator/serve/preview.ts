// The local preview server: serve-handler for static files, steered by the
// build's own _redirects and _headers (parsed back from dist/), and the same
// request core as the Netlify edge function for what no file can answer.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { readFileSync, statSync } from "node:fs";
import { lstat, readFile } from "node:fs/promises";
import path from "node:path";
import serveHandler from "serve-handler";
import { CORRECTIONS_FORM, RouteTable, headersFor, parseHeaders, parseRedirects } from "./routes.ts";
import { answerApiMiss, answerMethod, isApiPath } from "./core.ts";
import { etagMatches, etagOf } from "./respond.ts";
import { parseListIndex, type ListIndex } from "../derive/list-index.ts";
import { INDEX_PATH, answerList, isListPath, isStaticCandidate, itemReader, listProblemResponse, parseListRequest, recordFile, staticPagePath, type ListSource } from "./list.ts";
import { SlidingWindowLimiter, isRateLimitedPath, rateLimitedResponse } from "./rate-limit.ts";

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
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
  return new Request(url, { method: req.method, headers });
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((v, k) => res.setHeader(k, v));
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
}

/** The list core's inputs, read from the build: the index (reloaded when the file changes) and the record files. */
export function fileListSource(root: string): ListSource {
  const items = () => itemReader((slug) => readFile(path.join(root, recordFile(slug)), "utf8"));
  let cached: { mtimeMs: number; index: ListIndex; items: ListSource["items"] } | null = null;
  const current = async () => {
    const file = path.join(root, INDEX_PATH);
    const { mtimeMs } = statSync(file);
    // A new index means a new build: its record files may differ too.
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, index: parseListIndex(await readFile(file, "utf8")), items: items() };
    return cached;
  };
  return {
    index: async () => (await current()).index,
    items: async (slugs) => (await current()).items(slugs),
  };
}

type ServeMethods = NonNullable<Parameters<typeof serveHandler>[3]>;

/**
 * lstat for serve-handler, which answers any lstat failure but "missing" with a
 * 500: a name the file system refuses (a NUL byte, a segment over its length
 * limit) names no file, so it is missing too, and the request gets the 404 page.
 */
function lstatNamed(p: string) {
  return lstat(p).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ERR_INVALID_ARG_VALUE" || err.code === "ENAMETOOLONG") err.code = "ENOENT";
    throw err;
  });
}

export function createPreviewHandler(dir: string, opts: { rateLimit?: boolean } = {}) {
  const root = path.resolve(dir);
  const limiter = opts.rateLimit === false ? null : new SlidingWindowLimiter();
  const listSource = fileListSource(root);
  // The build's own rules; reloaded after a watch-mode rebuild.
  const read = (name: string) => readFileSync(path.join(root, name), "utf8");
  let routes = new RouteTable(parseRedirects(read("_redirects")));
  let headerRules = parseHeaders(read("_headers"));
  const reload = () => {
    routes = new RouteTable(parseRedirects(read("_redirects")));
    headerRules = parseHeaders(read("_headers"));
  };
  /** The file a URL path names, or null if it would leave the build (a `..` in a query value, say). */
  const fileOf = (p: string): string | null => {
    try {
      const abs = path.resolve(root, `.${decodeURIComponent(p)}`);
      return abs.startsWith(root + path.sep) ? abs : null;
    } catch {
      return null;
    }
  };
  /** The regular file a URL path names, with its modification time, or null. */
  const statOf = (p: string): { abs: string; mtimeMs: number } | null => {
    const abs = fileOf(p);
    if (abs === null) return null;
    try {
      const st = statSync(abs, { throwIfNoEntry: false });
      return st?.isFile() ? { abs, mtimeMs: st.mtimeMs } : null;
    } catch {
      // A name the file system refuses (a NUL byte, a segment over its length limit) names no file.
      return null;
    }
  };
  const isFile = (p: string) => statOf(p) !== null;

  // Strong ETags by content, computed once per file version (the same formula as computed answers).
  const etags = new Map<string, { mtimeMs: number; etag: string }>();
  const fileEtag = async (abs: string, mtimeMs: number) => {
    const hit = etags.get(abs);
    if (hit && hit.mtimeMs === mtimeMs) return hit.etag;
    const etag = await etagOf(await readFile(abs), path.extname(abs));
    etags.set(abs, { mtimeMs, etag });
    return etag;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = requestUrl(req);
    if (!url) {
      // An absolute-form target that is no URL (`GET http://[:: HTTP/1.1`): refused as Node refuses a malformed request line.
      res.writeHead(400, { Connection: "close" });
      res.end();
      return;
    }
    // A Web Request only for answers the shared core computes; static files go straight to serve-handler.
    let web: Request | undefined;
    const request = () => (web ??= toRequest(req, url));
    const api = isApiPath(url.pathname);

    if (limiter && isRateLimitedPath(url.pathname)) {
      const verdict = limiter.take(`${req.socket.remoteAddress}|${req.headers.host ?? ""}`);
      if (!verdict.ok) return sendResponse(res, await rateLimitedResponse(request(), verdict));
    }

    if (req.method === "POST" && url.pathname === CORRECTIONS_FORM.action) {
      // Netlify Forms stores a correction in production; the preview discards it and shows the sender the same page.
      req.resume();
      req.method = "GET";
    }
    const refused = req.method === "GET" || req.method === "HEAD" ? null : await answerMethod(request());
    if (refused) return sendResponse(res, refused);

    // The list: the same decision as the edge function (netlify/edge-functions/api.ts): the static
    // page when the build wrote one for this request, the list core otherwise.
    if (isListPath(url.pathname)) {
      const parsed = parseListRequest(url);
      if (!parsed.ok) return sendResponse(res, await listProblemResponse(request(), parsed));
      if (!isStaticCandidate(parsed.req) || !isFile(staticPagePath(parsed.req))) return sendResponse(res, await answerList(request(), parsed.req, listSource));
    }

    const route = routes.resolve(url.pathname, url.searchParams, isFile);
    if (route && route.rule.status === 301) {
      const { "Content-Type": _, ...headers } = headersFor(headerRules, url.pathname);
      res.writeHead(301, { ...headers, Location: route.target + url.search });
      res.end();
      return;
    }
    const target = route && route.rule.status !== 404 ? route.target : url.pathname;
    const file = statOf(target);
    if (api && !file) return sendResponse(res, await answerApiMiss(request()));

    // Request-path rules first, then the served file's own (a 410 body is a problem document).
    const headers: Record<string, string | null> = { ...headersFor(headerRules, url.pathname), ...headersFor(headerRules, target) };
    const status = route?.rule.status ?? 200;
    if (file) {
      headers.ETag = await fileEtag(file.abs, file.mtimeMs);
      headers["Last-Modified"] = null;
      // Netlify sends no Content-Disposition unless a rule sets one; serve-handler would add "inline; filename=...".
      if (!("Content-Disposition" in headers)) headers["Content-Disposition"] = null;
      const ifNoneMatch = req.headers["if-none-match"];
      if (status === 200 && etagMatches(ifNoneMatch === undefined ? null : ifNoneMatch, headers.ETag)) {
        const { "Content-Type": _, "Last-Modified": __, ...notModified } = headers;
        // null marks a header for serve-handler to drop; written here, it would go out as the text "null".
        res.writeHead(304, Object.fromEntries(Object.entries(notModified).filter(([, v]) => v !== null)) as Record<string, string>);
        res.end();
        return;
      }
    }
    res.statusCode = status;
    req.url = target;
    await serveHandler(
      req,
      res,
      {
        public: root,
        etag: false,
        cleanUrls: true,
        directoryListing: false,
        // serve-handler deletes a header whose value is null (here Last-Modified: the ETag validates).
        headers: [{ source: "**", headers: Object.entries(headers).map(([key, value]) => ({ key, value: value as string })) }],
      },
      // serve-handler awaits its methods (its README: pass promisified ones); the typings still name fs.lstat's callback type.
      { lstat: lstatNamed as unknown as ServeMethods["lstat"] },
    );
  }

  return { handle, reload };
}

export function startPreview(opts: PreviewOptions): Promise<{ server: Server; url: string; reload: () => void }> {
  const { handle, reload } = createPreviewHandler(opts.dir, { rateLimit: opts.rateLimit });
  const server = createServer((req, res) => {
    handle(req, res).catch(async (err) => {
      // A bug must still answer as JSON on /api, never as a crash.
      console.error(err);
      if (!res.headersSent) await sendResponse(res, new Response(JSON.stringify({ title: "Internal error", status: 500 }), { status: 500, headers: { "Content-Type": "application/problem+json" } }));
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
