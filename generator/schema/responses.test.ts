// The response bodies' zod schemas (responses.ts): what the builders make
// parses (every fixture's record and evidence documents, a list page, each
// problem as the API words it), and the schemas are strict, so a member the
// code adds without declaring it here is refused. The OpenAPI document
// publishes them open (emit/openapi-document.test.ts); test/api-docs parses
// real answers with them.
import { describe, expect, it } from "vitest";
import { PROBLEMS, problem, type ProblemCode } from "../contract/problems.ts";
import { DEVICE_TYPES } from "../contract/device-types.ts";
import { deviceDocument, deviceSummary, evidenceDocument } from "../derive/documents.ts";
import { formatListIndex, parseListIndex } from "../derive/list-index.ts";
import { encodeCursor, pageMeta, pageResult, parseListRequest } from "../derive/list.ts";
import { queryOf } from "../derive/search.ts";
import { fixtureRecords, TEST_SITE } from "../../test/helpers/records.ts";
import {
  DeviceDocument,
  DeviceSummary,
  EvidenceDocument,
  ListMeta,
  ListPage,
  ListParameterProblem,
  PROBLEM_SCHEMAS,
  problemSchemaId,
  responseSchemas,
  YearNotFoundProblem,
} from "./responses.ts";

type Json = Record<string, any>;
const site = TEST_SITE;
const published = fixtureRecords()
  .filter((r) => r.publication.state === "published")
  .sort((a, b) => (a.slug < b.slug ? -1 : 1));
const SLUGS = published.map((r) => r.slug);
const bySlug = (slug: string) => published.find((r) => r.slug === slug)!;

describe("the documents the builders make parse", () => {
  it.each(SLUGS)("%s: its record document, its list item and its evidence", (slug) => {
    const r = bySlug(slug);
    expect(DeviceDocument.safeParse(deviceDocument(r, site)).error).toBeUndefined();
    expect(DeviceSummary.safeParse(deviceSummary(r, site)).error).toBeUndefined();
    expect(EvidenceDocument.safeParse(evidenceDocument(r, site)).error).toBeUndefined();
  });

  it.each([
    ["the first page", "limit=4"],
    ["a search", "q=phone&limit=3"],
    ["one device type", "type=tablet"],
    ["an empty search", "q=nothing-matches-this"],
  ])("a list page: %s", (_, query) => {
    const index = parseListIndex(formatListIndex(published, site));
    const parsed = parseListRequest(new URL(`${site.baseUrl}/api/v1/devices?${query}`));
    if (!parsed.ok) throw new Error(parsed.detail);
    const result = pageResult(index, parsed.req);
    const devices = result.page.keys.map((k) => deviceSummary(bySlug(k.slug), site));
    const meta = pageMeta(
      index.header,
      parsed.req,
      result,
      devices.map((d) => JSON.stringify(d, null, 2)),
    );
    expect(ListPage.safeParse(JSON.parse(JSON.stringify({ devices, meta }))).error).toBeUndefined();
  });
});

describe("strict: a member not declared here is refused", () => {
  const alpha = bySlug("alpha-phone");
  it.each<[string, () => { success: boolean }]>([
    ["on the record document", () => DeviceDocument.safeParse({ ...deviceDocument(alpha, site), secure: true })],
    ["in the verdict", () => DeviceDocument.safeParse({ ...deviceDocument(alpha, site), verdict: { ...deviceDocument(alpha, site).verdict, score: 9 } })],
    [
      "in the links",
      () => DeviceSummary.safeParse({ ...deviceSummary(alpha, site), links: { ...deviceSummary(alpha, site).links, shop: "https://shop.example" } }),
    ],
    [
      "on a list item: its attribution is the page's",
      () => DeviceSummary.safeParse({ ...deviceSummary(alpha, site), attribution: deviceDocument(alpha, site).attribution }),
    ],
    ["on the evidence document", () => EvidenceDocument.safeParse({ ...evidenceDocument(alpha, site), copiedText: "..." })],
    ["on a problem", () => PROBLEM_SCHEMAS["not-found"].safeParse({ ...problem("not-found", "No such device."), hint: "try again" })],
  ])("%s", (_, parse) => expect(parse().success).toBe(false));

  it("refuses a list meta without its attribution, and with an over-large limit", () => {
    const meta: Json = {
      nextCursor: null,
      next: null,
      limit: 50,
      total: 0,
      query: null,
      type: null,
      order: "slug",
      updated: null,
      attribution: deviceDocument(bySlug("alpha-phone"), site).attribution,
    };
    expect(ListMeta.safeParse(meta).success).toBe(true);
    const { attribution: _, ...withoutAttribution } = meta;
    expect(ListMeta.safeParse(withoutAttribution).success).toBe(false);
    expect(ListMeta.safeParse({ ...meta, limit: 101 }).success).toBe(false);
  });
});

