// The specification's wording rules, over a build of the real catalog (data/)
// plus the fixtures: every output as a consumer reads it (JSON, CSV, badges,
// feed, calendars, HTML pages).
//
// 1. "Supported" is never "secure". The words secure and safe (whole words,
//    any case, with -ly/-r/-st; "security" and "safety" name the subject and
//    do not count) never appear in a verdict label or reason, a commitment
//    status, a badge, a calendar event's summary or a feed entry's title.
//    Anywhere else they may appear only in a sentence that denies them (a
//    disclaimer: "not", "never", "no", "nor", "without", "n't" before the
//    word). Text a curator quotes from a source is the source's words, shown
//    as such: it is taken out before the check (none quotes either word today).
// 2. A record whose commitments differ by region, model or component says so
//    in its verdict: code "varies", or a reason that names every scope and
//    component; and its label never shows one date when the scopes' dates
//    differ. The badge, the page and the calendar carry the same.
// 3. A recall review without a match keeps its registry and date, and says it
//    is not proof, wherever it appears (the evidence JSON and the device page).
// 4. Regional caveats are kept: in the record, on the page, in the CSV rows
//    they apply to.
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import { DomUtils, parseDocument } from "htmlparser2";
import ICAL from "ical.js";
import { parseICalendar } from "../helpers/ical.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { buildTo, filesIn, FIXTURES, tempDir } from "../helpers/build.ts";

const DATA = path.resolve(import.meta.dirname, "../../data/devices");
const WORD = /\b(secure|securely|safe|safely|safer|safest)\b/i;
const DENIAL = /(\bnot\b|\bnever\b|\bno\b|\bnor\b|\bwithout\b|n't\b)/i;

let dist: string;
let records: Map<string, any>;
let published: string[];
/** Curator strings that contain the word: quoted source text, taken out before the check. */
let quoted: string[];

beforeAll(async () => {
  const data = tempDir("dl-wording-");
  mkdirSync(path.join(data, "devices"));
  for (const dir of [DATA, path.join(FIXTURES, "devices")]) cpSync(dir, path.join(data, "devices"), { recursive: true });
  // The fixtures' model codes are made up and may be real devices' codes: beside data/, they carry none.
  for (const f of readdirSync(path.join(FIXTURES, "devices")).filter((f) => f.endsWith(".json"))) {
    const r = JSON.parse(readFileSync(path.join(FIXTURES, "devices", f), "utf8"));
    r.variants = r.variants.map(({ identifiers: _codes, ...v }: { identifiers?: unknown }) => v);
    writeFileSync(path.join(data, "devices", f), JSON.stringify(r));
  }
  dist = (await buildTo(data, "2026-11-22", path.join(data, "dist"))).outDir;
  records = new Map(
    readdirSync(path.join(data, "devices"))
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(path.join(data, "devices", f), "utf8")))
      .map((r) => [r.slug, r]),
  );
  const index = readFileSync(path.join(dist, "api/v1/list/index.txt"), "utf8").split("\n");
  published = index.slice(1, 1 + JSON.parse(index[0]!).count);
  quoted = [...records.values()]
    .flatMap((r) => strings(r))
    .filter((s) => WORD.test(s))
    .sort((a, b) => b.length - a.length);
});

/** Every string value in a JSON value. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

const file = (p: string) => readFileSync(path.join(dist, p), "utf8");
const filesUnder = (dir: string, ext: string) =>
  filesIn(path.join(dist, dir))
    .filter((f) => f.endsWith(ext))
    .map((f) => path.join(dir, f));

const unquoted = (text: string) => quoted.reduce((t, q) => t.split(q).join(" "), text);

/** The word may appear only in a sentence that denies it. */
function expectOnlyDenied(text: string, where: string) {
  for (const sentence of unquoted(text).split(/(?<=[.!?])\s+|\n+/)) {
    const m = WORD.exec(sentence);
    if (m) expect(DENIAL.test(sentence.slice(0, m.index)), `${where}: "${sentence.trim().slice(0, 200)}"`).toBe(true);
  }
}

/** Never, not even denied. */
function expectNever(text: string, where: string) {
  expect(unquoted(text), where).not.toMatch(WORD);
}

const pageText = (html: string) => DomUtils.textContent(parseDocument(html)).replace(/[ \t]+/g, " ");
const icsEvents = (text: string) => parseICalendar(text).getAllSubcomponents("vevent");

