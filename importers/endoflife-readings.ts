// What a release says once the file's mapping is applied: the device's
// identity (name, slug, manufacturer, type) and, per mapped column, one
// statement: a dated end, minimum, ceiling or observed last update with its
// precision, an estimate (no date recorded, only the status it implies), or a
// status without a date. For Apple's files the statements come from the OS
// cycles instead (endoflife-os.ts). Pure.
import type { OsVersions, PartialDate } from "../generator/schema/record.ts";
import type { Cell, ProductFile, Release } from "./endoflife-releases.ts";
import type { CitedPage, ColumnMapping, Condition, DeviceType, ProductMapping, Rule, RulePrecision } from "./endoflife-mapping.ts";
import { PERIOD_WORDS, phrasing, phrasingIn, type PhrasingId } from "./endoflife-phrasing.ts";
import { CONFIRMATION_DAYS } from "../generator/contract/verdicts.ts";
import { cycleSupport, newestCycle, nextCycle, spokenDate, versionRange, type OsFile } from "./endoflife-os.ts";
import type { ReleaseDataEntry } from "./endoflife-release-data.ts";
import { addDays, describeDate, periodOf } from "../generator/derive/dates.ts";
import { fileUrl, SOURCES } from "./sources.ts";

export interface Statement {
  column: "eoas" | "eol";
  support: "os" | "security";
  component?: string;
  /**
   * dated: an end, minimum, ceiling or observed last update (which says support ended); estimate: a
   * reckoning, no date recorded, only the status it implies; supported / ended: no date either way.
   */
  status: "dated" | "estimate" | "supported" | "ended";
  kind?: "end" | "minimum" | "ceiling" | "lastUpdate";
  /** The date read (dated), or the date estimated (estimate: shown in the report, never recorded). */
  date?: PartialDate;
  /** An estimate's status on the snapshot's day: ended once its period is over, continuing before. */
  implies?: "ended" | "supported";
  /**
   * Whether an estimate still ahead is recorded as a listing (continuing on
   * the snapshot's day): only when it lies beyond the days that listing stays
   * current, so the listing never outlives the estimate. An estimate is never
   * recorded as ended.
   */
  listing?: boolean;
  /** The latest update observed while support continues (Apple's OS cycles). */
  lastUpdate?: PartialDate;
  /** The phrasing (endoflife-phrasing.ts) that decided the kind. */
  phrase?: PhrasingId;
  meaning: string;
  /** Pages the statement rests on besides the endoflife.date file (cited, not read, unless the page has a checked day). */
  pages: CitedPage[];
  cell: Cell<string | boolean>;
  /** Position of the rule applied in the column's rules (0-based); absent for true/false and OS cycles. */
  rule?: number;
}

/** What a reading needs besides the file: the snapshot and, for Apple's files, the OS cycles. */
export interface ReadingContext {
  commit: string;
  commitDate: string;
  /** The day the files were read here (the `checked` of the pages cited). */
  checked: string;
  /** os/<name> → its cycles. */
  osFiles: Map<string, OsFile>;
}

export interface ReleaseReading {
  product: ProductFile;
  release: Release;
  name: string;
  slug: string;
  /** The variant model: the product as the file labels it. */
  model: string;
  manufacturer: string;
  deviceType: DeviceType;
  released: PartialDate;
  osVersions?: Omit<OsVersions, "sourceIds">[];
  os?: Statement;
  security?: Statement;
  /** For Apple's files: what the file's own eol column says, compared with the OS cycle in the sanity report. */
  column?: Statement;
  /** For Apple's files: the OS cycle the device's support follows, as os/<file> and its cycle. */
  osCycle?: { file: string; cycle: string };
  /** Where endoflife.date's newer release-data changed the statement: the product file's statement it replaced, and that file. */
  newer?: { replaced?: Statement; file: string; commit: string };
}

/** A statement in a few words, as the reports and revision entries give it. */
export function statementSummary(s: Statement | undefined): string {
  if (!s) return "not in file";
  switch (s.status) {
    case "dated":
      return s.kind === "lastUpdate" ? `ended, last update ${describeDate(s.date)}` : `${s.kind} ${describeDate(s.date)}`;
    case "estimate":
      return `${s.implies === "ended" ? "ended" : "continuing"}, no date (estimate ${describeDate(s.date)})`;
    case "supported":
      return "continuing, no date";
    case "ended":
      return "ended, no date";
  }
}

export interface ReleaseDataContext {
  /** releases/<name> at its commit, as cited. */
  url: string;
  file: string;
  commit: string;
  commitDate: string;
  checked: string;
}

/**
 * The reading with the release-data's newer `eol` where it differs from the
 * product file's, read by the same column rules (the scraped value carries no
 * comment) and citing the release-data file too.
 */
