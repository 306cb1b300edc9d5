// The CSV dataset as rows: one per device × model × region, the grain the
// spec's row implies. The column names and their order are a public
// interface (docs/exports.md); add columns only at the end.
import { DATED_FIELDS, type Commitment, type DeviceRecord, type Scope, type Source } from "../schema/record.ts";
import { describeDate, yearOf } from "./dates.ts";
import { neutralizeFormula } from "./csv-cells.ts";
import { attribution, urls, type Site } from "./site.ts";
import { describeCoverage, describeScope } from "./verdict.ts";
import { osVersionWords } from "./os-versions.ts";
import { euLabels, recallSummary } from "./evidence-words.ts";

/** Several values in one cell (sources of one commitment, caveats, components), in a stable order. */
const LIST_SEPARATOR = " | ";

const KIND_COLUMNS = (kind: "security" | "os", what: string) =>
  [
    {
      name: `${kind}_end`,
      description: `The documented end of ${what} as the source gives it (2030-10-15, 2030-10, 2030-Q4 or 2030); empty when none is documented.`,
    },
    {
      name: `${kind}_end_precision`,
      description: "day, month, quarter, year or unknown; empty when the commitment records no end. A month is the whole month, never its first day.",
    },
    { name: `${kind}_minimum`, description: `An explicit dated minimum commitment ("at least until") for ${what}. Never an end date; empty when none.` },
    { name: `${kind}_minimum_precision`, description: "Precision of the minimum commitment; empty when there is none." },
    {
      name: `${kind}_scope`,
      description:
        'Which variants (and component, if the source dates parts separately) the commitment covers, e.g. "models G-US; regions US" or "all variants".',
    },
    { name: `${kind}_meaning`, description: "What the dates mean in the source's own terms." },
    { name: `${kind}_evidence_level`, description: "manufacturer-dated, manufacturer-policy, regulatory-statement, third-party or unverified." },
    { name: `${kind}_source_urls`, description: "Links to the sources (links only; their content is not copied)." },
    {
      name: `${kind}_source_checked`,
      description:
        "The day each source was last checked, in the order of the URLs; empty in its place for a page only cited by another source (not read by this project).",
    },
    { name: `${kind}_commitment_id`, description: "The commitment's id in the record (also in calendar UIDs)." },
  ] as const;

// Added after the first release of the columns, so at the end (the order is a public interface).
const CEILING_COLUMNS = (kind: "security" | "os", what: string) =>
  [
    {
      name: `${kind}_ceiling`,
      description: `An announced ceiling or aim ("up to N years", "we aim to") for ${what}. Neither an end date nor a commitment; empty when none.`,
    },
    { name: `${kind}_ceiling_precision`, description: "Precision of the announced ceiling; empty when there is none." },
  ] as const;

// Added with the statements of issue 21 (ended without a date, observed last updates, listings), so at the end too.
const STATEMENT_COLUMNS = (kind: "security" | "os", what: string) =>
  [
    {
      name: `${kind}_ended`,
      description: `"true" when the source says ${what} have ended, with or without a date; empty otherwise. Without a dated end or a last update observed, the end columns stay empty and the meaning begins "Ended, date not documented."`,
    },
    {
      name: `${kind}_last_update`,
      description: `The last update of ${what} observed (2025-03-31, 2025-03, 2025-Q1 or 2025): an observation, never an announced end; empty when none is recorded.`,
    },
    { name: `${kind}_last_update_precision`, description: "Precision of the last update observed; empty when there is none." },
    {
      name: `${kind}_supported_on`,
      description: `The day (YYYY-MM-DD) the source last listed ${what} as continuing; empty when none. Not an end date.`,
    },
  ] as const;