describe('"supported" is never "secure"', () => {
  it("verdict labels, reasons and statuses never say it, in records and list pages", () => {
    const docs = [...filesUnder("api/v1/devices", ".json"), ...filesUnder("api/v1/list/pages", ".json")].flatMap((f) => {
      const body = JSON.parse(file(f));
      return (Array.isArray(body.devices) ? body.devices : [body]).map((d: any) => [f, d] as const);
    });
    expect(docs.length).toBeGreaterThan(published.length);
    for (const [f, d] of docs) {
      expectNever(`${d.verdict.label}\n${d.verdict.reason}\n${d.verdict.code}\n${d.verdict.osStatus}\n${d.verdict.securityStatus}`, `${f} ${d.slug} verdict`);
      for (const c of [...d.support.os, ...d.support.security]) expectNever(c.status, `${f} ${d.slug} status`);
    }
  });

  it("badges never say it", () => {
    const badges = filesUnder("api/v1/badge", ".svg");
    expect(badges.length).toBeGreaterThan(50);
    for (const f of badges) expectNever(pageText(file(f)) + new XMLParser({ ignoreAttributes: false }).parse(file(f)).svg["@_aria-label"], f);
  });

  it("calendar event summaries never say it; descriptions only deny it", () => {
    for (const f of ["support-calendar.ics", ...filesUnder("api/v1/calendar", ".ics")]) {
      const cal = parseICalendar(file(f));
      for (const v of cal.getAllSubcomponents("vevent")) {
        const e = new ICAL.Event(v);
        expectNever(e.summary, `${f} ${e.uid} summary`);
        expectOnlyDenied(e.description, `${f} ${e.uid} description`);
      }
      for (const p of cal.getAllProperties()) expectOnlyDenied(String(p.getFirstValue()), `${f} ${p.name}`);
    }
  });

  it("feed entry titles never say it; the rest of the feed only denies it", () => {
    const feed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(file("feed.xml")).feed;
    for (const e of [feed.entry].flat()) {
      expectNever(pageText(e.title["#text"]), `feed title ${e.id}`);
      expectOnlyDenied(pageText(e.content["#text"]), `feed content ${e.id}`);
    }
    expectOnlyDenied(strings({ ...feed, entry: [] }).join("\n"), "feed head");
  });

  it("every other JSON value, every CSV cell and every HTML page only deny it", () => {
    for (const f of filesUnder("api", ".json")) for (const s of strings(JSON.parse(file(f)))) expectOnlyDenied(s, f);
    for (const f of filesUnder("api/v1", ".csv")) for (const row of parseCsv(file(f)) as string[][]) for (const cell of row) expectOnlyDenied(cell, f);
    const pages = filesUnder(".", ".html");
    expect(pages.length).toBeGreaterThan(published.length);
    for (const f of pages) expectOnlyDenied(pageText(file(f)), f);
  });
});

// ---- Regional, model and component differences ---------------------------------

interface Commitment {
  id: string;
  scope: { models?: string[]; regions?: string[]; carriers?: string[] };
  component?: string;
  end?: { value?: string };
  minimum?: { value?: string };
  ceiling?: { value?: string };
  lastUpdate?: { value?: string };
}

/** The words that tell one commitment's coverage from another's. */
const scopeWords = (c: Commitment) => [
  ...(c.scope.models ?? []),
  ...(c.scope.regions ?? []),
  ...(c.scope.carriers ?? []),
  ...(c.component ? [c.component] : []),
];
const differs = (cs: Commitment[]) => new Set(cs.map((c) => JSON.stringify([c.scope, c.component ?? null]))).size > 1;

describe("commitments that differ by region, model or component", () => {
  const varied = () => published.map((slug) => records.get(slug)).filter((r) => differs(r.support.security) || differs(r.support.os));

  it("the catalog has such records: by region, by model and by component", () => {
    const all = varied().flatMap((r) => [...r.support.security, ...r.support.os] as Commitment[]);
    expect(all.some((c) => c.scope.regions)).toBe(true);
    expect(all.some((c) => c.scope.models)).toBe(true);
    expect(all.some((c) => c.component)).toBe(true);
  });

  it("the verdict says so: code varies, or a reason naming every scope; never one date for different ones", () => {
    for (const r of varied()) {
      const { verdict } = JSON.parse(file(`api/v1/devices/${r.slug}.json`));
      for (const kind of ["security", "os"] as const) {
        if (!differs(r.support[kind])) continue;
        if (verdict.code !== "varies" || kind === "os")
          for (const c of r.support[kind] as Commitment[]) for (const w of scopeWords(c)) expect(verdict.reason, `${r.slug} ${kind} ${c.id}`).toContain(w);
      }
      const dates = new Set((r.support.security as Commitment[]).map((c) => `${c.end?.value}|${c.minimum?.value}`));
      // Different dates for one part of the software: the label and the headline name none of them (they say "varies", or only what
      // every scope shares, e.g. "no security updates"). A part dated on its own (firmware beside Windows) is named with its date.
      const parts = new Set((r.support.security as Commitment[]).map((c) => c.component));
      if (differs(r.support.security) && dates.size > 1 && parts.size === 1)
        for (const c of r.support.security as Commitment[])
          for (const d of [c.end?.value, c.minimum?.value])
            if (d) for (const words of [verdict.label, verdict.headline]) expect(words, r.slug).not.toContain(d);
    }
  });

  it("the badge, the device page and the calendar carry the same", () => {
    for (const r of varied()) {
      const { verdict } = JSON.parse(file(`api/v1/devices/${r.slug}.json`));
      const label = new XMLParser({ ignoreAttributes: false, htmlEntities: true }).parse(file(`api/v1/badge/${r.slug}.svg`)).svg["@_aria-label"];
      // The badge says the headline word for word ("(unconfirmed)" included), as docs/API.md promises; the page says it and the precise label.
      expect(label, r.slug).toBe(`support: ${verdict.headline}`);
      const page = pageText(file(`devices/${r.slug}.html`));
      expect(page, r.slug).toContain(verdict.headline);
      expect(page, r.slug).toContain(verdict.label);
      expect(page, r.slug).toContain(verdict.reason);
      for (const v of icsEvents(file(`api/v1/calendar/${r.slug}.ics`))) {
        const id = String(v.getFirstPropertyValue("uid")).split("/")[1];
        const c = [...r.support.security, ...r.support.os].find((x: Commitment) => x.id === id) as Commitment;
        const kind = r.support.security.includes(c) ? "security" : "os";
        if (differs(r.support[kind])) for (const w of scopeWords(c)) expect(new ICAL.Event(v).summary, `${r.slug} ${id}`).toContain(w);
      }
    }
  });
});

