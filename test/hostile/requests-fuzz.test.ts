// Hostile requests against the real preview server over loopback (rate limit
// off), and the same requests through the Netlify edge function's handler
// in-process: named cases for every odd input the issue lists, then a seeded
// fast-check run over every endpoint's path, query, method and headers
// (FC_SEED and FC_RUNS override the seed and the number of runs).
// Whatever comes in, what goes out is a documented status, a problem document
// on /api, and nothing from outside dist/ or from the server's insides.
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import handler, { config as edgeConfig } from "../../netlify/edge-functions/api.ts";
import { DEFAULT_LIMIT, MAX_QUERY_LENGTH } from "../../generator/contract/list-params.ts";
import { encodeCursor, handleList, type ListSource } from "../../generator/serve/list.ts";
import { pathPatternMatches } from "../../generator/serve/rate-limit.ts";
import { isApiPath, isCrossOriginPath } from "../../generator/serve/core.ts";
import { buildTo, FIXTURES, servePreview, tempDir, type Preview } from "../helpers/build.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SEED = Number(process.env.FC_SEED ?? 20261122);
const RUNS = Number(process.env.FC_RUNS ?? 1500);

// ---- The site under test, with canaries around it ------------------------------
// dist/ sits in work/site/; canary files lie next to it (site/), one level further
// up (work/), and in site/dist2/, whose path starts with dist's (a prefix check
// without the separator would let it through). Their content must never come back.
const CANARY = `canary-${randomUUID()}`;
const CANARY_FILES = ["canary.txt", "canary.json", "canary.html", "canary", "canary.csv", "canary.svg", "canary.ics", "canary.xml"];
let work: string;
let dist: string;
let preview: Preview;
let port: number;
/** Anchors of /docs/problems: a problem `type` is documented when it points at one. */
let documentedTypes: Set<string>;
let cursors: { plain: string; search: string };

beforeAll(async () => {
  work = tempDir("dl-fuzz-");
  dist = path.join(work, "site", "dist");
  await buildTo(FIXTURES, "2026-11-22", dist);
  for (const dir of [work, path.join(work, "site"), path.join(work, "site", "dist2")]) {
    mkdirSync(dir, { recursive: true });
    for (const f of CANARY_FILES) writeFileSync(path.join(dir, f), `${CANARY}\n`);
  }
  preview = await servePreview(dist);
  port = Number(new URL(preview.url).port);
  const problemsPage = (await send({ method: "GET", target: "/docs/problems" })).text;
  documentedTypes = new Set([...problemsPage.matchAll(/id="([^"]+)"/g)].map((m) => `/docs/problems#${m[1]}`));
  const next = async (qs: string) => JSON.parse((await send({ method: "GET", target: `/api/v1/devices?${qs}` })).text).meta.nextCursor as string;
  cursors = { plain: await next("limit=1"), search: await next("q=phone&limit=1") };
});

const counts = { named: 0, random: 0, edge: 0 };
const statuses: Record<number, number> = {};
afterAll(async () => {
  await preview?.close();
  agent.destroy();
  console.log(
    `[requests-fuzz] ${counts.named + counts.random} requests to the preview (${counts.named} named, ${counts.random} generated: seed ${SEED}, ${RUNS} runs), ${counts.edge} through the edge handler; statuses ${JSON.stringify(statuses)}`,
  );
});

// ---- Sending a request as written ------------------------------------------------
// fetch() would normalize the target (%2e%2e becomes ..); node:http sends it as is.

interface Case {
  method: string;
  /** The request-target, byte for byte (latin1). */
  target: string;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(c: Case): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method: c.method, path: c.target, headers: c.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (d: Buffer) => chunks.push(d));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", (err) => {
      // Node answers an oversized request 431 and closes at once: a client still writing it may see the close first.
      if (transportRefusal(c) === 431) resolve({ status: 431, headers: {}, text: "" });
      else reject(new Error(`${c.method} ${c.target.slice(0, 200)}: ${err.message}`));
    });
    req.end();
  });
}

// ---- What every answer must be -----------------------------------------------------

/** Node's http server refuses a request line and headers over this many bytes (431) before the app sees it (docs/list.md#errors). */
const HEAD_LIMIT = http.maxHeaderSize;
/**
 * Node's HTTP parser refuses some requests before the app sees them, with no body
 * (docs/list.md#errors): a request-target that is not printable ASCII (400), a
 * request line and headers over its size limit (431). The status it would use, or null.
 */
