// The differential test: one request set, sent to every target, must get the
// same status, media type, ETag and body everywhere. The set is the hostile-
// request corpus (test/hostile/request-corpus.ts: its named spellings and its
// seeded generator), every resource of the fixture catalog with every method
// and conditional form, every page, the stored files the edge function
// excludes, and the list's static and computed pages over 300 records. A
// disagreement fails the test unless an entry of ALLOWED (each with its
// reason) names it; the run prints the count of each.
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { expect, it } from "vitest";
import { STORAGE } from "../../generator/contract/resources.ts";
import { runsEdge } from "../../generator/serve/edge-paths.ts";
import { filesIn } from "../helpers/build.ts";
import type { HttpTarget, TargetName } from "../helpers/targets.ts";
import { BAD_LIMITS, malformedTargets, requestArbitrary, traversalTargets, type Case, type Cursors } from "../hostile/request-corpus.ts";

export interface Observed {
  status: number;
  media: string | null;
  etag: string | null;
  /** SHA-1 of the body bytes. */
  body: string;
}

type Field = keyof Observed;

export interface Allowance {
  name: string;
  /** Why the targets may differ here, and why our code cannot make them agree. */
  reason: string;
  fields: Field[];
  applies(c: Case, target: TargetName, theirs: Observed, ours: Observed): boolean;
}

const pathOf = (c: Case) => new URL(c.target, "http://x").pathname;
const hasAssetExtension = (p: string) => /\.(html?|png|jpg|js|css|svg|gif|ico|woff|woff2)$/.test(p);

/** The documented differences: each is netlify dev's, named in docs/API.md#where-netlify-dev-differs. */
export const ALLOWED: Allowance[] = [
  {
    name: "netlify dev's ETag on what the CDN serves alone",
    reason:
      "For pages, assets and the stored files the edge function does not run on, netlify dev's static server sends its own weak ETag (W/\"<length>-<hash>\") where Netlify's CDN and the static layer send a strong one. No code of ours runs on those paths.",
    fields: ["etag"],
    applies: (c, t) => t === "netlify" && !runsEdge(pathOf(c)),
  },
  {
    name: "netlify dev's media type on stored problem documents",
    reason:
      "netlify dev's static server sets Content-Type from its own MIME table after the _headers values, so a stored problem (the /api/* 404 fallback, a gone or rate-limited document requested directly) is application/json there and application/problem+json on Netlify's CDN and in the static layer.",
    fields: ["media"],
    applies: (c, t, theirs, ours) => t === "netlify" && !runsEdge(pathOf(c)) && ours.media === "application/problem+json;charset=utf-8" && theirs.media?.startsWith("application/json") === true,
  },
  {
    name: "netlify dev retries a 404 through the edge function",
    reason:
      "On a 404 for a path without a file extension, netlify dev asks again for <path>.html, .htm, /index.html and /index.htm, through the edge function each time, and answers the last try: the problem's detail and instance name that last path. Netlify's CDN runs the edge function once; nothing tells the function it is a retry.",
    fields: ["body", "etag"],
    applies: (c, t, theirs, ours) => t === "netlify" && theirs.status === 404 && ours.status === 404 && runsEdge(pathOf(c)) && !hasAssetExtension(pathOf(c)),
  },
  {
    name: "netlify dev's own answer to other methods than GET and HEAD on pages and stored files",
    reason:
      "netlify dev has no Netlify Forms here and its static server refuses every method but GET and HEAD with a plain-text 405; the static layer answers a POST to a page with the page (as Netlify Forms does after storing it) and other methods with the 405 page. Only real Netlify shows its CDN's answer.",
    fields: ["status", "media", "body", "etag"],
    applies: (c, t) => t === "netlify" && !runsEdge(pathOf(c)) && c.method !== "GET" && c.method !== "HEAD",
  },
  {
    name: "netlify dev's redirect body",
    reason: "netlify dev answers a redirect rule of _redirects with a text body (\"Redirecting to ...\"); the static layer sends none. Status and Location agree.",
    fields: ["body", "media"],
    applies: (c, t, theirs) => t === "netlify" && !runsEdge(pathOf(c)) && theirs.status >= 300 && theirs.status < 400,
  },
];

