// Which one byte range a Range header asks of a body (RFC 9110 section 14.1.2), as the CDN honours it for a stored file.
import { describe, expect, it } from "vitest";
import { byteRange } from "./respond.ts";

describe("byteRange", () => {
  it.each([
    [null, 1000, null],
    ["bytes=0-99", 1000, { start: 0, end: 99 }],
    ["bytes=0-0", 1000, { start: 0, end: 0 }],
    ["bytes=900-", 1000, { start: 900, end: 999 }],
    ["bytes=990-5000", 1000, { start: 990, end: 999 }],
    ["bytes=-100", 1000, { start: 900, end: 999 }],
    ["bytes=-5000", 1000, { start: 0, end: 999 }],
    ["BYTES= 5-9 ", 1000, { start: 5, end: 9 }],
    ["bytes=1000-", 1000, "unsatisfiable"],
    ["bytes=-0", 1000, "unsatisfiable"],
    ["bytes=0-", 0, "unsatisfiable"],
    // Ignored: answered whole.
    ["bytes=9-0", 1000, null],
    ["bytes=-", 1000, null],
    ["bytes=0-9,20-29", 1000, null],
    ["bytes=a-b", 1000, null],
    ["items=0-9", 1000, null],
    ["bytes=0x10-", 1000, null],
  ] as const)("%j of %i bytes: %j", (header, length, expected) => {
    expect(byteRange(header, length)).toEqual(expected);
  });
});
