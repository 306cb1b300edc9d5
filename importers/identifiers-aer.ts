// Google's Android Enterprise Recommended (AER) directory as the
// androidtrackers bot saves it (aer-devices.md: one table row per device,
// Brand | Name | Models | ...), read into one row per device with the model
// numbers its Models cell gives. Models holds Build.MODEL values as each maker
// entered them: a value is a model number only when it is a code (one word
// with a digit, e.g. CPH2825, SM-S942B, XT2343-3) and not a marketing name the
// list gives any device of the brand; the rest are names ("moto g54 5G").
// Makers reuse entries: Motorola's rows often name other phones ("moto g37"
// lists "moto g - 2025"), so a row that names another device beside its codes
// may hold that device's codes and goes to review. A code the list gives to
// two devices goes to review from every row, never into a record. Xiaomi's
// brands are left to the Xiaomi importer, which reads Xiaomi's own lists.
// Pure.
import { identifierKey } from "../generator/contract/identifiers.ts";
import { compact } from "../generator/derive/search.ts";
import { IDENTIFIER_FORMATS } from "../generator/load/identifier-formats.ts";
import { nameKey } from "./endoflife-matching.ts";
import { shortCommit } from "./endoflife-proposals.ts";
import type { SourceProblem } from "./front-matter.ts";
import type { SourceFile } from "./identifiers-appledb.ts";
import type { ReviewEntry, SetAsideRow } from "./identifiers-report.ts";
import type { SourceRow, SourceRead } from "./identifiers-merge.ts";
import type { SnapshotContext } from "./identifiers-samsung.ts";
import { samsungFamily } from "./identifiers-samsung.ts";
import { fileUrl, SOURCES } from "./sources.ts";

/** The snapshot's copy of upstream's README.md, unchanged. */
export const AER_TABLE = "aer-devices.md";
const UPSTREAM_FILE = "README.md";

/** Brands the catalog files under another manufacturer: HMD Global makes the Nokia and HMD phones. */
const BRAND_MANUFACTURERS: Record<string, string> = { nokia: "HMD Global", hmd: "HMD Global" };

/** Brands whose codes the Xiaomi importer takes from Xiaomi's own lists (issue 32): listed, not matched. */
const LEFT_TO_XIAOMI = new Set(["xiaomi", "redmi", "poco"]);

/**
 * Records another change is correcting now: a code the list gives them waits
 * in review until that change has landed. Two pairs of Motorola records may
 * be one phone each (Edge+ (2022) and Edge 30 Pro, Edge 20 Lite and Edge 20
 * Fusion); three Samsung records carry codes of other phones.
 */
export const AER_HELD: Record<string, string> = {
  "motorola-edge-plus-2022": "the record may be the same phone as motorola-edge-30-pro: a curator is resolving the pair",
  "motorola-edge-30-pro": "the record may be the same phone as motorola-edge-plus-2022: a curator is resolving the pair",
  "motorola-edge-20-lite": "the record may be the same phone as motorola-edge-20-fusion: a curator is resolving the pair",
  "motorola-edge-20-fusion": "the record may be the same phone as motorola-edge-20-lite: a curator is resolving the pair",
  "samsung-galaxy-a6s": "the record's model numbers are being corrected: no codes are added until then",
  "samsung-galaxy-s20-fe": "the record's model numbers are being corrected: no codes are added until then",
  "samsung-galaxy-j7-v": "the record's model numbers are being corrected: no codes are added until then",
};

const HEADER = ["Brand", "Name", "Models"];

interface TableRow {
  brand: string;
  name: string;
  models: string[];
  line: number;
}

/** The table's rows (Brand, Name, Models), or every malformed row as file:line. */
function readTable(file: SourceFile): { rows: TableRow[]; problems: SourceProblem[] } {
  const lines = file.text.split("\n");
  const cellsOf = (l: string) =>
    l
      .trim()
      .replace(/^\|/, "")
      .replace(/\|$/, "")
      .split("|")
      .map((c) => c.trim());
  const head = lines.findIndex((l) => l.trim().startsWith("|") && HEADER.every((h, i) => cellsOf(l)[i] === h));
  if (head < 0) return { rows: [], problems: [{ file: file.path, line: 1, message: `no table with the columns "${HEADER.join(" | ")}"` }] };
  const width = cellsOf(lines[head]!).length;
  const rows: TableRow[] = [];
  const problems: SourceProblem[] = [];
  for (let i = head + 2; i < lines.length && lines[i]!.trim().startsWith("|"); i++) {
    const cells = cellsOf(lines[i]!);
    const line = i + 1;
    if (cells.length !== width || !cells[0] || !cells[1]) {
      problems.push({ file: file.path, line, message: `a row must have ${width} cells with Brand and Name filled, found ${cells.length} cells` });
      continue;
    }
    const models = cells[2]!
      .split(",")
      .map((m) => m.trim())
      .filter(Boolean);
    rows.push({ brand: cells[0]!, name: cells[1]!, models, line });
  }
  return { rows, problems };
}

