// Google Play's certified Xiaomi, Redmi and POCO devices, read into the
// codes of each device name. Google files a name's rows under several
// codenames: regional builds of one phone (fog, rain and wind are the Redmi
// 10C), but also another phone Xiaomi sells under the same name elsewhere.
// Two rules, each from the list itself, keep a code off the wrong record:
// a codename Google also files under the name with "5G" or "4G" added
// (malachite under "Redmi Note 14 Pro 5G" as well as "Redmi Note 14 Pro")
// belongs to that name; and where Xiaomi gives the release month, a codename whose
// dated model codes (Xiaomi's start with the year and month, 2201116SG,
// M2007J3SG) are all far from it is another generation. What stays with more
// than one codename family is listed for review. A model string that is a
// marketing name ("Redmi Note 9 Pro", "TBD") is not a code. Pure.
import { identifierKey } from "../generator/contract/identifiers.ts";
import { IDENTIFIER_FORMATS } from "../generator/load/identifier-formats.ts";
import { keyOf, tidy } from "./xiaomi-names.ts";
import type { PlayRow } from "./xiaomi-sources.ts";

export interface DeviceCode {
  kind: "model-number" | "codename";
  value: string;
  /** Google Play gives this code to more than one device name. */
  shared: boolean;
}

export interface SetAside {
  codename: string;
  codes: string[];
  line: number;
  why: string;
}

export interface PlayCodes {
  codes: DeviceCode[];
  /** Google Play's spellings of the name. */
  names: string[];
  lines: number[];
  setAside: SetAside[];
  /** Why a curator should look at the codes kept (more than one codename family). */
  review?: string;
}

/** The months before and after the release a model code's year and month may lie (codes are certified before launch; regional builds follow). */
export const RELEASE_WINDOW = { before: 12, after: 6 } as const;

/** "2201116SG" → 2022-01, "M2007J3SG" → 2020-07; a carrier code (XIG03, A401XM) has no month. */
export function monthOfCode(code: string): string | undefined {
  const m = /^M?(\d{2})(0[1-9]|1[0-2])/.exec(code);
  return m ? `20${m[1]}-${m[2]}` : undefined;
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

const stem = (codename: string) => codename.toLowerCase().replace(/_.*$/, "");

/** Codenames of one family: one is the start of every other (sweet, sweetin; camellia, camellian). */
function families(codenames: string[]): string[] {
  const out: string[] = [];
  for (const s of [...new Set(codenames.map(stem))].sort((a, b) => a.length - b.length || (a < b ? -1 : 1)))
    if (!out.some((f) => s.startsWith(f) || f.startsWith(s))) out.push(s);
  return out;
}

export function playIndex(rows: PlayRow[]) {
  const byKey = new Map<string, PlayRow[]>();
  for (const r of rows) {
    const k = keyOf(r.name);
    if (!k) continue;
    byKey.set(k, [...(byKey.get(k) ?? []), r]);
  }
  const nameKeys = new Set([...byKey.keys()].map((k) => identifierKey(k)));
  const isCode = (model: string) => IDENTIFIER_FORMATS["model-number"].pattern.test(model) && !nameKeys.has(identifierKey(model));
  // A code Google gives to more than one name is shared by the records of those names.
  const namesOfCode = new Map<string, Set<string>>();
  for (const [k, list] of byKey)
    for (const r of list)
      for (const v of [r.codename, ...(isCode(r.model) ? [r.model] : [])]) {
        const c = identifierKey(v);
        namesOfCode.set(c, (namesOfCode.get(c) ?? new Set()).add(k));
      }
  const keysOfCodename = new Map<string, Set<string>>();
  for (const [k, list] of byKey) for (const r of list) keysOfCodename.set(r.codename, (keysOfCodename.get(r.codename) ?? new Set()).add(k));

  /** The codes for a device key; `released` (YYYY-MM) when Xiaomi gives it. */
  return (key: string, released?: string): PlayCodes | undefined => {
    const rows = byKey.get(key);
    if (!rows) return undefined;
    const setAside: SetAside[] = [];
    const byCodename = new Map<string, PlayRow[]>();
    for (const r of rows) byCodename.set(r.codename, [...(byCodename.get(r.codename) ?? []), r]);
    const kept: PlayRow[] = [];
    for (const [codename, list] of byCodename) {
      const codes = list.map((r) => r.model).filter(isCode);
      const aside = (why: string) => setAside.push({ codename, codes, line: list[0]!.line, why });
      const longer = [...(keysOfCodename.get(codename) ?? [])].filter((k) => k === `${key}5g` || k === `${key}4g`);
      if (longer.length) {
        aside(`Google Play also files ${codename} under this name with 5G or 4G added (${longer.map((k) => byKey.get(k)![0]!.name).join(", ")})`);
        continue;
      }
      const months = codes.map(monthOfCode).filter((m): m is string => m !== undefined);
      if (released && months.length) {
        const r = monthIndex(released);
        const near = months.some((m) => monthIndex(m) >= r - RELEASE_WINDOW.before && monthIndex(m) <= r + RELEASE_WINDOW.after);
        if (!near) {
          aside(
            `its model codes date from ${[...new Set(months)].join(", ")}, not within ${RELEASE_WINDOW.before} months before or ${RELEASE_WINDOW.after} after Xiaomi's release month ${released}`,
          );
          continue;
        }
      }
      kept.push(...list);
    }
    const codes: DeviceCode[] = [];
    const seen = new Set<string>();
    const add = (kind: DeviceCode["kind"], value: string) => {
      const k = identifierKey(value);
      if (seen.has(k) || !IDENTIFIER_FORMATS[kind].pattern.test(value)) return;
      seen.add(k);
      codes.push({ kind, value, shared: (namesOfCode.get(k)?.size ?? 0) > 1 });
    };
    for (const r of kept) if (isCode(r.model)) add("model-number", r.model);
    for (const r of kept) add("codename", r.codename);
    const fams = families(kept.map((r) => r.codename));
    return {
      codes,
      names: [...new Set(rows.map((r) => tidy(r.name)))],
      lines: [...new Set(rows.map((r) => r.line))],
      setAside,
      ...(fams.length > 1
        ? { review: `Google Play files ${fams.length} codename families under this name (${fams.join(", ")}): check they are one device` }
        : {}),
    };
  };
}
