// The EPREL importer as one pure function: the EU energy label's smartphone
// registrations (a CSV export of EPREL, ../shared/sources/eprel-smartphones)
// in, each matched record's repairability entry and the reconciliation
// report (data/import/eprel.{md,json}) out. A registration matches a record
// only through a model code the record already carries (compared as the
// identifier lookup compares, contract/identifiers.ts), never by a name. The
// values are stored as the supplier declared them: the class and the index as
// written, never recomputed one from the other. An entry already in a record
// is never rewritten. Docs: docs/import-eprel.md.
import { parse } from "csv-parse/sync";
import { identifierKeys } from "../generator/contract/identifiers.ts";
import { compact } from "../generator/derive/search.ts";
import { formatProblem, validateFiles, type LoadedRecord, type RawFile } from "../generator/load/validate.ts";
import { EU_REPAIR_CLASSES, type DeviceRecord, type Source } from "../generator/schema/record.ts";
import { recordText } from "../generator/schema/record.ts";
import { formatSourceProblem, type SourceProblem } from "./front-matter.ts";
import { jsonText } from "../generator/contract/json-text.ts";
import { fileUrl, SOURCES } from "./sources.ts";

export const EPREL_CSV = "eprel_smartphones_tous_les_modeles.csv";
export const EPREL_MATCHES = "catalog-matches.json";
export const EPREL_JSON = "import/eprel.json";
export const EPREL_MARKDOWN = "import/eprel.md";
export const EU_SCHEME = "EU energy label repairability class (Regulation (EU) 2023/1669)";
/** The source id of the copy every entry was read from. */
const COPY_ID = "eprel-smartphone-explorer";
const REVISION_MARK = "EU energy label from EPREL registration";

export interface EprelInput {
  csv: { path: string; text: string };
  /** catalog-matches.json: the copy's own candidate matches, shown to curators for the rows no code matches. */
  candidates?: { path: string; text: string };
  snapshot: { commit: string; commitDate: string };
  /** The day the values are read (sources' checked, the entries' checked, the revision's date). */
  checked: string;
  catalog: LoadedRecord[];
  devicesDir: string;
}

/** One registration, as read. */
export interface Registration {
  line: number;
  supplier: string;
  modelIdentifier: string;
  registration: number;
  class: (typeof EU_REPAIR_CLASSES)[number];
  index: number;
  firstOnMarket?: string;
  softwareYears?: number;
  batteryCycles?: number;
  subScores: { disassemblyDepth: string; fasteners: string; tools: string; spareParts: string; repairInformation: string };
}

export interface EprelRow {
  registration: number;
  line: number;
  supplier: string;
  modelIdentifier: string;
  status: "written" | "already recorded" | "differs from the record" | "ambiguous" | "no record carries its code";
  slug?: string;
  /** For a row no code matches: the copy's candidate and how it was found (catalog-matches.json), for a curator to confirm. */
  candidate?: string;
  note?: string;
}

export interface EprelReport {
  source: { repository: string; commit: string; commitDate: string; file: string };
  checked: string;
  totals: {
    registrations: number;
    matched: number;
    written: number;
    alreadyRecorded: number;
    differs: number;
    ambiguous: number;
    unmatched: number;
    records: number;
  };
  rows: EprelRow[];
}

const CODE = "[A-Za-z0-9][A-Za-z0-9/_-]*";

/**
 * The marketing name and the code a registration pairs, when its model
 * identifier gives both: the code in brackets at the end ("edge 60
 * (XT2505-1)") or after "Model:" ("Fairphone 5 5G - Model: FP5"). A bare code
 * ("SM-S931B/DS", "GEC77") names no device: undefined.
 */
export function namedModel(modelIdentifier: string): { name: string; code: string } | undefined {
  const m =
    new RegExp(`^(.*?\\S)\\s*(?:-\\s*)?Model:\\s*(${CODE})$`).exec(modelIdentifier) ?? new RegExp(`^(.*?\\S)\\s*\\((${CODE})\\)$`).exec(modelIdentifier);
  return m ? { name: m[1]!.trim(), code: m[2]! } : undefined;
}

/** The codes a registered model identifier names: itself, the code in brackets ("edge 60 (XT2505-1)"), the code after "Model:" ("… Model: FP5"). */
export function codesOf(modelIdentifier: string): string[] {
  const out = [modelIdentifier];
  for (const m of modelIdentifier.matchAll(new RegExp(`\\((${CODE})\\)`, "g"))) out.push(m[1]!);
  const after = new RegExp(`Model:\\s*(${CODE})`).exec(modelIdentifier);
  if (after) out.push(after[1]!);
  return [...new Set(out)];
}