function transportRefusal(c: Case): number | null {
  if (!/^[\x21-\x7e]*$/.test(c.target)) return 400;
  return Buffer.byteLength(c.target) > HEAD_LIMIT - 1024 ? 431 : null;
}

/** Every status docs/API.md and docs/list.md name; 429 and 503 cannot occur here (rate limit off, a sound build). */
const DOCUMENTED = new Set([200, 301, 304, 400, 404, 405, 410]);
/** What would show the server's insides: a stack frame, an exception name, an absolute path of this machine. */
const LEAKS = [/\n\s+at \S.*:\d+:\d+/, /\b[A-Za-z]*Error:/, /node:internal/];
const leakPaths = () => [ROOT, work];

/** The path as the server sees it: WHATWG-normalized, as in preview.ts and on Netlify ("" for a target no URL can hold). */
const pathnameOf = (target: string) => (URL.canParse(target, "http://localhost") ? new URL(target, "http://localhost").pathname : "");
const isBadge = (pathname: string) => /^\/api\/v1\/badge\/[^/]+$/.test(pathname);

/** Fails (with the request in the message) unless `a` is an answer the docs allow for `c`. */
function expectDocumented(c: Case, a: { status: number; header: (name: string) => string | undefined; text: string }, via: string) {
  const label = `${via}: ${c.method} ${c.target.slice(0, 300)}${c.headers ? ` ${JSON.stringify(c.headers).slice(0, 200)}` : ""}`;
  const pathname = pathnameOf(c.target);
  const api = isApiPath(pathname);
  if (a.status === transportRefusal(c) && a.header("content-type") === undefined) {
    expect(a.text, label).toBe("");
    return;
  }
  const allowed = new Set(DOCUMENTED);
  if (c.method === "OPTIONS" && isCrossOriginPath(pathname)) allowed.add(204);
  expect(allowed.has(a.status), `${label}: status ${a.status} ${JSON.stringify(a.header("content-type"))}\n${a.text.slice(0, 500)}`).toBe(true);
  if (a.status === 304) expect(c.headers?.["If-None-Match"], `${label}: 304 without If-None-Match`).toBeDefined();
  if (a.status === 301) expect(a.header("location"), `${label}: Location`).toMatch(/^\/(?![/\\])/);

  for (const re of LEAKS) expect(a.text, `${label}: body matches ${re}`).not.toMatch(re);
  for (const p of leakPaths()) expect(a.text.includes(p), `${label}: body names ${p}`).toBe(false);
  expect(a.text.includes(CANARY), `${label}: served a file from outside dist/`).toBe(false);

  if (!api) return;
  const type = a.header("content-type") ?? "";
  expect(type, `${label}: an /api answer is never HTML`).not.toMatch(/html/);
  if (a.status < 400) return;
  if (isBadge(pathname) && (a.status === 404 || a.status === 410)) {
    // An <img> keeps working: unknown and withdrawn devices get a badge, not JSON.
    expect(type, label).toBe("image/svg+xml; charset=utf-8");
    return;
  }
  expect(type, `${label}: status ${a.status}`).toBe("application/problem+json; charset=utf-8");
  if (c.method === "HEAD") return;
  const body = JSON.parse(a.text);
  expect(body, label).toMatchObject({ type: expect.any(String), title: expect.any(String), status: a.status, detail: expect.any(String), instance: expect.any(String) });
  expect(documentedTypes.has(body.type), `${label}: type ${body.type} is not on /docs/problems`).toBe(true);
}

// ---- The edge function, in-process ----------------------------------------------
// Netlify runs netlify/edge-functions/api.ts for config.path minus excludedPath, in
// front of the static layer; here the preview stands in for that layer (its files,
// rewrites and headers are the build's own). The handler gets the request as
// Netlify's Request would carry it: WHATWG-normalized.

const runsEdge = (pathname: string) =>
  edgeConfig.path.some((p) => pathPatternMatches(p, pathname)) && !edgeConfig.excludedPath.some((p) => pathPatternMatches(p, pathname));

