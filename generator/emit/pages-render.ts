// Eleventy rendering of the human pages (device pages, home, docs, license,
// 404) from templates/. Runs in a worker thread (see pages.ts); API files are
// written directly by the other emitters, Eleventy only renders HTML.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import Eleventy, { type EleventyConfig } from "@11ty/eleventy";
import markdownItAnchor from "markdown-it-anchor";
import type { Catalog } from "../derive/catalog.ts";
import { inSite, urls, type Site } from "../derive/site.ts";
import { FLEET_INDEX_FILE } from "../derive/fleet-files.ts";
import { PAGES, STORAGE, matchResource, pathOf, type Layout } from "../contract/resources.ts";
import { deviceDocument, deviceSummary, evidenceDocument, recentlyChanged } from "../derive/documents.ts";
import { describeDate, readableDate } from "../derive/dates.ts";
import { describeCoverage, describeScope, verdictOf } from "../derive/verdict.ts";
import type { CommitmentStatus } from "../contract/verdicts.ts";
import { PROBLEMS, problemType } from "../contract/problems.ts";
import { CORRECTIONS_FORM } from "../derive/routes.ts";
import { badgeEmbed, badgeOf } from "../derive/badges.ts";
import { buildOpenApi } from "./openapi-document.ts";
import { bySoonest, upcomingSupportEnds } from "../derive/calendar-events.ts";
import { supportYears } from "../derive/dataset-rows.ts";
import { dashed, normalize } from "../derive/search.ts";
import { manufacturerPages, manufacturerSlug, manufacturersOf } from "../derive/manufacturers.ts";
import { DEVICE_TYPE_PLURALS, DEVICE_TYPES } from "../contract/device-types.ts";
import { commitmentWords, deviceChart, devicesChart, endingsChart, recordsSpan, type Chart } from "../derive/timeline.ts";
import type { Commitment, DeviceRecord } from "../schema/record.ts";
import { osVersionWords } from "../derive/os-versions.ts";
import { timelineSvg } from "./timeline-svg.ts";
import { badgeSvg } from "./badge.ts";
import { assetFiles } from "./assets.ts";
import { manufacturerCard, SHARE_IMAGE, siteCard } from "../derive/sharing.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEMPLATES = path.join(ROOT, "templates");

/** A document of docs/ published at /docs/<name>. */
const doc = (file: string, name: string, title: string) => ({ file, url: pathOf(PAGES.doc, { name }), out: PAGES.doc.file({ name }), title });

/** Markdown documents published as pages: file in docs/ → URL path and output file. */
export const DOC_PAGES: { file: string; url: string; out: string; title: string }[] = [
  doc("API.md", "api", "API"),
  doc("list.md", "list", "List and search"),
  doc("exports.md", "exports", "Exports: CSV, badge, feeds, calendars"),
  doc("dumps.md", "dumps", "Whole-catalog dumps: NDJSON and SQLite"),
  doc("search.md", "search", "Site search index"),
  doc("fleet.md", "fleet", "Fleet check"),
  doc("record-fields.md", "record-fields", "Device record fields"),
  doc("record-rules.md", "record-rules", "Rules across records"),
  { file: "LICENSE-DATA.md", url: PAGES.license.path, out: PAGES.license.file({}), title: "Public dataset license v1" },
];

export interface PagesInput {
  catalog: Catalog;
  site: Site;
  outRoot: string;
  layout: Layout;
  /** Watch mode: render only these device pages and their manufacturers' pages (the home page and docs are always rendered). */
  only?: string[];
}

/** A commitment's status in a reader's words. */
const STATUS_WORDS: Record<CommitmentStatus, string> = {
  ended: "ended",
  "ended-observed": "ended; the date is the last update observed, not an announced end",
  "ended-undated": "ended; end date not documented",
  "ending-soon": "ending within six months",
  continuing: "continuing",
  "minimum-commitment": "within a minimum commitment",
  "minimum-passed": "minimum commitment passed; nothing later documented, so the current status is not documented",
  "announced-ceiling": "within an announced ceiling (not a commitment)",
  "ceiling-passed": "announced ceiling passed; nothing later documented, so the current status is not documented",
  "listed-continuing": "listed as continuing by its source within the last year; no documented end",
  "confirmation-passed": "last listed as continuing over a year ago; current status not documented",
  unknown: "unknown",
};

