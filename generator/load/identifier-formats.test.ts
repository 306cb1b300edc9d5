import { describe, expect, it } from "vitest";
import { compilesAsPattern, IDENTIFIER_FORMATS } from "./identifier-formats.ts";

// Real shapes from the sources (endoflife.date's Samsung links, AppleDB, SOFA,
// Google Play's list, Microsoft's SKU table), and what each kind refuses.
const cases: [keyof typeof IDENTIFIER_FORMATS, string, boolean][] = [
  ["model-number", "SM-A525F", true],
  ["model-number", "SM-A525F/DS", true],
  ["model-number", "SM-G9730", true],
  ["model-number", "A2846", true],
  ["model-number", "GVU6C", true],
  ["model-number", "XT1965-6", true],
  ["model-number", "TA-1196", true],
  ["model-number", "SC-03L", true],
  ["model-number", "Pixel 7", false],
  ["model-number", "moto g(6)", false],
  ["model-number", "FPX", false],
  ["model-number", "A", false],
  ["hardware-identifier", "iPhone15,4", true],
  ["hardware-identifier", "Watch6,1", true],
  ["hardware-identifier", "iPad13,1", true],
  ["hardware-identifier", "MacBookPro18,3", true],
  ["hardware-identifier", "Mac14,15", true],
  ["hardware-identifier", "iPhone 15", false],
  ["hardware-identifier", "iPhone15.4", false],
  ["hardware-identifier", "Galaxy15,4", false],
  ["codename", "a52q", true],
  ["codename", "DDV_sprout", true],
  ["codename", "panther", true],
  ["codename", "beyond1 q", false],
  ["sku", "Surface_Pro_1796", true],
  ["sku", "Surface_Laptop_3_1867:1868", true],
  ["sku", "Surface_Pro_7+_1960", true],
  ["sku", "Surface Hub 2S", true],
  ["sku", "Surface  Hub", false],
  ["sku", "<script>", false],
  ["board", "D73AP", true],
  ["board", "J71sAP", true],
  ["board", "N27aAP", true],
  ["board", "J517xAP", true],
  ["board", "V159AP", true],
  ["board", "Mac-F4208CC8", true],
  ["board", "d73ap", false],
  ["board", "D73", false],
  ["board", "octopus", true],
  ["board", "falco-li", true],
  ["board", "Octopus", false],
  ["board", "x86-alex_he", false],
  ["hwid-pattern", "^ATLAS .*", true],
  ["hwid-pattern", "^HANA ([A-Z0-9])+-([A-Z0-9])+-[A-Z0-9][A-Z0-9]E-([A-Z0-9\\-])+", true],
  ["hwid-pattern", "SAMS ALEX ALPHA-DE 1193|SAMS ALEX BETA-US 4504", true],
  ["hwid-pattern", " ^ATLAS", false],
  ["hwid-pattern", "^ATLAS\n.*", false],
];

describe("compilesAsPattern", () => {
  it.each([
    ["^ATLAS .*", true],
    ["^REVEN($|-.*)", true],
    ["^BROKEN (", false],
  ])("%s → %s", (value, ok) => expect(compilesAsPattern(value)).toBe(ok));
});

describe("identifier formats", () => {
  it.each(cases)("%s %s → %s", (kind, value, ok) => expect(IDENTIFIER_FORMATS[kind].pattern.test(value)).toBe(ok));
});