async function throughEdge(c: Case, fromPreview: Answer) {
  // Origin-form targets only (an absolute-form one would send next() to another host), and none the
  // stand-in static layer's HTTP parser refuses (the named million-digit case runs the list core directly).
  if (c.headers?.Host !== undefined || !c.target.startsWith("/") || c.target.startsWith("//") || transportRefusal(c) !== null) return;
  const url = new URL(c.target, preview.url);
  if (!runsEdge(url.pathname)) return;
  const headers = c.headers?.["If-None-Match"] === undefined ? undefined : { "If-None-Match": c.headers["If-None-Match"] };
  const request = new Request(url, { method: c.method, headers });
  const next = () => fetch(url, { method: c.method, headers, redirect: "manual" });
  const r = await handler(request, { next });
  counts.edge += 1;
  if (!r) return;
  const text = await r.text();
  expectDocumented(c, { status: r.status, header: (n) => r.headers.get(n) ?? undefined, text }, "edge");
  expect(r.status, `edge and preview disagree: ${c.method} ${c.target.slice(0, 300)}`).toBe(fromPreview.status);
}

/** One case through both servers, checked; returns the preview's answer. */
async function check(c: Case, tally: "named" | "random" = "named"): Promise<Answer> {
  const a = await send(c);
  counts[tally] += 1;
  statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  expectDocumented(c, { status: a.status, header: (n) => [a.headers[n]].flat()[0], text: a.text }, "preview");
  await throughEdge(c, a);
  return a;
}

/** Percent-encodes any string, lone surrogates included (as U+FFFD, which is what a client would send). */
const enc = (s: string) => encodeURIComponent(Buffer.from(s).toString());
const get = (target: string, headers?: Record<string, string>) => check({ method: "GET", target, headers });
const problemType = (a: Answer) => JSON.parse(a.text).type as string;

// ---- Named cases --------------------------------------------------------------------

describe("limit: the odd spellings (docs/list.md#parameters)", () => {
  const plain = () => get("/api/v1/devices").then((a) => a.text);
  const at = (n: number) => get(`/api/v1/devices?limit=${n}`).then((a) => a.text);

  it("leading zeros are decimal: 010 is ten, 0050 and 00000000000050 are the static first page, byte for byte", async () => {
    expect((await get("/api/v1/devices?limit=010")).text).toBe(await at(10));
    expect((await get("/api/v1/devices?limit=00000000000007")).text).toBe(await at(7));
    for (const l of [`0${DEFAULT_LIMIT}`, `00000000000${DEFAULT_LIMIT}`]) expect((await get(`/api/v1/devices?limit=${l}`)).text, l).toBe(await plain());
    // Only the digits count: a 15,000-digit limit that is five, and one that is far too big.
    expect(JSON.parse((await get(`/api/v1/devices?limit=${"0".repeat(15_000)}5`)).text).meta.limit).toBe(5);
    expect(problemType(await get(`/api/v1/devices?limit=${"9".repeat(15_000)}`))).toBe("/docs/problems#invalid-limit");
  });

  it("anything but ASCII digits is 400 invalid-limit: 1e2, -0, a space, +5, 5.0, 0x10, full-width and Arabic-Indic digits, empty", async () => {
    // `+` in a query is a space; %2B is the plus sign itself.
    for (const l of ["1e2", "1E2", "-0", "-5", "%205", "5%20", "+5", "%2B5", "5.0", "0x10", "0b1", "1_0", "%EF%BC%95", "%D9%A5", "", "0", "000", "101", "Infinity", "NaN", "5%00", "%zz", "%"]) {
      const a = await get(`/api/v1/devices?limit=${l}`);
      expect(a.status, l).toBe(400);
      expect(JSON.parse(a.text), l).toMatchObject({ type: "/docs/problems#invalid-limit", minimum: 1, maximum: 100 });
    }
  });

  it("a million-digit limit: the HTTP server refuses the request line (431), and the list core answers 400 at once", async () => {
    const huge = "1".repeat(1_000_000);
    expect((await get(`/api/v1/devices?limit=${huge}`)).status).toBe(431);
    const noSource: ListSource = { index: () => Promise.reject(new Error("not reached")), items: () => Promise.reject(new Error("not reached")) };
    const t0 = performance.now();
    const r = await handleList(new Request(`http://localhost/api/v1/devices?limit=${huge}`), noSource);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(r.status).toBe(400);
    const body: any = await r.json();
    expect(body.type).toBe("/docs/problems#invalid-limit");
    expect(body.detail.length).toBeLessThan(200);
  });
});