/** A commitment's end in words: the documented end, or that support ended on a day the source does not give. */
function endWords(c: Commitment): string {
  if (!c.ended) return readableDate(c.end);
  return c.lastUpdate && c.lastUpdate.precision !== "unknown"
    ? "ended; no end date announced (the last update observed is below)"
    : "ended; date not documented";
}

/** The newest `updated` day of some records (a page's "data last changed"), or "" for none. */
const latestUpdated = (xs: { updated: string }[]) => xs.reduce((max, x) => (x.updated > max ? x.updated : max), "");

/** "/docs/api.html" → "/docs/api", "/browse/index.html" → "/browse/": the addresses the site serves. */
const prettyUrl = (url: string) => url.replace(/index\.html$/, "").replace(/\.html$/, "");

/** The files the templates are written to (their permalinks); a device page's also depends on the layout (filesIn). */
const pageFiles = {
  home: PAGES.home.file({}),
  withdrawal: (slug: string) => PAGES.withdrawal.file({ device_slug: slug }),
  browse: (number: number) => (number === 1 ? PAGES.browse.file({}) : PAGES.browsePage.file({ number: String(number) })),
  browseType: (type: string, number: number) => (number === 1 ? PAGES.browseType.file({ type }) : PAGES.browseTypePage.file({ type, number: String(number) })),
  manufacturers: PAGES.manufacturers.file({}),
  manufacturer: (maker: string, number: number) =>
    number === 1 ? PAGES.manufacturer.file({ manufacturer: maker }) : PAGES.manufacturerPage.file({ manufacturer: maker, number: String(number) }),
  corrections: PAGES.corrections.file({}),
  fleet: PAGES.fleet.file({}),
  correctionsThanks: PAGES.correctionsThanks.file({}),
  docs: PAGES.docs.file({}),
  apiReference: PAGES.apiReference.file({}),
  problemTypes: PAGES.problemTypes.file({}),
  notFound: STORAGE.notFoundPage,
  methodNotAllowed: STORAGE.methodNotAllowedPage,
};
const filesIn = (layout: Layout) => ({ ...pageFiles, device: (slug: string) => PAGES.device.file({ device_slug: slug }, layout) });

/** Shown on the home page: the soonest documented endings across the catalog. */
const UPCOMING_SHOWN = 25;

/** One line of the A–Z pages. */
function browseEntry(r: DeviceRecord, site: Site) {
  const doc = deviceDocument(r, site);
  const models = doc.variants.map((v) => v.model);
  return {
    type: doc.deviceType,
    name: doc.name,
    page: urls(inSite(site)).page(r.slug),
    manufacturer: doc.manufacturer,
    label: doc.verdict.label,
    updated: doc.updated,
    models: models.length > 3 ? `${models.slice(0, 3).join(", ")}, …` : models.join(", "),
    key: normalize(doc.name),
  };
}

/** Devices an A–Z page lists at most. */
const BROWSE_PAGE_SIZE = 100;

/**
 * The A–Z pages: every published record, and each device type's alone (the
 * catalog page's type filter leads there), a hundred to a page, with their
 * links to each other and to the same list in the API.
 */
function browsePagesOf(browse: ReturnType<typeof browseEntry>[], site: Site) {
  const u = urls(inSite(site));
  const walks = [
    { type: null, entries: browse },
    ...DEVICE_TYPES.map((type) => ({ type, entries: browse.filter((e) => e.type === type) })).filter((w) => w.entries.length),
  ];
  return walks.flatMap(({ type, entries }) => {
    const pageCount = Math.ceil(entries.length / BROWSE_PAGE_SIZE);
    const href = (n: number) => (type ? u.browseType(type, n) : u.browse(n));
    const heading = type ? `${DEVICE_TYPE_PLURALS[type]} A–Z` : "Browse devices A–Z";
    return Array.from({ length: pageCount }, (_, i) => {
      const onPage = entries.slice(i * BROWSE_PAGE_SIZE, (i + 1) * BROWSE_PAGE_SIZE);
      return {
        type,
        heading,
        title: pageCount < 2 ? heading : `${heading}, page ${i + 1} of ${pageCount}`,
        noun: type ? DEVICE_TYPE_PLURALS[type].toLowerCase() : "devices",
        count: entries.length,
        number: i + 1,
        pageCount,
        entries: onPage,
        updated: latestUpdated(onPage),
        permalink: type ? pageFiles.browseType(type, i + 1) : pageFiles.browse(i + 1),
        prev: i > 0 ? href(i) : null,
        next: i + 1 < pageCount ? href(i + 2) : null,
        api: type ? `${u.list()}?type=${type}` : u.list(),
      };
    });
  });
}

