// What a fleet export's row says about its OS (fleet-os.ts), for the three
// layouts the page knows: Intune's All devices, Jamf Pro's inventory and
// Google Admin's Chrome devices export.
import { describe, expect, it } from "vitest";
import { aueMonth, detectOsColumns, rowOs } from "./fleet-os.ts";

describe("the OS columns of an export", () => {
  it.each([
    [
      "Intune",
      ["Device name", "OS", "OS version", "SkuFamily", "Security patch level", "Model", "Manufacturer"],
      ["PC-1", "Windows", "10.0.22631.4460", "Enterprise", "", "Latitude 5440", "Dell Inc."],
      { input: { os: "Windows", version: "10.0.22631.4460", edition: "Enterprise" }, aue: null, aueUnread: null },
    ],
    [
      "Intune, Android",
      ["Device name", "OS", "OS version", "SkuFamily", "Security patch level", "Model", "Manufacturer"],
      ["P-1", "Android", "14", "", "2024-05-01", "SM-A525F", "samsung"],
      { input: { os: "Android", version: "14", patchLevel: "2024-05-01" }, aue: null, aueUnread: null },
    ],
    [
      "Jamf Pro",
      ["Computer Name", "Model", "Model Identifier", "Operating System", "Operating System Version", "Operating System Build"],
      ["mac-1", "MacBook Air (M1, 2020)", "MacBookAir10,1", "macOS", "14.6.1", "23G93"],
      { input: { os: "macOS", version: "14.6.1", build: "23G93" }, aue: null, aueUnread: null },
    ],
    [
      "Google Admin",
      ["Serial Number", "Model", "OS Version", "Platform Version", "Auto Update Expiration"],
      ["5CD1", "Lenovo Chromebook C330", "126.0.6478.222", "15886.75.0", "2025-06"],
      { input: { os: "ChromeOS", version: "15886.75.0", build: "126.0.6478.222" }, aue: "2025-06", aueUnread: null },
    ],
    ["no OS columns", ["Model", "Manufacturer"], ["Pixel 8", "Google"], { input: null, aue: null, aueUnread: null }],
    [
      "an AUE that reads as no month",
      ["Model", "Auto Update Expiration"],
      ["Chromebook X", "soon"],
      { input: { os: "ChromeOS", version: "" }, aue: null, aueUnread: "soon" },
    ],
  ])("%s", (_, header, row, expected) => expect(rowOs(row, detectOsColumns(header))).toEqual(expected));
});

describe("Google's Auto Update Expiration as a month", () => {
  it.each([
    ["2028-06", "2028-06"],
    ["2028-06-01", "2028-06"],
    ["2028-6", "2028-06"],
    ["Jun 2028", "2028-06"],
    ["June 2028", "2028-06"],
    ["06/2028", "2028-06"],
    ["Juno 2028", null],
    ["2028-13", null],
    ["", null],
    ["never", null],
  ])("%j → %j", (cell, month) => expect(aueMonth(cell)).toBe(month));
});
