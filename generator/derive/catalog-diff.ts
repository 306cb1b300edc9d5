// What a change to the catalog does for readers, record by record: the
// verdict, each commitment's dates with their precision and its evidence
// level, identifiers, publication, and the pages and files that change with
// it. Computed from two catalogs with the same derive/ functions the build
// uses (npm run diff, and the pull-request workflow's comment).
import { API, PAGES, pathOf, type Resource } from "../contract/resources.ts";
import { latestRevisionDay } from "./catalog.ts";
import { supportYears } from "./dataset-rows.ts";
import { manufacturerSlug } from "./manufacturers.ts";
import { describeCoverage, verdictOf } from "./verdict.ts";
import type { Commitment, DeviceRecord, PartialDate } from "../schema/record.ts";

export interface FieldChange {
  what: string;
  before: string;
  after: string;
}

export interface RecordChange {
  /** The record's slug at HEAD (its base slug when it was removed). */
  slug: string;
  name: string;
  kind: "added" | "removed" | "changed" | "renamed";
  /** The base slug of a renamed record. */
  from?: string;
  changes: FieldChange[];
  /** Public paths whose content changes, sorted. */
  affected: string[];
}

const NONE = "none";

/** A date as the record states it: the value with its precision, so a precision change shows. */
const dateText = (d: PartialDate | undefined) => (!d ? NONE : d.precision === "unknown" ? "unknown" : `${d.value} (${d.precision})`);

const KINDS = { os: "OS updates", security: "Security updates" } as const;

/** A commitment's label: its kind, and its coverage when it does not cover every variant, with its id. */
const commitmentLabel = (kind: keyof typeof KINDS, c: Commitment) => {
  const coverage = describeCoverage(c);
  return `${KINDS[kind]}${coverage === "all variants" ? "" : ` (${coverage})`} [${c.id}]`;
};

/** What a reader sees of a record, as labelled lines (the same label on both sides compares). */
export function readerView(r: DeviceRecord, now: string): Map<string, string> {
  const v = new Map<string, string>();
  const state = r.publication.state;
  v.set("Publication", state === "withdrawn" ? `withdrawn on ${r.publication.withdrawnOn}: ${r.publication.reason}` : state);
  if (state === "published") {
    const verdict = verdictOf(r, now);
    v.set("Verdict", `${verdict.label} (${verdict.code})`);
  }
  v.set("Name", r.name);
  v.set("Manufacturer", r.manufacturer);
  v.set("Device type", r.deviceType);
  v.set("Released", dateText(r.released));
  v.set("Aliases", r.aliases.join(", ") || NONE);
  for (const kind of ["os", "security"] as const) {
    for (const c of r.support[kind]) {
      const label = commitmentLabel(kind, c);
      v.set(`${label}: end`, dateText(c.end));
      v.set(`${label}: minimum`, dateText(c.minimum));
      v.set(`${label}: ceiling`, dateText(c.ceiling));
      v.set(`${label}: evidence level`, c.evidenceLevel);
      v.set(`${label}: meaning`, c.meaning);
    }
  }
  for (const variant of r.variants) {
    v.set(`Variant ${variant.model}: regions`, variant.regions.join(", "));
    const ids = (variant.identifiers ?? []).map((i) => `${i.kind} ${i.value}${i.regions ? ` (${i.regions.join(", ")})` : ""}`).sort();
    v.set(`Variant ${variant.model}: identifiers`, ids.join("; ") || NONE);
  }
  v.set("Caveats", r.caveats.map((c) => c.text).join(" / ") || NONE);
  for (const s of r.evidence.sources) v.set(`Source ${s.id}`, s.url);
  v.set("Latest revision", r.evidence.revisions.length ? `${latestRevisionDay(r)}: ${r.evidence.revisions.at(-1)!.change}` : NONE);
  return v;
}

/** The public paths a record's content is in (its own resources while published, the catalog-wide ones it appears in). */
function pathsOf(r: DeviceRecord): string[] {
  const at = (res: Resource, params: Record<string, string>) => pathOf(res, params as never);
  const maker = manufacturerSlug(r.manufacturer);
  if (r.publication.state === "draft") return [];
  if (r.publication.state === "withdrawn") {
    return [at(PAGES.device, { device_slug: r.slug }), at(PAGES.withdrawal, { device_slug: r.slug }), at(API.record, { device_slug: r.slug }), API.feed.path];
  }
  return [
    at(PAGES.device, { device_slug: r.slug }),
    at(API.record, { device_slug: r.slug }),
    at(API.evidence, { device_slug: r.slug }),
    at(API.badge, { device_slug: r.slug }),
    at(API.shields, { device_slug: r.slug }),
    at(API.deviceCalendar, { device_slug: r.slug }),
    at(PAGES.manufacturer, { manufacturer: maker }),
    at(API.manufacturerCalendar, { manufacturer: maker }),
    at(API.manufacturerFeed, { manufacturer: maker }),
    API.list.path,
    API.dataset.path,
    API.devicesNdjson.path,
    API.datasetSqlite.path,
    ...supportYears(r).map((year) => at(API.datasetYear, { year: String(year) })),
    API.feed.path,
    API.supportCalendar.path,
    PAGES.browse.path,
    PAGES.home.path,
  ];
}

