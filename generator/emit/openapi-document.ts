// The OpenAPI 3.1 description of the whole API, served at /api/v1/openapi.json
// and rendered as /docs/reference. A pure function of the site. Bodies come
// from the zod schemas of responses.ts; media types, header values, limits
// and problem types come from the modules that produce them (serve/, derive/),
// so the description follows the code instead of restating it.
import { z } from "zod";
import { problemSchemaId, responseSchemas } from "../schema/responses.ts";
import { attribution, urls, type Site } from "../derive/site.ts";
import { LICENSE } from "../contract/license.ts";
import { DATASET_YEARS } from "../contract/dataset-years.ts";
import { DATASET_COLUMNS } from "../derive/dataset-rows.ts";
import { SQLITE_TABLES } from "../derive/sqlite-tables.ts";
import { ALLOWED_REQUEST_HEADERS, API_METHODS, LEGACY_API, PREFLIGHT_HEADERS, resourceHeaders } from "../contract/headers.ts";
import { MEDIA } from "../contract/media.ts";
import { DEFAULT_LIMIT, MAX_LIMIT, MAX_QUERY_LENGTH } from "../contract/list-params.ts";
import { API, type ApiResourceName } from "../contract/resources.ts";
import { REMINDER_DAYS } from "../contract/subscriptions.ts";
import { DEVICE_TYPES } from "../contract/device-types.ts";
import { OS_RELEASE_OSES } from "../contract/os-releases.ts";
import { RATE_LIMIT, rateLimitFields } from "../contract/rate-limit.ts";
import type { ProblemCode } from "../contract/problems.ts";

/** The response schemas as JSON Schema 2020-12, one component each, referring to each other by $ref. */
export function componentSchemas(): Record<string, object> {
  const { schemas } = z.toJSONSchema(responseSchemas, {
    target: "draft-2020-12",
    io: "output",
    uri: (id) => `#/components/schemas/${id}`,
    override: ({ jsonSchema }) => {
      // v1 may add members (docs/API.md#versioning) and clients ignore the ones they do not know, so the
      // published objects stay open; the zod schemas stay strict, which keeps the code honest in the tests.
      if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
      // An answer always carries every member; a default would suggest otherwise.
      delete jsonSchema.default;
    },
  });
  // Each component is part of this document, not a schema resource of its own.
  return Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _, $id: __, ...schema }]) => [id, schema]));
}

const schemaRef = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const problemRef = (code: ProblemCode) => schemaRef(problemSchemaId(code));
const headerRef = (id: string) => ({ $ref: `#/components/headers/${id}` });
const paramRef = (id: string) => ({ $ref: `#/components/parameters/${id}` });
const responseRef = (id: string) => ({ $ref: `#/components/responses/${id}` });

/** Header values as the edge function sets them (contract/headers.ts), so the examples are the values served. */
const API_RULES = resourceHeaders("list", {});
const DATASET_RULES = resourceHeaders("dataset", {});
const EXAMPLE_YEAR = 2030;
const YEAR_DISPOSITION = resourceHeaders("datasetYear", { year: String(EXAMPLE_YEAR) })["Content-Disposition"];
const RATE_LIMITED = rateLimitFields({ ok: false, remaining: 0, resetSeconds: RATE_LIMIT.windowSeconds });

