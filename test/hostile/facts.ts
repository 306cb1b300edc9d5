// Every fact of every record, looked for in every output that carries it:
// the record and evidence JSON, the CSV dataset and its year files, the device
// page, the device and catalog calendars, the Atom feed and the redirects.
// Facts are compared exactly (after the reader's own unescaping); where an
// output words a fact into a sentence, the fact must occur in it verbatim.
import { existsSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import escapeMarkup from "escape-html";
import { DATED_FIELDS, type Commitment, type DeviceRecord, type PartialDate, type Scope } from "../../generator/schema/record.ts";
import { addDays, describeDate, periodOf, readableDate } from "../../generator/derive/dates.ts";
import { describeCoverage, describeScope } from "../../generator/derive/verdict.ts";
import { loadNetlifyRules } from "../../generator/serve/netlify-rules.ts";
import { manufacturerSlug } from "../../generator/derive/manufacturers.ts";
import { CATALOG_CALENDAR } from "../../generator/emit/calendar.ts";
import { SITE } from "../helpers/build.ts";
import { decodeEntities, readCalendar, readCsv, readFeed, readHtml, readText } from "./readers.ts";
import { NOW } from "./arbitraries.ts";
import { storedFileOf } from "../helpers/resource-params.ts";

/**
 * Every entry of /feed.xml and of its archives, as a reader gets them:
 * following prev-archive from the subscription document (RFC 5005), each
 * archive read from the file the edge reads for its address.
 */
function feedChain(dist: string) {
  const entries = [];
  for (let file: string | null = "feed.xml"; file; ) {
    const text = readText(dist, file);
    entries.push(...readFeed(text));
    const prev = /<link rel="prev-archive" [^>]*href="([^"]+)"/.exec(text)?.[1];
    file = prev ? storedFileOf(new URL(decodeEntities(prev)).pathname).slice(1) : null;
  }
  return entries;
}

const KINDS = ["security", "os"] as const;
const SEP = " | ";
const HOST = new URL(SITE.siteUrl).hostname;

/** A cell read back as docs/exports.md tells consumers to: strip one leading apostrophe. */
const unquote = (cell: string) => (cell.startsWith("'") ? cell.slice(1) : cell);

const covers = (s: Scope, model: string, region: string) => (!s.models || s.models.includes(model)) && (!s.regions || s.regions.includes(region));

/** `read`, called once per key. */
function readOnce<T>(read: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    if (!cache.has(key)) cache.set(key, read(key));
    return cache.get(key)!;
  };
}