const sha1 = (bytes: ArrayBuffer) => createHash("sha1").update(new Uint8Array(bytes)).digest("hex");
const normalMedia = (type: string | null) => type && type.toLowerCase().replace(/\s+/g, "");

export async function observe(t: HttpTarget, c: Case): Promise<Observed> {
  const res = await t.fetch(c.target, { method: c.method, headers: c.headers, ...(c.method === "POST" ? { body: "form-name=correction" } : {}) });
  return { status: res.status, media: normalMedia(res.headers.get("content-type")), etag: res.headers.get("etag"), body: sha1(await res.arrayBuffer()) };
}

/** A case every target's HTTP stack takes as the same request: origin-form, printable ASCII, well under every server's header limit. */
const sendable = (c: Case) => c.headers?.Host === undefined && c.target.startsWith("/") && !c.target.startsWith("//") && /^[\x21-\x7e]*$/.test(c.target) && c.target.length <= 4000 && (c.headers?.["If-None-Match"] ?? "").length < 100 && /^[\x20-\x7e]*$/.test(c.headers?.["If-None-Match"] ?? "");

const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT"];

/** The requests over the fixture catalog: the corpus, every resource in every method and conditional form, every page and stored file. */
export async function fixtureRequests(dist: string, reference: HttpTarget, seed: number, runs: number): Promise<Case[]> {
  const cursorOf = async (qs: string) => ((await (await reference.fetch(`/api/v1/devices?${qs}`)).json()) as { meta: { nextCursor: string } }).meta.nextCursor;
  const cursors: Cursors = { plain: await cursorOf("limit=1"), search: await cursorOf("q=phone&limit=1") };
  const get = (target: string): Case => ({ method: "GET", target });
  const slugs = ["alpha-phone", "beta-tablet", "gamma-phone", "delta-watch", "epsilon-laptop", "hostile-device", "epsilon-book", "eta-phone", "zeta-phone", "no-such-device"];
  const perDevice = slugs.flatMap((s) => [`/api/v1/devices/${s}`, `/api/v1/devices/${s}/evidence`, `/api/v1/badge/${s}`, `/api/v1/calendar/${s}.ics`, `/devices/${s}`, `/api/v1/devices/${s}.json`, `/api/v1/evidence/${s}.json`]);
  const catalog = ["/api/v1/devices", "/api/devices", "/api/v1/devices?limit=2", "/api/v1/devices?q=phone", "/api/v1/dataset", "/api/v1/dataset?year=2029", "/api/v1/dataset?year=2025", "/api/v1/dataset/2030.csv", "/feed.xml", "/support-calendar.ics", "/api/v1/schema/device-record.json", "/api/v1/openapi.json"];
  const stored = filesIn(dist).map((f) => `/${f}`);
  const pages = stored.filter((f) => f.endsWith(".html")).map((f) => f.replace(/index\.html$/, "").replace(/\.html$/, ""));
  const excluded = [STORAGE.listIndex, STORAGE.listPage(null), STORAGE.etagManifest, STORAGE.notFoundProblem, STORAGE.rateLimitedProblem, "/api/v1/problems/rate-limited", STORAGE.goneProblem("eta-phone"), "/api/v1/list/nope", "/api/v1/problems/nope"];
  const everything = [...perDevice, ...catalog, ...pages, ...stored, ...excluded];
  const etagOf = async (p: string) => (await reference.fetch(p)).headers.get("etag");
  const conditional = await Promise.all(
    [...catalog, ...perDevice.slice(0, 14), "/", "/docs/api"].map(async (target) => {
      const etag = (await etagOf(target)) ?? '"x"';
      return [`"nope", ${etag}`, `W/${etag}`, "*", '"stale"'].map((inm) => ({ method: "GET", target, headers: { "If-None-Match": inm } }));
    }),
  );
  return [
    ...everything.flatMap((target) => METHODS.map((method) => ({ method, target }))),
    ...conditional.flat(),
    ...traversalTargets().map(get),
    ...malformedTargets().map(get),
    ...BAD_LIMITS.map((l) => get(`/api/v1/devices?limit=${l}`)),
    ...fc.sample(requestArbitrary(() => cursors), { seed, numRuns: runs }),
  ].filter(sendable);
}

