// Methods and raw request lines, byte for byte over a bare TCP socket
// (node:net), against the real preview server: every one gets an HTTP answer
// (405 with Allow for a method the server knows but the path does not serve,
// 501 for a method it does not know, 400 for a line that is no request line),
// none closes the connection unanswered, and the server still answers
// afterwards. Seeded (FC_SEED, FC_RUNS override).
import { METHODS } from "node:http";
import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refusalStatus } from "../../generator/serve/preview.ts";
import { buildTo, FIXTURES, servePreview, type Preview } from "../helpers/build.ts";

const SEED = Number(process.env.FC_SEED ?? 20261124);
const RUNS = Number(process.env.FC_RUNS ?? 300);

let preview: Preview;
let port: number;
beforeAll(async () => {
  const { outDir } = await buildTo(FIXTURES);
  preview = await servePreview(outDir);
  port = Number(new URL(preview.url).port);
});
afterAll(() => preview?.close());

interface RawAnswer {
  status: number;
  head: string;
}

/** Writes `raw` and reads the answer's head; rejects if the server closes or stalls without one. */
function sendRaw(raw: string | Buffer): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = Buffer.alloc(0);
    const done = (err?: Error) => {
      socket.destroy();
      const text = data.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      if (end >= 0 && status) resolve({ status: Number(status[1]), head: text.slice(0, end) });
      else reject(err ?? new Error(`no answer to ${JSON.stringify(raw.toString().slice(0, 120))}: ${JSON.stringify(text.slice(0, 120))}`));
    };
    socket.on("data", (d: Buffer) => {
      data = Buffer.concat([data, d]);
      if (data.includes("\r\n\r\n")) done();
    });
    socket.on("close", () => done());
    socket.on("error", (e) => done(e));
    socket.setTimeout(5000, () => done(new Error("timed out")));
    socket.write(raw);
  });
}

const request = (method: string, target: string) => `${method} ${target} HTTP/1.1\r\nHost: devices.test\r\nConnection: close\r\n\r\n`;
const header = (a: RawAnswer, name: string) => new RegExp(`^${name}: (.*)$`, "im").exec(a.head)?.[1] ?? null;

/** What the site answers: a page, an API record, the CSV, a stored asset, a path that names nothing. */
const PATHS = ["/", "/devices/alpha-phone", "/api/v1/devices/alpha-phone", "/api/v1/dataset", "/assets/corrections.js", "/no/such/page"];
/** The methods some path answers (POST: a form sent to a page; OPTIONS: a CORS preflight on the API). */
const SERVED = new Set(["GET", "HEAD", "POST", "OPTIONS"]);

describe("the preview under any method and request line", () => {
  it.each(METHODS.filter((m) => !SERVED.has(m)))("%s: 405 with Allow on every path", async (method) => {
    for (const p of PATHS) {
      const a = await sendRaw(request(method, method === "CONNECT" ? "devices.test:443" : p));
      expect(a.status, `${method} ${p}`).toBe(405);
      expect(header(a, "allow"), `${method} ${p}`).toMatch(/^GET, HEAD/);
    }
  });

  it("answers 501 to a method spelled as one that the server does not know, in any case", async () => {
    const methods = ["TRACK", "FOO", "get", "Post", "BREW", "DEBUG", "X-CUSTOM", "PRI", "HTTP/1.1"];
    const token = fc.stringMatching(/^[A-Za-z!#$%&'*+.^_`|~0-9-]{1,24}$/).filter((m) => !METHODS.includes(m) && m !== "PRI");
    const random = fc.sample(token, { seed: SEED, numRuns: RUNS });
    for (const method of [...methods.filter((m) => m !== "PRI" && m !== "HTTP/1.1"), ...random]) {
      const a = await sendRaw(request(method, "/"));
      expect(a.status, method).toBe(501);
    }
  });

  it("answers every malformed or mangled request line with a status, never a dropped connection", async () => {
    const statuses: Record<number, number> = {};
    const byte = fc.oneof(
      fc.constantFrom(" ", "\t", "\0", "\r", "\n", "\x7f", "\xff", "%", "?", "#", "/", ":", "@", "HTTP/", "1.1", "*"),
      fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 4 }),
    );
    // A well-formed line with bytes inserted, cut or replaced; or a line of noise.
    const line = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...METHODS, "GET", "TRACK", "get"),
          fc.constantFrom(...PATHS, "*", "http://[::", "//x", ""),
          fc.constantFrom("HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "HTTP/9.9", "HTTP/1", "http/1.1", ""),
        )
        .chain(([m, p, v]) =>
          fc.tuple(fc.nat({ max: 40 }), fc.array(byte, { maxLength: 3 }), fc.boolean()).map(([at, inserted, cut]) => {
            const whole = `${m} ${p} ${v}`.trim();
            const i = at % (whole.length + 1);
            return whole.slice(0, i) + inserted.join("") + whole.slice(cut ? i + 1 : i);
          }),
        ),
      fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
    );
    const lines = fc.sample(line, { seed: SEED + 1, numRuns: RUNS });
    for (const l of lines) {
      // One request, ended: a line holding a CR LF pair of its own still ends in a blank line the parser reaches.
      const raw = Buffer.from(`${l}\r\nHost: devices.test\r\nConnection: close\r\n\r\n\r\n`, "latin1");
      const a = await sendRaw(raw);
      expect([200, 204, 301, 400, 404, 405, 410, 431, 501, 505], JSON.stringify(l)).toContain(a.status);
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    }
    console.log(`raw request lines: ${lines.length}, statuses ${JSON.stringify(statuses)}`);
    // Still serving, pages and API alike.
    expect((await sendRaw(request("GET", "/"))).status).toBe(200);
    expect((await sendRaw(request("GET", "/api/v1/devices/alpha-phone"))).status).toBe(200);
    expect((await fetch(`${preview.url}/api/v1/devices?limit=1`)).status).toBe(200);
  });

  it.each([
    ["HPE_INVALID_METHOD", "FOO / HTTP/1.1", 501],
    ["HPE_INVALID_METHOD", "get / HTTP/1.1", 501],
    ["HPE_INVALID_METHOD", "G\0T / HTTP/1.1", 400],
    ["HPE_INVALID_METHOD", "\r\n", 400],
    ["HPE_INVALID_VERSION", "GET / HTTP/9.9", 400],
    ["HPE_HEADER_OVERFLOW", "GET / HTTP/1.1", 431],
    ["ERR_HTTP_REQUEST_TIMEOUT", "", 408],
  ])("a parser refusal %s of %j is %i", (code, raw, status) => {
    expect(refusalStatus(code, Buffer.from(raw, "latin1"))).toBe(status);
  });
});
