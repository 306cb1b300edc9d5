// What a fleet export's row says about the OS its device runs, as pure
// functions the fleet page's worker runs (browser/fleet-worker.ts): which
// columns hold the OS, its version, edition, build and patch level (Intune,
// Jamf Pro, Google Admin), the row's OS as derive/os-releases.ts judgeOs
// reads it, and Google's Auto Update Expiration, which is Google's own
// statement about that very Chromebook. No imports beyond search.ts's
// normalization, so the worker's bundle stays small.
import { normalize } from "./search.ts";

/** Which columns of a row hold the OS facts (positions), or null where the export has none. */
export interface OsColumns {
  os: number | null;
  version: number | null;
  edition: number | null;
  build: number | null;
  patchLevel: number | null;
  /** Google Admin's Auto Update Expiration (a Chromebook's end of updates, by Google). */
  aue: number | null;
  /** Google Admin's Platform Version (the ChromeOS build: 15886.75.0). */
  platform: number | null;
}

/**
 * Header names, normalized (search.ts normalize), in the order they are
 * preferred: Intune's "OS", "OS version", "SkuFamily", "Security patch
 * level"; Jamf Pro's "Operating System", "Operating System Version",
 * "Operating System Build"; Google Admin's "OS Version" (the Chrome version),
 * "Platform Version" and "Auto Update Expiration".
 */
const OS_HEADERS: Record<keyof OsColumns, string[]> = {
  os: ["os", "operating system", "os name", "platform", "os platform"],
  version: ["os version", "operating system version", "os version number", "version"],
  edition: ["skufamily", "sku family", "os edition", "edition", "operating system edition"],
  build: ["operating system build", "os build", "build", "build version"],
  patchLevel: ["security patch level", "android security patch level", "patch level", "os security patch level"],
  aue: ["auto update expiration", "auto update expiration date", "aue", "aue date", "auto update expiry"],
  platform: ["platform version", "chrome os platform version", "chromeos platform version"],
};

/** The OS columns a header names (each null when absent). */
export function detectOsColumns(header: readonly string[]): OsColumns {
  const names = header.map(normalize);
  const find = (wanted: string[]) => wanted.map((w) => names.indexOf(w)).find((i) => i >= 0) ?? null;
  return {
    os: find(OS_HEADERS.os),
    version: find(OS_HEADERS.version),
    edition: find(OS_HEADERS.edition),
    build: find(OS_HEADERS.build),
    patchLevel: find(OS_HEADERS.patchLevel),
    aue: find(OS_HEADERS.aue),
    platform: find(OS_HEADERS.platform),
  };
}

export const NO_OS_COLUMNS: OsColumns = { os: null, version: null, edition: null, build: null, patchLevel: null, aue: null, platform: null };

/** A row's OS as derive/os-releases.ts judgeOs reads it (each cell as the export wrote it, trimmed). */
export interface OsInput {
  os: string;
  version: string;
  edition?: string;
  build?: string;
  patchLevel?: string;
}

/** What a row says about its OS: the input to judge (null when the row names no OS), and Google's AUE month (null when absent or unreadable). */
export interface RowOs {
  input: OsInput | null;
  /** The Auto Update Expiration as a month (YYYY-MM), as precise as Google states it. */
  aue: string | null;
  /** The AUE cell as written, when it could not be read as a month (the row's note says so). */
  aueUnread: string | null;
}

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/**
 * Google's Auto Update Expiration as a month: "2028-06", "2028-06-01",
 * "Jun 2028", "June 2028", "06/2028". Google states AUE as a month (the
 * device stops getting updates in that month), so a day given in the cell is
 * not kept. Null when the cell is empty or reads as none of these.
 */
export function aueMonth(cell: string): string | null {
  const text = cell.trim();
  let m = /^(\d{4})-(\d{1,2})(?:-\d{1,2})?(?:[T ].*)?$/.exec(text);
  if (m) return month(Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return month(Number(m[2]), Number(m[1]));
  m = /^([A-Za-z]{3,9})\.?,?\s+(\d{4})$/.exec(text);
  if (m) {
    // The month's whole name or its first three letters ("Sept" too).
    const name = m[1]!.toLowerCase();
    const i = MONTHS.findIndex((full) => full === name || (name.length >= 3 && full.startsWith(name)));
    return i >= 0 ? month(Number(m[2]), i + 1) : null;
  }
  return null;
}

const month = (year: number, mo: number) => (mo >= 1 && mo <= 12 && year >= 2000 && year < 2100 ? `${year}-${String(mo).padStart(2, "0")}` : null);

/**
 * A row's OS facts. A Google Admin row (an AUE or a Platform Version
 * column) names ChromeOS though it has no OS column: the export lists Chrome
 * devices only, and its "OS Version" is the Chrome version.
 */
export function rowOs(row: readonly string[], c: OsColumns): RowOs {
  const cell = (i: number | null) => (i === null ? "" : (row[i] ?? "").trim());
  const aueCell = cell(c.aue);
  const aue = aueCell ? aueMonth(aueCell) : null;
  const chrome = c.os === null && (c.aue !== null || c.platform !== null);
  const os = chrome ? "ChromeOS" : cell(c.os);
  const version = chrome ? cell(c.platform) || cell(c.version) : cell(c.version);
  const optional = (key: "edition" | "build" | "patchLevel", value: string) => (value ? { [key]: value } : {});
  const input: OsInput | null =
    os || version
      ? {
          os,
          version,
          ...optional("edition", cell(c.edition)),
          ...optional("build", chrome ? cell(c.version) : cell(c.build)),
          ...optional("patchLevel", cell(c.patchLevel)),
        }
      : null;
  return { input, aue, aueUnread: aueCell && !aue ? aueCell : null };
}