const HEADERS: Record<string, object> = {
  ETag: {
    description:
      "An entity tag of the body; send it back in If-None-Match for a 304. Same data and same day give the same bytes, so it changes only when the content does.",
    schema: { type: "string" },
  },
  CacheControl: {
    description: "Five minutes fresh, then stale revalidation; a day of stale-if-error, so a consumer keeps the last good answer through an outage.",
    schema: { type: "string", examples: [API_RULES["Cache-Control"]] },
  },
  NoStore: { description: "This answer is not cached.", schema: { type: "string", const: "no-store" } },
  AccessControlAllowOrigin: { description: "Any origin may read the answer.", schema: { type: "string", const: API_RULES["Access-Control-Allow-Origin"] } },
  AccessControlExposeHeaders: {
    description: "The response headers a browser lets cross-origin scripts read.",
    schema: { type: "string", examples: [API_RULES["Access-Control-Expose-Headers"]] },
  },
  XContentTypeOptions: { description: "Browsers must not sniff another media type.", schema: { type: "string", const: API_RULES["X-Content-Type-Options"] } },
  Location: {
    description: "The same path under the record's current slug, with the request's query (a reference relative to this origin).",
    schema: { type: "string", format: "uri-reference" },
  },
  Allow: { description: "The methods every path answers.", schema: { type: "string", examples: [API_METHODS] } },
  RetryAfter: { description: "Seconds to wait before asking again.", schema: { type: "integer", minimum: 1 } },
  RateLimit: {
    description: `The client's quota in the "${RATE_LIMIT.policy}" policy (draft-ietf-httpapi-ratelimit-headers-10): r is what remains, t the seconds until the quota resets.`,
    schema: { type: "string", examples: [RATE_LIMITED.RateLimit] },
  },
  RateLimitPolicy: {
    description: `${RATE_LIMIT.limit} requests (q) per ${RATE_LIMIT.windowSeconds} seconds (w) per client, over every public endpoint together.`,
    schema: { type: "string", const: RATE_LIMITED["RateLimit-Policy"] },
  },
  Deprecation: {
    description: `RFC 9745: deprecated since ${LEGACY_API.deprecatedOn}, 00:00 UTC. New integrations use ${API.list.path}.`,
    schema: { type: "string", const: LEGACY_API.headers.Deprecation },
  },
  LegacyLink: {
    description: `rel="successor-version" (${API.list.path}) and rel="deprecation" (the migration notes) on every answer, and rel="next" (the next page) unless this is the last page.`,
    schema: { type: "string", examples: [LEGACY_API.headers.Link] },
  },
  ...(LEGACY_API.sunset
    ? { Sunset: { description: "RFC 8594: the day the legacy endpoint stops answering.", schema: { type: "string", const: LEGACY_API.headers.Sunset } } }
    : {}),
  LicenseLink: { description: "The dataset license.", schema: { type: "string", const: DATASET_RULES.Link } },
  ContentLength: { description: "The body's size in bytes (a cross-origin script may read it).", schema: { type: "integer", minimum: 0 } },
  AcceptRanges: {
    description: "A stored file: a GET may ask for one byte range of it (206, or 416 past the end).",
    schema: { type: "string", const: "bytes" },
  },
  DumpDisposition: {
    description: "A download, named for what it holds.",
    schema: {
      type: "string",
      enum: [resourceHeaders("devicesNdjson", {})["Content-Disposition"], resourceHeaders("datasetSqlite", {})["Content-Disposition"]],
    },
  },
  AccessControlAllowMethods: { description: "The methods of the API.", schema: { type: "string", const: PREFLIGHT_HEADERS["Access-Control-Allow-Methods"] } },
  AccessControlAllowHeaders: {
    description: "The request fields a cross-origin request may carry: conditional and range requests, and what browsers and fetch libraries commonly send.",
    schema: { type: "string", const: ALLOWED_REQUEST_HEADERS },
  },
  AccessControlMaxAge: {
    description: "Seconds a browser may keep this preflight's answer.",
    schema: { type: "string", const: PREFLIGHT_HEADERS["Access-Control-Max-Age"] },
  },
  DownloadDisposition: {
    description: "A download, named for the whole catalog or for the support year.",
    schema: {
      type: "string",
      pattern: '^attachment; filename="device-lifecycle-dataset(-\\d{4})?\\.csv"$',
      examples: [DATASET_RULES["Content-Disposition"], YEAR_DISPOSITION],
    },
  },
};

const LEGACY_HEADERS = {
  Deprecation: headerRef("Deprecation"),
  Link: headerRef("LegacyLink"),
  ...(LEGACY_API.sunset ? { Sunset: headerRef("Sunset") } : {}),
};

/** What every /api answer carries, whatever its status (contract/headers.ts). */
const API_ERROR_HEADERS = {
  "Access-Control-Allow-Origin": headerRef("AccessControlAllowOrigin"),
  "Access-Control-Expose-Headers": headerRef("AccessControlExposeHeaders"),
  "Cache-Control": headerRef("CacheControl"),
  "X-Content-Type-Options": headerRef("XContentTypeOptions"),
};
const API_HEADERS = { ETag: headerRef("ETag"), ...API_ERROR_HEADERS };
/** The feed and the support calendar live outside /api: no Access-Control-Expose-Headers. */
const SUBSCRIPTION_HEADERS = {
  ETag: headerRef("ETag"),
  "Access-Control-Allow-Origin": headerRef("AccessControlAllowOrigin"),
  "Cache-Control": headerRef("CacheControl"),
  "X-Content-Type-Options": headerRef("XContentTypeOptions"),
};

const body = (media: string, schema: object) => ({ [media]: { schema } });

const MANUFACTURER_PARAM = {
  name: "manufacturer",
  in: "path",
  required: true,
  description: 'The manufacturer\'s slug: its name in lower case letters and digits joined by hyphens ("HMD Global" is hmd-global).',
  schema: schemaRef("Slug"),
} as const;
const MONTH_PARAM = {
  name: "month",
  in: "path",
  required: true,
  description: "The month of the archive's entries, YYYY-MM.",
  schema: { type: "string", pattern: "^[0-9]{4}-(0[1-9]|1[0-2])$", examples: ["2026-10"] },
} as const;
const text = (description: string) => ({ type: "string", description });