/** The requests over the 300-record catalog: every static list page, the same pages computed, searches, the legacy list. */
export function listRequests(dist: string): Case[] {
  const pages = readdirSync(path.join(dist, path.posix.dirname(STORAGE.listPage(null)))).map((f) => (f === "first.json" ? null : f.replace(/\.json$/, "")));
  const get = (target: string): Case => ({ method: "GET", target });
  return [
    ...pages.flatMap((c) => (c ? [`/api/v1/devices?cursor=${c}`, `/api/v1/devices?limit=7&cursor=${c}`, `/api/devices?cursor=${c}`, STORAGE.listPage(c)] : ["/api/v1/devices", STORAGE.listPage(null)])),
    ...["pro", "kestrel", "a", "phone 3", "%C3%A9", "zz"].flatMap((q) => [`/api/v1/devices?q=${q}`, `/api/v1/devices?q=${q}&limit=3`, `/api/devices?q=${q}&limit=9`]),
    ...[1, 2, 49, 50, 51, 100].map((l) => `/api/v1/devices?limit=${l}`),
    "/api/v1/dataset",
  ].map(get);
}

export interface Disagreement {
  target: TargetName;
  request: string;
  field: Field;
  ours: unknown;
  theirs: unknown;
}

/**
 * Sends every case to the reference and to each other target; returns the
 * disagreements no allowance names, and how many each allowance absorbed.
 */
export async function compare(cases: Case[], reference: HttpTarget, others: HttpTarget[]): Promise<{ disagreements: Disagreement[]; allowed: Record<string, number> }> {
  const disagreements: Disagreement[] = [];
  const allowed: Record<string, number> = {};
  for (const c of cases) {
    const ours = await observe(reference, c);
    const answers = await Promise.all(others.map((t) => observe(t, c)));
    for (const [i, theirs] of answers.entries()) {
      const t = others[i]!.name;
      for (const field of ["status", "media", "etag", "body"] as Field[]) {
        if (theirs[field] === ours[field]) continue;
        const allowance = ALLOWED.find((a) => a.fields.includes(field) && a.applies(c, t, theirs, ours));
        if (allowance) allowed[allowance.name] = (allowed[allowance.name] ?? 0) + 1;
        else disagreements.push({ target: t, request: `${c.method} ${c.target.slice(0, 200)}${c.headers ? ` ${JSON.stringify(c.headers)}` : ""}`, field, ours: ours[field], theirs: theirs[field] });
      }
    }
  }
  return { disagreements, allowed };
}

/** The test: the fixture and list request sets across the targets (the first is the reference), at least 2,000 requests. */
export function differentialTest(targets: () => { fixture: HttpTarget[]; list: HttpTarget[] }) {
  it("every target answers the same status, media type, ETag and body, but for the documented differences", { timeout: 900_000 }, async () => {
    const { fixture, list } = targets();
    const seed = Number(process.env.FC_SEED ?? 20261122);
    const fixtureCases = await fixtureRequests(fixture[0]!.dist, fixture[0]!, seed, 1500);
    const listCases = listRequests(list[0]!.dist);
    const a = await compare(fixtureCases, fixture[0]!, fixture.slice(1));
    const b = await compare(listCases, list[0]!, list.slice(1));
    const disagreements = [...a.disagreements, ...b.disagreements];
    const allowed = Object.fromEntries(ALLOWED.map((x) => [x.name, (a.allowed[x.name] ?? 0) + (b.allowed[x.name] ?? 0)]));
    const requests = fixtureCases.length + listCases.length;
    console.log(`[differential] ${requests} requests to ${fixture.map((t) => t.name).join(", ")} (reference ${fixture[0]!.name}): ${disagreements.length} disagreements; allowed: ${JSON.stringify(allowed)}`);
    expect(requests).toBeGreaterThanOrEqual(2000);
    expect(disagreements.slice(0, 40)).toEqual([]);
  });
}