/**
 * A chart as the templates place it: the SVG, labelled by its figure's
 * caption (`<id>-caption`) and described by its text equivalent (`describedBy`,
 * by default the list of the rows in words, `<id>-words`).
 */
function chartView(chart: Chart | null, id: string, describedBy = `${id}-words`) {
  if (!chart) return null;
  return { id, svg: timelineSvg(chart, { id, labelledBy: `${id}-caption`, describedBy }), words: chart.rows.map((r) => r.words) };
}

/** A kind of support in a table cell: each commitment's dates in words, with its scope when it has one. */
const supportWords = (cs: Commitment[]) =>
  cs.map((c) => (describeCoverage(c) === "all variants" ? commitmentWords(c) : `${describeCoverage(c)}: ${commitmentWords(c)}`));

/**
 * Every page of every manufacturer: its devices by type, then newest first, a
 * page of them at a time, each type a section (listed in a jump list with its
 * count and page) and each release year in it a chart with its table (the
 * chart's text equivalent). The charts of a page share one axis, so their bars compare.
 */
function manufacturerPageData(catalog: Catalog, site: Site, only?: string[]) {
  const u = urls(inSite(site));
  // Watch mode: the pages of the manufacturers of the edited records (an edit may move a device to another of their pages).
  const makers = manufacturersOf(catalog).filter((m) => !only || m.records.some((r) => only.includes(r.slug)));
  return makers.flatMap((m) => {
    const { pages, types } = manufacturerPages(m);
    const typeId = (type: string) => `type-${type}`;
    const maker = {
      slug: m.slug,
      name: m.name,
      count: m.records.length,
      calendar: u.manufacturerCalendar(m.slug),
      calendarNoAlarms: u.manufacturerCalendarNoAlarms(m.slug),
      feed: u.manufacturerFeed(m.slug),
      page: u.manufacturerPage(m.slug),
    };
    const counts = new Map(types.map((t) => [t.type, t.count]));
    return pages.map((groups, i) => {
      const onPage = groups.flatMap((g) => g.years.flatMap((y) => y.records));
      const docs = new Map(onPage.map((r) => [r.slug, deviceSummary(r, site)]));
      // One axis for every chart of the page, so that their bars compare.
      const axis = recordsSpan(onPage);
      return {
        maker,
        number: i + 1,
        pageCount: pages.length,
        permalink: pageFiles.manufacturer(m.slug, i + 1),
        title: pages.length > 1 ? `${m.name} devices (page ${i + 1} of ${pages.length})` : `${m.name} devices`,
        prev: i > 0 ? u.manufacturerPage(m.slug, i) : null,
        next: i + 1 < pages.length ? u.manufacturerPage(m.slug, i + 2) : null,
        first: docs.get(onPage[0]!.slug)!.name,
        last: docs.get(onPage[onPage.length - 1]!.slug)!.name,
        updated: latestUpdated([...docs.values()]),
        // The jump list: each type, its count, and where its list starts (this page, or another).
        types: types.map((t) => ({
          label: DEVICE_TYPE_PLURALS[t.type],
          count: t.count,
          page: t.page,
          href: `${t.page === i + 1 ? "" : u.manufacturerPage(m.slug, t.page)}#${typeId(t.type)}`,
        })),
        groups: groups.map((tg) => ({
          id: typeId(tg.type),
          label: DEVICE_TYPE_PLURALS[tg.type],
          noun: DEVICE_TYPE_PLURALS[tg.type].toLowerCase(),
          count: counts.get(tg.type)!,
          continued: tg.continued,
          years: tg.years.map((g) => {
            const id = `${tg.type}-released-${g.year ?? "unknown"}`;
            const items = g.records.map((r) => ({ record: r, verdict: docs.get(r.slug)!.verdict.label }));
            return {
              year: g.year,
              id,
              chart: chartView(devicesChart(items, axis), `chart-${id}`, `table-${id}`),
              rows: g.records.map((r) => {
                const doc = docs.get(r.slug)!;
                return {
                  name: doc.name,
                  page: u.page(r.slug),
                  released: readableDate(r.released),
                  os: supportWords(r.support.os),
                  security: supportWords(r.support.security),
                  verdict: doc.verdict.label,
                };
              }),
            };
          }),
        })),
      };
    });
  });
}