const RESPONSES = {
  NotModified: {
    description:
      "Not Modified: If-None-Match named the current ETag (compared weakly; * matches any). No body and no Content-Type; the same ETag, cache and CORS fields as the 200, so a cache can refresh what it holds.",
    headers: {
      ETag: headerRef("ETag"),
      "Cache-Control": headerRef("CacheControl"),
      "Access-Control-Allow-Origin": headerRef("AccessControlAllowOrigin"),
      "Access-Control-Expose-Headers": headerRef("AccessControlExposeHeaders"),
    },
  },
  Preflight: {
    description:
      "No Content: the CORS preflight. Any origin may send GET and HEAD with the listed request fields; a browser keeps this answer for a day. OPTIONS is answered on every /api path, whatever follows it.",
    headers: {
      "Access-Control-Allow-Origin": headerRef("AccessControlAllowOrigin"),
      "Access-Control-Allow-Methods": headerRef("AccessControlAllowMethods"),
      "Access-Control-Allow-Headers": headerRef("AccessControlAllowHeaders"),
      "Access-Control-Max-Age": headerRef("AccessControlMaxAge"),
    },
  },
  MovedToCurrentSlug: {
    description: "Moved Permanently: a former slug of a renamed record. Location names the same resource under the current slug.",
    headers: { Location: headerRef("Location") },
  },
  DeviceNotFound: {
    description: "Not Found: no published record has this slug (unknown, or a draft).",
    headers: API_ERROR_HEADERS,
    content: body(MEDIA.problem, problemRef("not-found")),
  },
  IdentifierNotFound: {
    description: 'Not Found: no published record carries this identifier (as written, nor its family before a "/").',
    headers: API_ERROR_HEADERS,
    content: body(MEDIA.problem, problemRef("not-found")),
  },
  OsReleaseNotFound: {
    description: "Not Found: no release record of this OS has this id (the OS list names every release).",
    headers: API_ERROR_HEADERS,
    content: body(MEDIA.problem, problemRef("not-found")),
  },
  ManufacturerNotFound: {
    description: "Not Found: no published record has a manufacturer with this slug.",
    headers: API_ERROR_HEADERS,
    content: body(MEDIA.problem, problemRef("not-found")),
  },
  ArchiveNotFound: {
    description: "Not Found: the feed has no archive of this month (none yet, or no entry dated in it). The feed's prev-archive links lead to every archive.",
    headers: API_ERROR_HEADERS,
    content: body(MEDIA.problem, problemRef("not-found")),
  },
  DeviceGone: {
    description: "Gone: the record was withdrawn; the problem carries the reason and the day.",
    headers: API_ERROR_HEADERS,
    content: body(MEDIA.problem, problemRef("gone")),
  },
  InvalidYear: {
    description: `Bad Request: the year is not four digits from ${DATASET_YEARS.first} to ${DATASET_YEARS.last}.`,
    headers: API_ERROR_HEADERS,
    content: body(MEDIA.problem, problemRef("invalid-year")),
  },
  YearNotFound: {
    description: "Not Found: a valid year in which no published record has a support date.",
    headers: API_ERROR_HEADERS,
    content: body(MEDIA.problem, schemaRef("YearNotFoundProblem")),
  },
  ListParameterProblem: {
    description: "Bad Request: q, type, limit or cursor cannot be used. Checks run in this order: duplicate parameter, limit, q, type, cursor.",
    headers: API_ERROR_HEADERS,
    content: body(MEDIA.problem, schemaRef("ListParameterProblem")),
  },
  ListUnavailable: {
    description: "Service Unavailable: the list could not be computed (for example in the seconds of a deploy). Try again after Retry-After.",
    headers: {
      "Access-Control-Allow-Origin": headerRef("AccessControlAllowOrigin"),
      "Cache-Control": headerRef("NoStore"),
      "Retry-After": headerRef("RetryAfter"),
    },
    content: body(MEDIA.problem, problemRef("unavailable")),
  },
  MethodNotAllowed: {
    description:
      "Method Not Allowed: the answer to a method other than GET and HEAD (on /api paths OPTIONS, the CORS preflight, is answered too). The API is read-only.",
    headers: { "Access-Control-Allow-Origin": headerRef("AccessControlAllowOrigin"), "Cache-Control": headerRef("CacheControl"), Allow: headerRef("Allow") },
    content: body(MEDIA.problem, problemRef("method-not-allowed")),
  },
  RateLimited: {
    description: `Too Many Requests: more than ${RATE_LIMIT.limit} requests in ${RATE_LIMIT.windowSeconds} seconds from this client (IP address and domain), over every public endpoint together.`,
    headers: {
      "Access-Control-Allow-Origin": headerRef("AccessControlAllowOrigin"),
      "Cache-Control": headerRef("NoStore"),
      "Retry-After": headerRef("RetryAfter"),
      RateLimit: headerRef("RateLimit"),
      "RateLimit-Policy": headerRef("RateLimitPolicy"),
    },
    content: body(MEDIA.problem, problemRef("rate-limited")),
  },
} satisfies Record<string, { description: string; headers: Record<string, object>; content?: object }>;

/**
 * limit and year are integers with the server's bounds (derive/list.ts
 * parseListRequest, contract/dataset-years.ts parseDatasetYear), so a generated
 * client takes a number. The server reads them as decimal digits only: a
 * spelling an integer validator might coerce (7.0, 1e1, +7) is refused with
 * 400, as the descriptions say; test/api-docs checks the bounds against the parsers.
 */
const YEAR_SCHEMA = { type: "integer", minimum: DATASET_YEARS.first, maximum: DATASET_YEARS.last, examples: [EXAMPLE_YEAR] };
const DIGITS_ONLY = "Written in decimal digits only (7.0, +7 or 1e1 is refused with 400).";

