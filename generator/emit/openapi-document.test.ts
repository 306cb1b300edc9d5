// The OpenAPI 3.1 description as the resource table and the response schemas
// assemble it (openapi-document.ts), read without a build or a server: every
// API resource's path with GET, HEAD (no body) and OPTIONS, its media type,
// 304, 405 and 429; a device's slug answering 301, 404 and 410 in the
// resource's own format; the list's bounds from contract/list-params.ts; the
// header values as served; the published schemas open to new members.
// test/api-docs/openapi.test.ts validates the document (swagger-parser) and
// requests every operation of a fixture build against it; the limit, year and
// type parameters against the parsers are checked there.
import { Ajv2020 } from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { deviceDocument } from "../derive/documents.ts";
import { API, DEVICE_RESOURCES, type ApiResourceName } from "../contract/resources.ts";
import { MEDIA } from "../contract/media.ts";
import { MAX_LIMIT, MAX_QUERY_LENGTH } from "../contract/list-params.ts";
import { fixtureRecord, TEST_SITE } from "../../test/helpers/records.ts";
import { buildOpenApi } from "./openapi-document.ts";
import { refsOf, type Json } from "../../test/helpers/openapi.ts";

const doc: Json = buildOpenApi(TEST_SITE);

/** A `#/components/...` reference resolved in the document; anything else as it is. */
const deref = refsOf(doc);

const NAMES = Object.keys(API) as ApiResourceName[];
const pathItem = (name: ApiResourceName): Json => doc.paths[API[name].path];
const responsesOf = (operation: Json): Record<string, Json> =>
  Object.fromEntries(Object.entries<Json>(operation.responses).map(([status, r]) => [status, deref(r)]));