/** What a withdrawn record's notice page says: when, why, and the record that takes its place, if any. */
function withdrawalNotice(r: DeviceRecord, catalog: Catalog, site: Site) {
  if (r.publication.state !== "withdrawn") throw new Error(`${r.slug} is not withdrawn`);
  const { withdrawnOn, reason, replacedBy } = r.publication;
  const replacement = catalog.published.find((p) => p.slug === replacedBy);
  return {
    slug: r.slug,
    name: r.name,
    manufacturer: r.manufacturer,
    withdrawnOn,
    reason,
    replacement: replacement ? { name: replacement.name, page: urls(inSite(site)).page(replacement.slug) } : null,
  };
}

/** The most a description says before search engines cut it. */
const DESCRIPTION_MAX = 300;

/** A device page's meta description: what it is, its verdict and the verdict's reason, cut at a word within the limit. */
function deviceDescription(r: DeviceRecord, site: Site): string {
  const doc = deviceSummary(r, site);
  const text = `${doc.name} (${doc.manufacturer}, ${doc.deviceType}): ${doc.verdict.label}. ${verdictOf(r, site.now).reason}`;
  if (text.length <= DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, cut.lastIndexOf(" "))}…`;
}

/** What pages-render.ts uses of Nunjucks as Eleventy announces it (nunjucks ships no types). */
interface NunjucksEngine {
  nunjucks: {
    Template: new (
      src: string,
      env: unknown,
      path?: string,
      eagerCompile?: boolean,
    ) => { render(data: object, cb: (err: Error | null, out?: string) => void): void };
  };
  environment: unknown;
}

/** Eleventy's configuration API beyond its published types: an event, and a template language's options. */
interface EleventyHooks {
  on(event: "eleventy.engine.njk", listener: (engine: NunjucksEngine) => void): void;
  addExtension(ext: string, options: { key: string; compile: unknown; compileOptions: { cache: boolean; permalink: unknown } }): void;
}

/** Device pages per Eleventy run: Eleventy keeps every page of a run in memory until the run ends. */
const PAGES_PER_RUN = 2000;

interface Pass {
  /** The templates folder (site pages) or the device template alone. */
  input: string;
  /** Eleventy's global data: every name the templates of the pass read (`devices`: the device pages of the run). */
  globals: Record<string, unknown>;
}

/** The site pages (not the device pages) a sitemap lists: not the 404 and 405 pages, a form's confirmation or a withdrawal notice. */
const listed = (url: string) =>
  (url.endsWith(".html") || url.endsWith("/")) &&
  ![pageFiles.notFound, pageFiles.methodNotAllowed, pageFiles.correctionsThanks].includes(url) &&
  !matchResource(PAGES.withdrawal, prettyUrl(url));

export interface PagesOutput {
  files: number;
  bytes: number;
  /** The public paths of the site pages a sitemap lists, sorted ("/", "/browse/2", "/docs/api", ...). */
  sitePages: string[];
}

export async function run({ catalog, site, outRoot, layout, only }: PagesInput): Promise<PagesOutput> {
  // Links between pages and to the API are root-relative, so the build serves from any origin; `site` stays for what leaves the site.
  const local = urls(inSite(site));
  const assetNames = new Map([...(await assetFiles())].map(([name, a]) => [name, a.file]));
  /** An asset's address by the name a template uses ("site.css"): its content-hashed file. */
  const asset = (name: string) => {
    const file = assetNames.get(name);
    if (!file) throw new Error(`templates ask for an asset that emit/assets.ts does not make: ${name}`);
    return local.asset(file);
  };
  const recent = recentlyChanged(catalog.published, site, 20);
  const upcoming = catalog.published
    .flatMap((r) => upcomingSupportEnds(r, site).map((e) => ({ ...e, page: local.page(r.slug) })))
    .sort(bySoonest)
    .slice(0, UPCOMING_SHOWN);
  const catalogUpdated = latestUpdated(catalog.published.map((r) => deviceDocument(r, site)));
  const browse = catalog.published.map((r) => browseEntry(r, site)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.page < b.page ? -1 : 1));
  const makerPages = manufacturerPageData(catalog, site, only);
  const browsePages = browsePagesOf(browse, site);
  // The catalog page's type filter: each type the catalog holds, its count and its A–Z pages.
  const deviceTypes = DEVICE_TYPES.map((type) => ({
    type,
    label: DEVICE_TYPE_PLURALS[type],
    count: catalog.published.filter((r) => r.deviceType === type).length,
    href: local.browseType(type),
  })).filter((t) => t.count);
  const makers = manufacturersOf(catalog).map((m) => ({
    name: m.name,
    count: m.records.length,
    page: local.manufacturerPage(m.slug),
    calendar: local.manufacturerCalendar(m.slug),
    feed: local.manufacturerFeed(m.slug),
  }));
  const withdrawn = catalog.withdrawn.map((r) => withdrawalNotice(r, catalog, site));
  // Social sites fetch a sharing image from wherever the page was shared: absolute, like the canonical link.
  const makerCards = new Map(manufacturersOf(catalog).map((m) => [m.slug, manufacturerCard(m.name, m.records.length)]));
  const shareImages = {
    site: { url: urls(site).siteImage(), ...SHARE_IMAGE, alt: siteCard(catalog).alt },
    maker: (slug: string) => ({ url: urls(site).manufacturerImage(slug), ...SHARE_IMAGE, alt: makerCards.get(slug)!.alt }),
  };

  // What the site pages read; the device pages read only `devicesGlobals` (Eleventy hands every global to every
  // page's data and to every Nunjucks context and include, so a device page carries nothing it does not use).
  const devicesGlobals = { site, urls: local, files: filesIn(layout), shareImages };
  const siteGlobals = {
    ...devicesGlobals,
    // Addresses shown as text, for a reader to use elsewhere (as docs/ shows {site_url}): absolute.
    absolute: urls(site),
    devices: [],
    publishedCount: catalog.published.length,
    recent,
    problems: PROBLEMS,
    openapi: buildOpenApi(site),
    upcoming,
    upcomingChart: chartView(endingsChart(upcoming), "upcoming", "upcoming-table"),
    makerPages,
    makers,
    searchIndex: local.searchIndex(),
    fleetIndexUrl: local.fleetIndex() + FLEET_INDEX_FILE,
    devicePages: local.page(""),
    catalogUpdated,
    browsePages,
    deviceTypes,
    withdrawn,
    correctionsForm: CORRECTIONS_FORM,
    docPages: DOC_PAGES,
  };

  const render = async ({ input, globals }: Pass) => {
    const elev = new Eleventy(input, outRoot, {
      quietMode: true,
      config(cfg: EleventyConfig) {
        // Every address a template links to or is written at comes from the resource table (contract/resources.ts): `urls`, `files`.
        for (const [name, value] of Object.entries(globals)) cfg.addGlobalData(name, value);
        cfg.addFilter("partialDate", describeDate);
        cfg.addFilter("readableDate", readableDate);
        cfg.addFilter("dayWords", (day: string) => readableDate({ value: day, precision: "day" }));
        cfg.addFilter("endWords", endWords);
        cfg.addFilter("osVersionWords", osVersionWords);
        cfg.addFilter("statusWords", (s: CommitmentStatus) => STATUS_WORDS[s]);
        cfg.addFilter("prettyUrl", prettyUrl);
        cfg.addFilter("asset", asset);
        cfg.addFilter("problemType", problemType);
        cfg.addFilter("scope", describeScope);
        // Heading ids, so links such as the legacy endpoint's rel="deprecation" (/docs/list#legacy-endpoint) land;
        // letters, digits and dashes only (the plugin's default percent-encodes punctuation into the id).
        cfg.amendLibrary("md", (md: { use(plugin: unknown, options: unknown): void }) => md.use(markdownItAnchor, { slugify: dashed }));
        // A block tag on its own line leaves no line of spaces behind it.
        cfg.setNunjucksEnvironmentOptions({ trimBlocks: true, lstripBlocks: true });
        // Eleventy leaves its compile cache off for Nunjucks and compiles a paginated template again for every page
        // (thousands of device pages, hundreds of A–Z and manufacturer pages). The same Nunjucks, compiled once per
        // template in a run: Eleventy's own environment (its loader, filters and options), with the cache on.
        let njk: NunjucksEngine | undefined;
        const hooks = cfg as unknown as EleventyHooks;
        hooks.on("eleventy.engine.njk", (engine) => {
          njk = engine;
        });
        const compile = (str: unknown, inputPath?: string) => {
          if (typeof str !== "string") return str; // a permalink function: Eleventy calls it itself
          if (!njk) throw new Error("Eleventy's Nunjucks environment was not announced (eleventy.engine.njk)");
          const template = new njk.nunjucks.Template(str, njk.environment, inputPath, true);
          return (data: object) => new Promise<string>((resolve, reject) => template.render(data, (err, out) => (err ? reject(err) : resolve(out ?? ""))));
        };
        hooks.addExtension("njk", { key: "njk", compile, compileOptions: { cache: true, permalink: compile } });
        // templates/assets/ is written by emit/assets.ts under hashed names, not copied here.
        if (input !== TEMPLATES) return;
        for (const doc of DOC_PAGES) {
          // Links between docs are written as files (list.md) so they work in the repository too,
          // and name the contract's placeholders, {site_url} and {base_url}, which the published page fills in.
          const text = readFileSync(path.join(ROOT, "docs", doc.file), "utf8")
            .replace(
              /\]\(([A-Za-z-]+)\.md(#[^)]*)?\)/g,
              (_, name: string, hash = "") => `](${DOC_PAGES.find((d) => d.file === `${name}.md`)?.url ?? name}${hash})`,
            )
            // A link target stays on the site (root-relative); an address shown as text is for use elsewhere (absolute).
            .replaceAll("]({site_url}", `](${inSite(site).siteUrl}`)
            .replaceAll("]({base_url}", `](${inSite(site).baseUrl}`)
            .replaceAll("{site_url}", site.siteUrl)
            .replaceAll("{base_url}", site.baseUrl);
          cfg.addTemplate(`virtual${doc.url}.md`, text, { layout: "base.njk", title: doc.title, permalink: doc.out });
        }
      },
    });
    const [copies, pages] = (await elev.write()) as unknown as [{ map: Record<string, string> }[], { content?: string; url?: string }[]];
    const copied = copies.flatMap((c) => Object.values(c.map));
    return {
      files: pages.length + copied.length,
      bytes: pages.reduce((n, p) => n + Buffer.byteLength(p.content ?? ""), 0) + copied.reduce((n, f) => n + statSync(f).size, 0),
      urls: pages.flatMap((p) => (p.url ? [p.url] : [])),
    };
  };

  // The site pages once (the device template paginates over nothing there), then the device pages in runs.
  const { urls: written, ...total } = await render({ input: TEMPLATES, globals: siteGlobals });
  const rendered = only ? catalog.published.filter((r) => only.includes(r.slug)) : catalog.published;
  // Each device page links its neighbours in the catalog's order, across runs.
  const order = new Map(catalog.published.map((r, i) => [r.slug, i]));
  const neighbour = (r: DeviceRecord, step: number) => {
    const next = catalog.published[order.get(r.slug)! + step];
    return next ? local.page(next.slug) : null;
  };
  for (let start = 0; start < rendered.length; start += PAGES_PER_RUN) {
    const devices = await Promise.all(
      rendered.slice(start, start + PAGES_PER_RUN).map(async (r) => ({
        doc: deviceDocument(r, site),
        evidence: evidenceDocument(r, site),
        // Drawn into the page: a reader browsing many pages never meets the API's rate limit (docs/exports.md#badge).
        badge: await badgeSvg(badgeOf(verdictOf(r, site.now))),
        maker: local.manufacturerPage(manufacturerSlug(r.manufacturer)),
        makerSlug: manufacturerSlug(r.manufacturer),
        description: deviceDescription(r, site),
        prev: neighbour(r, -1),
        next: neighbour(r, 1),
        timeline: chartView(deviceChart(r), "timeline"),
        embed: badgeEmbed(r.slug, site, r.name),
        hasMinimum: [...r.support.os, ...r.support.security].some((c) => c.minimum),
        hasCeiling: [...r.support.os, ...r.support.security].some((c) => c.ceiling),
        datasetYears: supportYears(r).map((year) => ({ year, url: local.datasetYear(year) })),
      })),
    );
    const pass = await render({ input: path.join(TEMPLATES, "device.njk"), globals: { ...devicesGlobals, devices } });
    total.files += pass.files;
    total.bytes += pass.bytes;
  }
  return { ...total, sitePages: written.filter(listed).map(prettyUrl).sort() };
}
