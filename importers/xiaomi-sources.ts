// Xiaomi's lists as XiaomiFirmwareUpdater/xiaomi_devices saves them
// (../shared/sources/xiaomi-devices): the security-update list of Android
// Enterprise Recommended devices (aer.json), the end-of-support list
// (eol.json), the branch histories the sources folder derives from them, and
// Google Play's certified Xiaomi, Redmi and POCO devices (gplay-devices.json).
// Each entry keeps its line. A file of another shape is a problem (file:line)
// and stops the import; a spelling the list writes loosely ("2025-3",
// "Andriod 12", "Android 14，Android 15，") is read and listed as a
// normalization, so the report shows every liberty taken. Pure.
import type { PartialDate } from "../generator/schema/record.ts";
import type { SourceProblem } from "./front-matter.ts";
import type { SourceFile } from "./identifiers-appledb.ts";
import { parseJson, pathLines } from "./identifiers-json.ts";

export const XIAOMI_FILES = {
  aer: "aer.json",
  eol: "eol.json",
  eolHistory: "eol-history.json",
  aerHistory: "aer-history.json",
  gplay: "gplay-devices.json",
} as const;

/** A liberty the reader took with a value, shown in the report. */
export interface Normalization {
  file: string;
  line: number;
  field: string;
  written: string;
  read: string;
}

export interface AerDevice {
  /** The name as the list writes it, spaces trimmed. */
  name: string;
  line: number;
  released: PartialDate;
  /** The month security updates end, YYYY-MM. */
  securityEnd: string;
  cadence: string;
  shipped: string;
  /** The promised upgrades above the shipped version, in order. */
  future: string[];
}

export interface EosEntry {
  brand: string;
  name: string;
  line: number;
}

export interface EosHistoryEntry {
  brand: string;
  name: string;
  line: number;
  firstSeen: { commit: string; day: string; listUpdateAt?: string };
  lastSeen: { commit: string; day: string };
  inNewest: boolean;
}

export interface AerHistoryEntry {
  name: string;
  line: number;
  values: { securityUpdateEol: string; futureVersion: string; firstSeenDay: string }[];
}

export interface PlayRow {
  codename: string;
  name: string;
  model: string;
  line: number;
}

export interface XiaomiLists {
  aer: AerDevice[];
  eos: EosEntry[];
  eosUpdated: string;
  eosHistory: EosHistoryEntry[];
  aerHistory: AerHistoryEntry[];
  play: PlayRow[];
  normalizations: Normalization[];
}

/** The commit and day the README's table gives each saved file. */
export function commitsFromReadme(text: string): Record<string, { commit: string; commitDate: string }> {
  const out: Record<string, { commit: string; commitDate: string }> = {};
  for (const m of text.matchAll(/^\| `([^`]+)` \| `[^`]+`, `([0-9a-f]{40})` \((\d{4}-\d{2}-\d{2})\)/gm)) out[m[1]!] = { commit: m[2]!, commitDate: m[3]! };
  return out;
}

