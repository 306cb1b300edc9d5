// The SQLite dump's schema and rows (/api/v1/dataset.sqlite, docs/dumps.md):
// one table per kind of fact, each a pure function of a record, the site and
// the day. The values come from the same builders as the JSON bodies
// (derive/documents.ts), so a verdict, a status or a statement reads the same
// in every output. A date keeps its value and precision as the source gives
// them; its first and last day are the period it can mean (derive/dates.ts),
// never a day chosen within it. Lists that have no table of their own are JSON
// arrays (SQLite's json_each reads them; Datasette shows them as lists).
import { DATED_FIELDS, type Commitment, type DeviceRecord, type PartialDate, type Scope } from "../schema/record.ts";
import { identifierKey } from "../contract/identifiers.ts";
import { periodOf } from "./dates.ts";
import { deviceSummary, evidenceDocument } from "./documents.ts";
import type { EvidenceDocument } from "../schema/responses.ts";
import { attribution, urls, type Site } from "./site.ts";
import { LICENSE } from "../contract/license.ts";
import { describeScope, commitmentStatus } from "./verdict.ts";
import { manufacturerSlug } from "./manufacturers.ts";
import { recallSummary } from "./evidence-words.ts";

export type SqlValue = string | number | null;

export interface Column {
  name: string;
  type: "TEXT" | "INTEGER" | "REAL";
  /** Never NULL. */
  required?: boolean;
  description: string;
}

export interface Table {
  name: string;
  description: string;
  columns: Column[];
  primaryKey: string[];
  /** Each an index over these columns, named <table>_by_<columns>. */
  indexes: string[][];
  /** Rows of one record, in the columns' order. */
  rows(r: DeviceRecord, site: Site): SqlValue[][];
}

const text = (name: string, description: string, required = false): Column => ({ name, type: "TEXT", required, description });
const int = (name: string, description: string, required = false): Column => ({ name, type: "INTEGER", required, description });
const real = (name: string, description: string, required = false): Column => ({ name, type: "REAL", required, description });
const slugColumn = text("device_slug", "The record's slug (devices.slug).", true);
const indexColumn = (name: string, of: string) => int(name, `Position in the record's ${of} list, from 0 (the JSON path's index).`, true);

const json = (list: readonly unknown[] | undefined): string | null => (list === undefined ? null : JSON.stringify(list));
const flag = (b: boolean | undefined): number => (b ? 1 : 0);

const DATE_WORDS: Record<(typeof DATED_FIELDS)[number], string> = {
  end: "The documented end of support",
  minimum: 'An explicit dated minimum commitment ("at least until"), never an end',
  ceiling: 'An announced ceiling ("up to"), neither an end nor a commitment',
  lastUpdate: "The last update observed, not an announced end",
};
const SNAKE: Record<(typeof DATED_FIELDS)[number], string> = { end: "end", minimum: "minimum", ceiling: "ceiling", lastUpdate: "last_update" };

/** value, precision, first_day, last_day of one partial date. */
function dateColumns(prefix: string, what: string): Column[] {
  return [
    text(`${prefix}`, `${what}, as precise as its source: 2030-10-15, 2030-10, 2030-Q4 or 2030; NULL when absent or unknown.`),
    text(`${prefix}_precision`, "day, month, quarter, year or unknown; NULL when there is no such statement."),
    text(`${prefix}_first_day`, "The first day of the period the date can mean (YYYY-MM-DD); NULL when absent or unknown."),
    text(`${prefix}_last_day`, 'The last day of the period the date can mean (YYYY-MM-DD); compare with this for "ended by"; NULL when absent or unknown.'),
  ];
}
function dateValues(d: PartialDate | undefined): SqlValue[] {
  const period = d ? periodOf(d) : null;
  return [d?.value ?? null, d?.precision ?? null, period?.first ?? null, period?.last ?? null];
}