describe("every API resource of the table", () => {
  it.each(NAMES)("%s: GET, HEAD and OPTIONS at its path, the 200 in its media type, 304, 405 and 429", (name) => {
    const item = pathItem(name);
    expect(item, API[name].path).toBeDefined();
    expect(Object.keys(item).sort()).toEqual(["get", "head", "options"]);
    const get = responsesOf(item.get);
    expect(Object.keys(get["200"]!.content)).toEqual([API[name].media]);
    expect(get["304"]!.description).toMatch(/^Not Modified/);
    expect(get["304"]!.content).toBeUndefined();
    expect(get["304"]!.headers).toHaveProperty("ETag");
    expect(get["405"]!.headers).toHaveProperty("Allow");
    expect(Object.keys(get["429"]!.content)).toContain(MEDIA.problem);
    expect(get["429"]!.headers).toHaveProperty("Retry-After");
    expect(item.get.parameters.map(deref).map((p: Json) => p.name)).toContain("If-None-Match");
  });

  it.each(NAMES)("%s: HEAD answers GET's statuses and headers, never a body", (name) => {
    const item = pathItem(name);
    const get = responsesOf(item.get);
    const head = responsesOf(item.head);
    expect(Object.keys(head)).toEqual(Object.keys(get));
    for (const [status, r] of Object.entries(head)) {
      expect(r.content, `${status}`).toBeUndefined();
      expect(r.headers, `${status}`).toEqual(get[status]!.headers);
    }
    expect(item.head.operationId).toBe(`${item.get.operationId}Head`);
  });

  it.each(NAMES)("%s: OPTIONS is the CORS preflight, 204 only, with the path's parameters", (name) => {
    const { options, get } = pathItem(name);
    const preflight = responsesOf(options);
    expect(Object.keys(preflight)).toEqual(["204"]);
    expect(Object.keys(preflight["204"]!.headers)).toEqual([
      "Access-Control-Allow-Origin",
      "Access-Control-Allow-Methods",
      "Access-Control-Allow-Headers",
      "Access-Control-Max-Age",
    ]);
    const inPath = (ps: Json[]) => ps.map(deref).filter((p) => p.in === "path");
    expect(options.parameters.map(deref)).toEqual(inPath(get.parameters));
    expect(options.parameters.length).toBe([...API[name].path.matchAll(/\{/g)].length);
  });
});

describe("a resource named by a device's slug", () => {
  it("is every per-device resource of the table", () => {
    expect(DEVICE_RESOURCES).toEqual(["record", "evidence", "badge", "shields", "deviceCalendar", "deviceCalendarNoAlarms"]);
  });

  // The badges answer their misses in their own format (an image still shows; shields reads its JSON); the rest with a problem document.
  it.each<[ApiResourceName, string, string | null]>([
    ["record", MEDIA.problem, "NotFoundProblem"],
    ["evidence", MEDIA.problem, "NotFoundProblem"],
    ["badge", MEDIA.svg, null],
    ["shields", MEDIA.json, "ShieldsEndpoint"],
    ["deviceCalendar", MEDIA.problem, "NotFoundProblem"],
    ["deviceCalendarNoAlarms", MEDIA.problem, "NotFoundProblem"],
  ])("%s takes device_slug and answers 301, and 404 and 410 as %s", (name, media, notFoundSchema) => {
    const get = pathItem(name).get;
    expect(deref(get.parameters[0])).toMatchObject({ name: "device_slug", in: "path", required: true });
    const responses = responsesOf(get);
    expect(Object.keys(responses["301"]!.headers)).toEqual(["Location"]);
    expect(responses["301"]!.content).toBeUndefined();
    for (const status of ["404", "410"]) expect(Object.keys(responses[status]!.content), status).toEqual([media]);
    const schemaId = (status: string) => responses[status]!.content[media].schema.$ref?.split("/").pop() ?? null;
    expect(schemaId("404")).toBe(notFoundSchema);
    expect(schemaId("410")).toBe(notFoundSchema === "NotFoundProblem" ? "GoneProblem" : notFoundSchema);
  });

  it.each(NAMES.filter((n) => !DEVICE_RESOURCES.includes(n)))("%s is not: no 301, no 410, no device_slug", (name) => {
    const get = pathItem(name).get;
    expect(Object.keys(get.responses)).not.toContain("301");
    expect(Object.keys(get.responses)).not.toContain("410");
    expect(get.parameters.map(deref).map((p: Json) => p.name)).not.toContain("device_slug");
  });
});

describe("the list's bounds, from contract/list-params.ts", () => {
  const schemas = doc.components.schemas;
  const parameters = doc.components.parameters;
  it.each([
    ["q's maxLength", () => parameters.Query.schema.maxLength, MAX_QUERY_LENGTH],
    ["query-too-long's maxLength", () => schemas.QueryTooLongProblem.properties.maxLength.const, MAX_QUERY_LENGTH],
    ["invalid-limit's minimum", () => schemas.InvalidLimitProblem.properties.minimum.const, 1],
    ["invalid-limit's maximum", () => schemas.InvalidLimitProblem.properties.maximum.const, MAX_LIMIT],
    ["meta.limit's maximum", () => schemas.ListMeta.properties.limit.maximum, MAX_LIMIT],
  ])("%s is %d", (_, read, value) => expect(read()).toBe(value));

  it("says the limit's range in words, and the list's problems are its 400 answer", () => {
    expect(parameters.Limit.description).toContain(`from 1 to ${MAX_LIMIT}`);
    expect(MAX_LIMIT).toBe(100);
    expect(MAX_QUERY_LENGTH).toBe(200);
    for (const name of ["list", "legacyList"] as const) {
      const bad = responsesOf(pathItem(name).get)["400"]!;
      expect(bad.content[MEDIA.problem].schema).toEqual({ $ref: "#/components/schemas/ListParameterProblem" });
    }
  });
});

describe("the deprecated list", () => {
  it("marks GET, HEAD and the preflight deprecated, and every answer carries Deprecation and Link", () => {
    const item = doc.paths[API.legacyList.path];
    for (const method of ["get", "head", "options"]) expect(item[method].deprecated, method).toBe(true);
    for (const method of ["get", "head"]) {
      const responses = responsesOf(item[method]);
      expect(Object.keys(responses).sort()).toEqual(["200", "304", "400", "405", "429", "503"]);
      for (const [status, r] of Object.entries(responses)) {
        expect(Object.keys(r.headers), `${method} ${status}`).toEqual(expect.arrayContaining(["Deprecation", "Link"]));
      }
    }
  });

  it("leaves the v1 list's answers without them", () => {
    for (const [status, r] of Object.entries(responsesOf(doc.paths[API.list.path].get))) {
      expect(Object.keys(r.headers ?? {}), status).not.toContain("Deprecation");
      expect(r.description, status).not.toMatch(/deprecat/i);
    }
    expect(doc.paths[API.list.path].get.deprecated).toBeUndefined();
  });
});

describe("header values, as the API serves them", () => {
  const headers = doc.components.headers;
  it.each([
    ["AccessControlAllowOrigin", "const", "*"],
    ["AccessControlAllowMethods", "const", "GET, HEAD, OPTIONS"],
    ["AccessControlMaxAge", "const", "86400"],
    ["XContentTypeOptions", "const", "nosniff"],
    ["NoStore", "const", "no-store"],
    ["AcceptRanges", "const", "bytes"],
    ["Deprecation", "const", "@1788652800"],
    ["RateLimitPolicy", "const", '"public";q=20;w=60'],
    ["LicenseLink", "const", '</license>; rel="license"'],
    ["CacheControl", "examples", ["public, max-age=300, stale-while-revalidate=300, stale-if-error=86400"]],
    ["RateLimit", "examples", ['"public";r=0;t=60']],
  ])("%s: %s %j", (id, keyword, value) => expect(headers[id].schema[keyword]).toEqual(value));

  it("names each download as it is saved", () => {
    expect(headers.DumpDisposition.schema.enum).toEqual([
      'attachment; filename="device-lifecycle-records.ndjson"',
      'attachment; filename="device-lifecycle-dataset.sqlite"',
    ]);
    const pattern = new RegExp(headers.DownloadDisposition.schema.pattern);
    expect(headers.DownloadDisposition.schema.examples).toEqual([
      'attachment; filename="device-lifecycle-dataset.csv"',
      'attachment; filename="device-lifecycle-dataset-2030.csv"',
    ]);
    for (const example of headers.DownloadDisposition.schema.examples) expect(example).toMatch(pattern);
  });
});

describe("the published schemas", () => {
  const schemas = doc.components.schemas;
  /** Every object of a JSON value, nested ones included. */
  const objects = (v: unknown): Json[] => (v && typeof v === "object" ? [...(Array.isArray(v) ? [] : [v as Json]), ...Object.values(v).flatMap(objects)] : []);

  it("stay open to members added within v1, and claim no defaults", () => {
    const closed = objects(schemas).filter((o) => o.additionalProperties === false);
    expect(closed).toEqual([]);
    expect(objects(schemas).filter((o) => o.type !== undefined && "default" in o)).toEqual([]);
  });

  const ajv = new Ajv2020({ strict: true, allErrors: true });
  ajvFormats.default(ajv);
  const asResources = (s: unknown): Json => JSON.parse(JSON.stringify(s).replaceAll('"#/components/schemas/', '"urn:schema:'));
  for (const [id, schema] of Object.entries(asResources(schemas))) ajv.addSchema({ ...schema, $id: `urn:schema:${id}` });
  const validDevice = ajv.getSchema("urn:schema:DeviceDocument")!;
  const published = deviceDocument(fixtureRecord("hostile-device"), TEST_SITE) as unknown as Json;

  it.each<[string, (d: Json) => Json, boolean]>([
    ["a record document as the API serves it", (d) => d, true],
    ["one with a member a later v1 adds", (d) => ({ ...d, recycling: { scheme: "x" } }), true],
    ["one without its slug", ({ slug: _, ...d }) => d, false],
    ["one whose verdict code is unknown", (d) => ({ ...d, verdict: { ...d.verdict, code: "secure" } }), false],
    ["one whose updated day is not a day", (d) => ({ ...d, updated: "2026-13-01" }), false],
  ])("DeviceDocument: %s validates: %s", (_, change, valid) => {
    expect(validDevice(change(structuredClone(published)))).toBe(valid);
  });
});

describe("the site it describes", () => {
  it.each([
    ["one origin", { siteUrl: "https://devices.example", baseUrl: "https://devices.example", now: "2026-11-22" }],
    ["the API on its own origin", { siteUrl: "https://www.lifecycle.example", baseUrl: "https://api.lifecycle.example", now: "2026-11-22" }],
  ])("%s: the server, the docs, the device pages and the problem types are the site's", (_, site) => {
    const d: Json = buildOpenApi(site);
    expect(d.servers.map((s: Json) => s.url)).toEqual([site.baseUrl]);
    expect(d.externalDocs.url).toBe(`${site.siteUrl}/docs/api`);
    expect(d.paths[API.record.path].get.description).toContain(`${site.siteUrl}/devices/<device_slug>`);
    expect(d.info.description).toContain(`${site.siteUrl}/docs/problems`);
    expect(d.openapi).toBe("3.1.1");
  });
});