describe("q, cursor and repeated parameters", () => {
  it(`a 10 kB q is 400 query-too-long; ${MAX_QUERY_LENGTH} characters of any script are searched`, async () => {
    expect(problemType(await get(`/api/v1/devices?q=${"a".repeat(10_000)}`))).toBe("/docs/problems#query-too-long");
    expect(problemType(await get(`/api/v1/devices?q=${encodeURIComponent("日本".repeat(600))}`))).toBe("/docs/problems#query-too-long");
    for (const q of [enc("😀".repeat(MAX_QUERY_LENGTH)), "%00".repeat(MAX_QUERY_LENGTH), "%zz%c0%af%", encodeURIComponent("<script>alert(1)</script>"), "..%2F..%2Fcanary"]) {
      expect((await get(`/api/v1/devices?q=${q}`)).status, q).toBe(200);
    }
  });

  it("an empty cursor, and cursors tampered with, are 400 invalid-cursor; a cursor with another q is cursor-mismatch", async () => {
    const { plain, search } = cursors;
    const tampered = [
      "",
      `${plain}=`,
      `${plain}==`,
      plain.slice(0, -1),
      `${plain}A`,
      plain.toUpperCase(),
      `${plain}%00`,
      encodeURIComponent(Buffer.from(Buffer.from(plain, "base64url").toString().replace("alpha", "../..")).toString("base64url")),
      Buffer.from("1..0.alpha-phone/../canary").toString("base64url"),
      Buffer.from("1..0.ALPHA-PHONE").toString("base64url"),
      Buffer.from("9..0.alpha-phone").toString("base64url"),
      "%2e%2e%2f%2e%2e%2fcanary",
      "a".repeat(10_000),
    ];
    for (const c of tampered) expect(problemType(await get(`/api/v1/devices?cursor=${c}`)), c.slice(0, 80)).toBe("/docs/problems#invalid-cursor");
    expect(problemType(await get(`/api/v1/devices?cursor=${search}`))).toBe("/docs/problems#cursor-mismatch");
    expect(problemType(await get(`/api/v1/devices?q=other&cursor=${plain}`))).toBe("/docs/problems#cursor-mismatch");
    // A cursor edited into another well-formed key is only a position (docs/list.md#cursors): it pages on from there.
    for (const slug of ["zzz", "alpha-phond"]) expect((await get(`/api/v1/devices?cursor=${encodeCursor(null, { tier: 0, slug })}`)).status, slug).toBe(200);
  });

  it("a known parameter twice is 400 duplicate-parameter, even with the same value; unknown ones are ignored", async () => {
    for (const qs of ["limit=5&limit=5", "q=a&q=a", `cursor=${cursors.plain}&cursor=${cursors.plain}`, "q=&q=", "limit=5&q=a&limit=6"]) {
      expect(problemType(await get(`/api/v1/devices?${qs}`)), qs).toBe("/docs/problems#duplicate-parameter");
    }
    const plain = (await get("/api/v1/devices")).text;
    for (const qs of ["LIMIT=5", "limit[]=5", "Q=x", "=5", "&&&", "limit", "q"].map((s) => `?${s}`)) {
      const a = await get(`/api/v1/devices${qs}`);
      // `?limit` and `?q` name the parameter with an empty value: an empty limit is invalid, an empty q is no q.
      if (qs === "?limit") expect(problemType(a)).toBe("/docs/problems#invalid-limit");
      else expect(a.text, qs).toBe(plain);
    }
  });

  it("dataset year: only a four-digit year in range; traversal in it never reaches a file", async () => {
    for (const y of ["2029", "02029", "1e3", "-2029", "..%2F..%2F..%2Fcanary", "%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fcanary", "%zz", "%00", "9".repeat(10_000)]) {
      const a = await get(`/api/v1/dataset?year=${y}`);
      if (y === "2029") expect(a.status).toBe(200);
      else expect(problemType(a), y.slice(0, 40)).toBe("/docs/problems#invalid-year");
    }
  });
});

