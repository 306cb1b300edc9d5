// The fleet check's matching, as pure functions the browser runs (in a
// worker, generator/browser/fleet-worker.ts) over the fleet index
// (derive/fleet-index.ts): which columns of an export hold model codes,
// model names and manufacturers; and which device each row is (the report
// a fleet manager downloads: fleet-report.ts). A row is matched by a model code
// where it has one (contract/identifiers.ts, as the identifier lookup
// compares), otherwise by an exact name or code as the list and the site
// search rank them (derive/list-index.ts matchPositions); where several
// devices fit, the row is ambiguous and gets no verdict.
import { identifierKeys } from "../contract/identifiers.ts";
import type { FleetDevice, FleetIndex } from "./fleet-files.ts";
import { matchPositions, parseListIndex } from "./list-index.ts";
import { compact, normalize, queryOf } from "./search.ts";

/** Which columns hold what (positions in a row); codes in the order they are tried. */
export interface Columns {
  codes: number[];
  model: number | null;
  manufacturer: number | null;
}

/**
 * Header names of the exports fleets keep, normalized (search.ts normalize):
 * Intune ("Device name", "Model", "Manufacturer"), Jamf ("Model Identifier",
 * "Model", "Model Number"), Google Admin ("Model", "Brand" or
 * "Manufacturer"), Surface inventories ("System Model", "System SKU") and
 * similar. Codes first: a code names one model where a name may not.
 */
const HEADERS = {
  codes: [
    "model identifier",
    "hardware identifier",
    "model code",
    "model number",
    "hardware model",
    "system model",
    "system sku",
    "sku",
    "product code",
    "codename",
    "device codename",
    "build model",
  ],
  model: ["model", "device model", "model name", "marketing name", "product name", "product"],
  manufacturer: ["manufacturer", "brand", "make", "vendor", "oem", "device manufacturer"],
};

/** The columns a header row names, or null when it names neither a model nor a code column (then the page asks). */
export function detectColumns(header: readonly string[]): Columns | null {
  const names = header.map(normalize);
  const find = (wanted: string[]) => wanted.map((w) => names.indexOf(w)).filter((i) => i >= 0);
  const codes = find(HEADERS.codes);
  const model = find(HEADERS.model)[0] ?? null;
  if (!codes.length && model === null) return null;
  return { codes, model, manufacturer: find(HEADERS.manufacturer)[0] ?? null };
}

/** Whether a first row reads as a header: one of its cells names a column this page knows. */
export const looksLikeHeader = (row: readonly string[]) => detectColumns(row) !== null;

/**
 * The field separator of a CSV text: the one of , ; and tab that occurs most
 * in its first line outside quotes (Excel writes ";" where "," is the decimal
 * mark); null when none does: a list of one value a line, where a comma
 * belongs to the value (iPhone15,4).
 */
export function sniffDelimiter(text: string): string | null {
  const counts: Record<string, number> = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch in counts) counts[ch]!++;
  }
  const [most, n] = Object.entries(counts).reduce((a, b) => (b[1] > a[1] ? b : a));
  return n ? most : null;
}

/** What a row says about its device. */
export interface RowInput {
  codes: string[];
  model: string;
  manufacturer: string;
}

export function rowInput(row: readonly string[], columns: Columns): RowInput {
  const cell = (i: number | null) => (i === null ? "" : (row[i] ?? "").trim());
  return { codes: columns.codes.map(cell).filter(Boolean), model: cell(columns.model), manufacturer: cell(columns.manufacturer) };
}

export type Match =
  /** One device by a model code (its only carrier, or the one the row's other columns name). */
  | { by: "code"; positions: [number]; code: string }
  /** One device by its exact name, alias or a variant's model. */
  | { by: "name"; positions: [number]; query: string }
  /** Several devices fit equally well: the row lists them and gets no verdict. */
  | { by: "ambiguous"; positions: number[]; reason: string }
  | { by: "none"; hint: string };

/** How many near matches an unmatched row names. */
const SUGGESTIONS = 3;

/** Four-digit years a text names ("MacBook Pro (13-inch, 2019, …)" → ["2019"]). */
const yearsIn = (text: string): string[] => text.match(/\b(19|20)\d\d\b/g) ?? [];

/**
 * The matcher over one fleet index: each distinct row is matched once. It
 * never guesses: a code is compared as the identifier lookup compares it
 * (contract/identifiers.ts: a hardware identifier keeps its comma), a name as
 * the list ranks it (exact names before exact codes, derive/search.ts), and
 * where several devices fit, the row's other columns (its manufacturer, the
 * model name beside a code, a year) must single one out, or the row is
 * ambiguous.
 */