/** The columns, in order. */
export const DATASET_COLUMNS = [
  { name: "device_slug", description: "The record's path identifier." },
  { name: "device_name", description: "Display name." },
  { name: "manufacturer", description: "Manufacturer." },
  { name: "model", description: "One model identifier, as the manufacturer writes it." },
  { name: "region", description: 'One market the model is sold in: ISO 3166-1 alpha-2, "EU", "EEA" or "GLOBAL".' },
  { name: "variant_note", description: "The record's note on this model, if any." },
  ...KIND_COLUMNS("security", "security updates"),
  ...KIND_COLUMNS("os", "OS updates"),
  { name: "caveats", description: "Differences recorded for a scope that covers this model and region, each followed by its scope in brackets." },
  { name: "record_url", description: "The canonical device page: link each reused fact here (dataset license)." },
  { name: "record_api_url", description: "The record in the JSON API." },
  { name: "attribution", description: "The attribution the dataset license requires." },
  ...CEILING_COLUMNS("security", "security updates"),
  ...CEILING_COLUMNS("os", "OS updates"),
  ...STATEMENT_COLUMNS("security", "security updates"),
  ...STATEMENT_COLUMNS("os", "OS updates"),
  {
    name: "os_versions",
    description:
      'The operating system versions the device runs, first and last major version ("iOS 11 to 16"; "Android 12 and later (last version not documented)" when the source gives no last), several joined with " | "; empty when no source gives them.',
  },
  {
    name: "model_codes",
    description:
      'The codes fleet tools list for this model (model numbers, hardware identifiers, codenames, SKUs, boards), each as "<code> (<kind>)"; a code its source ties to markets names them after the kind, and on a row of one market only the codes for that market (or for none) appear. Empty when none is recorded.',
  },
  // Added with the evidence of issue 36, so at the end too.
  {
    name: "eu_repairability_class",
    description:
      "The EU energy label's repairability class (A best to E) registered for this model in EPREL, as the supplier declared it; empty when none is recorded (which says nothing about EPREL).",
  },
  { name: "eu_repairability_index", description: "The EU repairability index (0 to 5, never France's 0–10), as registered; empty when none is recorded." },
  { name: "eu_label_url", description: "The registration's public EPREL page." },
  {
    name: "eu_declared_min_software_years",
    description:
      "The supplier's declared minimum years of software updates, counted from the end of placement on the EU market (a day not known here): a number of years, never a date or an end; empty when none is recorded.",
  },
  {
    name: "recall_review",
    description:
      'The recall review: each registry search\'s result (a notice, or "No match found in <registry> as of <day>", which is not proof that no recall exists), or "Recall review: not performed.". Never "no recall".',
  },
] as const;

export type DatasetRow = string[];

function covers(scope: Scope, model: string, region: string): boolean {
  return (!scope.models || scope.models.includes(model)) && (!scope.regions || scope.regions.includes(region));
}

/**
 * The markets of a variant's rows. A variant sold "GLOBAL" also gets a row for
 * each market that a scope of the record names for it, so a commitment made
 * for one market (a UK minimum, say) has a row of its own instead of vanishing.
 */
function rowRegions(r: DeviceRecord, model: string, regions: string[]): string[] {
  if (!regions.includes("GLOBAL")) return regions;
  const scopes = [...r.support.security, ...r.support.os, ...r.caveats].map((x) => x.scope);
  const named = scopes.flatMap((s) => (!s.models || s.models.includes(model) ? (s.regions ?? []) : []));
  return [...regions, ...[...new Set(named)].filter((g) => !regions.includes(g)).sort()];
}

/** Caveats shown on a row: those covering its model and market; a GLOBAL row keeps every market's caveat, scope attached. */
const caveatCovers = (scope: Scope, model: string, region: string) =>
  covers(scope, model, region) || (region === "GLOBAL" && covers({ ...scope, regions: undefined }, model, region));

const specificity = (s: Scope) => (s.models ? 1 : 0) + (s.regions ? 1 : 0);

/**
 * The commitments of one kind that hold for a model in a region: within each
 * component and carrier set, the most specific covering scope (a regional
 * commitment overrides an all-variants one); separate components and
 * carrier-specific commitments all stay, in record order.
 */
function commitmentsFor(commitments: Commitment[], model: string, region: string): Commitment[] {
  const best = new Map<string, Commitment>();
  for (const c of commitments) {
    if (!covers(c.scope, model, region)) continue;
    const key = `${c.component ?? ""}\u0000${c.scope.carriers?.join("\u0000") ?? ""}`;
    const held = best.get(key);
    if (!held || specificity(c.scope) > specificity(held.scope)) best.set(key, c);
  }
  const chosen = new Set(best.values());
  return commitments.filter((c) => chosen.has(c));
}

/**
 * The cells of one kind (security or OS) as aligned lists: the n-th value of
 * each cell belongs to the n-th chosen commitment. A cell whose values are all
 * empty is empty ("" rather than " | ", which would look filled).
 */
/**
 * The meaning cell of a commitment: the source's terms, after our words when
 * the source says support ended without an announced date (its end columns
 * are empty then, and this says why).
 */
function meaningOf(c: Commitment): string {
  if (!c.ended) return c.meaning;
  const observed = c.lastUpdate && c.lastUpdate.precision !== "unknown";
  return `${observed ? `Ended; last update observed ${describeDate(c.lastUpdate)}, not an announced end.` : "Ended, date not documented."} ${c.meaning}`;
}

