// The fleet check's rule of what to do about a device (fleet-actions.ts), as
// a table: the device's verdict and end, the OS it runs, Google's AUE and the
// reader's day in; the action, by when, and why out.
import { describe, expect, it } from "vitest";
import type { OsJudgement } from "../contract/os-releases.ts";
import { actionOf, endStanding, precisionOf, type ActionInput, type DeviceFacts } from "./fleet-actions.ts";

const today = "2026-11-28";
const os = (status: OsJudgement["status"], securityEnd: string | null, label = "Windows 11 23H2 (Enterprise, Education)"): OsJudgement => ({
  status,
  release: null,
  label,
  headline: status === "ended" ? `No security updates since ${securityEnd}` : `Gets security updates until ${securityEnd}`,
  securityEnd,
  newerBuild: null,
  patchMonthsBehind: null,
  esuEnd: null,
  url: null,
});
const matched = (
  verdict: Extract<DeviceFacts, { kind: "matched" }>["verdict"],
  securityEnd: string | null = null,
  takes: string | null = null,
): DeviceFacts => ({
  kind: "matched",
  verdict,
  securityEnd,
  takes,
});
const unknownPc: DeviceFacts = { kind: "unknown", maker: "Dell Inc." };

describe("the action for a device and its OS", () => {
  it.each<[string, Omit<ActionInput, "today">, string, string | null]>([
    ["a supported phone on a patched OS", { device: matched("receiving-updates", "2030-10"), os: os("patched", "2027-10"), aue: null }, "none", null],
    ["a device past its end", { device: matched("security-ended", "2024-03"), os: null, aue: null }, "replace", null],
    ["an ended device whatever its OS", { device: matched("security-ended", null), os: os("patched", "2030"), aue: null }, "replace", null],
    ["a device whose end is within six months", { device: matched("security-ending-soon", "2027-03-31"), os: null, aue: null }, "replace", "2027-03-31"],
    [
      "a supported device on an ended OS",
      { device: matched("minimum-commitment", null, "iOS 18"), os: os("ended", "2025-10-14"), aue: null },
      "update-os",
      null,
    ],
    [
      "a supported device on an OS that ends soon",
      { device: matched("receiving-updates", "2031"), os: os("ending-soon", "2027-04"), aue: null },
      "update-os",
      "2027-04",
    ],
    ["a PC the catalog lacks, on an ended Windows", { device: unknownPc, os: os("ended", "2026-11-10"), aue: null }, "check", null],
    ["a PC the catalog lacks, on a patched Windows", { device: unknownPc, os: os("patched", "2028-11-14"), aue: null }, "check", null],
    ["an ambiguous row", { device: { kind: "ambiguous" }, os: null, aue: null }, "check", null],
    ["a Chromebook the catalog lacks, AUE passed", { device: { kind: "unknown", maker: "Acer" }, os: null, aue: "2025-06" }, "replace", null],
    ["a Chromebook the catalog lacks, AUE ahead", { device: { kind: "unknown", maker: "Acer" }, os: null, aue: "2031-06" }, "none", null],
    ["a Chromebook whose AUE is within six months", { device: matched("receiving-updates", "2031-06"), os: null, aue: "2027-02" }, "replace", "2027-02"],
    ["a record past its last promised date", { device: matched("commitment-passed", null), os: null, aue: null }, "check", null],
    ["an unknown status", { device: matched("unknown", null), os: null, aue: null }, "check", null],
    ["a device with security updates only", { device: matched("security-only", "2029"), os: os("patched", null), aue: null }, "none", null],
  ])("%s", (_, input, code, by) => {
    const a = actionOf({ ...input, today });
    expect([a.code, a.by]).toEqual([code, by]);
    expect(a.why === "").toBe(code === "none");
  });

  it("names the release the hardware takes, and what is known of a model the catalog lacks", () => {
    expect(actionOf({ device: matched("minimum-commitment", null, "iOS 18"), os: os("ended", "2025-09", "iOS 17"), aue: null, today }).why).toBe(
      "iOS 17: No security updates since 2025-09. The device takes iOS 18.",
    );
    const why = actionOf({ device: unknownPc, os: os("ended", "2026-11-10"), aue: null, today }).why;
    expect(why).toContain("no record of this Dell Inc. model yet");
    expect(why).toContain("No security updates since 2026-11-10");
    expect(why).not.toMatch(/spelling/);
  });
});

describe("dates as their precision implies", () => {
  it.each([
    ["2026-11-10", "day", "past"],
    ["2026-11", "month", "soon"],
    ["2026-Q4", "quarter", "soon"],
    ["2026", "year", "soon"],
    ["2027-05-27", "day", "soon"],
    ["2027-06", "month", "later"],
    ["2025", "year", "past"],
  ])("%s is a %s, %s on 2026-11-28", (value, precision, standing) => {
    expect(precisionOf(value)).toBe(precision);
    expect(endStanding(value, today)).toBe(standing);
  });
});
