// How each kind of identifier is written, learned from the sources it comes
// from (docs/record-rules.md#identifiers). The validator refuses a value that
// does not fit its kind, and the importers propose only values that fit, so a
// marketing name ("Pixel 7") or a stray cell never becomes a code. Pure.
import type { IDENTIFIER_KINDS } from "../schema/record.ts";

export interface IdentifierFormat {
  pattern: RegExp;
  /** What the pattern asks for, in the words of an error message. */
  description: string;
}

export const IDENTIFIER_FORMATS: Record<(typeof IDENTIFIER_KINDS)[number], IdentifierFormat> = {
  // SM-A525F, SM-G9730, SM-A525F/DS, A2846, GVU6C, XT1965-6, TA-1196, SC-03L, FP3: one word with a digit.
  "model-number": {
    pattern: /^(?=[^\d]*\d)[A-Za-z0-9][A-Za-z0-9._/+-]{1,39}$/,
    description: "2 to 40 letters, digits and . _ / + -, at least one digit, no spaces: e.g. SM-A525F, A2846, GVU6C, XT1965-6",
  },
  // Apple's product type: a family word, then major,minor.
  "hardware-identifier": {
    pattern: /^(iPhone|iPad|iPod|Watch|AppleTV|AudioAccessory|RealityDevice|MacBookPro|MacBookAir|MacBook|Macmini|MacPro|iMacPro|iMac|Mac)\d{1,3},\d{1,3}$/,
    description: "an Apple product type, a family and major,minor: e.g. iPhone15,4, iPad13,1, Watch6,1, MacBookPro18,3",
  },
  // Android's build.DEVICE: beyond1, a52q, DDV_sprout, river_n.
  codename: {
    pattern: /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/,
    description: "1 to 40 letters, digits and . _ -, no spaces: e.g. a52q, panther, DDV_sprout",
  },
  // Surface's SMBIOS System SKU: Surface_Pro_1796, Surface_Laptop_3_1867:1868, Surface_Pro_7+_1960, and a few with spaces (Surface Hub 2S).
  sku: {
    pattern: /^[A-Za-z0-9](?:[A-Za-z0-9_+:.,-]| (?! ))*[A-Za-z0-9+]$/,
    description: "letters, digits and _ + : . , - (single spaces allowed), e.g. Surface_Pro_1796",
  },
  // Apple's board: D73AP, J71sAP, N27aAP, J517xAP; a Mac's board ID: Mac-F4208CC8; a ChromeOS board as Google's
  // recovery index and Admin's Platform Version name it: octopus, kukui, falco-li (not an Apple board in lower case, d73ap).
  board: {
    pattern: /^(?:[A-Z]{1,2}\d{1,4}[A-Za-z]{0,2}AP|Mac-[0-9A-F]{8,16}|(?![a-z]{1,2}\d{1,4}[a-z]{0,2}ap$)[a-z][a-z0-9-]{1,30})$/,
    description: "an Apple board, a letter, digits and AP (e.g. D73AP, J71sAP), a Mac board ID (Mac-F4208CC8), or a ChromeOS board in lower case (octopus)",
  },
  // Google's recovery index: a regular expression a device's HWID is tested against (^ATLAS .*, ^HANA ([A-Z0-9])+-…);
  // printable ASCII only, and it must compile (load/validate.ts). Never compared as a code.
  "hwid-pattern": {
    pattern: /^[\x21-\x7e][\x20-\x7e]{0,4999}$/,
    description: "a regular expression of printable ASCII, at most 5,000 characters, as Google's recovery index writes it (e.g. ^ATLAS .*)",
  },
};

/** Whether a HWID pattern compiles as a JavaScript regular expression (Google's recovery tool tests it so). */
export function compilesAsPattern(value: string): boolean {
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
}