export function fleetMatcher(fleet: FleetIndex) {
  const index = parseListIndex(fleet.index);
  const memo = new Map<string, Match>();
  const sameMaker = (p: number, maker: string) => {
    const a = compact(fleet.devices[p]![1]);
    const b = compact(maker);
    return a.includes(b) || b.includes(a);
  };
  const exactNames = (text: string) => (queryOf(text).norm ? matchPositions(index, queryOf(text))[0] : []);

  /** The candidates the row's other columns single out, or all of them when those columns tell none apart. */
  function narrow(candidates: number[], row: RowInput, modelIsCode: boolean): number[] {
    let left = candidates;
    const keep = (test: (p: number) => boolean) => {
      const kept = left.filter(test);
      if (kept.length) left = kept;
    };
    if (left.length > 1 && row.manufacturer) keep((p) => sameMaker(p, row.manufacturer));
    if (left.length > 1 && row.model && !modelIsCode) {
      const named = new Set(exactNames(row.model));
      keep((p) => named.has(p));
      const years = yearsIn(row.model);
      if (years.length) keep((p) => yearsIn(fleet.devices[p]![0]).some((y) => years.includes(y)));
    }
    return left;
  }

  const names = (positions: readonly number[]) => positions.map((p) => `${fleet.devices[p]![0]} (${fleet.devices[p]![1]})`).join("; ");

  function decide(candidates: number[], row: RowInput, found: (p: number) => Match, why: string, modelIsCode = false): Match {
    const left = narrow(candidates, row, modelIsCode);
    return left.length === 1 ? found(left[0]!) : { by: "ambiguous", positions: left, reason: why };
  }

  function matchOf(row: RowInput): Match {
    // A code first: it names one model where a name may not.
    for (const value of [...row.codes, row.model]) {
      for (const key of identifierKeys(value)) {
        const carriers = fleet.identifiers[key];
        if (!carriers) continue;
        // The model column beside the code must not name another device.
        const named = value === row.model ? [] : exactNames(row.model).filter((p) => !carriers.includes(p));
        if (named.length)
          return {
            by: "ambiguous",
            positions: [...carriers, ...named],
            reason: `The model code ${value} and the model name ${row.model} name different devices.`,
          };
        return decide(
          carriers,
          row,
          (p) => ({ by: "code", positions: [p], code: value }),
          `The source gives the code ${value} to ${carriers.length} devices, and this row does not say which.`,
          value === row.model,
        );
      }
    }
    const maker = row.manufacturer;
    const name = row.model || row.codes[0] || "";
    if (!name) return { by: "none", hint: "No model or model code in this row." };
    const queries = [name, ...(maker && !compact(name).startsWith(compact(maker)) ? [`${maker} ${name}`] : []), ...row.codes.filter((c) => c !== name)];
    let near: number[] = [];
    for (const q of queries) {
      const query = queryOf(q);
      if (!query.norm) continue;
      const [byName, byCode, prefix] = matchPositions(index, query);
      // An exact name and another device's exact code are a near tie: the row does not say which it means.
      const candidates = [...new Set([...byName, ...byCode])];
      if (candidates.length)
        return decide(candidates, row, (p) => ({ by: "name", positions: [p], query: q }), `${candidates.length} devices have the name or code ${q}.`);
      if (!near.length) near = (maker ? prefix.filter((p) => sameMaker(p, maker)) : prefix).slice(0, SUGGESTIONS);
    }
    if (near.length) return { by: "none", hint: `No device in the catalog has exactly this name or model code. Names that start with it: ${names(near)}.` };
    return {
      by: "none",
      hint: maker
        ? `The catalog has no record for this ${maker} model yet.`
        : "The catalog has no device with this name or model code, and the row names no manufacturer.",
    };
  }

  return {
    slugs: index.slugs,
    match(row: RowInput): Match {
      const key = JSON.stringify(row);
      let m = memo.get(key);
      if (!m) memo.set(key, (m = matchOf(row)));
      return m;
    },
  };
}

/** A note on a match that is not one device: why it is ambiguous and its candidates, or the unmatched row's hint. */
export function matchNote(match: Match, devices: readonly FleetDevice[]): string {
  if (match.by === "none") return match.hint;
  if (match.by !== "ambiguous") return "";
  return `Check by hand: ${match.reason} Candidates: ${match.positions.map((p) => `${devices[p]![0]} (${devices[p]![1]})`).join("; ")}.`;
}
