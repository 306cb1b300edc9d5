// The OpenAPI document: a valid OpenAPI 3.1 description, and a true one. The
// contract suite requests every documented operation of a fixture build from
// the real preview server (records, a former slug, a withdrawn record, unknown
// slugs, bad parameters, conditional requests, writes, the rate limit, a list
// that cannot be computed) and checks each answer against the document: its
// status is documented for the operation, every documented header is there
// with a value its schema allows, the content type is a documented one, and
// JSON bodies validate (ajv, against the published schema) and parse (zod,
// against the strict schemas it was generated from).
import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import { z } from "zod";
import { buildOpenApi } from "../../generator/emit/openapi-document.ts";
import { responseSchemas } from "../../generator/schema/responses.ts";
import { STORAGE } from "../../generator/contract/resources.ts";
import { DEVICE_TYPES } from "../../generator/contract/device-types.ts";
import { DEFAULT_LIMIT, MAX_LIMIT } from "../../generator/contract/list-params.ts";
import { parseListRequest } from "../../generator/derive/list.ts";
import { parseDatasetYear } from "../../generator/contract/dataset-years.ts";
import { COMMITMENT_STATUSES, VERDICT_CODES } from "../../generator/contract/verdicts.ts";
import { RATE_LIMIT } from "../../generator/contract/rate-limit.ts";
import { SITE, servePreview, tempDir, type Preview } from "../helpers/build.ts";
import { refsOf, type Json } from "../helpers/openapi.ts";

const NOW = "2026-11-22";
const doc: Json = buildOpenApi({ ...SITE, now: NOW });

/** A `#/components/...` reference resolved in the document; anything else as it is. */
const deref = refsOf(doc);

// Each component schema becomes a schema resource of its own, so ajv (strict) compiles it alone.
const ajv = new Ajv2020({ strict: true, allErrors: true });
// ajv-formats is CommonJS: its default export is the module, whose `default` is the plugin.
ajvFormats.default(ajv);
const asResources = (s: unknown): Json => JSON.parse(JSON.stringify(s).replaceAll('"#/components/schemas/', '"urn:schema:'));
for (const [id, schema] of Object.entries(asResources(doc.components.schemas))) ajv.addSchema({ ...schema, $id: `urn:schema:${id}` });

function expectValid(schema: Json, value: unknown, where: string) {
  const validate = ajv.compile(asResources(schema));
  expect(validate(value) ? null : validate.errors, where).toBeNull();
}

/** Parses a body with the zod schema its component was generated from (strict: no undeclared member). */
function parseWithZod(schema: Json, body: unknown) {
  const source = schema.$ref ? responseSchemas._idmap.get(schema.$ref.split("/").pop()) : undefined;
  if (source) z.parse(source, body);
}

