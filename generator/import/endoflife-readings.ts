// What a release says once the file's mapping is applied: the device's
// identity (name, slug, manufacturer, type) and, per mapped column, one
// statement: a dated end, minimum or ceiling with its precision, an estimate
// (no date recorded), or a status without a date. Pure.
import { readableDate } from "../derive/dates.ts";
import type { PartialDate } from "../schema/record.ts";
import type { Cell, ProductFile, Release } from "./endoflife-releases.ts";
import type { CitedPage, ColumnMapping, Condition, DeviceType, ProductMapping, Rule, RulePrecision } from "./endoflife-mapping.ts";

export interface Statement {
  column: "eoas" | "eol";
  support: "os" | "security";
  component?: string;
  /** dated: an end, minimum or ceiling; estimate: endoflife.date's reckoning, no date recorded; supported / ended: no date either way. */
  status: "dated" | "estimate" | "supported" | "ended";
  kind?: "end" | "minimum" | "ceiling";
  /** The date read (dated), or the date estimated (estimate: shown in the report, never recorded). */
  date?: PartialDate;
  meaning: string;
  /** Pages the statement rests on besides the endoflife.date file (cited, not read, unless the page has a checked day). */
  pages: CitedPage[];
  cell: Cell<string | boolean>;
  /** Position of the rule applied in the column's rules (0-based); absent for true/false. */
  rule?: number;
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
  os?: Statement;
  security?: Statement;
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

/** "August 2033", "2031", "5 August 2023": a partial date as a sentence says it. */
export const spokenDate = (d: PartialDate) => readableDate(d).replace(/, \w+ precision$/, "");

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
  if (cell.value === false)
    return {
      ...base,
      status: "supported",
      pages: [],
      meaning: `No end date: endoflife.date listed ${subject} as continuing on ${spokenDate({ value: commitDate, precision: "day" })}`,
    };
  if (cell.value === true)
    return { ...base, status: "ended", pages: [], meaning: `Ended, no date given: endoflife.date marks ${subject} as ended without a date` };
  const day = cell.value;
  const released = release.releaseDate.value;
  const index = columnMapping.rules.findIndex((r) => matches(r.when, day, cell, released, commitDate, name));
  const rule = columnMapping.rules[index];
  if (!rule) throw new Error(`${mapping.file}: the ${column} rules end with a condition, so ${day} has no reading`);
  const date = partial(day, rule.precision);
  const other = release[column === "eoas" ? "eol" : "eoas"];
  const build = BUILD.exec(cell.comment)?.[0] ?? (other?.value === day ? BUILD.exec(other.comment)?.[0] : undefined);
  const meaning = capitalized(
    rule.meaning
      .replaceAll("{Subject}", capitalized(subject))
      .replaceAll("{subject}", subject)
      .replaceAll("{date}", spokenDate(date))
      .replaceAll("{years}", String(wholeYears(released, day)))
      .replaceAll("{build}", build ? ` (build ${build})` : ""),
  );
  const pages = pagesFor(rule, mapping, release, cell);
  if (rule.reading === "estimate") return { ...base, status: "estimate", date, meaning, pages: [], rule: index };
  return { ...base, status: "dated", kind: rule.reading, date, meaning, pages, rule: index };
}

/** endoflife.date writes a month as its first day, and says where a release day is approximate. */
export function releasedOf(cell: Cell<string>): PartialDate {
  return cell.value.endsWith("-01") || /approximat/i.test(cell.comment) ? partial(cell.value, "month") : partial(cell.value, "day");
}

export function readRelease(product: ProductFile, release: Release, commitDate: string): ReleaseReading {
  const m = product.mapping;
  const model = joinWords(m.labelPrefix, release.label);
  const name = joinWords(m.brand, model);
  const built = m.manufacturerFromLinks?.find((f) => release.text.some((t) => f.pattern.test(t)));
  const statements = (["eoas", "eol"] as const).flatMap((column) => {
    const columnMapping = m[column];
    const statement = columnMapping && statementOf(column, m, columnMapping, release, commitDate, name);
    return statement ? [statement] : [];
  });
  return {
    product,
    release,
    name,
    slug: slugOf(name),
    model,
    manufacturer: built?.manufacturer ?? m.manufacturer,
    deviceType: m.deviceTypeByName?.find(([re]) => re.test(name))?.[1] ?? m.deviceType,
    released: releasedOf(release.releaseDate),
    os: statements.find((s) => s.support === "os"),
    security: statements.find((s) => s.support === "security"),
  };
}
