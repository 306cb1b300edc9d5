// Entity tags (etags.ts): the same bytes have the same strong, quoted ETag
// whatever their form; If-None-Match lists, `*` and weak tags compare as
// RFC 9110 §13.1.2 says.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { etagMatches, etagOf } from "./etags.ts";

describe("etagOf", () => {
  it("is the quoted SHA-1 of the bytes, in lower-case hex", async () => {
    const body = '{"slug":"alpha-phone"}';
    expect(await etagOf(body)).toBe(`"${createHash("sha1").update(body).digest("hex")}"`);
    expect(await etagOf(body)).toMatch(/^"[0-9a-f]{40}"$/);
  });
  it.each([
    ["ASCII", "hello"],
    ["UTF-8 text", "Électronique Zoë 華為 📱"],
    ["empty", ""],
  ])("%s: a string and its UTF-8 bytes have the same ETag", async (_, text) => {
    expect(await etagOf(text)).toBe(await etagOf(new TextEncoder().encode(text)));
  });
  it("a view into a larger buffer has the ETag of its own bytes only", async () => {
    const whole = new TextEncoder().encode("headerBODYtrailer");
    expect(await etagOf(whole.subarray(6, 10))).toBe(await etagOf("BODY"));
  });
  it("different bytes have different ETags", async () => {
    expect(await etagOf("a")).not.toBe(await etagOf("b"));
    expect(await etagOf("a\n")).not.toBe(await etagOf("a\r\n"));
  });
});

describe("etagMatches", () => {
  const tag = '"abc"';
  it.each([
    [null, false],
    ["", false],
    ['"abc"', true],
    ['"xyz"', false],
    ["*", true],
    [" * ", true],
    ['W/"abc"', true], // If-None-Match compares weakly
    ['"xyz", "abc"', true],
    ['"xyz","abc"', true],
    ['  "xyz" ,  W/"abc"  ', true],
    ['"xyz", "def"', false],
    ["abc", false], // an unquoted tag is not the same opaque tag
  ] as [string | null, boolean][])("If-None-Match %j: %s", (header, matches) => expect(etagMatches(header, tag)).toBe(matches));
  it("matches a weak stored tag against its strong form", () => expect(etagMatches('"abc"', 'W/"abc"')).toBe(true));
});
