import { describe, expect, it } from "vitest";
import type { OsVersions } from "../schema/record.ts";
import { osVersionWords } from "./os-versions.ts";

describe("osVersionWords", () => {
  const v = (os: OsVersions["os"], first: string, last?: string): OsVersions => ({ os, first, ...(last ? { last } : {}), sourceIds: ["s"] });
  it.each([
    [v("iOS", "11", "16"), "iOS 11 to 16"],
    [v("iOS", "17", "17"), "iOS 17 only"],
    [v("Android", "12"), "Android 12 and later (last version not documented)"],
    [v("Android", "4.4", "6"), "Android 4.4 to 6"],
    [v("Wear OS", "3", "5"), "Wear OS 3 to 5"],
  ])("%j → %s", (range, words) => expect(osVersionWords(range)).toBe(words));
});
