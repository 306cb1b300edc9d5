// Apple's sources name a configuration; the device is the name without it
// (connectivity, case size, storage, GSM/CDMA), and "(China mainland)" is a
// market that becomes the codes' region.
import { describe, expect, it } from "vitest";
import { appleDevice } from "./identifiers-apple-names.ts";

describe("Apple configuration names", () => {
  it.each([
    ["iPad Air (4th generation) Wi-Fi + Cellular", "iPad Air (4th generation)"],
    ["iPad Pro 11-inch Wi-Fi (M5)", "iPad Pro 11-inch (M5)"],
    ["iPad Pro 12.9-inch (5th generation) Wi-Fi (1 or 2 TB)", "iPad Pro 12.9-inch (5th generation)"],
    ["iPhone 8 (GSM)", "iPhone 8"],
    ["iPhone 4 (GSM, 2012)", "iPhone 4"],
    ["Apple Watch Series 6 (GPS + Cellular, 44mm)", "Apple Watch Series 6"],
    ["Apple Watch SE (1st generation, GPS, 40mm)", "Apple Watch SE (1st generation)"],
    ["Apple Watch (1st generation) (38mm)", "Apple Watch (1st generation)"],
    ["iPad 2 Wi-Fi (Mid 2012)", "iPad 2 (Mid 2012)"],
  ])("%s → %s", (name, device) => expect(appleDevice(name)).toEqual({ name: device }));

  it("keeps China mainland as the region", () => expect(appleDevice("iPhone XS Max (China mainland)")).toEqual({ name: "iPhone XS Max", regions: ["CN"] }));
});