// ---- Recall reviews and caveats --------------------------------------------------

describe("recall reviews without a match", () => {
  it("keep the registry and the date, and say they are not proof, in the evidence JSON and on the device page", () => {
    let seen = 0;
    for (const slug of published) {
      const ev = JSON.parse(file(`api/v1/evidence/${slug}.json`));
      const page = pageText(file(`devices/${slug}.html`));
      for (const rr of ev.recallReview.filter((x: any) => x.result === "no-match-on-date")) {
        seen += 1;
        const original = records.get(slug).evidence.recallReview.find((x: any) => x.query === rr.query);
        expect(rr).toMatchObject({ registry: original.registry, searchedOn: original.searchedOn, registryUrl: original.registryUrl });
        expect(rr.statement).toContain(rr.registry);
        expect(rr.statement).toContain(rr.searchedOn);
        expect(rr.statement).toMatch(/not proof that no recall exists/);
        expect(page, slug).toContain(rr.statement);
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe("regional caveats and commitments in the CSV", () => {
  // Parsed once: the real catalog's CSV has thousands of rows.
  let parsedRows: Record<string, string>[] | undefined;
  const rows = () => (parsedRows ??= parseCsv(file("api/v1/dataset.csv"), { columns: true }) as Record<string, string>[]);
  const caveats = () => published.flatMap((slug) => (records.get(slug).caveats as { scope: Commitment["scope"]; text: string }[]).map((c) => ({ slug, ...c })));
  const modelOf = (row: Record<string, string>) => (row.model ?? "").replace(/^'/, "");

  it("are kept in the record, on its page and in the CSV rows of their regions and models", () => {
    expect(caveats().length).toBeGreaterThan(0);
    for (const c of caveats()) {
      expect(JSON.parse(file(`api/v1/devices/${c.slug}.json`)).caveats.map((x: { text: string }) => x.text)).toContain(c.text);
      expect(pageText(file(`devices/${c.slug}.html`)), c.slug).toContain(c.text);
      const applies = rows().filter(
        (row) =>
          row.device_slug === c.slug &&
          (!c.scope.regions || c.scope.regions.includes(row.region!)) &&
          (!c.scope.models || c.scope.models.includes(modelOf(row))),
      );
      for (const row of applies) expect(row.caveats, `${c.slug} ${row.model} ${row.region}`).toContain(c.text);
    }
  });

  it("every dated commitment reaches some CSV row of its record: a region-scoped one is not lost", () => {
    const bySlug = new Map<string, Record<string, string>[]>();
    for (const row of rows()) {
      const list = bySlug.get(row.device_slug!);
      if (list) list.push(row);
      else bySlug.set(row.device_slug!, [row]);
    }
    for (const slug of published) {
      const mine = bySlug.get(slug) ?? [];
      for (const kind of ["security", "os"] as const) {
        for (const c of records.get(slug).support[kind] as Commitment[]) {
          for (const [field, column] of [
            ["end", "end"],
            ["minimum", "minimum"],
            ["ceiling", "ceiling"],
            ["lastUpdate", "last_update"],
          ] as const) {
            const value = c[field]?.value;
            if (value)
              expect(
                mine.some((row) => row[`${kind}_${column}`]!.split(" | ").includes(value)),
                `${slug} ${c.id} ${field} ${value} is in no row`,
              ).toBe(true);
          }
        }
      }
    }
  });

  it("a caveat for a region inside a GLOBAL variant reaches that variant's CSV row", () => {
    // A model sold GLOBAL is sold in GB: a reader of its one row must see the GB caveat.
    for (const c of caveats()) {
      const global = rows().filter(
        (row) => row.device_slug === c.slug && row.region === "GLOBAL" && (!c.scope.models || c.scope.models.includes(modelOf(row))),
      );
      for (const row of global) expect(row.caveats, `${c.slug} ${row.model} GLOBAL row lacks the caveat for ${c.scope.regions}`).toContain(c.text);
    }
  });
});