const REQUIRED = ["supplierOrTrademark", "modelIdentifier", "eprelRegistrationNumber", "repairabilityClass", "repairabilityIndex"] as const;

/** The registrations of the CSV, every problem as file:line. */
export function readRegistrations(csv: { path: string; text: string }): { registrations: Registration[]; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(csv.text, { columns: true, info: true, bom: true, skip_empty_lines: true });
  } catch (e) {
    const line = (e as { lines?: number }).lines ?? 1;
    return { registrations: [], problems: [{ file: csv.path, line, message: `not CSV: ${(e as Error).message}` }] };
  }
  const registrations: Registration[] = [];
  for (const { record: r, info } of records) {
    const at = (message: string) => problems.push({ file: csv.path, line: info.lines, message });
    const missing = REQUIRED.filter((k) => !r[k]?.trim());
    if (missing.length) {
      at(`missing ${missing.join(", ")}`);
      continue;
    }
    const registration = Number(r.eprelRegistrationNumber);
    const index = Number(r.repairabilityIndex);
    const cls = r.repairabilityClass!.trim();
    if (!Number.isInteger(registration) || registration <= 0) at(`eprelRegistrationNumber "${r.eprelRegistrationNumber}" is not a registration number`);
    if (!(EU_REPAIR_CLASSES as readonly string[]).includes(cls)) at(`repairabilityClass "${cls}" is not one of A to E`);
    if (!Number.isFinite(index) || index < 0 || index > 5) at(`repairabilityIndex "${r.repairabilityIndex}" is not an EU index from 0 to 5`);
    const day = r.onMarketStartDate?.trim();
    if (day && !/^\d{4}-\d{2}-\d{2}$/.test(day)) at(`onMarketStartDate "${day}" is not a day (YYYY-MM-DD)`);
    const whole = (v: string | undefined) => (v && /^\d+$/.test(v.trim()) && Number(v) > 0 ? Number(v) : undefined);
    registrations.push({
      line: info.lines,
      supplier: r.supplierOrTrademark!.trim(),
      modelIdentifier: r.modelIdentifier!.trim(),
      registration,
      class: cls as Registration["class"],
      index,
      ...(day ? { firstOnMarket: day } : {}),
      ...(whole(r.minYearsSoftwareUpdates) ? { softwareYears: whole(r.minYearsSoftwareUpdates) } : {}),
      // The copy's README: batteryEnduranceInCycles counts hundreds, batteryCyclesFromPDF holds the full number.
      ...(whole(r.batteryCyclesFromPDF) ? { batteryCycles: whole(r.batteryCyclesFromPDF) } : {}),
      subScores: {
        disassemblyDepth: r.disassemblyDepthScore?.trim() ?? "",
        fasteners: r.fastenersScore?.trim() ?? "",
        tools: r.toolsScore?.trim() ?? "",
        spareParts: r.sparePartScore?.trim() ?? "",
        repairInformation: r.repairInfoScore?.trim() ?? "",
      },
    });
  }
  return { registrations: problems.length ? [] : registrations, problems };
}

/**
 * Suppliers that register under a brand the catalog files under its maker:
 * HMD Global makes HMD's phones, Xiaomi makes Redmi's and POCO's (the Xiaomi
 * importer names their records' maker Xiaomi), CMF is Nothing's line.
 */
const SUPPLIER_MANUFACTURERS: Record<string, string> = { hmd: "HMD Global", redmi: "Xiaomi", poco: "Xiaomi", cmfbynothing: "Nothing" };

/** Whether a record's manufacturer is the registration's supplier or trademark ("Apple" and "APPLE", "HMD Global" and "HMD", "Xiaomi" and "Redmi"). */
export function sameMaker(manufacturer: string, supplier: string): boolean {
  const a = compact(manufacturer);
  return a !== "" && a === compact(SUPPLIER_MANUFACTURERS[compact(supplier)] ?? supplier);
}

/** The copy's candidates by registration number: "<slug> (<basis>)". */
function candidatesOf(text: string | undefined): Map<number, string> {
  const out = new Map<number, string>();
  if (!text) return out;
  const parsed = JSON.parse(text) as { rows?: { eprelRegistrationNumber: number; catalogSlug: string | null; matchBasis: string | null }[] };
  for (const r of parsed.rows ?? []) if (r.catalogSlug) out.set(r.eprelRegistrationNumber, `${r.catalogSlug} (${r.matchBasis ?? "no basis given"})`);
  return out;
}

export const eprelPage = (registration: number) => `https://eprel.ec.europa.eu/screen/product/smartphonestablets20231669/${registration}`;

