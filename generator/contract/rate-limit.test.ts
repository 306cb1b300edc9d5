// How an answer states the public rate limit (rate-limit.ts): the fields of
// draft-ietf-httpapi-ratelimit-headers-10, structured-field items (RFC 8941)
// naming one policy.
import { describe, expect, it } from "vitest";
import { RATE_LIMIT, rateLimitedDetail, rateLimitFields } from "./rate-limit.ts";

describe("rateLimitFields", () => {
  it.each([
    [{ ok: true, remaining: 19, resetSeconds: 60 }, '"public";r=19;t=60'],
    [{ ok: true, remaining: 0, resetSeconds: 3 }, '"public";r=0;t=3'],
    [{ ok: false, remaining: 0, resetSeconds: 42 }, '"public";r=0;t=42'],
  ])("%j: RateLimit %s", (result, field) => {
    expect(rateLimitFields(result)).toEqual({ "RateLimit-Policy": '"public";q=20;w=60', RateLimit: field });
  });

  it("the policy states the spec's 20 requests a minute", () => {
    expect(RATE_LIMIT).toMatchObject({ limit: 20, windowSeconds: 60 });
  });

  it("both fields are an sf-string item with integer parameters, naming the same policy", () => {
    // RFC 8941 §3.3.3 string, §3.1.2 parameters with §3.3.1 integer values.
    const item = /^"([\x20-\x21\x23-\x5b\x5d-\x7e]*)"((?:;[a-z*][a-z0-9_.*-]*=-?\d{1,15})*)$/;
    const fields = rateLimitFields({ ok: true, remaining: 7, resetSeconds: 12 });
    const policy = item.exec(fields["RateLimit-Policy"]!);
    const limit = item.exec(fields.RateLimit!);
    expect(policy?.[1]).toBe("public");
    expect(limit?.[1]).toBe("public");
    expect(limit?.[2]).toBe(";r=7;t=12");
  });
});

describe("rateLimitedDetail", () => {
  it.each([
    [42, "More than 20 requests in 60 seconds from this client. Retry after 42 s."],
    [null, "More than 20 requests in 60 seconds from this client. Retry after the number of seconds in Retry-After."],
  ])("retry after %j: %s", (seconds, detail) => expect(rateLimitedDetail(seconds)).toBe(detail));
});