export function withReleaseData(reading: ReleaseReading, entry: ReleaseDataEntry, rd: ReleaseDataContext): ReleaseReading {
  const m = reading.product.mapping;
  if (!m.eol || m.osCycles || reading.release.eol?.value === entry.eol) return reading;
  const release = { ...reading.release, eol: { value: entry.eol, line: entry.line, comment: "" } };
  const s = statementOf("eol", m, m.eol, release, rd.commitDate, reading.name);
  if (!s) return reading;
  const page: CitedPage = {
    id: "endoflife-release-data",
    url: rd.url,
    publisher: "endoflife.date",
    title: `release-data ${rd.file} at commit ${rd.commit.slice(0, 7)} (${rd.commitDate})`,
    checked: rd.checked,
  };
  const statement = { ...s, pages: [page, ...s.pages], meaning: `${s.meaning} (from endoflife.date's release-data, newer than the product file)` };
  return { ...reading, [m.eol.support]: statement, newer: { replaced: reading[m.eol.support], file: rd.file, commit: rd.commit } };
}

/** "Pixel 9" under "Google" → "Google Pixel 9"; "Nokia G42 5G" under "Nokia" stays as it is. */
function joinWords(prefix: string | undefined, words: string): string {
  if (!prefix) return words;
  return words.toLowerCase() === prefix.toLowerCase() || words.toLowerCase().startsWith(`${prefix.toLowerCase()} `) ? words : `${prefix} ${words}`;
}

/** A slug from a display name: "+" and "&" keep their meaning ("S22+" is not "S22"), accents go, the rest joins with hyphens. */
export function slugOf(name: string): string {
  return name
    .replaceAll("+", " plus ")
    .replaceAll("&", " and ")
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

const BUILD = /\b[A-Z0-9]{4}\.\d{6}\.\d{3}(?:\.[A-Z0-9]+)?\b/;

const lastDayOfMonth = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).getUTCDate();

function wholeYears(from: string, to: string): number {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) < from.slice(5) ? years - 1 : years;
}

function matches(when: Condition | undefined, day: string, cell: Cell<string | boolean>, released: string, commitDate: string, name: string): boolean {
  if (!when) return true;
  if (when.name && !when.name.test(name)) return false;
  if (when.comment && !when.comment.test(cell.comment)) return false;
  if (when.time === "past" && day > commitDate) return false;
  if (when.time === "future" && day <= commitDate) return false;
  switch (when.day) {
    case "first":
      return day.endsWith("-01");
    case "last":
      return Number(day.slice(8)) === lastDayOfMonth(day);
    case "anniversary":
      return day.slice(5) === released.slice(5) && day > released;
    default:
      return true;
  }
}

function partial(day: string, precision: RulePrecision): PartialDate {
  const length = { day: 10, month: 7, year: 4 }[precision];
  return { value: day.slice(0, length), precision };
}

export { spokenDate } from "./endoflife-os.ts";

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Links inside a comment, with a closing parenthesis that only wraps the link left out. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s"']+/g)].map(([url]) => {
    let u = url.replace(/[.,;]+$/, "");
    while (u.endsWith(")") && (u.match(/\(/g)?.length ?? 0) < (u.match(/\)/g)?.length ?? 0)) u = u.slice(0, -1);
    return u;
  });
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname;
  } catch {
    return undefined;
  }
}

function pagesFor(rule: Rule, mapping: ProductMapping, release: Release, cell: Cell<string | boolean>): CitedPage[] {
  const fromHost = (url: string): CitedPage | undefined => {
    const host = mapping.citedHosts.find((h) => h.host === hostOf(url));
    return host && { id: host.id, url, publisher: host.publisher, title: `${host.name}: page endoflife.date cites for this model (not read here)` };
  };
  const out: CitedPage[] = [];
  for (const ref of rule.pages) {
    if (ref === "release-link") {
      const link = release.link?.value;
      const page = typeof link === "string" ? fromHost(link) : undefined;
      if (page) out.push(page);
    } else if (ref === "comment-links") {
      for (const url of linksIn(cell.comment)) {
        const page = fromHost(url);
        if (page) out.push(page);
      }
    } else {
      const page = mapping.pages.find((p) => p.id === ref);
      if (!page) throw new Error(`${mapping.file}: rule names page "${ref}", which the entry does not list`);
      out.push(page);
    }
  }
  return out.filter((p, i) => out.findIndex((q) => q.url === p.url) === i);
}

