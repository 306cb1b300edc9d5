// Hostile requests against the real preview server over loopback (rate limit
// off), sent byte for byte, and the same requests through the request chain
// in-process as a WHATWG Request carries them: named cases for every odd
// input the issue lists, then a seeded fast-check run over every endpoint's
// path, query, method and headers (test/hostile/request-corpus.ts; FC_SEED
// and FC_RUNS override the seed and the number of runs).
// Whatever comes in, what goes out is a documented status, a problem document
// on /api, and nothing from outside dist/ or from the server's insides.
import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMIT, MAX_QUERY_LENGTH } from "../../generator/contract/list-params.ts";
import type { ListSource } from "../../generator/serve/answers/asked.ts";
import { handleList } from "../../generator/serve/answers/list.ts";
import { encodeCursor } from "../../generator/derive/list.ts";
import { API, API_ROOT, matchResource } from "../../generator/contract/resources.ts";
import { runsEdge } from "../../generator/serve/edge-paths.ts";
import { buildTo, FIXTURES, servePreview, tempDir, type Preview } from "../helpers/build.ts";
import { chainTarget, type HttpTarget } from "../helpers/targets.ts";
import { BAD_LIMITS, CANARY_FILES, enc, malformedTargets, requestArbitrary, traversalTargets, type Case } from "./request-corpus.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SEED = Number(process.env.FC_SEED ?? 20261122);
const RUNS = Number(process.env.FC_RUNS ?? 1500);

// ---- The site under test, with canaries around it ------------------------------
// dist/ sits in work/site/; canary files lie next to it (site/), one level further
// up (work/), and in site/dist2/, whose path starts with dist's (a prefix check
// without the separator would let it through). Their content must never come back.
const CANARY = `canary-${randomUUID()}`;
let work: string;
let dist: string;
let preview: Preview;
let chain: HttpTarget;
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
  chain = await chainTarget(dist);
  port = Number(new URL(preview.url).port);
  const problemsPage = (await send({ method: "GET", target: "/docs/problems" })).text;
  documentedTypes = new Set([...problemsPage.matchAll(/id="([^"]+)"/g)].map((m) => `/docs/problems#${m[1]}`));
  const next = async (qs: string) => JSON.parse((await send({ method: "GET", target: `/api/v1/devices?${qs}` })).text).meta.nextCursor as string;
  cursors = { plain: await next("limit=1"), search: await next("q=phone&limit=1") };
});

const counts = { named: 0, random: 0, chain: 0 };
const statuses: Record<number, number> = {};
afterAll(async () => {
  await preview?.close();
  agent.destroy();
  console.log(
    `[requests-fuzz] ${counts.named + counts.random} requests to the preview (${counts.named} named, ${counts.random} generated: seed ${SEED}, ${RUNS} runs), ${counts.chain} through the chain in-process; statuses ${JSON.stringify(statuses)}`,
  );
});

// ---- Sending a request as written ------------------------------------------------
// fetch() would normalize the target (%2e%2e becomes ..); node:http sends it as is.

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
const isBadge = (pathname: string) => matchResource(API.badge, pathname) !== null;
const isApiPath = (pathname: string) => pathname === API_ROOT.slice(0, -1) || pathname.startsWith(API_ROOT);

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
  if (c.method === "OPTIONS" && runsEdge(pathname)) allowed.add(204);
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
  // The edge function names the request it answers; a stored problem the CDN serves names none.
  const instance = runsEdge(pathname) ? { instance: expect.any(String) } : {};
  expect(body, label).toMatchObject({ type: expect.any(String), title: expect.any(String), status: a.status, detail: expect.any(String), ...instance });
  expect(documentedTypes.has(body.type), `${label}: type ${body.type} is not on /docs/problems`).toBe(true);
}

// ---- The chain, in-process ------------------------------------------------------
// The same request as the preview's adapter hands it to the chain: WHATWG-normalized.

async function throughChain(c: Case, fromPreview: Answer) {
  // Origin-form targets only, and none the preview's HTTP parser refuses (the named million-digit case runs the list core directly).
  if (c.headers?.Host !== undefined || !c.target.startsWith("/") || c.target.startsWith("//") || transportRefusal(c) !== null) return;
  const headers = c.headers?.["If-None-Match"] === undefined ? undefined : { "If-None-Match": c.headers["If-None-Match"] };
  const r = await chain.fetch(c.target, { method: c.method, headers });
  counts.chain += 1;
  const text = await r.text();
  expectDocumented(c, { status: r.status, header: (n) => r.headers.get(n) ?? undefined, text }, "chain");
  expect(r.status, `chain and preview disagree: ${c.method} ${c.target.slice(0, 300)}`).toBe(fromPreview.status);
}