const scopeColumns = (of: string): Column[] => [
  text("scope", `The ${of}'s scope in words ("all variants", "models …; regions …").`, true),
  text("scope_models", "JSON array of the model identifiers covered; NULL means every variant."),
  text("scope_regions", "JSON array of the markets covered; NULL means every market the device is sold in."),
  text("scope_carriers", "JSON array of the carriers covered; NULL means not carrier-specific."),
];
const scopeValues = (s: Scope): SqlValue[] => [describeScope(s), json(s.models), json(s.regions), json(s.carriers)];

/**
 * The evidence document of the record last asked for: two tables read it, and
 * the dump asks for a record's tables one after the other, so it is built once
 * per record without holding the catalog's.
 */
let lastEvidence: { r: DeviceRecord; site: Site; doc: EvidenceDocument } | undefined;
function evidenceOf(r: DeviceRecord, site: Site): EvidenceDocument {
  if (lastEvidence?.r !== r || lastEvidence.site !== site) lastEvidence = { r, site, doc: evidenceDocument(r, site) };
  return lastEvidence.doc;
}

const KINDS = ["os", "security"] as const;
const commitmentsOf = (r: DeviceRecord) => KINDS.flatMap((kind) => r.support[kind].map((c, i): [typeof kind, Commitment, number] => [kind, c, i]));