describe("paths", () => {
  const PREFIXES = ["/", "/devices/", "/docs/", "/assets/", "/api/v1/devices/", "/api/v1/badge/", "/api/v1/calendar/", "/api/v1/dataset/", "/api/v1/list/pages/", "/api/v1/devices/alpha-phone/"];
  const UP = ["../", "..%2f", "..%2F", "%2e%2e/", "%2e%2e%2f", ".%2e/", "%2e./", "..%5c", "..\\", "%252e%252e%252f", "..%c0%af", "..%255c", "....//", "..;/", "%2e%2e%5c"];

  it("traversal out of dist/ in every spelling, from every prefix, serves no canary", async () => {
    for (const prefix of PREFIXES) {
      const depth = prefix.split("/").length - 1;
      for (const up of UP) {
        for (const extra of [0, 1, 2]) {
          for (const name of ["canary.txt", "canary", "canary.json", "dist2/canary.svg"]) {
            await get(`${prefix}${up.repeat(depth + extra)}${name}`);
          }
        }
      }
    }
  });

  it("malformed and hostile percent-encoding in a path is a 400 or 404, never a 500", async () => {
    const segments = ["%", "%zz", "%00", "%c0%af", "%e0%80%af", "%ed%a0%80", "%ff%fe", "%2", "%%", "%u002e", "a%00.json", "%00%2f..%2f", "a".repeat(300), enc("é".repeat(200)), "%2e", "."];
    for (const prefix of PREFIXES) {
      for (const s of segments) {
        const a = await get(`${prefix}${s}`);
        expect(a.status, `${prefix}${s}`).toBeLessThan(500);
      }
    }
    for (const s of segments) {
      for (const target of [`/api/v1/devices/${s}/evidence`, `/api/v1/calendar/${s}.ics`, `/api/v1/dataset/${s}.csv`, `/devices/${s}.html`, `/feed.xml/${s}`]) await get(target);
    }
  });

  it("a Host header that is no host, and absolute-form targets, are answered like any request", async () => {
    for (const host of ["a b", "x:99999", "[::", "evil.example", "", "localhost:0", "%00"]) {
      for (const target of ["/", "/api/v1/devices/alpha-phone", "/api/v1/devices/no-such", "/devices/alpha-phone"]) {
        const a = await get(target, { Host: host });
        expect(a.status, `${host} ${target}`).toBeLessThan(500);
      }
    }
    for (const target of ["http://evil.example/api/v1/devices/alpha-phone", "http://[::/x", "//evil.example/api/v1/devices/alpha-phone", "*"]) await get(target);
  });

  it("raw bytes above ASCII in the request-target are refused by the HTTP parser (400, no body)", async () => {
    // node:http sends the target as latin1, so these bytes reach the server unencoded.
    for (const target of ["/api/v1/devices/\u00e9", "/devices/\u00ff", "/api/v1/devices?q=\u00e9t\u00e9", "/\u00c0\u00af"]) {
      expect((await get(target)).status, target).toBe(400);
    }
  });

  it("HEAD is GET without a body; writes are 405 problems; OPTIONS is a CORS preflight on /api, the feed and the calendar only", async () => {
    for (const target of ["/api/v1/devices/alpha-phone", "/api/v1/devices?q=phone", "/api/v1/devices/no-such", "/devices/alpha-phone", "/feed.xml", "/api/v1/badge/no-such"]) {
      const [g, h] = [await get(target), await check({ method: "HEAD", target })];
      expect(h.status, target).toBe(g.status);
      expect(h.text, target).toBe("");
      expect(h.headers["content-type"], target).toBe(g.headers["content-type"]);
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const w = await check({ method, target });
        expect(w.status, `${method} ${target}`).toBe(405);
        expect(w.headers.allow).toContain("GET");
      }
      const o = await check({ method: "OPTIONS", target });
      if (isCrossOriginPath(pathnameOf(target))) expect(o.status).toBe(204);
      else expect(o.status).toBe(405);
    }
  });
});

// ---- Generated cases -----------------------------------------------------------------


const MALFORMED = ["%", "%zz", "%00", "%c0%af", "%e0%80%af", "%ed%a0%80", "%ff", "%2", "%%", "%0a", "%0d%0a", "%20", "%2f", "%5c", "%3f", "%23", "%26", "%3d", "%252f", "%u002e"];
const TRAVERSAL = ["../", "..%2f", "%2e%2e/", "%2e%2e%2f", ".%2e/", "..%5c", "%252e%252e%252f", "..%c0%af", "....//", "..;/"];