export function readAer(file: SourceFile, manufacturers: string[], ctx: SnapshotContext): { run?: SourceRead; problems: SourceProblem[] } {
  const table = readTable(file);
  if (table.problems.length) return { problems: table.problems };
  // The catalog's spelling of the maker; for a maker it lacks, the list's first spelling (it writes both "vivo" and "Vivo").
  const makerOf = new Map(manufacturers.map((m) => [compact(m), m]));
  for (const r of table.rows) if (!makerOf.has(compact(r.brand))) makerOf.set(compact(r.brand), r.brand);
  const manufacturerOf = (brand: string) => makerOf.get(compact(BRAND_MANUFACTURERS[compact(brand)] ?? brand))!;
  // The device as the list names it: its name, with the brand before it unless the name begins with it.
  const labelOf = (r: TableRow) => (compact(r.name).startsWith(compact(r.brand)) ? r.name : `${r.brand} ${r.name}`);

  // Every name the list gives a brand's devices: a Models value that is one of them is a name, not a code.
  const namesOf = new Map<string, Set<string>>();
  for (const r of table.rows) {
    const names = namesOf.get(compact(r.brand)) ?? new Set<string>();
    for (const n of [r.name, ...r.models.filter((m) => /\s/.test(m))]) names.add(identifierKey(n));
    namesOf.set(compact(r.brand), names);
  }
  const isCode = (r: TableRow, value: string) =>
    IDENTIFIER_FORMATS["model-number"].pattern.test(value) && !namesOf.get(compact(r.brand))!.has(identifierKey(value));

  // Which devices list each code: one code under two devices belongs to neither until a curator says which
  // (a device the list repeats is one device).
  const listedUnder = new Map<string, Set<string>>();
  for (const r of table.rows)
    for (const m of r.models.filter((m) => isCode(r, m)).map(identifierKey)) listedUnder.set(m, (listedUnder.get(m) ?? new Set()).add(labelOf(r)));

  const source = {
    id: "android-enterprise-recommended",
    url: fileUrl(SOURCES.aer.repository, ctx.commit, UPSTREAM_FILE),
    publisher: "Google Android Enterprise Recommended directory, via androidtrackers/android-enterprise-devices",
    title: `Android Enterprise Recommended devices (${UPSTREAM_FILE} of androidtrackers/android-enterprise-devices at commit ${shortCommit(ctx.commit)}, ${ctx.commitDate})`,
    checked: ctx.checked,
  };
  const rows: SourceRow[] = [];
  const review: ReviewEntry[] = [];
  const setAsideRows: SetAsideRow[] = [];
  for (const r of table.rows) {
    const ref = { file: AER_TABLE, line: r.line, label: labelOf(r) };
    const codes = [...new Set(r.models.filter((m) => isCode(r, m)))];
    if (LEFT_TO_XIAOMI.has(compact(r.brand))) {
      setAsideRows.push({ ...ref, codes, reason: "left to the Xiaomi importer (Xiaomi's own lists)" });
      continue;
    }
    const devicesOf = (c: string) => [...listedUnder.get(identifierKey(c))!];
    const shared = codes.filter((c) => devicesOf(c).length > 1);
    for (const c of shared)
      review.push({
        ...ref,
        codes: [c],
        candidates: [],
        reason: `the list gives this code to ${devicesOf(c).length} devices (${devicesOf(c).join("; ")}): which one it is, a curator decides`,
      });
    const own = codes.filter((c) => !shared.includes(c));
    // A name in Models that is not the row's own (with or without the brand) is another device's.
    const ownKeys = new Set([nameKey(r.name), nameKey(`${r.brand} ${r.name}`)]);
    const others = r.models.filter((m) => !isCode(r, m) && !ownKeys.has(nameKey(m)) && !ownKeys.has(nameKey(`${r.brand} ${m}`)) && /\d|\s/.test(m));
    const doubt = own.length && others.length ? `the entry also names ${others.map((o) => `"${o}"`).join(", ")}: its codes may be that device's` : undefined;
    rows.push({
      ref,
      manufacturer: manufacturerOf(r.brand),
      name: r.name,
      codes: own.map((value) => ({ kind: "model-number" as const, value })),
      source,
      ...(doubt ? { doubt } : {}),
    });
  }
  return {
    problems: [],
    run: {
      files: [AER_TABLE],
      rows,
      review,
      setAside: setAsideRows.length ? { "a Xiaomi, Redmi or POCO device: left to the Xiaomi importer": setAsideRows.length } : {},
      setAsideRows,
      curatorList: true,
      held: AER_HELD,
      familyOf: samsungFamily,
    },
  };
}
