// The device types (device-types.ts): what the list's type= accepts, and what
// a page calls each group.
import { describe, expect, it } from "vitest";
import { DEVICE_TYPE_PLURALS, DEVICE_TYPES, isDeviceType } from "./device-types.ts";

describe("isDeviceType", () => {
  it.each(DEVICE_TYPES.map((t) => [t]))("%s is a device type", (t) => expect(isDeviceType(t)).toBe(true));
  it.each([["Phone"], ["phones"], [" phone"], [""], ["watch"], ["toString"], ["constructor"]])("%j is not", (t) => expect(isDeviceType(t)).toBe(false));
});

describe("DEVICE_TYPE_PLURALS", () => {
  it("names a group of every type, each differently", () => {
    expect(Object.keys(DEVICE_TYPE_PLURALS).sort()).toEqual([...DEVICE_TYPES].sort());
    expect(new Set(Object.values(DEVICE_TYPE_PLURALS)).size).toBe(DEVICE_TYPES.length);
  });
});
