// The differential test: one request set, sent to every target, must get the
// same status, media type, ETag and body everywhere. The set is the hostile-
// request corpus (test/hostile/request-corpus.ts: its named spellings and its
// seeded generator), every resource of the fixture catalog with every method
// and conditional form, every page, the stored files the edge function
// excludes, and the list's static and computed pages over 300 records. A
// disagreement fails the test unless an entry of ALLOWED (each with its
// reason) names it; the run prints the count of each.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { expect, it } from "vitest";
import { STORAGE } from "../../generator/contract/resources.ts";
import { runsEdge } from "../../generator/serve/edge-paths.ts";
import { filesIn } from "../helpers/build.ts";
import { mapConcurrent } from "../helpers/concurrency.ts";
import type { HttpTarget, TargetName } from "../helpers/targets.ts";
import { retries404 } from "./netlify-dev.ts";
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
/** The path with its percent-encoding decoded, or null when that fails. */
const decoded = (c: Case) => {
  try {
    return decodeURIComponent(pathOf(c));
  } catch {
    return null;
  }
};

/** The documented differences: each is netlify dev's (test/http/netlify-dev.ts), named in docs/API.md#netlify-and-netlify-dev. */
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
    applies: (c, t, theirs, ours) =>
      t === "netlify" &&
      !runsEdge(pathOf(c)) &&
      ours.media === "application/problem+json;charset=utf-8" &&
      theirs.media?.startsWith("application/json") === true,
  },
  {
    name: "netlify dev retries a 404 through the edge function",
    reason:
      "On a 404 for a path without a file extension, netlify dev asks again for <path>.html, .htm, /index.html and /index.htm, through the edge function each time, and answers the last try: the problem's detail and instance name that last path, and an unknown badge's SVG becomes that path's problem. Netlify's CDN runs the edge function once; nothing tells the function it is a retry.",
    fields: ["media", "body", "etag"],
    applies: (c, t, theirs, ours) => theirs.status === 404 && ours.status === 404 && retries404(t, pathOf(c)),
  },
  {
    name: "netlify dev's own answer to other methods than GET and HEAD on pages and stored files",
    reason:
      "netlify dev has no Netlify Forms here and its static server refuses every method but GET and HEAD with a plain-text 405; the static layer answers a POST to a page with the page (as Netlify Forms does after storing it) and other methods with the 405 page. Only real Netlify shows its CDN's answer.",
    fields: ["status", "media", "body", "etag"],
    applies: (c, t) => t === "netlify" && !runsEdge(pathOf(c)) && c.method !== "GET" && c.method !== "HEAD",
  },
  {
    name: "netlify dev revalidates what the CDN serves alone only for the exact ETag",
    reason:
      "netlify dev's static server compares If-None-Match with its own weak ETag as one string, so a list of tags, the weak form of ours or `*` gets a 200 with the body where the static layer (RFC 9110's weak comparison, as Netlify's CDN) answers 304.",
    fields: ["status", "media", "body"],
    applies: (c, t) => t === "netlify" && !runsEdge(pathOf(c)) && c.headers?.["If-None-Match"] !== undefined,
  },
  {
    name: "netlify dev's static server refuses a NUL byte or a backslash in a path",
    reason:
      "netlify dev's static server (@fastify/static) answers a path with an encoded NUL byte with 400 and one with an encoded backslash with 403, in JSON; the static layer answers the 404 page, as for any path that names no file. Only real Netlify shows what its CDN answers.",
    fields: ["status", "media", "body", "etag"],
    applies: (c, t, theirs) => t === "netlify" && !runsEdge(pathOf(c)) && (theirs.status === 400 || theirs.status === 403),
  },
  {
    name: "netlify dev's redirect matcher passes over a path with a control character",
    reason:
      "netlify dev's rule matcher (libredirect) matches no rule for a path whose decoded form holds a control character, so a stored path under /api/ gets the HTML 404 page there instead of the /api/* rule's problem document.",
    fields: ["media", "body", "etag"],
    applies: (c, t) => t === "netlify" && !runsEdge(pathOf(c)) && /[\u0000-\u001f\u007f]/.test(decoded(c) ?? ""),
  },
  {
    name: "netlify dev collapses repeated slashes before the edge function",
    reason:
      "netlify dev hands the edge function a path with `//` collapsed to `/`, so a problem about such a path names another path; Netlify's CDN passes the path on as the client sent it, as the chain does.",
    fields: ["media", "body", "etag"],
    applies: (c, t) => t === "netlify" && pathOf(c).includes("//"),
  },
  {
    name: "netlify dev's redirect body",
    reason:
      'netlify dev answers a redirect rule of _redirects with a text body ("Redirecting to ..."); the static layer sends none. Status and Location agree.',
    fields: ["body", "media"],
    applies: (c, t, theirs) => t === "netlify" && !runsEdge(pathOf(c)) && theirs.status >= 300 && theirs.status < 400,
  },
];

