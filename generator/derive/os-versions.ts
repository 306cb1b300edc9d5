// The OS versions a device runs, in words: one wording for the device page
// and the CSV dataset.
import type { OsVersions } from "../schema/record.ts";

/** "iOS 11 to 16", "iOS 17 only", "Android 12 and later (last version not documented)". */
export function osVersionWords(v: OsVersions): string {
  if (v.last === undefined) return `${v.os} ${v.first} and later (last version not documented)`;
  return v.last === v.first ? `${v.os} ${v.first} only` : `${v.os} ${v.first} to ${v.last}`;
}