function statementOf(
  column: "eoas" | "eol",
  mapping: ProductMapping,
  columnMapping: ColumnMapping,
  release: Release,
  commitDate: string,
  name: string,
): Statement | undefined {
  const cell = release[column];
  if (!cell) return undefined;
  const base = { column, support: columnMapping.support, component: columnMapping.component, cell };
  const subject = columnMapping.subject;
  const continuing = `Continuing on ${spokenDate({ value: commitDate, precision: "day" })}`;
  if (cell.value === false)
    return { ...base, status: "supported", pages: [], meaning: `${continuing}: endoflife.date lists ${subject} as continuing, with no end date` };
  if (cell.value === true)
    return { ...base, status: "ended", pages: [], meaning: `Ended, date not documented: endoflife.date marks ${subject} as ended without a date` };
  const day = cell.value;
  const released = release.releaseDate.value;
  const index = columnMapping.rules.findIndex((r) => matches(r.when, day, cell, released, commitDate, name));
  const rule = columnMapping.rules[index];
  if (!rule) throw new Error(`${mapping.file}: the ${column} rules end with a condition, so ${day} has no reading`);
  // The same words mean the same kind in every file: a plain rule yields to the words of the value's own comment.
  let phrase = rule.phrase === "listed-end" ? (phrasingIn(cell.comment) ?? phrasing(rule.phrase)) : phrasing(rule.phrase);
  // A promised period's words beside a past day the file records as the end of support: the day support ended stands.
  if (phrase.id === "period-promise" && day <= commitDate) phrase = phrasing(rule.phrase);
  // Launch plus N years is the manufacturer's promised period only where the comment words the period, and only ahead. A
  // bare date is endoflife.date's own arithmetic (samsung-mobile.md: "most … dates are approximate to the year"), and a
  // past one is what the file reads as the end: neither names a promise.
  if (phrase.id === "launch-arithmetic" && PERIOD_WORDS.test(cell.comment) && day > commitDate) phrase = phrasing("period-promise");
  const promise = phrase.id === "period-promise";
  // A promise's date is no more precise than the launch it is counted from.
  const launch = releasedOf(release.releaseDate).precision as RulePrecision;
  const order: RulePrecision[] = ["day", "month", "year"];
  const date = partial(day, promise && order.indexOf(launch) > order.indexOf(rule.precision) ? launch : rule.precision);
  const estimate = phrase.reading === "estimate";
  const implies = day < commitDate ? "ended" : "supported";
  const listing = estimate && day > addDays(commitDate, CONFIRMATION_DAYS);
  const countDelivered = phrase.id === "launch-arithmetic" && implies === "ended";
  const other = release[column === "eoas" ? "eol" : "eoas"];
  const build = BUILD.exec(cell.comment)?.[0] ?? (other?.value === day ? BUILD.exec(other.comment)?.[0] : undefined);
  // A date read by its own comment's words is worded as that kind, never with the rule's words for a dated end.
  const template = phrase.id === rule.phrase ? rule.meaning : phrase.fromComment;
  if (!template) throw new Error(`${mapping.file}: the phrasing "${phrase.id}" has no meaning for a date its comment reads`);
  const meaning = capitalized(
    template
      // An estimate is never an end: continuing while it is recorded as a listing, its status not documented otherwise; a
      // promised count of versions endoflife.date put in a past year has, by that count, been delivered.
      .replaceAll("{Status}", listing ? continuing : countDelivered ? "Ended, date not documented" : "Status not documented")
      .replaceAll("{Brand}", mapping.brand)
      .replaceAll("{Subject}", capitalized(subject))
      .replaceAll("{subject}", subject)
      .replaceAll("{date}", spokenDate(date))
      .replaceAll("{year}", day.slice(0, 4))
      .replaceAll("{years}", String(wholeYears(released, day)))
      .replaceAll("{build}", build ? ` (build ${build})` : ""),
  );
  // A promise cites the page it was made on where the file links it.
  const pages = pagesFor(promise ? { ...rule, pages: [...new Set([...rule.pages, "comment-links"])] } : rule, mapping, release, cell);
  if (estimate)
    return { ...base, status: "estimate", date: partial(day, "year"), implies, listing, phrase: phrase.id as PhrasingId, meaning, pages: [], rule: index };
  return { ...base, status: "dated", kind: phrase.reading as Statement["kind"], date, phrase: phrase.id as PhrasingId, meaning, pages, rule: index };
}

const osSource = (file: string, ctx: ReadingContext): CitedPage => ({
  id: `endoflife-${file.replace(/\.md$/, "")}`,
  url: fileUrl(SOURCES.endoflife.repository, ctx.commit, `products/${file}`),
  publisher: "endoflife.date",
  title: `products/${file} at commit ${ctx.commit.slice(0, 7)} (${ctx.commitDate})`,
  checked: ctx.checked,
});