/** Checks one built catalog; returns how many facts it compared. */
export async function checkOutputs(dist: string, records: DeviceRecord[]): Promise<number> {
  let facts = 0;
  const same = (actual: unknown, expected: unknown, what: string) => {
    expect(actual, what).toEqual(expected);
    facts += 1;
  };
  const holds = (hay: string, needle: string, what: string) => {
    if (!hay.includes(needle)) expect.fail(`${what}: ${JSON.stringify(needle)} is missing from ${JSON.stringify(hay.slice(0, 600))}`);
    facts += 1;
  };
  const exists = (file: string) => existsSync(path.join(dist, file));

  const published = records.filter((r) => r.publication.state === "published");
  const csv = readCsv(readText(dist, "api/v1/dataset.csv"));
  // Spreadsheet safety on its own terms (docs/exports.md), not through the function that implements it.
  same(
    csv.flatMap((row) => Object.values(row)).filter((cell) => /^[=+\-@\t\r]/.test(cell)),
    [],
    "dataset: no cell a spreadsheet would run as a formula",
  );
  const feed = feedChain(dist);
  const wholeText = readText(dist, "support-calendar.ics");
  const whole = readCalendar(wholeText);
  // Read with Netlify's own parser, as the CDN reads it.
  const { redirects } = await loadNetlifyRules(dist);
  for (const line of wholeText.split("\r\n"))
    if (Buffer.byteLength(line) > 75) expect.fail(`support-calendar.ics: a line of ${Buffer.byteLength(line)} octets`);
  // A year's dataset and a manufacturer's calendar hold several records' facts: each is read once per build.
  const yearRows = readOnce((year) => readCsv(readText(dist, `api/v1/dataset/${year}.csv`)));
  const makerCalendar = readOnce((maker) => readCalendar(readText(dist, `api/v1/calendar/manufacturers/${manufacturerSlug(maker)}.ics`)));

  /** Every device calendar's events: the whole-catalog calendar holds those of the next 366 days (a generated catalog is far under its 1 MB). */
  const deviceEvents: { uid: string; start: string }[] = [];
  for (const r of records) {
    const s = r.slug;
    const state = r.publication.state;
    for (const former of r.formerSlugs) {
      if (state !== "draft")
        same(
          redirects.some((x) => x.from === `/devices/${former}` && x.to === `/devices/${s}` && x.status === 301),
          true,
          `${s}: redirect from ${former}`,
        );
    }
    if (state !== "published") {
      same(
        [exists(`devices/${s}.html`), exists(`api/v1/devices/${s}.json`), exists(`api/v1/calendar/${s}.ics`)],
        [false, false, false],
        `${s} (${state}) has no page, record or calendar`,
      );
      same(
        csv.some((row) => row.device_slug === s),
        false,
        `${s} (${state}) is not in the dataset`,
      );
      const pub = r.publication;
      if (pub.state === "withdrawn") {
        const gone = JSON.parse(readText(dist, `api/v1/problems/gone/${s}.json`));
        same([gone.reason, gone.withdrawnOn], [pub.reason, pub.withdrawnOn], `${s}: the 410 body`);
        const entry = feed.find((e) => e.id === `tag:${HOST},2026-09-06:${s}/${pub.withdrawnOn}/withdrawn`);
        same(
          entry && [decodeEntities(entry.title), decodeEntities(entry.summary)],
          [`${r.name}: Record withdrawn`, pub.reason],
          `${s}: the withdrawal's feed entry`,
        );
      } else {
        same(
          feed.some((e) => e.id.includes(`:${s}/`)),
          false,
          `${s} (draft) is not in the feed`,
        );
      }
      continue;
    }

    // The record and evidence JSON hold the record's own values.
    const doc = JSON.parse(readText(dist, `api/v1/devices/${s}.json`));
    for (const key of ["slug", "name", "manufacturer", "deviceType", "aliases", "formerSlugs", "released", "osVersions", "variants", "caveats"] as const)
      same(doc[key], r[key], `${s}.json: ${key}`);
    for (const kind of KINDS)
      same(
        doc.support[kind].map(({ status: _, ...c }: Record<string, unknown>) => c),
        r.support[kind],
        `${s}.json: support.${kind}`,
      );
    const ev = JSON.parse(readText(dist, `api/v1/evidence/${s}.json`));
    same(ev.sources, r.evidence.sources, `${s} evidence: sources`);
    same(ev.repairability, r.evidence.repairability, `${s} evidence: repairability`);
    same(
      ev.recallReview.map(({ statement: _, ...x }: Record<string, unknown>) => x),
      r.evidence.recallReview,
      `${s} evidence: recallReview`,
    );
    const sorted = (xs: unknown[]) => xs.map((x) => JSON.stringify(x)).sort();
    same(sorted(ev.revisions), sorted(r.evidence.revisions), `${s} evidence: revisions`);
    for (const kind of KINDS)
      r.support[kind].forEach((c, i) => {
        for (const field of DATED_FIELDS) {
          if (!c[field]) continue;
          const a = ev.assertions.find((x: { subject: string }) => x.subject === `support.${kind}[${i}].${field}`);
          same(
            a && [a.value, a.sourceIds, a.evidenceLevel],
            [c[field], c.sourceIds, c.evidenceLevel],
            `${s} evidence: assertion support.${kind}[${i}].${field}`,
          );
          holds(a.claim, c.meaning, `${s} evidence: claim of support.${kind}[${i}].${field}`);
        }
      });

    // The device page: text as a reader sees it, links and alt text as a browser reads them.
    const page = readHtml(readText(dist, `devices/${s}.html`));
    same(
      page.tags.filter((t) => t.name.startsWith("x-pwn") || Object.keys(t.attrs).some((a) => a.startsWith("on"))),
      [],
      `${s}.html: no element or handler from record text`,
    );
    same(
      page.tags.filter((t) => t.name === "a" && !/^(https?:\/\/|#|\/)/.test(t.attrs.href ?? "#")),
      [],
      `${s}.html: every link is http(s) or within the site`,
    );
    const onPage = (needle: string, what: string) => holds(page.text, needle, `${s}.html: ${what}`);
    // The page may word a date either way; both keep its precision.
    const dateOnPage = (d: PartialDate, what: string) => {
      if (![describeDate(d), readableDate(d)].some((w) => page.text.includes(w))) expect.fail(`${s}.html: ${what} ${JSON.stringify(d)} is not shown`);
      facts += 1;
    };
    onPage(r.name, "name");
    onPage(r.manufacturer, "manufacturer");
    dateOnPage(r.released, "released");
    for (const a of r.aliases) onPage(a, "alias");
    r.variants.forEach((v) => {
      onPage(v.model, "model");
      if (v.note) onPage(v.note, "variant note");
      for (const g of v.regions) onPage(g, "region");
    });
    r.caveats.forEach((c) => {
      onPage(c.text, "caveat");
      onPage(describeScope(c.scope), "caveat scope");
    });
    for (const kind of KINDS)
      for (const c of r.support[kind]) {
        onPage(c.meaning, "meaning");
        onPage(describeScope(c.scope), "commitment scope");
        if (c.end) dateOnPage(c.end, "end");
        if (c.minimum) dateOnPage(c.minimum, "minimum");
        if (c.ceiling) dateOnPage(c.ceiling, "ceiling");
        if (c.lastUpdate) dateOnPage(c.lastUpdate, "last update observed");
        if (c.supportedOn) dateOnPage({ value: c.supportedOn, precision: "day" }, "listed as continuing");
        if (c.ended && !c.lastUpdate?.value) onPage("ended; date not documented", "ended without a date");
      }
    for (const v of r.osVersions ?? []) onPage(`${v.os} ${v.first}`, "OS versions");
    for (const src of r.evidence.sources) {
      onPage(src.title, "source title");
      onPage(src.publisher, "source publisher");
      onPage(src.checked ? `checked ${src.checked}` : "not read by this project", "source checked or cited");
      same(
        page.tags.some((t) => t.name === "a" && t.attrs.href === src.url),
        true,
        `${s}.html: link to ${src.url}`,
      );
    }
    for (const rr of r.evidence.recallReview) for (const x of [rr.registry, rr.searched.model, rr.searchedOn]) onPage(x, "recall review");
    for (const x of r.evidence.repairability) {
      for (const y of [x.scheme, x.score, x.checked]) onPage(y, "repairability");
      if (x.euLabel)
        for (const y of [x.euLabel.class, String(x.euLabel.index), x.euLabel.modelIdentifier, String(x.euLabel.registration)]) onPage(y, "EU energy label");
    }
    for (const rev of r.evidence.revisions) for (const y of [rev.date, rev.change, rev.reason]) onPage(y, "revision");
    same(
      page.tags.some((t) => t.attrs.role === "img" && t.attrs["aria-label"]?.startsWith(`Update status of ${r.name}:`)),
      true,
      `${s}.html: the badge's accessible name names the device`,
    );

    // The dataset: a row for every model and market (a GLOBAL model may get more, for markets a scope names), each cell exact once read back as documented.
    const rows = csv.filter((row) => row.device_slug === s);
    for (const v of r.variants)
      for (const region of v.regions)
        same(
          rows.some((row) => unquote(row.model!) === v.model && row.region === region),
          true,
          `dataset: ${s} has a row for ${v.model} in ${region}`,
        );
    const named = new Set([...KINDS.flatMap((kind) => r.support[kind]), ...r.caveats].flatMap((x) => x.scope.regions ?? []));
    rows.forEach((row) => {
      const v = r.variants.find((x) => x.model === unquote(row.model!))!;
      const region = row.region!;
      same(
        v && (v.regions.includes(region) || (v.regions.includes("GLOBAL") && named.has(region))),
        true,
        `dataset: ${s} row ${row.model}/${region} is a model and market of the record`,
      );
      const where = `dataset: ${s} ${v.model}/${region}`;
      const cell = (col: string, value: string) => same(unquote(row[col]!), value, `${where}: ${col}`);
      cell("device_name", r.name);
      cell("manufacturer", r.manufacturer);
      cell("variant_note", v.note ?? "");
      cell("record_url", `${SITE.siteUrl}/devices/${s}`);
      for (const o of r.osVersions ?? []) holds(row.os_versions!, `${o.os} ${o.first}`, `${where}: os_versions`);
      if (!r.osVersions) cell("os_versions", "");
      // Every caveat whose scope covers the row, each with its scope, in record order (a GLOBAL row may carry every market's).
      const entry = (c: DeviceRecord["caveats"][number]) => `${c.text} [${describeScope(c.scope)}]`;
      const listed = r.caveats.filter((c) => row.caveats!.includes(entry(c)));
      cell("caveats", listed.map(entry).join(SEP));
      same(
        r.caveats.filter((c) => covers(c.scope, v.model, region)).every((c) => listed.includes(c)),
        true,
        `${where}: every covering caveat`,
      );
      for (const kind of KINDS) {
        const ids = row[`${kind}_commitment_id`]!;
        const chosen = ids ? ids.split(SEP).map((id) => r.support[kind].find((c) => c.id === id)!) : [];
        same(
          chosen.every((c) => c && covers(c.scope, v.model, region)),
          true,
          `${where}: ${kind} commitments cover the row`,
        );
        same(
          chosen.length > 0,
          r.support[kind].some((c) => covers(c.scope, v.model, region)),
          `${where}: a ${kind} commitment when one covers the row`,
        );
        // Aligned lists, as documented: values joined with " | ", and an empty cell (never a bare " | ") when none has one.
        const list = (f: (c: Commitment) => string[]) => {
          const values = chosen.flatMap(f);
          return values.some((v) => v !== "") ? values.join(SEP) : "";
        };
        const sources = (c: Commitment) => c.sourceIds.map((id) => r.evidence.sources.find((x) => x.id === id)!);
        // An end the source says happened is no dated end: its end cells stay empty, and the meaning says so.
        const column = { end: "end", minimum: "minimum", ceiling: "ceiling", lastUpdate: "last_update" } as const;
        for (const field of DATED_FIELDS) {
          const shown = (c: Commitment) => (field === "end" && c.ended ? undefined : c[field]);
          cell(
            `${kind}_${column[field]}`,
            list((c) => [shown(c)?.value ?? ""]),
          );
          cell(
            `${kind}_${column[field]}_precision`,
            list((c) => [shown(c)?.precision ?? ""]),
          );
        }
        cell(
          `${kind}_ended`,
          list((c) => [c.ended ? "true" : ""]),
        );
        cell(
          `${kind}_supported_on`,
          list((c) => [c.supportedOn ?? ""]),
        );
        cell(
          `${kind}_scope`,
          list((c) => [describeCoverage(c)]),
        );
        const endedWords = (c: Commitment) =>
          c.lastUpdate?.value ? `Ended; last update observed ${describeDate(c.lastUpdate)}, not an announced end. ` : "Ended, date not documented. ";
        cell(
          `${kind}_meaning`,
          list((c) => [`${c.ended ? endedWords(c) : ""}${c.meaning}`]),
        );
        cell(
          `${kind}_evidence_level`,
          list((c) => [c.evidenceLevel]),
        );
        cell(
          `${kind}_source_urls`,
          list((c) => sources(c).map((x) => x.url)),
        );
        cell(
          `${kind}_source_checked`,
          list((c) => sources(c).map((x) => x.checked ?? "")),
        );
      }
    });
    const years = new Set(
      KINDS.flatMap((kind) =>
        r.support[kind]
          .flatMap((c) => [...DATED_FIELDS.map((field) => c[field]), c.supportedOn ? { value: c.supportedOn } : undefined])
          .flatMap((d) => (d?.value ? [d.value.slice(0, 4)] : [])),
      ),
    );
    for (const y of years)
      same(
        yearRows(y).filter((row) => row.device_slug === s),
        rows,
        `dataset/${y}.csv: ${s} rows`,
      );

    // The device calendar, and the same events in the catalog calendar.
    const cal = readCalendar(readText(dist, `api/v1/calendar/${s}.ics`));
    same(cal.name, `Support endings: ${r.name}`, `${s}.ics: calendar name`);
    const upcoming = KINDS.flatMap((kind) =>
      r.support[kind].flatMap((c) => {
        const p = c.end ? periodOf(c.end) : null;
        return p && p.last >= NOW ? [{ kind, c, p }] : [];
      }),
    );
    same(
      cal.events.map((e) => e.uid).sort(),
      upcoming.map(({ kind, c }) => `${s}/${c.id}/${kind}@${HOST}`).sort(),
      `${s}.ics: one event per upcoming documented end`,
    );
    for (const { kind, c, p } of upcoming) {
      const e = cal.events.find((x) => x.uid === `${s}/${c.id}/${kind}@${HOST}`)!;
      const where = `${s}.ics ${e.uid}`;
      same(e.counts, { uid: 1, dtstart: 1, dtend: 1, summary: 1, description: 1, url: 1 }, `${where}: each property once`);
      same([e.start, e.end], [p.first, addDays(p.last, 1)], `${where}: the end's whole period`);
      holds(e.summary, r.name, `${where}: summary names the device`);
      holds(e.summary, c.end!.precision === "day" ? c.end!.value! : `${c.end!.value} (${c.end!.precision} precision)`, `${where}: summary date and precision`);
      for (const x of [r.manufacturer, c.meaning, c.evidenceLevel, describeCoverage(c), ...r.caveats.map((cv) => cv.text)])
        holds(e.description, x, `${where}: description`);
      for (const src of c.sourceIds.map((id) => r.evidence.sources.find((x) => x.id === id)!))
        for (const x of [src.url, src.checked ? `(checked ${src.checked})` : "; not read by this project)", src.title, src.publisher])
          holds(e.description, x, `${where}: description source`);
      same(
        makerCalendar(r.manufacturer).events.find((x) => x.uid === e.uid),
        e,
        `manufacturer calendar: ${e.uid} as in ${s}.ics`,
      );
      const inWhole = whole.events.find((x) => x.uid === e.uid);
      if (inWhole) same(inWhole, e, `support-calendar.ics: ${e.uid} as in ${s}.ics`);
      deviceEvents.push({ uid: e.uid, start: e.start });
    }

    // The feed: one entry per revision, title and reason HTML-escaped once and nothing more.
    const nth = new Map<string, number>();
    for (const rev of r.evidence.revisions) {
      const n = nth.get(rev.date) ?? 0;
      nth.set(rev.date, n + 1);
      const entry = feed.find((e) => e.id === `tag:${HOST},2026-09-06:${s}/${rev.date}/${n}`);
      same(
        entry && [decodeEntities(entry.title), decodeEntities(entry.summary), entry.updated],
        [`${r.name}: ${rev.change}`, rev.reason, `${rev.date}T00:00:00.000Z`],
        `feed: ${s} revision ${rev.date}/${n}`,
      );
      holds(entry!.content, `<p>${escapeMarkup(rev.change)}</p>`, `feed: ${s} content`);
      holds(entry!.content, `<p>Reason: ${escapeMarkup(rev.reason)}</p>`, `feed: ${s} content`);
    }
  }
  const horizon = addDays(NOW, CATALOG_CALENDAR.horizonDays);
  same(
    whole.events.map((e) => e.uid).sort(),
    deviceEvents
      .filter((e) => e.start <= horizon)
      .map((e) => e.uid)
      .sort(),
    "support-calendar.ics: exactly the device calendars' events of the next 366 days",
  );
  same(
    csv.every((row) => published.some((r) => r.slug === row.device_slug)),
    true,
    "dataset: rows of published records only",
  );
  return facts;
}