/** A piece of a path segment or a query value. */
const piece = () =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ maxLength: 12 }).map(enc) },
    { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }).map(enc) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 6 }).map(enc) },
    { weight: 4, arbitrary: fc.constantFrom(...MALFORMED) },
    { weight: 4, arbitrary: fc.array(fc.constantFrom(...TRAVERSAL), { minLength: 1, maxLength: 7 }).chain((ups) => fc.constantFrom(...CANARY_FILES, "dist2/canary.svg").map((f) => ups.join("") + f)) },
    { weight: 5, arbitrary: fc.constantFrom("alpha-phone", "gamma-phone", "hostile-device", "eta-phone", "epsilon-book", "zeta-phone", "_withdrawn", "2029", "first", "index", "problems", "api", "list", "license", "") },
    { weight: 1, arbitrary: fc.constantFrom("a".repeat(10_000), "%41".repeat(3_000), "9".repeat(20_000), enc("é".repeat(1_000))) },
  );

const segment = () => fc.array(piece(), { minLength: 1, maxLength: 3 }).map((p) => p.join(""));

const limitValue = fc.constantFrom("1e2", "010", "-0", "%205", "+5", "%2B5", "5.0", "0x10", "", "0", "1", "7", "50", "0050", "100", "101", "%EF%BC%95", "9".repeat(400));
const cursorValue = () =>
  fc.oneof(
    fc.constant("").map(() => cursors.plain),
    fc.constant("").map(() => cursors.search),
    fc.tuple(fc.nat(), fc.constantFrom("A", "-", "_", "=", "%00", "")).map(([i, ch]) => {
      const c = cursors.plain;
      const at = i % (c.length + 1);
      return c.slice(0, at) + ch + c.slice(at + 1);
    }),
    segment(),
  );

const query = () =>
  fc
    .array(
      fc.oneof(
        fc.tuple(fc.constant("q"), segment()),
        fc.tuple(fc.constant("limit"), fc.oneof(limitValue, segment())),
        fc.tuple(fc.constant("cursor"), cursorValue()),
        fc.tuple(fc.constant("year"), fc.oneof(fc.constantFrom("2029", "2030", "1989", "2101", "02029"), segment())),
        fc.tuple(fc.constantFrom("foo", "Q", "limit[]", "", "%71"), segment()),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}` : ""));

const ENDPOINTS: ((s: string, t: string) => string)[] = [
  () => "/api/v1/devices",
  () => "/api/devices",
  (s) => `/api/v1/devices/${s}`,
  (s) => `/api/v1/devices/${s}/evidence`,
  () => "/api/v1/dataset",
  (s) => `/api/v1/dataset/${s}.csv`,
  (s) => `/api/v1/badge/${s}`,
  (s) => `/api/v1/calendar/${s}.ics`,
  () => "/feed.xml",
  () => "/support-calendar.ics",
  (s) => `/devices/${s}`,
  (s) => `/docs/${s}`,
  (s) => `/${s}`,
  (s, t) => `/api/v1/${s}/${t}`,
  (s) => `/api/v1/list/pages/${s}.json`,
  (s) => `/api/v1/problems/${s}`,
];

const method = fc.oneof({ weight: 12, arbitrary: fc.constant("GET") }, { weight: 3, arbitrary: fc.constant("HEAD") }, { weight: 1, arbitrary: fc.constantFrom("POST", "OPTIONS", "PUT", "DELETE", "PATCH") });

const headers = fc.oneof(
  { weight: 6, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.constantFrom("*", '"x"', 'W/"x"', "", '"a", *', "\u00ff").map((v) => ({ "If-None-Match": v })) },
  { weight: 1, arbitrary: fc.constantFrom("a b", "x:99999", "[::", "evil.example").map((v) => ({ Host: v })) },
);

/** An input that spells one of the markers the leak checks look for would be echoed in a problem's detail: not a leak. */
function spellsMarker(target: string): boolean {
  let s = target;
  for (let i = 0; i < 3; i++) {
    try {
      s = decodeURIComponent(s);
    } catch {
      break;
    }
  }
  return /error|node:|:\d+:\d+|\/tmp|\/work/i.test(s) || /error|node:|\/tmp|\/work/i.test(target);
}

const request = fc
  .record({ endpoint: fc.constantFrom(...ENDPOINTS), s: segment(), t: segment(), query: query(), method, headers })
  .map(({ endpoint, s, t, query, method, headers }): Case => ({ method, target: endpoint(s, t) + query, headers }))
  .filter((c) => !spellsMarker(c.target));

describe("generated requests (fast-check)", () => {
  it("every answer is documented, problem+json on /api, and leaks nothing", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (c) => {
        await check(c, "random");
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});