const templates = Object.keys(doc.paths).map((template) => ({
  template,
  re: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`),
}));

/** The documented path a request path falls under. */
function pathItemOf(pathname: string): string {
  const hits = templates.filter((t) => t.re.test(pathname)).map((t) => t.template);
  expect(hits, pathname).toHaveLength(1);
  return hits[0]!;
}

interface Case {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  status: number;
}

/** Documented (path, status) pairs that some request answered, to see that the suite reaches them all. */
const answered = new Set<string>();
let requests = 0;

/**
 * One request checked against the document. Every path has GET, HEAD and
 * OPTIONS (the CORS preflight); the 405 other methods get is documented on
 * GET, as that path's answer to them.
 */
async function check(base: string, c: Case): Promise<Response> {
  const url = new URL(c.path, base);
  const res = await fetch(url, { method: c.method ?? "GET", headers: c.headers, redirect: "manual" });
  requests += 1;
  const where = `${c.method ?? "GET"} ${c.path}`;
  expect(res.status, where).toBe(c.status);
  const template = pathItemOf(url.pathname);
  const method = (c.method ?? "GET").toLowerCase();
  const operation = (doc.paths as Json)[template][method === "head" || method === "options" ? method : "get"];
  const documented = operation.responses[String(res.status)];
  expect(documented, `${where}: status ${res.status} is documented`).toBeDefined();
  if (method !== "head" && method !== "options") answered.add(`${template} ${res.status}`);
  const response = deref(documented);

  for (const [name, ref] of Object.entries<Json>(response.headers ?? {})) {
    const value = res.headers.get(name);
    expect(value, `${where}: header ${name}`).not.toBeNull();
    const { schema } = deref(ref);
    expectValid(schema, schema.type === "integer" ? Number(value) : value, `${where}: header ${name}: ${value}`);
  }

  const bytes = await res.arrayBuffer();
  if (!response.content) {
    expect(bytes.byteLength, `${where}: no body`).toBe(0);
    return res;
  }
  const type = res.headers.get("content-type")!;
  expect(Object.keys(response.content), `${where}: content type`).toContain(type);
  if (/^application\/([a-z.+-]+\+)?json(;|$)/.test(type)) {
    const schema = response.content[type].schema;
    const body = JSON.parse(new TextDecoder().decode(bytes));
    expectValid(schema, body, where);
    parseWithZod(schema, body);
  }
  return new Response(bytes, { status: res.status, headers: res.headers });
}

const A_LONG_QUERY = "a".repeat(201);

describe("the OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    await SwaggerParser.validate(structuredClone(doc) as any);
  });

  it("describes the recall review and the EU label the evidence carries", () => {
    const evidence = deref(doc.components.schemas.EvidenceDocument);
    expect(Object.keys(evidence.properties)).toEqual(expect.arrayContaining(["recallReview", "recallReviewSummary", "repairability"]));
    const repair = deref(deref(evidence.properties.repairability).items);
    const label = deref(repair.properties.euLabel);
    expect(Object.keys(label.properties)).toEqual(
      expect.arrayContaining(["registration", "url", "class", "index", "subScores", "batteryEnduranceCycles", "declaredMinimumSoftwareUpdateYears"]),
    );
    expect(label.properties.declaredMinimumSoftwareUpdateYears.description).toMatch(/never a date/);
    const review = deref(deref(evidence.properties.recallReview).items);
    expect(Object.keys(review.properties)).toEqual(expect.arrayContaining(["searched", "result", "matches", "statement"]));
  });

  it("declares each path's placeholders as path parameters, and unique operation ids", () => {
    const ids: string[] = [];
    for (const [template, item] of Object.entries<Json>(doc.paths)) {
      const placeholders = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = item.get.parameters
        .map(deref)
        .filter((p: Json) => p.in === "path")
        .map((p: Json) => p.name);
      expect(declared, template).toEqual(placeholders);
      ids.push(item.get.operationId);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("names the license, the attribution duty and the server", () => {
    expect(doc.info.license).toEqual({ name: "Device Lifecycle Records public dataset license v1", url: `${SITE.siteUrl}/license` });
    expect(doc.info.description).toMatch(/Attribution is a condition of reuse/);
    expect(doc.servers).toEqual([{ url: SITE.baseUrl, description: expect.any(String) }]);
    expect(doc.paths["/api/devices"].get.deprecated).toBe(true);
  });
});

describe("parameters in the OpenAPI document", () => {
  // limit and year are integers (a generated client sends a number). Every integer the schema accepts, the
  // server takes as its decimal digits, and nothing else in range; spellings an integer validator may coerce
  // (7.0, 1e1) the server refuses, as the parameters' descriptions say.
  const strict = new Ajv2020({ strict: true });
  const accepts = (param: string, value: number) =>
    strict.validate({ type: "object", properties: { v: deref(doc.components.parameters[param]).schema } }, { v: value });
  const serverTakesLimit = (v: string) => parseListRequest(new URL(`http://x/api/v1/devices?limit=${encodeURIComponent(v)}`)).ok;
  const serverTakesYear = (v: string) => parseDatasetYear(v) !== null;
  const numbers = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it("limit is an integer that validates exactly when the server takes the number written in digits", () => {
    expect(deref(doc.components.parameters.Limit).schema).toMatchObject({ type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT });
    for (const v of numbers(-2, 102)) expect(accepts("Limit", v), `limit=${v}`).toBe(serverTakesLimit(String(v)));
    for (const v of ["7.0", "1e1", "+7"]) expect(serverTakesLimit(v), v).toBe(false);
    expect(deref(doc.components.parameters.Limit).description).toContain("7.0, +7 or 1e1 is refused with 400");
  });

  it("year, in the query and in the path, is an integer that validates exactly when the server takes it", () => {
    for (const param of ["Year", "YearInPath"]) {
      expect(deref(doc.components.parameters[param]).schema.type).toBe("integer");
      for (const v of numbers(1985, 2105)) expect(accepts(param, v), `${param} ${v}`).toBe(serverTakesYear(String(v)));
    }
  });

  it("type is an enum of the schema's device types, read as a comma-separated list", () => {
    const param = deref(doc.components.parameters.DeviceType);
    expect(param).toMatchObject({ name: "type", in: "query", style: "form", explode: false });
    expect(param.schema.items.enum).toEqual([...DEVICE_TYPES]);
    for (const t of DEVICE_TYPES) expect(parseListRequest(new URL(`http://x/api/v1/devices?type=${t}`)).ok, t).toBe(true);
    expect(doc.components.schemas.ListMeta.properties.type.anyOf[0].items.enum).toEqual([...DEVICE_TYPES]);
  });

  it("the API declares that it needs no credentials, and whom to contact", () => {
    expect(doc.security).toEqual([]);
    expect(doc.info.contact).toEqual({ name: expect.any(String), url: `${SITE.siteUrl}/corrections` });
  });
});

describe("the API answers as its OpenAPI document says", () => {
  let dist: string;
  let preview: Preview;
  beforeAll(async () => {
    dist = inject("fixtureDist"); // built as of NOW
    preview = await servePreview(dist);
  });
  afterAll(() => preview?.close());

  const run = (cases: Case[]) => Promise.all(cases.map((c) => check(preview.url, c)));

  it("lists and describes every verdict code and commitment status, and the record's OS versions", async () => {
    const schemas = doc.components.schemas;
    expect(schemas.Verdict.properties.code.enum).toEqual([...VERDICT_CODES]);
    expect(schemas.CommitmentStatus.enum).toEqual([...COMMITMENT_STATUSES]);
    expect(schemas.Verdict.properties.securityStatus.enum).toEqual([...COMMITMENT_STATUSES, "varies"]);
    for (const code of VERDICT_CODES) expect(schemas.Verdict.properties.code.description).toContain(`${code}: `);
    for (const status of COMMITMENT_STATUSES) {
      expect(schemas.CommitmentStatus.description).toContain(`${status}: `);
      expect(schemas.Verdict.properties.securityStatus.description).toContain(`${status}: `);
    }
    expect(schemas.CommitmentStatus.description).toContain("ended, date not documented");
    // docs/API.md's tables name the same codes and statuses, each once, in the same order.
    const apiDoc = readFileSync(path.resolve(import.meta.dirname, "../../docs/API.md"), "utf8");
    const firstCells = (heading: string) => {
      const table = apiDoc.slice(apiDoc.indexOf(heading)).split("\n\n")[0]!;
      return [...table.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    };
    expect(firstCells("| status | when | on the device page |")).toEqual([...COMMITMENT_STATUSES]);
    expect(firstCells("| code | when | `label` |")).toEqual([...VERDICT_CODES]);
    expect(schemas.DeviceSummary.properties.osVersions.items.required).toEqual(["os", "first", "sourceIds"]);
    const kappa = await (await fetch(`${preview.url}/api/v1/devices/kappa-phone`)).json();
    expect(kappa.osVersions).toEqual([{ os: "iOS", first: "11", last: "16", sourceIds: ["os-versions"] }]);
    expect(kappa.verdict).toMatchObject({
      code: "security-ended",
      label: "no security updates; last update observed 2024-05-13",
      securityStatus: "ended-observed",
    });
    const iota = await (await fetch(`${preview.url}/api/v1/devices/iota-phone`)).json();
    expect(iota.verdict).toMatchObject({ code: "security-ended", securityStatus: "ended-undated", osStatus: "ended-undated" });
    expect(iota.support.security[0]).toMatchObject({ ended: true, status: "ended-undated" });
    expect(iota.support.security[0].end).toBeUndefined();
  });

  it("serves the document itself at /api/v1/openapi.json", async () => {
    const res = await check(preview.url, { path: "/api/v1/openapi.json", status: 200 });
    expect(await res.json()).toEqual(doc);
  });

  it("the list: pages, searches, every parameter problem, conditional requests", async () => {
    const first = await check(preview.url, { path: "/api/v1/devices", status: 200 });
    const etag = first.headers.get("etag")!;
    const small = await (await check(preview.url, { path: "/api/v1/devices?limit=2", status: 200 })).json();
    const next = new URL(small.meta.next);
    const walkCursor = small.meta.nextCursor as string;
    await run([
      { path: next.pathname + next.search, status: 200 },
      { path: "/api/v1/devices?q=alpha", status: 200 },
      { path: "/api/v1/devices?q=phone&limit=1&utm_source=x", status: 200 },
      { path: "/api/v1/devices", headers: { "If-None-Match": etag }, status: 304 },
      { path: "/api/v1/devices?limit=0", status: 400 },
      { path: "/api/v1/devices?limit=101", status: 400 },
      { path: "/api/v1/devices?limit=5&limit=6", status: 400 },
      { path: `/api/v1/devices?q=${A_LONG_QUERY}`, status: 400 },
      { path: "/api/v1/devices?cursor=bm90LWEtY3Vyc29y", status: 400 },
      { path: `/api/v1/devices?q=alpha&cursor=${walkCursor}`, status: 400 },
      { path: "/api/v1/devices?type=laptop", status: 200 },
      { path: "/api/v1/devices?type=phone,tablet&q=phone&limit=1", status: 200 },
      { path: "/api/v1/devices?type=laptops", status: 400 },
      { path: "/api/v1/devices?type=phone&type=tablet", status: 400 },
      { path: `/api/v1/devices?type=phone&cursor=${walkCursor}`, status: 400 },
    ]);
  });

  it("the deprecated list, with its Deprecation and Link fields on every answer", async () => {
    const page = await check(preview.url, { path: "/api/devices?limit=2", status: 200 });
    expect(page.headers.get("link")).toMatch(/rel="next"/);
    const etag = (await check(preview.url, { path: "/api/devices", status: 200 })).headers.get("etag")!;
    await run([
      { path: "/api/devices", headers: { "If-None-Match": etag }, status: 304 },
      { path: "/api/devices?limit=0", status: 400 },
      { path: "/api/devices?cursor=x", status: 400 },
      { method: "POST", path: "/api/devices", status: 405 },
    ]);
  });

  it("a record and its evidence: published, former slug, withdrawn, unknown, draft, unchanged", async () => {
    const etag = (await check(preview.url, { path: "/api/v1/devices/alpha-phone", status: 200 })).headers.get("etag")!;
    const evidenceEtag = (await check(preview.url, { path: "/api/v1/devices/gamma-phone/evidence", status: 200 })).headers.get("etag")!;
    await run([
      { path: "/api/v1/devices/gamma-phone", status: 200 },
      { path: "/api/v1/devices/hostile-device", status: 200 },
      // Ended without a date, ended on an observed last update (with its OS versions), listed as continuing, past its last commitment.
      { path: "/api/v1/devices/iota-phone", status: 200 },
      { path: "/api/v1/devices/kappa-phone", status: 200 },
      { path: "/api/v1/devices/lambda-tablet", status: 200 },
      { path: "/api/v1/devices/mu-phone", status: 200 },
      { path: "/api/v1/devices/kappa-phone/evidence", status: 200 },
      { path: "/api/v1/devices/lambda-tablet/evidence", status: 200 },
      { path: "/api/v1/devices/alpha-phone", headers: { "If-None-Match": etag }, status: 304 },
      { path: "/api/v1/devices/epsilon-book", status: 301 },
      { path: "/api/v1/devices/eta-phone", status: 410 },
      { path: "/api/v1/devices/no-such-device", status: 404 },
      { path: "/api/v1/devices/zeta-phone", status: 404 },
      { path: "/api/v1/devices/alpha-phone/evidence", status: 200 },
      { path: "/api/v1/devices/gamma-phone/evidence", headers: { "If-None-Match": evidenceEtag }, status: 304 },
      { path: "/api/v1/devices/epsilon-book/evidence", status: 301 },
      { path: "/api/v1/devices/eta-phone/evidence", status: 410 },
      { path: "/api/v1/devices/no-such-device/evidence", status: 404 },
      { method: "POST", path: "/api/v1/devices/alpha-phone", status: 405 },
      { method: "DELETE", path: "/api/v1/devices/alpha-phone/evidence", status: 405 },
    ]);
  });

  it("the identifier lookup: a code, another spelling, a family, a shared code, unknown, unchanged", async () => {
    const etag = (await check(preview.url, { path: "/api/v1/identifiers/SM-A525F", status: 200 })).headers.get("etag")!;
    await run([
      { path: "/api/v1/identifiers/sm_a525f", headers: { "If-None-Match": etag }, status: 304 },
      { path: "/api/v1/identifiers/SM-A525F%2FDS", status: 200 },
      { path: "/api/v1/identifiers/exb-700", status: 200 },
      { path: "/api/v1/identifiers/iPhone99%2C1", status: 200 },
      { path: "/api/v1/identifiers/ETA-1", status: 404 },
      { path: "/api/v1/identifiers/NO-SUCH-CODE", status: 404 },
      { method: "POST", path: "/api/v1/identifiers/SM-A525F", status: 405 },
    ]);
  });

  it("the OS releases: the list, a release, an unknown one, unchanged", async () => {
    const etag = (await check(preview.url, { path: "/api/v1/os/windows/11-23h2-e", status: 200 })).headers.get("etag")!;
    await run([
      { path: "/api/v1/os", status: 200 },
      { path: "/api/v1/os/ios/18", status: 200 },
      { path: "/api/v1/os/windows/11-23h2-e", headers: { "If-None-Match": etag }, status: 304 },
      { path: "/api/v1/os/windows/11-99h9-e", status: 404 },
      { path: "/api/v1/os/linux/6", status: 404 },
      { method: "POST", path: "/api/v1/os", status: 405 },
    ]);
  });

  it("the dataset, whole and by year, by query and by path", async () => {
    const etag = (await check(preview.url, { path: "/api/v1/dataset", status: 200 })).headers.get("etag")!;
    await run([
      { path: "/api/v1/dataset", headers: { "If-None-Match": etag }, status: 304 },
      { path: "/api/v1/dataset?year=2029", status: 200 },
      { path: "/api/v1/dataset?year=2025", status: 404 },
      { path: "/api/v1/dataset?year=20x5", status: 400 },
      { path: "/api/v1/dataset/2029.csv", status: 200 },
      { path: "/api/v1/dataset/2025.csv", status: 404 },
      { path: "/api/v1/dataset/abc.csv", status: 400 },
      { method: "PUT", path: "/api/v1/dataset/2029.csv", status: 405 },
    ]);
  });

  it("badges, calendars and manufacturers' feeds: published, former slug, withdrawn, unknown", async () => {
    const etag = (await check(preview.url, { path: "/api/v1/badge/alpha-phone", status: 200 })).headers.get("etag")!;
    await run([
      { path: "/api/v1/badge/alpha-phone", headers: { "If-None-Match": etag }, status: 304 },
      { path: "/api/v1/badge/epsilon-book", status: 301 },
      { path: "/api/v1/badge/eta-phone", status: 410 },
      { path: "/api/v1/badge/no-such-device", status: 404 },
      { path: "/api/v1/calendar/gamma-phone.ics", status: 200 },
      { path: "/api/v1/calendar/epsilon-book.ics", status: 301 },
      { path: "/api/v1/calendar/eta-phone.ics", status: 410 },
      { path: "/api/v1/calendar/no-such-device.ics", status: 404 },
      { path: "/api/v1/calendar/manufacturers/example-maker.ics", status: 200 },
      { path: "/api/v1/calendar/manufacturers/no-such-maker.ics", status: 404 },
      { path: "/api/v1/feed/manufacturers/example-maker.xml", status: 200 },
      { path: "/api/v1/feed/manufacturers/no-such-maker.xml", status: 404 },
      { path: "/api/v1/calendar/no-alarms/gamma-phone.ics", status: 200 },
      { path: "/api/v1/calendar/no-alarms/epsilon-book.ics", status: 301 },
      { path: "/api/v1/calendar/no-alarms/eta-phone.ics", status: 410 },
      { path: "/api/v1/calendar/no-alarms/no-such-device.ics", status: 404 },
      { path: "/api/v1/calendar/no-alarms/manufacturers/example-maker.ics", status: 200 },
      { path: "/api/v1/calendar/no-alarms/manufacturers/no-such-maker.ics", status: 404 },
      { path: "/api/v1/feed/manufacturers/example-maker/archive/2026-10.xml", status: 200 },
      { path: "/api/v1/feed/manufacturers/example-maker/archive/1999-01.xml", status: 404 },
      { method: "POST", path: "/api/v1/badge/alpha-phone", status: 405 },
    ]);
  });

  it("the dumps and the shields endpoint: downloads, conditional requests, HEAD, the preflight, slugs moved, withdrawn and unknown", async () => {
    const ndjson = (await check(preview.url, { path: "/api/v1/devices.ndjson", status: 200 })).headers.get("etag")!;
    const sqlite = (await check(preview.url, { path: "/api/v1/dataset.sqlite", status: 200 })).headers.get("etag")!;
    const shields = (await check(preview.url, { path: "/api/v1/shields/alpha-phone", status: 200 })).headers.get("etag")!;
    await run([
      { path: "/api/v1/devices.ndjson", headers: { "If-None-Match": ndjson }, status: 304 },
      { method: "HEAD", path: "/api/v1/devices.ndjson", status: 200 },
      { path: "/api/v1/dataset.sqlite", headers: { "If-None-Match": sqlite }, status: 304 },
      { method: "HEAD", path: "/api/v1/dataset.sqlite", status: 200 },
      { method: "OPTIONS", path: "/api/v1/dataset.sqlite", headers: { Origin: "https://other.example", "Access-Control-Request-Method": "GET" }, status: 204 },
      { path: "/api/v1/shields/alpha-phone", headers: { "If-None-Match": shields }, status: 304 },
      { path: "/api/v1/shields/epsilon-book", status: 301 },
      { path: "/api/v1/shields/eta-phone", status: 410 },
      { path: "/api/v1/shields/no-such-device", status: 404 },
      { method: "HEAD", path: "/api/v1/shields/no-such-device", status: 404 },
      { method: "OPTIONS", path: "/api/v1/shields/alpha-phone", status: 204 },
      { method: "OPTIONS", path: "/api/v1/devices", status: 204 },
      { method: "HEAD", path: "/api/v1/devices?limit=100", status: 200 },
      { method: "POST", path: "/api/v1/shields/alpha-phone", status: 405 },
    ]);
  });

  it("the feed and its archives, the support calendars and the record schema", async () => {
    const etag = (await check(preview.url, { path: "/feed.xml", status: 200 })).headers.get("etag")!;
    await run([
      { path: "/feed.xml", headers: { "If-None-Match": etag }, status: 304 },
      { path: "/support-calendar.ics", status: 200 },
      { path: "/support-calendar-no-alarms.ics", status: 200 },
      { path: "/api/v1/feed/archive/2026-10.xml", status: 200 },
      { path: "/api/v1/feed/archive/1999-01.xml", status: 404 },
      { path: "/api/v1/schema/device-record.json", status: 200 },
      { method: "POST", path: "/feed.xml", status: 405 },
    ]);
  });

  it("the reference page renders every operation, header and schema, escaped", async () => {
    const res = await fetch(`${preview.url}/docs/reference`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    for (const [template, item] of Object.entries<Json>(doc.paths)) {
      expect(html).toContain(`id="${item.get.operationId}"`);
      expect(html).toContain(`<code>GET ${template}</code>`);
    }
    for (const id of Object.keys(doc.components.headers)) expect(html).toContain(`id="header-${id}"`);
    for (const id of Object.keys(doc.components.schemas)) expect(html).toContain(`id="schema-${id}"`);
    expect(html).toContain("/devices/&lt;device_slug&gt;");
    expect(html).not.toContain("<device_slug>");
  });

  it("every static page of the list validates as a list page", () => {
    const dir = path.join(dist, path.dirname(STORAGE.listPage(null)));
    const files = readdirSync(dir);
    expect(files).toContain("first.json");
    const schema = deref(doc.paths["/api/v1/devices"].get.responses["200"]).content["application/json; charset=utf-8"].schema;
    for (const file of files) {
      const page = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
      expectValid(schema, page, file);
      parseWithZod(schema, page);
    }
  });

  it("beyond the rate limit, every kind of endpoint answers the documented 429", async () => {
    const limited = await servePreview(dist, { rateLimit: true });
    try {
      for (let i = 0; i < RATE_LIMIT.limit; i++) await (await fetch(`${limited.url}/api/v1/devices/alpha-phone`)).arrayBuffer();
      await Promise.all(
        [
          "/api/v1/devices",
          "/api/devices",
          "/api/v1/devices/alpha-phone",
          "/api/v1/dataset",
          "/api/v1/badge/alpha-phone",
          "/feed.xml",
          "/support-calendar.ics",
          "/api/v1/openapi.json",
        ].map((p) => check(limited.url, { path: p, status: 429 })),
      );
    } finally {
      await limited.close();
    }
  });

  it("a list that cannot be computed is the documented 503", async () => {
    const broken = path.join(tempDir(), "dist");
    cpSync(dist, broken, { recursive: true });
    rmSync(path.join(broken, STORAGE.listIndex));
    const p = await servePreview(broken);
    try {
      for (const q of ["/api/v1/devices?q=alpha", "/api/devices"]) await check(p.url, { path: q, status: 503 });
    } finally {
      await p.close();
    }
  });

  it("reached every operation, and every status some operation documents", () => {
    const operations = Object.keys(doc.paths);
    expect(operations.filter((t) => !answered.has(`${t} 200`))).toEqual([]);
    const statuses = new Set(Object.values<Json>(doc.paths).flatMap((item) => Object.keys(item.get.responses)));
    const reached = new Set([...answered].map((a) => a.split(" ")[1]));
    expect([...statuses].filter((s) => !reached.has(s))).toEqual([]);
    expect(requests).toBeGreaterThan(60);
  });
});
