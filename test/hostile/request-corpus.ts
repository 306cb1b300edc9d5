// The hostile-request corpus: the named spellings the request fuzz sends
// (test/hostile/requests-fuzz.test.ts) and its seeded fast-check generator of
// paths, queries, methods and headers over every endpoint. The differential
// test (test/http/differential.ts) sends the same corpus to every target.
import fc from "fast-check";

/** Cursors taken from the server's own answers: a plain walk's and a search's. */
export interface Cursors {
  plain: string;
  search: string;
}

export interface Case {
  method: string;
  /** The request-target, byte for byte (latin1). */
  target: string;
  headers?: Record<string, string>;
}

/** Files lying beside the build, whose content must never come back. */
export const CANARY_FILES = ["canary.txt", "canary.json", "canary.html", "canary", "canary.csv", "canary.svg", "canary.ics", "canary.xml"];

/** Percent-encodes any string, lone surrogates included (as U+FFFD, which is what a client would send). */
export const enc = (s: string) => encodeURIComponent(Buffer.from(s).toString());

/** Where a path can start, for traversal and malformed segments. */
export const PREFIXES = [
  "/",
  "/devices/",
  "/docs/",
  "/assets/",
  "/api/v1/devices/",
  "/api/v1/badge/",
  "/api/v1/calendar/",
  "/api/v1/dataset/",
  "/api/v1/list/pages/",
  "/api/v1/devices/alpha-phone/",
];
/** "Up one folder" in every spelling. */
export const UP = [
  "../",
  "..%2f",
  "..%2F",
  "%2e%2e/",
  "%2e%2e%2f",
  ".%2e/",
  "%2e./",
  "..%5c",
  "..\\",
  "%252e%252e%252f",
  "..%c0%af",
  "..%255c",
  "....//",
  "..;/",
  "%2e%2e%5c",
];
/** Path segments with malformed or hostile percent-encoding. */
export const BAD_SEGMENTS = [
  "%",
  "%zz",
  "%00",
  "%c0%af",
  "%e0%80%af",
  "%ed%a0%80",
  "%ff%fe",
  "%2",
  "%%",
  "%u002e",
  "a%00.json",
  "%00%2f..%2f",
  "a".repeat(300),
  enc("é".repeat(200)),
  "%2e",
  ".",
];
/** limit values that are not a whole number from 1 to 100 in ASCII digits. */
export const BAD_LIMITS = [
  "1e2",
  "1E2",
  "-0",
  "-5",
  "%205",
  "5%20",
  "+5",
  "%2B5",
  "5.0",
  "0x10",
  "0b1",
  "1_0",
  "%EF%BC%95",
  "%D9%A5",
  "",
  "0",
  "000",
  "101",
  "Infinity",
  "NaN",
  "5%00",
  "%zz",
  "%",
];

/** Every traversal target: from each prefix, each spelling of "up", deep enough and deeper, to each canary. */
export function traversalTargets(): string[] {
  return PREFIXES.flatMap((prefix) => {
    const depth = prefix.split("/").length - 1;
    return UP.flatMap((up) =>
      [0, 1, 2].flatMap((extra) => ["canary.txt", "canary", "canary.json", "dist2/canary.svg"].map((name) => `${prefix}${up.repeat(depth + extra)}${name}`)),
    );
  });
}

/** Every malformed segment under every prefix, and inside the per-device and year paths. */
export function malformedTargets(): string[] {
  return [
    ...PREFIXES.flatMap((prefix) => BAD_SEGMENTS.map((s) => `${prefix}${s}`)),
    ...BAD_SEGMENTS.flatMap((s) => [
      `/api/v1/devices/${s}/evidence`,
      `/api/v1/calendar/${s}.ics`,
      `/api/v1/dataset/${s}.csv`,
      `/devices/${s}.html`,
      `/feed.xml/${s}`,
    ]),
  ];
}