const PARAMETERS = {
  DeviceSlug: {
    name: "device_slug",
    in: "path",
    required: true,
    description: "The record's slug. A former slug answers 301 to the current one; a withdrawn record answers 410.",
    schema: schemaRef("Slug"),
  },
  Identifier: {
    name: "identifier",
    in: "path",
    required: true,
    description:
      'A model number, hardware identifier, codename, SKU or board, as a fleet\'s tools write it (SM-A525F, iPhone15,4, shiba). Case and every character but letters, digits and commas are ignored (sm_a525f finds SM-A525F; iPhone1,54 is not iPhone15,4). A code with a "/" suffix no device carries (SM-A525F/DS) finds its family (SM-A525F); the "/" may be sent as it is or as %2F.',
    schema: { type: "string", minLength: 1, examples: ["SM-A525F", "iPhone15,4"] },
  },
  OsName: {
    name: "os",
    in: "path",
    required: true,
    description: "An operating system with release records.",
    schema: { type: "string", enum: [...OS_RELEASE_OSES] },
  },
  OsReleaseId: {
    name: "release",
    in: "path",
    required: true,
    description: 'A release, as the OS list names it: the source\'s release cycle ("18", "12.1", "11-23h2-e").',
    schema: { type: "string", minLength: 1, examples: ["11-23h2-e", "18"] },
  },
  Query: {
    name: "q",
    in: "query",
    description:
      "Search text. Normalized (compatibility decomposition, accents removed, lower case, every run of other characters one space) and matched exact-name-first against names, aliases, models and model codes (variants[].identifiers); a q with no letters or digits is the same as no q. Keep it the same on every page of a walk.",
    schema: { type: "string", maxLength: MAX_QUERY_LENGTH },
  },
  DeviceType: {
    name: "type",
    in: "query",
    description: `Only records of these device types: one of ${DEVICE_TYPES.join(", ")}, or several separated by commas (type=phone,tablet). Any order, repeats ignored; empty is no filter. Combines with q, limit and cursor; keep it the same on every page of a walk. Any other value answers 400 invalid-type, naming the allowed values.`,
    style: "form",
    explode: false,
    schema: { type: "array", items: { type: "string", enum: [...DEVICE_TYPES] }, examples: [["laptop"], ["phone", "tablet"]] },
  },
  Limit: {
    name: "limit",
    in: "query",
    description: `Page size: a whole number from 1 to ${MAX_LIMIT}. ${DIGITS_ONLY} May change between pages.`,
    schema: { type: "integer", minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, examples: [20, MAX_LIMIT] },
  },
  Cursor: {
    name: "cursor",
    in: "query",
    description: "Exactly the value of meta.nextCursor of the previous page: opaque, and valid only with the q and type it was issued for.",
    schema: { type: "string" },
  },
  Year: {
    name: "year",
    in: "query",
    description: `One support year: the rows of every record with an OS or security end, a dated minimum commitment, an announced ceiling, a last update observed or a listing of support as continuing in that year. Four digits; ${DIGITS_ONLY}`,
    schema: YEAR_SCHEMA,
  },
  YearInPath: {
    name: "year",
    in: "path",
    required: true,
    description: `One support year, as for ?year=. ${DIGITS_ONLY}`,
    schema: YEAR_SCHEMA,
  },
  IfNoneMatch: {
    name: "If-None-Match",
    in: "header",
    description: "An ETag from an earlier answer: a 304 with no body when the content is unchanged.",
    schema: { type: "string" },
  },
};

/** A 200 answer: its body's schema, in the media type the resource table gives the resource. */
interface Answer {
  description: string;
  headers: Record<string, object>;
  schema: object;
}

const answer = (description: string, schema: object, headers: Record<string, object>): Answer => ({ description, headers, schema });

/**
 * An API resource's operations as written here: what the resource table
 * already says (its path, its media type, whether a device's slug names it
 * and so answers 301, 404 and 410) is added by `getOperation`.
 */
interface Operation {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  parameters?: object[];
  ok: Answer;
  /** Statuses besides 200 (and besides the per-device ones, unless in the resource's own format). */
  responses?: Record<string, object>;
  deprecated?: true;
}

/** Whether a parameter (or a reference to one of PARAMETERS) is in the path, which every method of a path must declare. */
function isPathParameter(p: object): boolean {
  const ref = (p as { $ref?: string }).$ref;
  return ((ref ? PARAMETERS[ref.split("/").pop() as keyof typeof PARAMETERS] : p) as { in?: string }).in === "path";
}

/** A response of GET as HEAD answers it: the same status and headers, no body. */
function headResponse(response: object): object {
  const ref = (response as { $ref?: string }).$ref;
  const { content: _, ...rest } = (ref ? RESPONSES[ref.split("/").pop() as keyof typeof RESPONSES] : response) as { content?: object };
  return rest;
}

/**
 * Every path answers GET, HEAD (the GET's status and headers, no body) and
 * OPTIONS (the CORS preflight); GET and HEAD answer 304, 405 and 429 besides
 * their own statuses. A resource named by a device's slug takes the slug and
 * answers its misses (slugMisses).
 */
function getOperation(
  name: ApiResourceName,
  { operationId, tag, summary, description, parameters: own = [], ok: { schema, ...ok }, responses = {}, deprecated }: Operation,
) {
  const resource = API[name];
  const perDevice = resource.device !== undefined;
  const parameters = perDevice ? [paramRef("DeviceSlug"), ...own] : own;
  responses = { "200": { ...ok, content: body(resource.media, schema) }, ...(perDevice ? slugMisses(responses) : {}), ...responses };
  const get = {
    operationId,
    tags: [tag],
    summary,
    description,
    ...(deprecated ? { deprecated } : {}),
    parameters: [...parameters, paramRef("IfNoneMatch")],
    responses: {
      "304": responseRef("NotModified"),
      "405": responseRef("MethodNotAllowed"),
      "429": responseRef("RateLimited"),
      ...responses,
    } as Record<string, object>,
  };
  return {
    get,
    head: {
      ...get,
      operationId: `${operationId}Head`,
      summary: `${summary}: headers only`,
      description: "As GET, with the same status and headers (Content-Length, ETag) and no body: check a resource or its size without downloading it.",
      responses: Object.fromEntries(Object.entries(get.responses).map(([status, r]) => [status, headResponse(r)])),
    },
    options: {
      operationId: `${operationId}Preflight`,
      tags: [tag],
      summary: "CORS preflight",
      description: "What a browser asks before a cross-origin request with fields that are not CORS-safelisted (If-None-Match, Cache-Control, Range, ...).",
      ...(deprecated ? { deprecated } : {}),
      parameters: parameters.filter(isPathParameter),
      responses: { "204": responseRef("Preflight") },
    },
  };
}