/** One case through both servers, checked; returns the preview's answer. */
async function check(c: Case, tally: "named" | "random" = "named"): Promise<Answer> {
  const a = await send(c);
  counts[tally] += 1;
  statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  expectDocumented(c, { status: a.status, header: (n) => [a.headers[n]].flat()[0], text: a.text }, "preview");
  await throughChain(c, a);
  return a;
}

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
    for (const l of BAD_LIMITS) {
      const a = await get(`/api/v1/devices?limit=${l}`);
      expect(a.status, l).toBe(400);
      expect(JSON.parse(a.text), l).toMatchObject({ type: "/docs/problems#invalid-limit", minimum: 1, maximum: 100 });
    }
  });

  it("a million-digit limit: the HTTP server refuses the request line (431), and the list core answers 400 without reading the index", async () => {
    const huge = "1".repeat(1_000_000);
    expect((await get(`/api/v1/devices?limit=${huge}`)).status).toBe(431);
    // A source that fails if read: the parameter is refused before any work on the catalog (its cost is the bench's, not a test's).
    const noSource: ListSource = { index: () => Promise.reject(new Error("not reached")), items: () => Promise.reject(new Error("not reached")) };
    const r = await handleList(new Request(`http://localhost/api/v1/devices?limit=${huge}`), noSource, () => Promise.reject(new Error("not reached")));
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
    for (const q of [
      enc("😀".repeat(MAX_QUERY_LENGTH)),
      "%00".repeat(MAX_QUERY_LENGTH),
      "%zz%c0%af%",
      encodeURIComponent("<script>alert(1)</script>"),
      "..%2F..%2Fcanary",
    ]) {
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
    for (const y of [
      "2029",
      "02029",
      "1e3",
      "-2029",
      "..%2F..%2F..%2Fcanary",
      "%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fcanary",
      "%zz",
      "%00",
      "9".repeat(10_000),
    ]) {
      const a = await get(`/api/v1/dataset?year=${y}`);
      if (y === "2029") expect(a.status).toBe(200);
      else expect(problemType(a), y.slice(0, 40)).toBe("/docs/problems#invalid-year");
    }
  });
});

describe("paths", () => {
  it("traversal out of dist/ in every spelling, from every prefix, serves no canary", async () => {
    for (const target of traversalTargets()) await get(target);
  });

  it("malformed and hostile percent-encoding in a path is a 400 or 404, never a 500", async () => {
    for (const target of malformedTargets()) expect((await get(target)).status, target).toBeLessThan(500);
  });

  it("a Host header that is no host, and absolute-form targets, are answered like any request", async () => {
    for (const host of ["a b", "x:99999", "[::", "evil.example", "", "localhost:0", "%00"]) {
      for (const target of ["/", "/api/v1/devices/alpha-phone", "/api/v1/devices/no-such", "/devices/alpha-phone"]) {
        const a = await get(target, { Host: host });
        expect(a.status, `${host} ${target}`).toBeLessThan(500);
      }
    }
    for (const target of ["http://evil.example/api/v1/devices/alpha-phone", "http://[::/x", "//evil.example/api/v1/devices/alpha-phone", "*"])
      await get(target);
  });

  it("raw bytes above ASCII in the request-target are refused by the HTTP parser (400, no body)", async () => {
    // node:http sends the target as latin1, so these bytes reach the server unencoded.
    for (const target of ["/api/v1/devices/\u00e9", "/devices/\u00ff", "/api/v1/devices?q=\u00e9t\u00e9", "/\u00c0\u00af"]) {
      expect((await get(target)).status, target).toBe(400);
    }
  });

  it("HEAD is GET without a body; writes are 405 (a POST to a page is the page, as Netlify Forms answers it); OPTIONS is a CORS preflight on the API's paths only", async () => {
    for (const target of [
      "/api/v1/devices/alpha-phone",
      "/api/v1/devices?q=phone",
      "/api/v1/devices/no-such",
      "/devices/alpha-phone",
      "/feed.xml",
      "/api/v1/badge/no-such",
    ]) {
      const [g, h] = [await get(target), await check({ method: "HEAD", target })];
      expect(h.status, target).toBe(g.status);
      expect(h.text, target).toBe("");
      expect(h.headers["content-type"], target).toBe(g.headers["content-type"]);
      const api = runsEdge(pathnameOf(target));
      for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
        const w = await check({ method, target });
        if (method === "POST" && !api) {
          expect(w.status, `${method} ${target}`).toBe(200);
          continue;
        }
        expect(w.status, `${method} ${target}`).toBe(405);
        expect(w.headers.allow).toContain("GET");
      }
      const o = await check({ method: "OPTIONS", target });
      expect(o.status).toBe(api ? 204 : 405);
    }
  });
});

// ---- Generated cases -----------------------------------------------------------------

const request = requestArbitrary(() => cursors);

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