describe("problems", () => {
  it.each<[ProblemCode, string]>([
    ["not-found", "NotFoundProblem"],
    ["gone", "GoneProblem"],
    ["invalid-limit", "InvalidLimitProblem"],
    ["invalid-cursor", "InvalidCursorProblem"],
    ["cursor-mismatch", "CursorMismatchProblem"],
    ["query-too-long", "QueryTooLongProblem"],
    ["invalid-type", "InvalidTypeProblem"],
    ["duplicate-parameter", "DuplicateParameterProblem"],
    ["invalid-year", "InvalidYearProblem"],
    ["method-not-allowed", "MethodNotAllowedProblem"],
    ["rate-limited", "RateLimitedProblem"],
    ["unavailable", "UnavailableProblem"],
  ])("%s is the component %s", (code, id) => {
    expect(problemSchemaId(code)).toBe(id);
    expect(responseSchemas.get(PROBLEM_SCHEMAS[code])).toEqual({ id });
  });

  it("names every problem code", () => expect(Object.keys(PROBLEM_SCHEMAS).sort()).toEqual(Object.keys(PROBLEMS).sort()));

  const otherWalk = encodeCursor(queryOf("alpha"), { tier: 0, slug: "alpha-phone" });
  it.each([
    ["limit=0", "invalid-limit"],
    ["limit=1e1", "invalid-limit"],
    ["cursor=a&cursor=b", "duplicate-parameter"],
    [`q=${"x".repeat(201)}`, "query-too-long"],
    ["type=phones", "invalid-type"],
    ["cursor=%3Cscript%3E", "invalid-cursor"],
    [`q=beta&cursor=${otherWalk}`, "cursor-mismatch"],
  ])("the list's answer to ?%s is a %s problem of the documented shape", (query, code) => {
    const parsed = parseListRequest(new URL(`${site.baseUrl}/api/v1/devices?${query}`));
    if (parsed.ok) throw new Error("accepted");
    expect(parsed.code).toBe(code);
    const body = problem(parsed.code, parsed.detail, { instance: `/api/v1/devices?${query}`, ...parsed.members });
    expect(PROBLEM_SCHEMAS[parsed.code].safeParse(body).error).toBeUndefined();
    expect(ListParameterProblem.safeParse(body).error).toBeUndefined();
  });

  it.each<[string, ProblemCode, Json, boolean]>([
    ["a withdrawal with its slug, reason and day", "gone", { slug: "eta-phone", reason: "Duplicate record", withdrawnOn: "2026-11-01" }, true],
    ["a withdrawal without its day", "gone", { slug: "eta-phone", reason: "Duplicate record" }, false],
    ["a withdrawal whose day is not a day", "gone", { slug: "eta-phone", reason: "Duplicate record", withdrawnOn: "November" }, false],
    ["an invalid type naming the allowed ones", "invalid-type", { allowed: [...DEVICE_TYPES] }, true],
    ["an invalid type naming one that is not a type", "invalid-type", { allowed: ["toaster"] }, false],
    ["an invalid limit with another maximum", "invalid-limit", { minimum: 1, maximum: 500 }, false],
    ["a duplicate of a parameter the list does not take", "duplicate-parameter", { parameter: "page" }, false],
    ["a rate limit with nothing else", "rate-limited", {}, true],
  ])("%s: %s", (_, code, members, valid) => {
    expect(PROBLEM_SCHEMAS[code].safeParse(problem(code, "detail", members)).success).toBe(valid);
  });

  it("refuses a problem whose status is not its code's", () => {
    expect(PROBLEM_SCHEMAS.gone.safeParse({ ...problem("gone", "d", { slug: "a", reason: "r", withdrawnOn: "2026-01-01" }), status: 404 }).success).toBe(false);
    expect(PROBLEM_SCHEMAS["not-found"].safeParse({ ...problem("not-found", "d"), type: "/docs/problems#gone" }).success).toBe(false);
  });

  it("names the year a support year without records lacks", () => {
    expect(YearNotFoundProblem.safeParse(problem("not-found", "No record has a support date in 2031.", { year: 2031 })).success).toBe(true);
    expect(YearNotFoundProblem.safeParse(problem("not-found", "No record has a support date in 2031.")).success).toBe(false);
  });
});