const ok = (description: string, content: object, headers: Record<string, object>) => ({ description, headers, content });

/**
 * What a per-device operation answers for a slug that names no published
 * record: 301 for a former slug, 404, 410 for a withdrawn record (the badges
 * answer their own 404 and 410 bodies, given in `own`).
 */
const slugMisses = (own: { "404"?: object; "410"?: object }) => ({
  "301": responseRef("MovedToCurrentSlug"),
  "404": own["404"] ?? responseRef("DeviceNotFound"),
  "410": own["410"] ?? responseRef("DeviceGone"),
});

const csv = (description: string) =>
  text(
    `${description} UTF-8 without a byte-order mark, RFC 4180, one row per device × model × region. Columns, in order: ${DATASET_COLUMNS.map((c) => c.name).join(", ")}.`,
  );

const DATASET_HEADERS = { ...API_HEADERS, "Content-Disposition": headerRef("DownloadDisposition"), Link: headerRef("LicenseLink") };
/** The dumps: a stored file of up to tens of megabytes, so its size is given and a byte range may be asked for. */
const DUMP_HEADERS = {
  ...API_HEADERS,
  "Content-Disposition": headerRef("DumpDisposition"),
  "Content-Length": headerRef("ContentLength"),
  "Accept-Ranges": headerRef("AcceptRanges"),
  Link: headerRef("LicenseLink"),
};

/** The deprecated list answers as the v1 list does, with its deprecation fields on every answer, errors included. */
const legacy = <R extends { headers: Record<string, object> }>(response: R): R => ({ ...response, headers: { ...response.headers, ...LEGACY_HEADERS } });

