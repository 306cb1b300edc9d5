// Dotted versions in order (versions.ts): numbers part by part, a missing part lowest.
import { describe, expect, it } from "vitest";
import { compareVersions } from "./versions.ts";

describe("compareVersions", () => {
  it.each([
    ["10.4", "10.15", -1],
    ["10.15", "11", -1],
    ["26", "11", 1],
    ["17.6.1", "17.6", 1],
    ["4.4", "4.4", 0],
    ["10.0.22631", "10.0.26100", -1],
  ])("%s against %s: %d", (a, b, sign) => expect(Math.sign(compareVersions(a, b))).toBe(sign));
});