export const SQLITE_TABLES: Table[] = [
  {
    name: "devices",
    description: "One row per published record: its names, its current verdict and its links.",
    columns: [
      text("slug", "The record's path identifier, as in /api/v1/devices/{slug}.", true),
      text("name", "Display name.", true),
      text("manufacturer", "Manufacturer, as the record writes it.", true),
      text("manufacturer_slug", "The manufacturer's slug (its pages, calendar and feed).", true),
      text("device_type", "phone, tablet, laptop, chromebook, wearable or other.", true),
      text("released", "First availability, as precise as its source.", false),
      text("released_precision", "day, month, quarter, year or unknown.", true),
      text("aliases", "JSON array of other names people search for.", true),
      text("verdict_code", "The lifecycle verdict's code on the dump's day (docs/API.md#verdicts).", true),
      text("verdict_label", "The verdict's precise short statement: each date's kind and precision (the badge says verdict_headline).", true),
      text("verdict_reason", "Why: which commitments and sources the verdict rests on.", true),
      text("verdict_valid_from", "The first day the verdict holds, when known."),
      text("verdict_valid_until", "The last day the verdict holds before it changes by the calendar alone, when known."),
      text("os_status", "The OS commitments' status together (commitments.status, or varies).", true),
      text("security_status", "The security commitments' status together (commitments.status, or varies).", true),
      text("updated", "The day the record's published data last changed.", true),
      text("page_url", "The canonical device page: link each reused fact here (dataset license).", true),
      text("record_url", "The record in the JSON API.", true),
      text("evidence_url", "The record's evidence in the JSON API.", true),
      text("recall_review", 'The recall review in one line: each search\'s statement, or "Recall review: not performed."; never "no recall".', true),
      text("verdict_headline", "The verdict in plain words, as the badge, the device page and the fleet check say it.", true),
    ],
    primaryKey: ["slug"],
    indexes: [["manufacturer_slug"], ["verdict_code"], ["device_type"], ["name"]],
    rows(r, site) {
      const d = deviceSummary(r, site);
      return [
        [
          d.slug,
          d.name,
          d.manufacturer,
          manufacturerSlug(d.manufacturer),
          d.deviceType,
          d.released.value ?? null,
          d.released.precision,
          JSON.stringify(d.aliases),
          d.verdict.code,
          d.verdict.label,
          d.verdict.reason,
          d.verdict.validFrom,
          d.verdict.validUntil,
          d.verdict.osStatus,
          d.verdict.securityStatus,
          d.updated,
          d.links.page,
          d.links.self,
          d.links.evidence,
          recallSummary(r),
          d.verdict.headline,
        ],
      ];
    },
  },
  {
    name: "former_slugs",
    description: "Slugs a record was published under before; their paths answer 301 to the current slug.",
    columns: [text("former_slug", "The earlier slug.", true), slugColumn],
    primaryKey: ["former_slug"],
    indexes: [["device_slug"]],
    rows: (r) => r.formerSlugs.map((s) => [s, r.slug]),
  },
  {
    name: "variants",
    description: "The models a record covers, each with its markets.",
    columns: [
      slugColumn,
      indexColumn("variant_index", "variants"),
      text("model", "The variant's name as the manufacturer writes it.", true),
      text("regions", 'JSON array of the markets it is sold in (ISO 3166-1 alpha-2, "EU", "EEA", "GLOBAL"); one row each in variant_regions.', true),
      text("note", "The record's note on this variant."),
    ],
    primaryKey: ["device_slug", "variant_index"],
    indexes: [["model"]],
    rows: (r) => r.variants.map((v, i) => [r.slug, i, v.model, JSON.stringify(v.regions), v.note ?? null]),
  },
  {
    name: "variant_regions",
    description: "One row per variant and market, to select the models sold in a market.",
    columns: [slugColumn, indexColumn("variant_index", "variants"), text("region", "One market the variant is sold in.", true)],
    primaryKey: ["device_slug", "variant_index", "region"],
    indexes: [["region"]],
    rows: (r) => r.variants.flatMap((v, i) => v.regions.map((region) => [r.slug, i, region])),
  },
  {
    name: "identifiers",
    description: "Model codes a fleet's tools report (model numbers, hardware identifiers, codenames, SKUs, boards), each with its variant and source.",
    columns: [
      slugColumn,
      indexColumn("variant_index", "variants"),
      indexColumn("identifier_index", "variants[].identifiers"),
      text("model", "The variant's model (variants.model).", true),
      text("kind", "model-number, hardware-identifier, codename, sku or board.", true),
      text("value", "The code exactly as the source writes it.", true),
      text(
        "lookup_key",
        "The code as the API compares it: letters, digits and commas, upper case (SM-A525F → SMA525F). Match a fleet's code on this, as /api/v1/identifiers/{code} does.",
        true,
      ),
      text("source_id", "The source that ties the code to the variant (sources.source_id).", true),
      text("regions", "JSON array of the markets the source ties the code to; NULL when it names none."),
      int("shared", "1 when the source itself gives this code to more than one device, else 0.", true),
    ],
    primaryKey: ["device_slug", "variant_index", "identifier_index"],
    indexes: [["lookup_key"], ["value"]],
    rows: (r) =>
      r.variants.flatMap((v, vi) =>
        (v.identifiers ?? []).map((id, ii) => [
          r.slug,
          vi,
          ii,
          v.model,
          id.kind,
          id.value,
          identifierKey(id.value),
          id.sourceId,
          json(id.regions),
          flag(id.shared),
        ]),
      ),
  },
  {
    name: "commitments",
    description:
      "OS-update and security-update commitments, kept separate (kind), each with its scope, its dated statements (end, minimum, ceiling, last update: four different facts, never converted into one another), its evidence level and its status on the dump's day.",
    columns: [
      slugColumn,
      text("kind", "os or security.", true),
      text("commitment_id", "The commitment's id, stable within the record (calendar UIDs use it).", true),
      indexColumn("commitment_index", "support.os or support.security"),
      text("component", "The part of the software covered when the source dates parts separately; NULL means the whole device."),
      ...scopeColumns("commitment"),
      ...DATED_FIELDS.flatMap((f) => dateColumns(SNAKE[f], DATE_WORDS[f])),
      int("ended", "1 when the source says this support has ended (with or without a date), else 0.", true),
      text("supported_on", "The day the source last listed this support as continuing."),
      text("meaning", "What the dates mean in the source's own terms.", true),
      text("evidence_level", "manufacturer-dated, manufacturer-policy, regulatory-statement, third-party or unverified.", true),
      text("status", "The commitment's status on the dump's day (docs/API.md#commitment-statuses).", true),
    ],
    primaryKey: ["device_slug", "kind", "commitment_id"],
    indexes: [["kind", "end_last_day"], ["status"], ["evidence_level"]],
    rows: (r, site) =>
      commitmentsOf(r).map(([kind, c, i]) => [
        r.slug,
        kind,
        c.id,
        i,
        c.component ?? null,
        ...scopeValues(c.scope),
        ...DATED_FIELDS.flatMap((f) => dateValues(c[f])),
        flag(c.ended),
        c.supportedOn ?? null,
        c.meaning,
        c.evidenceLevel,
        commitmentStatus(c, site.now),
      ]),
  },
  {
    name: "commitment_sources",
    description: "Which sources each commitment rests on.",
    columns: [
      slugColumn,
      text("kind", "os or security.", true),
      text("commitment_id", "commitments.commitment_id.", true),
      text("source_id", "sources.source_id.", true),
    ],
    primaryKey: ["device_slug", "kind", "commitment_id", "source_id"],
    indexes: [["device_slug", "source_id"]],
    rows: (r) => commitmentsOf(r).flatMap(([kind, c]) => c.sourceIds.map((s) => [r.slug, kind, c.id, s])),
  },
  {
    name: "sources",
    description: "The pages each record's facts rest on: links only, their content is never copied.",
    columns: [
      slugColumn,
      text("source_id", "The source's id within the record.", true),
      text("url", "The page (http or https).", true),
      text("publisher", "Who publishes it.", true),
      text("title", "Its title.", true),
      text("checked", "The day a curator last confirmed it says what the record claims; NULL for a page only cited by another source."),
      text("cited_by", "For a page not read here: the source that cites it (sources.source_id)."),
    ],
    primaryKey: ["device_slug", "source_id"],
    indexes: [["url"]],
    rows: (r) => r.evidence.sources.map((s) => [r.slug, s.id, s.url, s.publisher, s.title, s.checked ?? null, s.citedBy ?? null]),
  },
  {
    name: "caveats",
    description: "Region-, model- or carrier-specific differences, as the record states them.",
    columns: [
      slugColumn,
      indexColumn("caveat_index", "caveats"),
      text("text", "What differs for this scope, in plain words.", true),
      ...scopeColumns("caveat"),
      text("source_ids", "JSON array of the caveat's sources (sources.source_id).", true),
    ],
    primaryKey: ["device_slug", "caveat_index"],
    indexes: [],
    rows: (r) => r.caveats.map((c, i) => [r.slug, i, c.text, ...scopeValues(c.scope), JSON.stringify(c.sourceIds)]),
  },
  {
    name: "os_versions",
    description: "The operating system a device runs: the first and the last major version, each range with its sources.",
    columns: [
      slugColumn,
      indexColumn("range_index", "osVersions"),
      text("os", "The operating system.", true),
      text("first", "The version the device shipped with.", true),
      text("last", "The last major version it runs; NULL when the source gives none."),
      text("source_ids", "JSON array of the range's sources (sources.source_id).", true),
    ],
    primaryKey: ["device_slug", "range_index"],
    indexes: [["os"]],
    rows: (r) => (r.osVersions ?? []).map((o, i) => [r.slug, i, o.os, o.first, o.last ?? null, JSON.stringify(o.sourceIds)]),
  },
  {
    name: "recall_reviews",
    description:
      'Searches of recall registries, one registry and one day each. A dated non-match is not proof that no recall exists; a record with no row here had no review performed ("not performed", devices.recall_review).',
    columns: [
      slugColumn,
      indexColumn("review_index", "evidence.recallReview"),
      text("registry", "The one registry searched.", true),
      text("registry_url", "The registry's address.", true),
      text("searched_on", "The day of the search.", true),
      text("query", "The exact text typed into the registry's search; NULL when none was typed."),
      text("result", "no-match-on-date or match.", true),
      text("statement", "What the result says, in words that keep its limits.", true),
      text("matches", "JSON array of the matching notices (title, url, date, number, hazard, remedy).", true),
      text("note", "The curator's note."),
      text("searched_maker", "The maker searched for.", true),
      text("searched_model", "The model name searched for.", true),
      text("searched_codes", "JSON array of the model codes searched for.", true),
      text("source_ids", "JSON array of the sources the review rests on (sources.source_id).", true),
    ],
    primaryKey: ["device_slug", "review_index"],
    indexes: [],
    rows: (r, site) =>
      evidenceOf(r, site).recallReview.map((rr, i) => [
        r.slug,
        i,
        rr.registry,
        rr.registryUrl,
        rr.searchedOn,
        rr.query ?? null,
        rr.result,
        rr.statement,
        JSON.stringify(rr.matches),
        rr.note ?? null,
        rr.searched.maker,
        rr.searched.model,
        JSON.stringify(rr.searched.codes),
        JSON.stringify(rr.sourceIds),
      ]),
  },
  {
    name: "repairability",
    description: "Repairability scores, as each scheme writes them; for the EU energy label, the registration's values as the supplier declared them.",
    columns: [
      slugColumn,
      indexColumn("score_index", "evidence.repairability"),
      text("scheme", "The scheme.", true),
      text("score", "The score as the scheme writes it.", true),
      text("source_id", "sources.source_id.", true),
      text("checked", "The day the value was read from the source.", true),
      text("scope_models", "JSON array of the variants the score covers; NULL means the whole device."),
      int("eu_registration", "The EPREL registration number; NULL for other schemes."),
      text("eu_url", "The registration's public EPREL page."),
      text("eu_model_identifier", "The model identifier the supplier registered."),
      text("eu_class", "The EU repairability class, A (best) to E, as registered."),
      real("eu_index", "The EU repairability index, 0 to 5, as registered (never France's 0–10 index)."),
      text("eu_sub_scores", "JSON object of the five parameters of the index, each as registered."),
      int("eu_battery_cycles", "Battery endurance in full charge cycles, as registered."),
      text("eu_first_on_market", "The day the supplier declared the model was first placed on the EU market."),
      int(
        "eu_declared_min_software_years",
        "The supplier's declared minimum years of software updates, counted from the end of placement on the EU market (a day not known here): never a date.",
      ),
    ],
    primaryKey: ["device_slug", "score_index"],
    indexes: [["eu_class"]],
    rows: (r) =>
      r.evidence.repairability.map((x, i) => {
        const eu = x.euLabel;
        return [
          r.slug,
          i,
          x.scheme,
          x.score,
          x.sourceId,
          x.checked,
          json(x.scope?.models),
          eu?.registration ?? null,
          eu?.url ?? null,
          eu?.modelIdentifier ?? null,
          eu?.class ?? null,
          eu?.index ?? null,
          eu?.subScores ? JSON.stringify(eu.subScores) : null,
          eu?.batteryEnduranceCycles ?? null,
          eu?.firstOnMarket ?? null,
          eu?.declaredMinimumSoftwareUpdateYears ?? null,
        ];
      }),
  },
  {
    name: "revisions",
    description: "Each record's change log, newest first.",
    columns: [
      slugColumn,
      indexColumn("revision_index", "evidence revisions (newest first)"),
      text("date", "The day of the change.", true),
      text("change", "What changed.", true),
      text("reason", "Why it changed.", true),
    ],
    primaryKey: ["device_slug", "revision_index"],
    indexes: [["date"]],
    rows: (r, site) => evidenceOf(r, site).revisions.map((v, i) => [r.slug, i, v.date, v.change, v.reason]),
  },
];

/** The one table not per record: what the file is and the terms of its reuse. */
export const ABOUT_TABLE: Omit<Table, "rows"> = {
  name: "about",
  description:
    "The dump itself: its license, the attribution reuse requires, its record count and its documentation. No build day: the same data give the same bytes (verdict_valid_from and verdict_valid_until bound the day a verdict is for).",
  columns: [text("key", "What the row says.", true), text("value", "Its value.", true)],
  primaryKey: ["key"],
  indexes: [],
};

export function aboutRows(site: Site, published: number): [string, string][] {
  const credit = attribution(site);
  return [
    ["attribution", credit.text],
    ["attribution_requirements", credit.requirements],
    ["license", `${LICENSE.name}, version ${LICENSE.version}, effective ${LICENSE.effective}`],
    ["license_url", urls(site).license()],
    ["records", String(published)],
    ["documentation", urls(site).doc("dumps")],
  ];
}