function operations(site: Site): Record<ApiResourceName, Operation> {
  const u = urls(site);
  return {
    list: {
      operationId: "listDevices",
      tag: "Devices",
      summary: "List and search published device records",
      description: `One page of records and a meta object. To read every result, repeat the request with cursor set to meta.nextCursor until it is null. Without q the order is by slug; with q, exact-name-first (exact, then prefix, then other matches, each by slug; a q equal to a model code, SM-A525F or iPhone15,4, is an exact match). type keeps the records of the given device types. Unknown parameters are ignored; q, type, limit or cursor given twice is an error.`,
      parameters: [paramRef("Query"), paramRef("DeviceType"), paramRef("Limit"), paramRef("Cursor")],
      ok: answer("A page of records.", schemaRef("ListPage"), API_HEADERS),
      responses: {
        "400": responseRef("ListParameterProblem"),
        "503": responseRef("ListUnavailable"),
      },
    },
    record: {
      operationId: "getDevice",
      tag: "Devices",
      summary: "One published device record",
      description: `The record with each commitment's status, the verdict as of the build day, its links (the canonical page is ${u.page("<device_slug>")}) and the attribution.`,
      ok: answer("The record.", schemaRef("DeviceDocument"), API_HEADERS),
    },
    evidence: {
      operationId: "getDeviceEvidence",
      tag: "Devices",
      summary: "The evidence of one record",
      description:
        "Lifecycle assertions, sources (links only), recall-registry searches, repairability and revisions, kept apart so provenance need not be inferred.",
      ok: answer("The evidence.", schemaRef("EvidenceDocument"), API_HEADERS),
    },
    identifier: {
      operationId: "getDevicesByIdentifier",
      tag: "Devices",
      summary: "The devices that carry a model code",
      description: `Every published device variant that carries the identifier, with the identifier's kind and source and links to the record (which has the verdict), its evidence and its canonical page (${u.page("<device_slug>")}). More than one device only where the source itself gives them one code. To search names and codes together, use ${API.list.path}?q=.`,
      parameters: [paramRef("Identifier")],
      ok: answer("The devices.", schemaRef("IdentifierDocument"), API_HEADERS),
      responses: {
        "404": responseRef("IdentifierNotFound"),
      },
    },
    dataset: {
      operationId: "getDataset",
      tag: "Exports",
      summary: "The published catalog as CSV",
      description: `The whole published catalog, or with year one support year (the same file as ${API.datasetYear.path}). Reuse under the dataset license (${u.license()}): show the attribution and link each reused fact to its canonical device page.`,
      parameters: [paramRef("Year")],
      ok: answer("The CSV download.", csv("The catalog, or the rows of the support year."), DATASET_HEADERS),
      responses: {
        "400": responseRef("InvalidYear"),
        "404": responseRef("YearNotFound"),
      },
    },
    datasetYear: {
      operationId: "getDatasetYear",
      tag: "Exports",
      summary: "One support year of the catalog as CSV",
      description:
        "Every row of each record with an OS or security end, a dated minimum commitment, an announced ceiling, a last update observed or a day the source listed support as continuing in that year (for any scope, so a record's regional context stays with it). A date's year is the year of its period; unknown dates belong to no year.",
      parameters: [paramRef("YearInPath")],
      ok: answer("The CSV download.", csv("The rows of the support year."), DATASET_HEADERS),
      responses: {
        "400": responseRef("InvalidYear"),
        "404": responseRef("YearNotFound"),
      },
    },
    devicesNdjson: {
      operationId: "getDevicesNdjson",
      tag: "Exports",
      summary: "Every published record as NDJSON",
      description: `The whole published catalog in one download for offline and air-gapped tools: one record per line, each exactly the body of ${API.record.path} (the DeviceDocument schema, attribution included), compact JSON, in slug order, UTF-8, every line ending in a line feed. The same data and day give the same bytes, so the ETag changes only with the content. Reuse under the dataset license (${u.license()}).`,
      ok: answer("The NDJSON download.", text("Newline-delimited JSON: one DeviceDocument per line."), DUMP_HEADERS),
    },
    datasetSqlite: {
      operationId: "getDatasetSqlite",
      tag: "Exports",
      summary: "The published catalog as a SQLite database",
      description: `The catalog as a SQLite 3 database, ready for the sqlite3 shell, Datasette or any SQLite library: tables ${SQLITE_TABLES.map((t) => t.name).join(", ")} and about (the license, the attribution and the day the verdicts are for), with indexes; the schema is documented at ${u.doc("dumps")}. The same data and day give the same bytes. Reuse under the dataset license (${u.license()}).`,
      ok: answer("The SQLite download.", { type: "string", format: "binary", description: "A SQLite 3 database file." }, DUMP_HEADERS),
    },
    shields: {
      operationId: "getShieldsEndpoint",
      tag: "Exports",
      summary: "The status badge as shields.io endpoint JSON",
      description: `The SVG badge's words and colours in shields.io's endpoint format, for a shields badge (https://img.shields.io/endpoint?url=<this URL>) that shields' own CDN caches, so a page's readers never meet this API's rate limit. Embed it, as the SVG badge, inside a link to the canonical device page (${u.page("<device_slug>")}).`,
      ok: answer("The endpoint JSON.", schemaRef("ShieldsEndpoint"), API_HEADERS),
      responses: {
        "404": ok('Not Found: an "unknown device" error badge.', body(API.shields.media, schemaRef("ShieldsEndpoint")), API_HEADERS),
        "410": ok('Gone: a "record withdrawn" error badge.', body(API.shields.media, schemaRef("ShieldsEndpoint")), API_HEADERS),
      },
    },
    badge: {
      operationId: "getBadge",
      tag: "Exports",
      summary: "An SVG status badge",
      description: `The verdict's label in words on a colour for its code. Embed it inside a link to the canonical device page (${u.page("<device_slug>")}), so readers can inspect scope, evidence and uncertainty.`,
      ok: answer("The badge.", text('An SVG image with role="img", an aria-label and a title in the same words.'), API_HEADERS),
      responses: {
        "404": ok(
          'Not Found: a neutral "unknown device" badge, so an embedded image still shows something readable.',
          body(API.badge.media, text("The unknown-device badge.")),
          API_HEADERS,
        ),
        "410": ok('Gone: a "record withdrawn" badge.', body(API.badge.media, text("The record-withdrawn badge.")), API_HEADERS),
        "429": {
          ...RESPONSES.RateLimited,
          description: `${RESPONSES.RateLimited.description} Where our code answers (the preview), a "busy" badge, so an embedded image still shows; on Netlify the platform's limiter answers the problem document.`,
          content: { ...body(API.badge.media, text("The busy badge.")), ...RESPONSES.RateLimited.content },
        },
      },
    },
    deviceCalendar: {
      operationId: "getDeviceCalendar",
      tag: "Feeds",
      summary: "Upcoming documented support endings of one device",
      description: `The support calendar's events for one device (the record's links.calendar), each with DISPLAY reminders ${REMINDER_DAYS.join(", ")} days before the first day its end can fall on (those still ahead): a note (a VJOURNAL) instead of events when nothing is upcoming, since a calendar holds at least one component.`,
      ok: answer("The calendar.", text("An iCalendar (RFC 5545) document."), API_HEADERS),
    },
    deviceCalendarNoAlarms: {
      operationId: "getDeviceCalendarNoAlarms",
      tag: "Feeds",
      summary: "One device's calendar without reminders",
      description: `The same events as ${API.deviceCalendar.path}, with no VALARM reminders.`,
      ok: answer("The calendar.", text("An iCalendar (RFC 5545) document."), API_HEADERS),
    },
    manufacturerCalendar: {
      operationId: "getManufacturerCalendar",
      tag: "Feeds",
      summary: "Upcoming documented support endings of every device of one manufacturer",
      description: `Every upcoming documented end of the manufacturer's published devices, with no horizon (the record's links.manufacturerCalendar). Together, the manufacturers' calendars hold every ending that ${API.supportCalendar.path} leaves out.`,
      parameters: [
        {
          name: "manufacturer",
          in: "path",
          required: true,
          description: 'The manufacturer\'s slug: its name in lower case letters and digits joined by hyphens ("HMD Global" is hmd-global).',
          schema: schemaRef("Slug"),
        },
      ],
      ok: answer("The calendar.", text("An iCalendar (RFC 5545) document."), API_HEADERS),
      responses: {
        "404": responseRef("ManufacturerNotFound"),
      },
    },
    manufacturerCalendarNoAlarms: {
      operationId: "getManufacturerCalendarNoAlarms",
      tag: "Feeds",
      summary: "The manufacturer's calendar without reminders",
      description: `The same events as ${API.manufacturerCalendar.path}, with no VALARM reminders.`,
      parameters: [MANUFACTURER_PARAM],
      ok: answer("The calendar.", text("An iCalendar (RFC 5545) document."), API_HEADERS),
      responses: {
        "404": responseRef("ManufacturerNotFound"),
      },
    },
    manufacturerFeed: {
      operationId: "getManufacturerFeed",
      tag: "Feeds",
      summary: "Atom feed of the changes to one manufacturer's records",
      description: `As ${API.feed.path}, for one manufacturer: its published records' revisions and passed ending-soon and ended days, and its records' withdrawals, newest first, with the same entry ids. The subscription document of an archived feed (RFC 5005): the newest entries of the months not yet archived, and a prev-archive link to the newest month document. Its manufacturer page links it, and ${API.feed.path} links it as related.`,
      parameters: [
        {
          name: "manufacturer",
          in: "path",
          required: true,
          description: "The manufacturer's slug, as in its calendar's path.",
          schema: schemaRef("Slug"),
        },
      ],
      ok: answer("The feed.", text("An Atom (RFC 4287) feed."), API_HEADERS),
      responses: {
        "404": responseRef("ManufacturerNotFound"),
      },
    },
    manufacturerFeedArchive: {
      operationId: "getManufacturerFeedArchive",
      tag: "Feeds",
      summary: "An archive document of one manufacturer's feed",
      description:
        "The manufacturer's feed entries dated in one month, an archive document (RFC 5005 §4): its entries never change. Before the month is archived, the same address holds its older entries that the subscription document has no room for, without fh:archive.",
      parameters: [MANUFACTURER_PARAM, MONTH_PARAM],
      ok: answer("The archive.", text("An Atom (RFC 4287) feed document with fh:archive."), API_HEADERS),
      responses: {
        "404": responseRef("ArchiveNotFound"),
      },
    },
    feed: {
      operationId: "getFeed",
      tag: "Feeds",
      summary: "Atom feed of record changes",
      description:
        "One entry per dated revision of each published record, one per day a documented end started ending soon or ended, and one per withdrawal, newest first. The subscription document of an archived feed (RFC 5005): it holds the newest entries of the months not yet archived (under 500 KB) and links the newest month document (prev-archive); following prev-archive reaches every entry once. Each manufacturer's feed is linked as related. Entry ids are stable across rebuilds.",
      ok: answer("The feed.", text("An Atom (RFC 4287) feed."), SUBSCRIPTION_HEADERS),
    },
    feedArchive: {
      operationId: "getFeedArchive",
      tag: "Feeds",
      summary: "An archive document of the change feed",
      description: `The entries of ${API.feed.path} dated in one month, an archive document (RFC 5005 §4) with current, prev-archive and next-archive links: its entries never change. Before the month is archived, the same address holds its older entries that the subscription document has no room for, without fh:archive.`,
      parameters: [MONTH_PARAM],
      ok: answer("The archive.", text("An Atom (RFC 4287) feed document with fh:archive."), API_HEADERS),
      responses: {
        "404": responseRef("ArchiveNotFound"),
      },
    },
    supportCalendar: {
      operationId: "getSupportCalendar",
      tag: "Feeds",
      summary: "Calendar of upcoming documented support endings",
      description:
        "The soonest documented ends of the next 12 months, as many as keep the file under 1 MB: one all-day event per documented end (OS and security separately, one per scope), spanning the whole period a month-, quarter- or year-precision end can mean. Minimum commitments, announced ceilings, unknown ends, ends without a documented date, observed last updates and listings of support are never events. Every ending is also in its device's and its manufacturer's calendar.",
      ok: answer("The calendar.", text("An iCalendar (RFC 5545) document."), SUBSCRIPTION_HEADERS),
    },
    supportCalendarNoAlarms: {
      operationId: "getSupportCalendarNoAlarms",
      tag: "Feeds",
      summary: "The support calendar without reminders",
      description: `The same events as ${API.supportCalendar.path}, with no VALARM reminders.`,
      ok: answer("The calendar.", text("An iCalendar (RFC 5545) document."), SUBSCRIPTION_HEADERS),
    },
    osList: {
      operationId: "listOsReleases",
      tag: "Operating systems",
      summary: "The operating systems with release records",
      description: `iOS, iPadOS, macOS, watchOS, Android, and Windows 10 and 11 by edition family, each release with its latest version, whether it still gets security updates as of the build day and until when, and paid Extended Security Updates apart. Each release's own record is at ${API.osRelease.path}. From endoflife.date's pinned copy (docs/os.md).`,
      ok: answer("The operating systems and their releases.", schemaRef("OsList"), API_HEADERS),
    },
    osRelease: {
      operationId: "getOsRelease",
      tag: "Operating systems",
      summary: "One release of an operating system",
      description:
        "The release's latest version and day, whether it still gets security updates as of the build day (a documented end, an observed last update, or listed as patched with no end announced), paid Extended Security Updates as a fact of their own, and its sources: the pinned copy at its line and the page it cites.",
      parameters: [paramRef("OsName"), paramRef("OsReleaseId")],
      ok: answer("The release.", schemaRef("OsReleaseDocument"), API_HEADERS),
      responses: {
        "404": responseRef("OsReleaseNotFound"),
      },
    },
    recordSchema: {
      operationId: "getDeviceRecordSchema",
      tag: "Descriptions",
      summary: "JSON Schema of the canonical device record",
      description: "The record as curators write it (draft 2020-12), generated from the same zod schema as the record bodies.",
      ok: answer("The JSON Schema.", { type: "object", description: "A JSON Schema (draft 2020-12)." }, API_HEADERS),
    },
    openapi: {
      operationId: "getOpenApiDocument",
      tag: "Descriptions",
      summary: "This OpenAPI document",
      description: `Every endpoint, parameter, header and error of the API; rendered for reading at ${u.apiReference()}.`,
      ok: answer("The OpenAPI 3.1 document.", { type: "object", description: "An OpenAPI 3.1 document." }, API_HEADERS),
    },
    legacyList: {
      operationId: "listDevicesLegacy",
      tag: "Legacy",
      summary: "Deprecated list wrapper",
      description: `Deprecated: use ${API.list.path}. The same q, type, limit and cursor (same defaults, bounds, errors, order and cursors), answered as a bare array of the same items; the next page is in the Link header (rel="next"), absent on the last page. The attribution is not in the body; the dataset license applies all the same.`,
      deprecated: true,
      parameters: [paramRef("Query"), paramRef("DeviceType"), paramRef("Limit"), paramRef("Cursor")],
      ok: legacy(answer("The items of one page.", schemaRef("LegacyListPage"), API_HEADERS)),
      responses: {
        "304": legacy(RESPONSES.NotModified),
        "400": legacy(RESPONSES.ListParameterProblem),
        "405": legacy(RESPONSES.MethodNotAllowed),
        "429": legacy(RESPONSES.RateLimited),
        "503": legacy(RESPONSES.ListUnavailable),
      },
    },
  };
}