function entryOf(reg: Registration, model: string, checked: string): DeviceRecord["evidence"]["repairability"][number] {
  const sub = reg.subScores;
  return {
    scheme: EU_SCHEME,
    score: `${reg.class} (${reg.index})`,
    euLabel: {
      registration: reg.registration,
      url: eprelPage(reg.registration),
      modelIdentifier: reg.modelIdentifier,
      supplier: reg.supplier,
      class: reg.class,
      index: reg.index,
      ...(Object.values(sub).every(Boolean) ? { subScores: sub } : {}),
      ...(reg.batteryCycles ? { batteryEnduranceCycles: reg.batteryCycles } : {}),
      ...(reg.firstOnMarket ? { firstOnMarket: reg.firstOnMarket } : {}),
      ...(reg.softwareYears ? { declaredMinimumSoftwareUpdateYears: reg.softwareYears } : {}),
    },
    // A registration covers the variant placed on the EU market under its model identifier, nowhere else (the copy's README).
    scope: { models: [model], regions: ["EU"] },
    sourceId: `eprel-${reg.registration}`,
    checked,
  };
}

/** The copy that was read, and the registration's EPREL page, which the copy cites (citedBy): what a value or a code from a registration cites. */
export function sourcesOf(reg: Registration, input: { snapshot: { commit: string; commitDate: string }; checked: string }): Source[] {
  const { commit, commitDate } = input.snapshot;
  return [
    {
      id: COPY_ID,
      url: fileUrl(SOURCES.eprel.repository, commit, EPREL_CSV),
      publisher: "EEXNTISO/eprel-smartphone-explorer (EPREL data, European Commission, CC BY 4.0)",
      title: `EPREL smartphone registrations, export at commit ${commit.slice(0, 7)} (${commitDate})`,
      checked: input.checked,
    },
    {
      id: `eprel-${reg.registration}`,
      url: eprelPage(reg.registration),
      publisher: "EPREL, European Commission (values entered by the supplier)",
      title: `EU energy label registration ${reg.registration}: ${reg.supplier} ${reg.modelIdentifier}`,
      citedBy: COPY_ID,
    },
  ];
}