/** Record the problems found and give back what a failed read yields. */
function fail<T>(problems: SourceProblem[], value: T, ...found: SourceProblem[]): T {
  problems.push(...found);
  return value;
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** "2025-3" and "2025-03" are months, "2023-2-26" a day: as precise as written, never more. */
export function readListDate(text: string): PartialDate | undefined {
  const m = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/.exec(text.trim());
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return undefined;
  const month = `${m[1]}-${m[2]!.padStart(2, "0")}`;
  if (m[3] === undefined) return { value: month, precision: "month" };
  const day = `${month}-${m[3].padStart(2, "0")}`;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day ? { value: day, precision: "day" } : undefined;
}

/** "Android 13，Android 14;Andriod 15,," → ["13", "14", "15"], or the part that is not a version. */
export function readVersions(text: string): { versions: string[]; bad?: string } {
  const versions: string[] = [];
  for (const part of text.split(/[,;，；]/)) {
    const p = part.trim();
    if (!p) continue;
    const m = /^(?:Android|Andriod|Andoid)\s*(\d+)$/i.exec(p);
    if (!m) return { versions, bad: p };
    versions.push(m[1]!);
  }
  return { versions };
}

const canonicalVersions = (versions: string[]) => versions.map((v) => `Android ${v}`).join(",");

function readAer(file: SourceFile, problems: SourceProblem[], notes: Normalization[]): AerDevice[] {
  const parsed = parseJson(file.path, file.text);
  if (parsed.value === undefined) return fail(problems, [], ...parsed.problems);
  const lineOf = pathLines(file.text);
  const items = isObject(parsed.value) ? parsed.value.items : undefined;
  if (!Array.isArray(items)) return fail(problems, [], { file: file.path, line: 1, message: 'must be an object with a list "items"' });
  const out: AerDevice[] = [];
  for (const [i, item] of (items as unknown[]).entries()) {
    const line = lineOf(["items", i]);
    const at = (key: string) => lineOf(["items", i, key]);
    if (!isObject(item)) {
      problems.push({ file: file.path, line, message: `item ${i + 1} must be an object` });
      continue;
    }
    const missing = ["deviceName", "releaseDate", "securityUpdateEol", "updateFrequencyTl", "shippedVersion", "futureVersion"].filter(
      (k) => typeof item[k] !== "string",
    );
    if (missing.length) {
      problems.push({ file: file.path, line, message: `item ${i + 1}: ${missing.join(", ")} must be text` });
      continue;
    }
    const text = (k: string) => item[k] as string;
    const note = (field: string, read: string) => {
      if (text(field) !== read) notes.push({ file: file.rel, line: at(field), field, written: text(field), read });
    };
    const name = text("deviceName").trim().replace(/\s+/g, " ");
    note("deviceName", name);
    const released = readListDate(text("releaseDate"));
    const end = readListDate(text("securityUpdateEol"));
    if (!released) problems.push({ file: file.path, line: at("releaseDate"), message: `"${text("releaseDate")}" is not a month or a day` });
    if (end?.precision !== "month")
      problems.push({ file: file.path, line: at("securityUpdateEol"), message: `"${text("securityUpdateEol")}" is not a month (YYYY-MM)` });
    const shipped = readVersions(text("shippedVersion"));
    const future = readVersions(text("futureVersion"));
    for (const [field, v] of [
      ["shippedVersion", shipped],
      ["futureVersion", future],
    ] as const)
      if (v.bad !== undefined) problems.push({ file: file.path, line: at(field), message: `"${v.bad}" is not an Android version` });
    if (shipped.versions.length !== 1 && shipped.bad === undefined)
      problems.push({ file: file.path, line: at("shippedVersion"), message: `names ${shipped.versions.length} versions; the shipped version is one` });
    if (!released || !end || end.precision !== "month" || shipped.bad !== undefined || future.bad !== undefined || shipped.versions.length !== 1) continue;
    note("releaseDate", released.value!);
    note("securityUpdateEol", end.value!);
    note("shippedVersion", canonicalVersions(shipped.versions));
    // A future version at or below the shipped one is no upgrade (Redmi Pad SE lists its own Android 13).
    const upgrades = [...new Set(future.versions)].filter((v) => Number(v) > Number(shipped.versions[0]));
    note("futureVersion", canonicalVersions(upgrades));
    out.push({ name, line, released, securityEnd: end.value!, cadence: text("updateFrequencyTl").trim(), shipped: shipped.versions[0]!, future: upgrades });
  }
  return out;
}

function readEos(file: SourceFile, problems: SourceProblem[]): { entries: EosEntry[]; updated: string } {
  const parsed = parseJson(file.path, file.text);
  if (parsed.value === undefined) return fail(problems, { entries: [], updated: "" }, ...parsed.problems);
  const lineOf = pathLines(file.text);
  const v = parsed.value;
  if (!isObject(v) || !Array.isArray(v.phone) || typeof v.updateAt !== "string" || !/^\d{4}-\d{2}-\d{2}T/.test(v.updateAt)) {
    problems.push({ file: file.path, line: 1, message: 'must be an object with a list "phone" of brand groups and a time "updateAt"' });
    return { entries: [], updated: "" };
  }
  const entries: EosEntry[] = [];
  for (const [g, group] of (v.phone as unknown[]).entries()) {
    if (!isObject(group)) {
      problems.push({ file: file.path, line: lineOf(["phone", g]), message: "a brand group must be an object" });
      continue;
    }
    for (const [brand, list] of Object.entries(group)) {
      if (!Array.isArray(list)) {
        problems.push({ file: file.path, line: lineOf(["phone", g, brand]), message: `brand group "${brand}" must be a list` });
        continue;
      }
      for (const [i, e] of (list as unknown[]).entries()) {
        const line = lineOf(["phone", g, brand, i]);
        if (!isObject(e) || typeof e.deviceName !== "string" || typeof e.brand !== "string" || !e.deviceName.trim()) {
          problems.push({ file: file.path, line, message: "an entry must be an object with text brand and deviceName" });
          continue;
        }
        entries.push({ brand: e.brand, name: e.deviceName, line });
      }
    }
  }
  return { entries, updated: v.updateAt.slice(0, 10) };
}

const commitOf = (v: unknown) => (isObject(v) && typeof v.commit === "string" && /^[0-9a-f]{40}$/.test(v.commit) ? v.commit : undefined);
const dayOf = (v: unknown) => (isObject(v) && typeof v.date === "string" && /^\d{4}-\d{2}-\d{2}T/.test(v.date) ? v.date.slice(0, 10) : undefined);

function readEosHistory(file: SourceFile, problems: SourceProblem[]): EosHistoryEntry[] {
  const parsed = parseJson(file.path, file.text);
  if (parsed.value === undefined) return fail(problems, [], ...parsed.problems);
  const lineOf = pathLines(file.text);
  const devices = isObject(parsed.value) ? parsed.value.devices : undefined;
  if (!Array.isArray(devices)) return fail(problems, [], { file: file.path, line: 1, message: 'must be an object with a list "devices"' });
  const out: EosHistoryEntry[] = [];
  for (const [i, d] of (devices as unknown[]).entries()) {
    const line = lineOf(["devices", i]);
    const ok =
      isObject(d) &&
      typeof d.brand === "string" &&
      typeof d.deviceName === "string" &&
      typeof d.inNewest === "boolean" &&
      commitOf(d.firstSeen) &&
      dayOf(d.firstSeen) &&
      commitOf(d.lastSeen) &&
      dayOf(d.lastSeen);
    if (!ok || !isObject(d)) {
      problems.push({
        file: file.path,
        line,
        message: "an entry needs brand, deviceName, inNewest and firstSeen/lastSeen with a commit and a date",
      });
      continue;
    }
    const first = d.firstSeen as Record<string, unknown>;
    out.push({
      brand: d.brand as string,
      name: d.deviceName as string,
      line,
      firstSeen: {
        commit: commitOf(first)!,
        day: dayOf(first)!,
        ...(typeof first.listUpdateAt === "string" ? { listUpdateAt: first.listUpdateAt.slice(0, 10) } : {}),
      },
      lastSeen: { commit: commitOf(d.lastSeen)!, day: dayOf(d.lastSeen)! },
      inNewest: d.inNewest as boolean,
    });
  }
  return out;
}

function readAerHistory(file: SourceFile, problems: SourceProblem[]): AerHistoryEntry[] {
  const parsed = parseJson(file.path, file.text);
  if (parsed.value === undefined) return fail(problems, [], ...parsed.problems);
  const lineOf = pathLines(file.text);
  const devices = isObject(parsed.value) ? parsed.value.devices : undefined;
  if (!Array.isArray(devices)) return fail(problems, [], { file: file.path, line: 1, message: 'must be an object with a list "devices"' });
  const out: AerHistoryEntry[] = [];
  for (const [i, d] of (devices as unknown[]).entries()) {
    const line = lineOf(["devices", i]);
    const values = isObject(d) && Array.isArray(d.values) ? d.values : undefined;
    const good =
      values?.every(
        (v) => isObject(v) && typeof v.securityUpdateEol === "string" && typeof v.futureVersion === "string" && typeof v.firstSeenDate === "string",
      ) ?? false;
    if (!isObject(d) || typeof d.deviceName !== "string" || !values || !good) {
      problems.push({
        file: file.path,
        line,
        message: "an entry needs deviceName and values with securityUpdateEol, futureVersion and firstSeenDate",
      });
      continue;
    }
    out.push({
      name: d.deviceName.trim(),
      line,
      values: (values as Record<string, string>[]).map((v) => ({
        securityUpdateEol: v.securityUpdateEol!,
        futureVersion: v.futureVersion!,
        firstSeenDay: v.firstSeenDate!.slice(0, 10),
      })),
    });
  }
  return out;
}

function readPlay(file: SourceFile, problems: SourceProblem[]): PlayRow[] {
  const parsed = parseJson(file.path, file.text);
  if (parsed.value === undefined) return fail(problems, [], ...parsed.problems);
  if (!Array.isArray(parsed.value)) return fail(problems, [], { file: file.path, line: 1, message: "must be a list of {codename: {name, model}}" });
  const lineOf = pathLines(file.text);
  const out: PlayRow[] = [];
  for (const [i, row] of (parsed.value as unknown[]).entries()) {
    const line = lineOf([i]);
    const entries = isObject(row) ? Object.entries(row) : [];
    const [codename, v] = entries[0] ?? [];
    if (entries.length !== 1 || !isObject(v) || typeof v.name !== "string" || typeof v.model !== "string") {
      problems.push({ file: file.path, line, message: `row ${i + 1} must be {codename: {name, model}}` });
      continue;
    }
    out.push({ codename: codename!, name: v.name, model: v.model, line });
  }
  return out;
}

/** Every file read, or every problem found: nothing is half read. */
export function readXiaomiLists(files: Record<keyof typeof XIAOMI_FILES, SourceFile>): { lists?: XiaomiLists; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  const normalizations: Normalization[] = [];
  const aer = readAer(files.aer, problems, normalizations);
  const eos = readEos(files.eol, problems);
  const eosHistory = readEosHistory(files.eolHistory, problems);
  const aerHistory = readAerHistory(files.aerHistory, problems);
  const play = readPlay(files.gplay, problems);
  if (problems.length) return { problems };
  return { problems, lists: { aer, eos: eos.entries, eosUpdated: eos.updated, eosHistory, aerHistory, play, normalizations } };
}