/** The paths: every resource of the API table, each with its operations, in the order of `operations`. */
function paths(site: Site) {
  return Object.fromEntries(
    Object.entries(operations(site)).map(([name, op]) => [API[name as ApiResourceName].path, getOperation(name as ApiResourceName, op)]),
  );
}

function overview(site: Site): string {
  const credit = attribution(site);
  return [
    'A public, read-only API of device support-lifecycle records: documented OS-update and security-update commitments, the precision of each date, and the evidence. It is not a safety-certification feed: "supported" never means "secure", regional caveats must be kept, and a dated non-match in a recall registry is not proof that no recall exists.',
    `Attribution is a condition of reuse (${LICENSE.name}, version ${LICENSE.version}, effective ${LICENSE.effective}): show "${credit.text}". ${credit.requirements}`,
    `Every GET also answers HEAD. Unknown query parameters are ignored. Errors are RFC 9457 problem documents (the badge answers its own with an image) whose type is a stable reference (${urls(site).problemTypes()} lists them). Answers carry an ETag and honour If-None-Match. Additive changes (new members, problem types, verdict codes) can happen within v1: ignore members you do not know.`,
  ].join("\n\n");
}

const built = new WeakMap<Site, ReturnType<typeof openApiDocument>>();

/**
 * The OpenAPI document of a site, built once per build: the build hands every
 * emitter the same Site, so the API reference page (pages-render.ts) and
 * /api/v1/openapi.json (openapi.ts) read one object. Frozen, so neither
 * reader can change what the other sees.
 */