/** A path no code of ours can keep from taking netlify dev down: these are not sent to it. */
export const NOT_SENT: { name: string; reason: string; applies(c: Case, target: TargetName): boolean }[] = [
  {
    name: "netlify dev crashes on a page path that is not UTF-8",
    reason:
      "netlify dev's proxy calls decodeURIComponent on the path of every request no edge function takes; percent-encoding that is not UTF-8 (`/..%c0%afcanary.txt`) throws there, outside any handler, and the whole process exits. Netlify's CDN answers such a path with an error page; the static layer answers the 404 page. On the edge function's paths nothing of ours sends such a path on (a slug or a year is checked before any stored file is read).",
    applies: (c, t) => {
      if (t !== "netlify" || runsEdge(pathOf(c))) return false;
      try {
        decodeURIComponent(pathOf(c));
        return false;
      } catch {
        return true;
      }
    },
  },
];

const sha1 = (bytes: ArrayBuffer) => createHash("sha1").update(new Uint8Array(bytes)).digest("hex");
const normalMedia = (type: string | null) => type?.toLowerCase().replace(/\s+/g, "") ?? null;

/** What a target answers; a connection it drops is status 0, so it shows as a disagreement naming the request. */
export async function observe(t: HttpTarget, c: Case): Promise<Observed> {
  try {
    const res = await t.fetch(c.target, { method: c.method, headers: c.headers, ...(c.method === "POST" ? { body: "form-name=correction" } : {}) });
    return { status: res.status, media: normalMedia(res.headers.get("content-type")), etag: res.headers.get("etag"), body: sha1(await res.arrayBuffer()) };
  } catch (err) {
    return { status: 0, media: null, etag: null, body: String((err as Error).cause ?? err) };
  }
}

/** A case every target's HTTP stack takes as the same request: origin-form, printable ASCII, well under every server's header limit. */
const sendable = (c: Case) =>
  c.headers?.Host === undefined &&
  c.target.startsWith("/") &&
  !c.target.startsWith("//") &&
  /^[\x21-\x7e]*$/.test(c.target) &&
  c.target.length <= 4000 &&
  (c.headers?.["If-None-Match"] ?? "").length < 100 &&
  /^[\x20-\x7e]*$/.test(c.headers?.["If-None-Match"] ?? "");

const METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT"];

/** The requests over the fixture catalog: the corpus, every resource in every method and conditional form, every page and stored file. */
export async function fixtureRequests(dist: string, reference: HttpTarget, seed: number, runs: number): Promise<Case[]> {
  const cursorOf = async (qs: string) => ((await (await reference.fetch(`/api/v1/devices?${qs}`)).json()) as { meta: { nextCursor: string } }).meta.nextCursor;
  const cursors: Cursors = { plain: await cursorOf("limit=1"), search: await cursorOf("q=phone&limit=1") };
  const get = (target: string): Case => ({ method: "GET", target });
  const slugs = [
    "alpha-phone",
    "beta-tablet",
    "gamma-phone",
    "delta-watch",
    "epsilon-laptop",
    "hostile-device",
    "epsilon-book",
    "eta-phone",
    "zeta-phone",
    "no-such-device",
  ];
  const perDevice = slugs.flatMap((s) => [
    `/api/v1/devices/${s}`,
    `/api/v1/devices/${s}/evidence`,
    `/api/v1/badge/${s}`,
    `/api/v1/calendar/${s}.ics`,
    `/devices/${s}`,
    `/api/v1/devices/${s}.json`,
    `/api/v1/evidence/${s}.json`,
  ]);
  const catalog = [
    "/api/v1/devices",
    "/api/devices",
    "/api/v1/devices?limit=2",
    "/api/v1/devices?q=phone",
    "/api/v1/dataset",
    "/api/v1/dataset?year=2029",
    "/api/v1/dataset?year=2025",
    "/api/v1/dataset/2030.csv",
    "/feed.xml",
    "/api/v1/feed/archive/2026-10.xml",
    "/support-calendar.ics",
    "/support-calendar-no-alarms.ics",
    "/api/v1/schema/device-record.json",
    "/api/v1/openapi.json",
  ];
  const stored = filesIn(dist).map((f) => `/${f}`);
  const pages = stored.filter((f) => f.endsWith(".html")).map((f) => f.replace(/index\.html$/, "").replace(/\.html$/, ""));
  const excluded = [
    STORAGE.listIndex,
    STORAGE.listPage(null),
    STORAGE.etagManifest,
    STORAGE.notFoundProblem,
    STORAGE.rateLimitedProblem,
    "/api/v1/problems/rate-limited",
    STORAGE.goneProblem("eta-phone"),
    "/api/v1/list/nope",
    "/api/v1/problems/nope",
  ];
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
    ...fc.sample(
      requestArbitrary(() => cursors),
      { seed, numRuns: runs },
    ),
  ].filter(sendable);
}