function kindCells(chosen: Commitment[], sources: Map<string, Source>): { main: string[]; ceiling: string[]; statements: string[] } {
  const cell = (values: string[]) => (values.some((v) => v !== "") ? values.join(LIST_SEPARATOR) : "");
  const each = (pick: (c: Commitment) => string) => cell(chosen.map(pick));
  const cited = (c: Commitment) => c.sourceIds.flatMap((id) => sources.get(id) ?? []);
  return {
    main: [
      // An end the source says happened without a date is no dated end: both end cells stay empty (the meaning says so).
      each((c) => (c.ended ? "" : (c.end?.value ?? ""))),
      each((c) => (c.ended ? "" : (c.end?.precision ?? ""))),
      each((c) => c.minimum?.value ?? ""),
      each((c) => c.minimum?.precision ?? ""),
      each(describeCoverage),
      each(meaningOf),
      each((c) => c.evidenceLevel),
      cell(chosen.flatMap((c) => cited(c).map((s) => s.url))),
      cell(chosen.flatMap((c) => cited(c).map((s) => s.checked ?? ""))),
      each((c) => c.id),
    ],
    ceiling: [each((c) => c.ceiling?.value ?? ""), each((c) => c.ceiling?.precision ?? "")],
    statements: [
      each((c) => (c.ended ? "true" : "")),
      each((c) => c.lastUpdate?.value ?? ""),
      each((c) => c.lastUpdate?.precision ?? ""),
      each((c) => c.supportedOn ?? ""),
    ],
  };
}

/** The EU label cells of a row: class, index, page and declared years, several registrations joined. */
function euLabelCells(labels: ReturnType<typeof euLabels>): string[] {
  const cell = (pick: (eu: ReturnType<typeof euLabels>[number]["euLabel"]) => string) => labels.map((x) => pick(x.euLabel)).join(LIST_SEPARATOR);
  return [cell((eu) => eu.class), cell((eu) => String(eu.index)), cell((eu) => eu.url), cell((eu) => (eu.declaredMinimumSoftwareUpdateYears ?? "").toString())];
}

/**
 * The row maker for a site: each record's rows, in variant and region order,
 * every cell formula-neutralized. (Made once per build: the links and the
 * attribution are the same for every record.)
 */
export function datasetRows(site: Site): (r: DeviceRecord) => DatasetRow[] {
  const u = urls(site);
  const credit = attribution(site).text;
  return (r) => {
    const sources = new Map(r.evidence.sources.map((s) => [s.id, s]));
    // Rows of one record mostly choose the same commitments: their cells are made once per choice.
    const cellsOf = new Map<string, ReturnType<typeof kindCells>>();
    const cellsFor = (of: Commitment[], chosen: Commitment[]) => {
      const key = `${of === r.support.os ? "os" : "security"}:${chosen.map((c) => of.indexOf(c)).join(",")}`;
      let cells = cellsOf.get(key);
      if (!cells) cellsOf.set(key, (cells = kindCells(chosen, sources)));
      return cells;
    };
    const page = u.page(r.slug);
    const record = u.record(r.slug);
    const osVersions = (r.osVersions ?? []).map(osVersionWords).join(LIST_SEPARATOR);
    const recalls = recallSummary(r);
    const labels = euLabels(r);
    const rows: DatasetRow[] = [];
    for (const v of r.variants) {
      for (const region of rowRegions(r, v.model, v.regions)) {
        const caveats = r.caveats.filter((c) => caveatCovers(c.scope, v.model, region)).map((c) => `${c.text} [${describeScope(c.scope)}]`);
        const security = cellsFor(r.support.security, commitmentsFor(r.support.security, v.model, region));
        const os = cellsFor(r.support.os, commitmentsFor(r.support.os, v.model, region));
        const codes = (v.identifiers ?? []).filter((i) => region === "GLOBAL" || !i.regions || i.regions.includes(region));
        const row = [
          r.slug,
          r.name,
          r.manufacturer,
          v.model,
          region,
          v.note ?? "",
          ...security.main,
          ...os.main,
          caveats.join(LIST_SEPARATOR),
          page,
          record,
          credit,
          ...security.ceiling,
          ...os.ceiling,
          ...security.statements,
          ...os.statements,
          osVersions,
          codes.map((i) => `${i.value} (${i.kind}${i.regions ? `; ${i.regions.join(", ")}` : ""})`).join(LIST_SEPARATOR),
          ...euLabelCells(labels.filter((x) => !x.scope?.models || x.scope.models.includes(v.model))),
          recalls,
        ];
        rows.push(row.map(neutralizeFormula));
      }
    }
    return rows;
  };
}

/**
 * The support years of a record (spec rule 4): every year in which any OS or
 * security end, explicit dated minimum commitment, or one of the spec's "other
 * recorded support dates" falls: an announced ceiling, a last update observed
 * (for a device whose support ended on it, its support-ending year) and the
 * day a source listed support as continuing. Sorted.
 */
export function supportYears(r: DeviceRecord): number[] {
  const years = new Set<number>();
  for (const c of [...r.support.security, ...r.support.os]) {
    const listed = c.supportedOn ? { value: c.supportedOn, precision: "day" as const } : undefined;
    for (const d of [...DATED_FIELDS.map((field) => c[field]), listed]) {
      const y = yearOf(d);
      if (y !== null) years.add(y);
    }
  }
  return [...years].sort((a, b) => a - b);
}