export function buildOpenApi(site: Site): ReturnType<typeof openApiDocument> {
  let doc = built.get(site);
  if (!doc) built.set(site, (doc = deepFreeze(openApiDocument(site))));
  return doc;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function openApiDocument(site: Site) {
  const u = urls(site);
  return {
    openapi: "3.1.1",
    info: {
      title: "Device Lifecycle Records Read API",
      version: "1",
      summary: "Published device support-lifecycle records, their evidence, CSV, NDJSON and SQLite exports, badges and feeds.",
      description: overview(site),
      license: { name: `${LICENSE.name} v${LICENSE.version}`, url: u.license() },
      // No mailbox is published: corrections and questions go through the corrections form.
      contact: { name: "Device Lifecycle Records corrections", url: u.corrections() },
    },
    // A public API: no operation needs credentials (an empty list says so; an absent one says nothing).
    security: [],
    externalDocs: { description: "API documentation", url: u.doc("api") },
    servers: [{ url: site.baseUrl, description: "The API origin ({base_url})." }],
    tags: [
      { name: "Devices", description: "Records, search and evidence." },
      { name: "Exports", description: "The CSV dataset, the NDJSON and SQLite dumps, and the status badge (SVG and shields.io endpoint)." },
      { name: "Feeds", description: "The change feed and the support calendars." },
      { name: "Operating systems", description: "The OS releases devices run: latest versions and security-update ends." },
      { name: "Descriptions", description: "Machine-readable descriptions of the API and the record." },
      { name: "Legacy", description: "Deprecated endpoints." },
    ],
    paths: paths(site),
    components: {
      schemas: componentSchemas(),
      parameters: PARAMETERS,
      headers: HEADERS,
      responses: RESPONSES,
    },
  };
}
