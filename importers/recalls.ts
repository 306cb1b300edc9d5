// The recall-review importer as one pure function: a curator's CSV of
// registry searches (one row per notice found, or one row for a search that
// found none; docs/recalls.md) in, each named record's evidence.recallReview
// and the report (data/import/recalls.md) out. Each review names its one
// registry, what was searched and the day; a notice carries only what the
// row gives (its number, date, hazard and remedy as a page shows them). A
// review already in a record (same registry and day) is never rewritten.
import { parse } from "csv-parse/sync";
import { formatProblem, validateFiles, type LoadedRecord, type RawFile } from "../generator/load/validate.ts";
import { PartialDate, type DeviceRecord, type Source } from "../generator/schema/record.ts";
import { recordText } from "../generator/schema/record.ts";
import { formatSourceProblem, type SourceProblem } from "./front-matter.ts";

/** The columns a curator's file has, in any order (docs/recalls.md). */
export const RECALL_COLUMNS = [
  "device_slug",
  "registry",
  "registry_url",
  "searched_on",
  "searched_maker",
  "searched_model",
  "searched_codes",
  "query",
  "result",
  "notice_title",
  "notice_url",
  "notice_date",
  "notice_number",
  "hazard",
  "remedy",
  "source_url",
  "source_title",
  "source_publisher",
  "note",
] as const;
type Row = Record<(typeof RECALL_COLUMNS)[number], string>;
type Review = DeviceRecord["evidence"]["recallReview"][number];

export interface RecallsInput {
  file: { path: string; text: string };
  catalog: LoadedRecord[];
}

export interface RecallsReport {
  reviews: {
    slug: string;
    registry: string;
    searchedOn: string;
    result: string;
    notices: number;
    status: "written" | "already recorded" | "differs from the record";
  }[];
}

/** A partial date as a row writes it: 2016, 2016-09 or 2016-09-15. */
function dateOf(text: string): PartialDate | null {
  const precision = /^\d{4}$/.test(text) ? "year" : /^\d{4}-\d{2}$/.test(text) ? "month" : /^\d{4}-\d{2}-\d{2}$/.test(text) ? "day" : null;
  if (!precision) return null;
  const parsed = PartialDate.safeParse({ value: text, precision });
  return parsed.success ? parsed.data : null;
}