/** Every problem as one line (a source's as file:line, a record's as file: field: message); nothing is written when there is any. */
export function runEprelImport(input: EprelInput): { problems: string[]; writes: { path: string; text: string }[]; report?: EprelReport } {
  const read = readRegistrations(input.csv);
  if (read.problems.length) return { problems: read.problems.map(formatSourceProblem), writes: [] };
  const candidates = candidatesOf(input.candidates?.text);
  // Every code of the catalog's published records, as the identifier lookup keys it, with the variant that carries it.
  const carriers = new Map<string, { loaded: LoadedRecord; model: string }[]>();
  for (const loaded of input.catalog) {
    if (loaded.record.publication.state !== "published") continue;
    for (const v of loaded.record.variants)
      for (const i of v.identifiers ?? [])
        for (const key of identifierKeys(i.value)) {
          const list = carriers.get(key) ?? [];
          if (!list.some((c) => c.loaded === loaded)) list.push({ loaded, model: v.model });
          carriers.set(key, list);
        }
  }
  const changed = new Map<string, DeviceRecord>();
  const rows: EprelRow[] = [];
  for (const reg of read.registrations) {
    const base = { registration: reg.registration, line: reg.line, supplier: reg.supplier, modelIdentifier: reg.modelIdentifier };
    const found = new Map<LoadedRecord, string>();
    // A code is the supplier's: another maker's record with the same letters is not this model ("A10" of CUBOT is no Galaxy A10).
    for (const code of codesOf(reg.modelIdentifier))
      for (const key of identifierKeys(code))
        for (const c of carriers.get(key) ?? []) if (sameMaker(c.loaded.record.manufacturer, reg.supplier)) found.set(c.loaded, c.model);
    if (found.size === 0) {
      const candidate = candidates.get(reg.registration);
      rows.push({ ...base, status: "no record carries its code", ...(candidate ? { candidate } : {}) });
      continue;
    }
    if (found.size > 1) {
      rows.push({ ...base, status: "ambiguous", note: `codes carried by ${[...found.keys()].map((l) => l.record.slug).join(", ")}` });
      continue;
    }
    const [loaded, model] = [...found][0]!;
    const slug = loaded.record.slug;
    const record = changed.get(slug) ?? structuredClone(loaded.record);
    const entry = entryOf(reg, model, input.checked);
    const held = record.evidence.repairability.find((x) => x.euLabel?.registration === reg.registration);
    if (held) {
      // Never rewritten: the same values read on another day are already recorded; other values are for a curator.
      const same = JSON.stringify({ ...held, checked: "" }) === JSON.stringify({ ...entry, checked: "" });
      rows.push({ ...base, slug, status: same ? "already recorded" : "differs from the record", ...(same ? {} : { note: "the record's entry is kept" }) });
      continue;
    }
    for (const s of sourcesOf(reg, input)) if (!record.evidence.sources.some((x) => x.id === s.id)) record.evidence.sources.push(s);
    record.evidence.repairability.push(entry);
    record.evidence.revisions.push({
      date: input.checked,
      change: `Added the ${REVISION_MARK} ${reg.registration} (${reg.modelIdentifier}): class ${reg.class}, index ${reg.index}`,
      reason: "Imported from the EPREL smartphone export by its model code (npm run import -- eprel)",
    });
    changed.set(slug, record);
    rows.push({ ...base, slug, status: "written" });
  }

  // The whole catalog with the changes must validate before anything is written.
  const files: RawFile[] = input.catalog.map((l) => {
    const r = changed.get(l.record.slug) ?? l.record;
    return { file: l.file, slug: r.slug, text: recordText(r) };
  });
  const invalid = validateFiles(files).problems;
  if (invalid.length) return { problems: invalid.map(formatProblem), writes: [] };

  const count = (s: EprelRow["status"]) => rows.filter((r) => r.status === s).length;
  const matched = rows.filter((r) => r.slug);
  const report: EprelReport = {
    source: { repository: SOURCES.eprel.repository, ...input.snapshot, file: EPREL_CSV },
    checked: input.checked,
    totals: {
      registrations: rows.length,
      matched: matched.length,
      written: count("written"),
      alreadyRecorded: count("already recorded"),
      differs: count("differs from the record"),
      ambiguous: count("ambiguous"),
      unmatched: count("no record carries its code"),
      records: new Set(matched.map((r) => r.slug)).size,
    },
    rows,
  };
  const writes = [...changed.values()].map((r) => ({ path: `devices/${r.slug}.json`, text: recordText(r) }));
  // The report changes only with what it says, so a second run on the same copy writes identical files.
  const stable: EprelReport = { ...report, rows: rows.map((r) => (r.status === "written" ? { ...r, status: "already recorded" } : r)) };
  stable.totals = { ...report.totals, alreadyRecorded: report.totals.alreadyRecorded + report.totals.written, written: 0 };
  writes.push({ path: EPREL_JSON, text: jsonText(stable) }, { path: EPREL_MARKDOWN, text: eprelMarkdown(stable) });
  return { problems: [], writes, report };
}

export function eprelMarkdown(r: EprelReport): string {
  const t = r.totals;
  const cell = (s: string) => s.replace(/\|/g, "\\|");
  const table = (rows: EprelRow[], withCandidate: boolean) =>
    [
      `| line | registration | supplier | model identifier | ${withCandidate ? "candidate (from the copy; confirm before adding a code)" : "record"} |`,
      "| --- | --- | --- | --- | --- |",
      ...rows.map(
        (x) =>
          `| ${x.line} | ${x.registration} | ${cell(x.supplier)} | ${cell(x.modelIdentifier)} | ${cell(withCandidate ? (x.candidate ?? "") : `${x.slug ?? ""} ${x.note ?? ""}`.trim())} |`,
      ),
    ].join("\n");
  const unmatched = r.rows.filter((x) => x.status === "no record carries its code");
  return `# EPREL import: reconciliation report

Generated by \`npm run import -- eprel\` (docs/import-eprel.md) from ${r.source.repository} at commit \`${r.source.commit}\` (${r.source.commitDate}), \`${r.source.file}\`, read ${r.checked}. Do not edit by hand.

A registration matches a record only through a model code the record already carries. Values are the supplier's declarations, stored as written.

| registrations | matched | records | ambiguous | no record carries the code | entries that differ from the record |
| ---: | ---: | ---: | ---: | ---: | ---: |
| ${t.registrations} | ${t.matched} | ${t.records} | ${t.ambiguous} | ${t.unmatched} | ${t.differs} |

## In the catalog

${table(
  r.rows.filter((x) => x.slug),
  false,
)}

## Unmatched, with the copy's own candidate

A curator who confirms a candidate adds the registration's model code to the record through a model-code source (docs/import-identifiers.md), then runs the import again. A model missing here proves nothing about EPREL.

${table(
  unmatched.filter((x) => x.candidate),
  true,
)}

## Unmatched, no candidate

${unmatched.filter((x) => !x.candidate).length} registrations of makers or models the catalog does not hold.
`;
}