/**
 * Apple's support follows the cycle of the last OS major a device runs:
 * security updates go on while that cycle is patched and ended with its last
 * release; OS upgrades go on while that major is the newest.
 */
function osCycleStatements(
  r: Release,
  m: ProductMapping,
  ctx: ReadingContext,
): { os: Statement; security: Statement; versions: Omit<OsVersions, "sourceIds">[]; cycle: { file: string; cycle: string } } | undefined {
  const spec = m.osCycles!;
  const cell = r.extra[spec.key];
  const range = cell && versionRange(cell.value);
  if (!cell || !range) return undefined;
  const pre = spec.since !== undefined && spec.before && Number(range.last) < spec.since;
  const { os, file } = pre ? spec.before! : spec;
  const cycles = ctx.osFiles.get(file);
  const cycle = cycles?.cycles.find((c) => c.cycle === range.last);
  if (!cycles || !cycle) return undefined;
  const page = osSource(file, ctx);
  const base = { column: "eol" as const, cell: cell as Cell<string | boolean>, pages: [page] };
  const newest = newestCycle(ctx.osFiles.get(spec.file) ?? cycles)!;
  const next = nextCycle(cycles, cycle);
  const current = !pre && cycle.cycle === newest.cycle;
  const read = cycleSupport({
    name: `${os} ${cycle.cycle}`,
    cycle,
    file,
    current,
    ...(next ? { next: `${spec.since !== undefined && Number(next.cycle) >= spec.since ? spec.os : os} ${next.cycle}` } : {}),
    on: ctx.commitDate,
    upgradesPer: `endoflife.date's products/${m.file} and products/${file}`,
  });
  const security: Statement = { ...base, ...read.security };
  const upgrades: Statement = { ...base, ...read.os };
  // An iPad that ran iOS before iPadOS 13 and iPadOS after carries both ranges.
  const last = current ? {} : { last: range.last };
  const split = spec.since !== undefined && spec.before && Number(range.first) < spec.since && !pre;
  const versions = split
    ? [
        { os: spec.before!.os, first: range.first, last: String(spec.since! - 1) },
        { os, first: String(spec.since), ...last },
      ]
    : [{ os, first: range.first, ...last }];
  return { os: upgrades, security, versions, cycle: { file, cycle: cycle.cycle } };
}

/** endoflife.date writes a month as its first day, and says where a release day is approximate. */
export function releasedOf(cell: Cell<string>): PartialDate {
  return cell.value.endsWith("-01") || /approximat/i.test(cell.comment) ? partial(cell.value, "month") : partial(cell.value, "day");
}

export function readRelease(product: ProductFile, release: Release, ctx: ReadingContext): ReleaseReading {
  const { commitDate } = ctx;
  const m = product.mapping;
  const model = joinWords(m.labelPrefix, release.label);
  const name = joinWords(m.brand, model);
  const built = m.manufacturerFromLinks?.find((f) => release.text.some((t) => f.pattern.test(t)));
  const statements = (["eoas", "eol"] as const).flatMap((column) => {
    const columnMapping = m[column];
    const statement = columnMapping && statementOf(column, m, columnMapping, release, commitDate, name);
    return statement ? [statement] : [];
  });
  const identity = {
    product,
    release,
    name,
    slug: slugOf(name),
    model,
    manufacturer: built?.manufacturer ?? m.manufacturer,
    deviceType: m.deviceTypeByName?.find(([re]) => re.test(name))?.[1] ?? m.deviceType,
    released: releasedOf(release.releaseDate),
  };
  const cycles = m.osCycles && osCycleStatements(release, m, ctx);
  if (cycles) return { ...identity, osVersions: cycles.versions, os: cycles.os, security: cycles.security, column: statements[0], osCycle: cycles.cycle };
  const os = statements.find((s) => s.support === "os");
  const range = m.versions && versionRange(release.extra[m.versions.key]?.value);
  // The last version a device ran is its last only once its OS updates ended; before that it is just the latest so far.
  const osEnded =
    os &&
    (os.status === "ended" ||
      os.kind === "lastUpdate" ||
      os.implies === "ended" ||
      (os.kind === "end" && typeof os.cell.value === "string" && os.cell.value <= commitDate));
  const security = statements.find((s) => s.support === "security");
  // A column of current versions (Sony's) holds the last one once security updates, and so upgrades, are over.
  const securityEnded =
    m.versions?.lastOnceSecurityEnded &&
    security &&
    (security.status === "ended" || (security.status === "dated" && security.kind === "end" && periodOf(security.date!)!.last < commitDate));
  return {
    ...identity,
    ...(range ? { osVersions: [{ os: m.versions!.os, first: range.first, ...(osEnded || securityEnded ? { last: range.last } : {}) }] } : {}),
    os,
    security,
  };
}