/** A stable source id for a page: "recall-" and its host and path, dashed. */
export const sourceIdOf = (url: string) => {
  const u = new URL(url);
  return `recall-${`${u.hostname.replace(/^www\./, "")}${u.pathname}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "")}`;
};

/** Every problem as one line (the file's as file:line, a record's as file: field: message); nothing is written when there is any. */
export function runRecallsImport(input: RecallsInput): { problems: string[]; writes: { path: string; text: string }[]; report?: RecallsReport } {
  const { path: file, text } = input.file;
  const problems: SourceProblem[] = [];
  let parsed: { record: Row; info: { lines: number } }[];
  try {
    parsed = parse(text, { columns: true, info: true, bom: true, skip_empty_lines: true, trim: true });
  } catch (e) {
    return { problems: [formatSourceProblem({ file, line: (e as { lines?: number }).lines ?? 1, message: `not CSV: ${(e as Error).message}` })], writes: [] };
  }
  const header = parsed[0] ? Object.keys(parsed[0].record) : [];
  const missing = RECALL_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length) return { problems: [formatSourceProblem({ file, line: 1, message: `missing columns: ${missing.join(", ")}` })], writes: [] };

  const bySlug = new Map(input.catalog.map((l) => [l.record.slug, l]));
  // Reviews in the file, keyed by record, registry and day; notices gathered in row order.
  const reviews = new Map<string, { slug: string; review: Review; sources: Source[]; line: number }>();
  for (const { record: r, info } of parsed) {
    const at = (message: string) => problems.push({ file, line: info.lines, message });
    if (!bySlug.has(r.device_slug)) {
      at(`device_slug "${r.device_slug}" is no record in the catalog`);
      continue;
    }
    for (const c of ["registry", "registry_url", "searched_on", "searched_maker", "searched_model"] as const) if (!r[c]) at(`${c} is empty`);
    if (r.result !== "match" && r.result !== "no-match-on-date") at(`result "${r.result}" must be match or no-match-on-date`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(r.searched_on)) at(`searched_on "${r.searched_on}" is not a day (YYYY-MM-DD)`);
    const hasNotice = Boolean(r.notice_title || r.notice_url);
    if (r.result === "match" && !(r.notice_title && r.notice_url)) at("a match needs its notice_title and notice_url");
    if (r.result === "no-match-on-date" && hasNotice) at("a search that found nothing has no notice");
    const date = r.notice_date ? dateOf(r.notice_date) : undefined;
    if (date === null) at(`notice_date "${r.notice_date}" is not a year, month or day`);
    if (Boolean(r.source_url) !== Boolean(r.source_title && r.source_publisher)) at("a source needs its source_url, source_title and source_publisher");
    if (problems.length) continue;
    const key = `${r.device_slug}\u0000${r.registry}\u0000${r.searched_on}`;
    const sources: Source[] = r.source_url
      ? [{ id: sourceIdOf(r.source_url), url: r.source_url, publisher: r.source_publisher, title: r.source_title, checked: r.searched_on }]
      : [];
    let held = reviews.get(key);
    if (!held) {
      held = {
        slug: r.device_slug,
        line: info.lines,
        sources: [],
        review: {
          registry: r.registry,
          registryUrl: r.registry_url,
          searchedOn: r.searched_on,
          searched: { maker: r.searched_maker, model: r.searched_model, codes: r.searched_codes ? r.searched_codes.split(";").map((c) => c.trim()) : [] },
          ...(r.query ? { query: r.query } : {}),
          result: r.result as Review["result"],
          matches: [],
          sourceIds: [],
          ...(r.note ? { note: r.note } : {}),
        },
      };
      reviews.set(key, held);
    } else if (held.review.result !== r.result) at(`the same search (line ${held.line}) has another result`);
    if (hasNotice)
      held.review.matches.push({
        title: r.notice_title,
        url: r.notice_url,
        ...(date ? { date } : {}),
        ...(r.notice_number ? { number: r.notice_number } : {}),
        ...(r.hazard ? { hazard: r.hazard } : {}),
        ...(r.remedy ? { remedy: r.remedy } : {}),
      });
    for (const s of sources) {
      if (!held.sources.some((x) => x.id === s.id)) held.sources.push(s);
      if (!held.review.sourceIds.includes(s.id)) held.review.sourceIds.push(s.id);
    }
  }
  if (problems.length) return { problems: problems.map(formatSourceProblem), writes: [] };

  const changed = new Map<string, DeviceRecord>();
  const report: RecallsReport = { reviews: [] };
  for (const { slug, review, sources } of reviews.values()) {
    const record = changed.get(slug) ?? structuredClone(bySlug.get(slug)!.record);
    const line = { slug, registry: review.registry, searchedOn: review.searchedOn, result: review.result, notices: review.matches.length };
    const held = record.evidence.recallReview.find((x) => x.registry === review.registry && x.searchedOn === review.searchedOn);
    if (held) {
      report.reviews.push({ ...line, status: JSON.stringify(held) === JSON.stringify(review) ? "already recorded" : "differs from the record" });
      continue;
    }
    for (const s of sources) if (!record.evidence.sources.some((x) => x.id === s.id)) record.evidence.sources.push(s);
    record.evidence.recallReview.push(review);
    record.evidence.revisions.push({
      date: review.searchedOn,
      change: `Added the recall review of ${review.registry} of ${review.searchedOn} (${review.result === "match" ? `${review.matches.length} notice(s)` : "no match found"})`,
      reason: "Imported from a curator's registry search (npm run import -- recalls)",
    });
    changed.set(slug, record);
    report.reviews.push({ ...line, status: "written" });
  }

  const files: RawFile[] = input.catalog.map((l) => {
    const r = changed.get(l.record.slug) ?? l.record;
    return { file: l.file, slug: r.slug, text: recordText(r) };
  });
  const invalid = validateFiles(files).problems;
  if (invalid.length) return { problems: invalid.map(formatProblem), writes: [] };
  const writes = [...changed.values()].map((r) => ({ path: `devices/${r.slug}.json`, text: recordText(r) }));
  return { problems: [], writes, report };
}