/** The requests over the 300-record catalog: every static list page, the same pages computed, searches, the legacy list. */
export function listRequests(dist: string): Case[] {
  const folder = path.join(dist, path.posix.dirname(STORAGE.listPage(null)));
  // Each page file, with the type of the walk it belongs to (its meta.type: null or one type).
  const pages = readdirSync(folder).map((f) => ({
    cursor: f.startsWith("first.") ? null : f.replace(/\.json$/, ""),
    type: (JSON.parse(readFileSync(path.join(folder, f), "utf8")).meta.type?.[0] ?? null) as string | null,
  }));
  const get = (target: string): Case => ({ method: "GET", target });
  return [
    ...pages.flatMap(({ cursor: c, type }) => {
      const t = type ? `type=${type}&` : "";
      return c
        ? [`/api/v1/devices?${t}cursor=${c}`, `/api/v1/devices?${t}limit=7&cursor=${c}`, `/api/devices?${t}cursor=${c}`, STORAGE.listPage(c)]
        : [`/api/v1/devices?${t}`, STORAGE.listPage(null, type)];
    }),
    ...["laptop", "phone,tablet", "laptops"].flatMap((type) => [`/api/v1/devices?type=${type}&q=pro&limit=3`, `/api/devices?type=${type}&limit=4`]),
    ...["pro", "kestrel", "a", "phone 3", "%C3%A9", "zz"].flatMap((q) => [
      `/api/v1/devices?q=${q}`,
      `/api/v1/devices?q=${q}&limit=3`,
      `/api/devices?q=${q}&limit=9`,
    ]),
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
 * Sends every case to the reference and to each other target, `concurrency`
 * cases at a time (each case's requests as with one); returns the
 * disagreements no allowance names, in case order, and for each allowance the
 * number of answers (a request to one target) it absorbed a difference in.
 */
export async function compare(
  cases: Case[],
  reference: HttpTarget,
  others: HttpTarget[],
  concurrency = 1,
): Promise<{ disagreements: Disagreement[]; allowed: Record<string, number> }> {
  const disagreements: Disagreement[] = [];
  const allowed: Record<string, number> = {};
  const sentTo = cases.map((c) =>
    others.filter((t) => {
      const skip = NOT_SENT.find((n) => n.applies(c, t.name));
      if (skip) allowed[skip.name] = (allowed[skip.name] ?? 0) + 1;
      return !skip;
    }),
  );
  const observed = await mapConcurrent(cases, concurrency, async (c, i) => {
    const ours = await observe(reference, c);
    return { ours, answers: await Promise.all(sentTo[i]!.map((t) => observe(t, c))) };
  });
  for (const [i, c] of cases.entries()) {
    const { ours, answers } = observed[i]!;
    for (const [j, theirs] of answers.entries()) {
      const t = sentTo[i]![j]!.name;
      const used = new Set<string>();
      for (const field of ["status", "media", "etag", "body"] as Field[]) {
        if (theirs[field] === ours[field]) continue;
        const allowance = ALLOWED.find((a) => a.fields.includes(field) && a.applies(c, t, theirs, ours));
        if (allowance) used.add(allowance.name);
        else
          disagreements.push({
            target: t,
            request: `${c.method} ${c.target.slice(0, 200)}${c.headers ? ` ${JSON.stringify(c.headers)}` : ""}`,
            field,
            ours: ours[field],
            theirs: theirs[field],
          });
      }
      for (const name of used) allowed[name] = (allowed[name] ?? 0) + 1;
    }
  }
  return { disagreements, allowed };
}

/**
 * The test: the fixture and list request sets across the targets (the first
 * is the reference), at least 2,000 requests, `concurrency` cases at a time
 * (one by default: netlify dev's proxy is not loaded any harder than that).
 */
export function differentialTest(targets: () => { fixture: HttpTarget[]; list: HttpTarget[] }, concurrency = 1) {
  it("every target answers the same status, media type, ETag and body, but for the documented differences", { timeout: 900_000 }, async () => {
    const { fixture, list } = targets();
    const seed = Number(process.env.FC_SEED ?? 20261122);
    const fixtureCases = await fixtureRequests(fixture[0]!.dist, fixture[0]!, seed, 1500);
    const listCases = listRequests(list[0]!.dist);
    const a = await compare(fixtureCases, fixture[0]!, fixture.slice(1), concurrency);
    const b = await compare(listCases, list[0]!, list.slice(1), concurrency);
    const disagreements = [...a.disagreements, ...b.disagreements];
    const allowed = Object.fromEntries([...ALLOWED, ...NOT_SENT].map((x) => [x.name, (a.allowed[x.name] ?? 0) + (b.allowed[x.name] ?? 0)]));
    const requests = fixtureCases.length + listCases.length;
    console.log(
      `[differential] ${requests} requests to ${fixture.map((t) => t.name).join(", ")} (reference ${fixture[0]!.name}): ${disagreements.length} disagreements; answers with an allowed difference, by allowance: ${JSON.stringify(allowed)}`,
    );
    // DIFFERENTIAL_REPORT=<file> keeps every disagreement, for a look at all of them.
    if (process.env.DIFFERENTIAL_REPORT) writeFileSync(process.env.DIFFERENTIAL_REPORT, JSON.stringify(disagreements, null, 2));
    expect(requests).toBeGreaterThanOrEqual(2000);
    expect(disagreements.slice(0, 40)).toEqual([]);
  });
}