const MALFORMED = [
  "%",
  "%zz",
  "%00",
  "%c0%af",
  "%e0%80%af",
  "%ed%a0%80",
  "%ff",
  "%2",
  "%%",
  "%0a",
  "%0d%0a",
  "%20",
  "%2f",
  "%5c",
  "%3f",
  "%23",
  "%26",
  "%3d",
  "%252f",
  "%u002e",
];
const TRAVERSAL = ["../", "..%2f", "%2e%2e/", "%2e%2e%2f", ".%2e/", "..%5c", "%252e%252e%252f", "..%c0%af", "....//", "..;/"];

/** A piece of a path segment or a query value. */
const piece = () =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ maxLength: 12 }).map(enc) },
    { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }).map(enc) },
    { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 6 }).map(enc) },
    { weight: 4, arbitrary: fc.constantFrom(...MALFORMED) },
    {
      weight: 4,
      arbitrary: fc
        .array(fc.constantFrom(...TRAVERSAL), { minLength: 1, maxLength: 7 })
        .chain((ups) => fc.constantFrom(...CANARY_FILES, "dist2/canary.svg").map((f) => ups.join("") + f)),
    },
    {
      weight: 5,
      arbitrary: fc.constantFrom(
        "alpha-phone",
        "gamma-phone",
        "hostile-device",
        "eta-phone",
        "epsilon-book",
        "zeta-phone",
        "_withdrawn",
        "2029",
        "first",
        "index",
        "problems",
        "api",
        "list",
        "license",
        "",
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom("a".repeat(10_000), "%41".repeat(3_000), "9".repeat(20_000), enc("é".repeat(1_000))) },
  );

const segment = () => fc.array(piece(), { minLength: 1, maxLength: 3 }).map((p) => p.join(""));

const limitValue = fc.constantFrom(
  "1e2",
  "010",
  "-0",
  "%205",
  "+5",
  "%2B5",
  "5.0",
  "0x10",
  "",
  "0",
  "1",
  "7",
  "50",
  "0050",
  "100",
  "101",
  "%EF%BC%95",
  "9".repeat(400),
);
const cursorValue = (cursors: () => Cursors) =>
  fc.oneof(
    fc.constant("").map(() => cursors().plain),
    fc.constant("").map(() => cursors().search),
    fc.tuple(fc.nat(), fc.constantFrom("A", "-", "_", "=", "%00", "")).map(([i, ch]) => {
      const c = cursors().plain;
      const at = i % (c.length + 1);
      return c.slice(0, at) + ch + c.slice(at + 1);
    }),
    segment(),
  );

const query = (cursors: () => Cursors) =>
  fc
    .array(
      fc.oneof(
        fc.tuple(fc.constant("q"), segment()),
        fc.tuple(
          fc.constant("type"),
          fc.oneof(fc.constantFrom("laptop", "phone,tablet", "tablet,phone,phone", "phone%2Cwearable", "", "laptops", "Laptop", "phone,"), segment()),
        ),
        fc.tuple(fc.constant("limit"), fc.oneof(limitValue, segment())),
        fc.tuple(fc.constant("cursor"), cursorValue(cursors)),
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

const method = fc.oneof(
  { weight: 12, arbitrary: fc.constant("GET") },
  { weight: 3, arbitrary: fc.constant("HEAD") },
  { weight: 1, arbitrary: fc.constantFrom("POST", "OPTIONS", "PUT", "DELETE", "PATCH") },
);

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

/** A request to any endpoint with generated segments, query, method and headers (`cursors` are read when a value is drawn). */
export const requestArbitrary = (cursors: () => Cursors) =>
  fc
    .record({ endpoint: fc.constantFrom(...ENDPOINTS), s: segment(), t: segment(), query: query(cursors), method, headers })
    .map(({ endpoint, s, t, query, method, headers }): Case => ({ method, target: endpoint(s, t) + query, headers }))
    .filter((c) => !spellsMarker(c.target));