/**
 * The reader-visible changes from `base` to `head` (records as loaded),
 * sorted by slug. A base slug that a head record lists in formerSlugs is a
 * rename, not a removal and an addition. Records whose view and paths are
 * the same on both sides are left out.
 */
export function catalogDiff(base: DeviceRecord[], head: DeviceRecord[], now: string): RecordChange[] {
  const before = new Map(base.map((r) => [r.slug, r]));
  const after = new Map(head.map((r) => [r.slug, r]));
  const renamedFrom = new Map<string, string>();
  for (const r of head) for (const old of r.formerSlugs) if (before.has(old) && !after.has(old) && !before.has(r.slug)) renamedFrom.set(r.slug, old);
  const consumed = new Set(renamedFrom.values());
  const out: RecordChange[] = [];
  for (const r of head) {
    const from = renamedFrom.get(r.slug);
    const old = before.get(r.slug) ?? (from ? before.get(from) : undefined);
    const viewAfter = readerView(r, now);
    const viewBefore = old ? readerView(old, now) : new Map<string, string>();
    const changes = [...new Set([...viewBefore.keys(), ...viewAfter.keys()])]
      .filter((k) => viewBefore.get(k) !== viewAfter.get(k))
      .map((what) => ({ what, before: viewBefore.get(what) ?? NONE, after: viewAfter.get(what) ?? NONE }));
    if (old && !from && !changes.length) continue;
    const affected = [...new Set([...(old ? pathsOf(old) : []), ...pathsOf(r)])].sort();
    out.push({ slug: r.slug, name: r.name, kind: !old ? "added" : from ? "renamed" : "changed", ...(from ? { from } : {}), changes, affected });
  }
  for (const r of base) {
    if (after.has(r.slug) || consumed.has(r.slug)) continue;
    // A deleted file: its pages stop answering (a published record should be withdrawn instead, which keeps its address).
    const view = readerView(r, now);
    const shown = ["Publication", "Verdict"].filter((k) => view.has(k));
    out.push({
      slug: r.slug,
      name: r.name,
      kind: "removed",
      changes: shown.map((what) => ({ what, before: view.get(what)!, after: "file deleted" })),
      affected: pathsOf(r).sort(),
    });
  }
  return out.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}

/** Record text in a Markdown table cell: no cell break, no line break, no HTML. */
const cell = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\|/g, "\\|")
    .replace(/[\r\n]+/g, " ")
    .replace(/`/g, "\\`");

/**
 * The summary as Markdown: what the command prints and the pull request's
 * comment says. Past `maxChars` (a comment's limit) the records that do not
 * fit are counted instead of shown.
 */
export function changeSummary(changes: RecordChange[], labels: { base: string; head: string; now: string }, maxChars = Number.POSITIVE_INFINITY): string {
  const lines = [`## What readers will see change: ${cell(labels.base)} → ${cell(labels.head)}`, "", `Verdicts as of ${labels.now}.`, ""];
  if (!changes.length) return [...lines, "No record changes anything readers see.", ""].join("\n");
  const count = (kind: RecordChange["kind"]) => changes.filter((c) => c.kind === kind).length;
  const counts = (["added", "changed", "renamed", "removed"] as const).filter((k) => count(k)).map((k) => `${count(k)} ${k}`);
  lines.push(`${changes.length} record${changes.length === 1 ? "" : "s"}: ${counts.join(", ")}.`, "");
  let length = lines.join("\n").length;
  for (const [i, c] of changes.entries()) {
    const block: string[] = [];
    const title = c.kind === "renamed" ? `${cell(c.name)} (\`${c.from}\` → \`${c.slug}\`)` : `${cell(c.name)} (\`${c.slug}\`)`;
    block.push(`### ${title}: ${c.kind}`, "");
    if (c.changes.length) {
      block.push("| What | Before | After |", "| --- | --- | --- |");
      for (const f of c.changes) block.push(`| ${cell(f.what)} | ${cell(f.before)} | ${cell(f.after)} |`);
      block.push("");
    }
    block.push(`Pages and files: ${c.affected.map((p) => `\`${p}\``).join(", ")}`, "");
    const more = `…and ${changes.length - i} more record${changes.length - i === 1 ? "" : "s"}: run \`npm run diff -- ${labels.base} ${labels.head}\` for all of them.\n`;
    length += block.join("\n").length + 1;
    if (length + more.length > maxChars) return [...lines, more].join("\n");
    lines.push(...block);
  }
  return lines.join("\n");
}
