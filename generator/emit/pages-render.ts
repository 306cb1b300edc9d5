// The human pages from templates/: the site pages (home, A–Z, manufacturers,
// docs, license, 404) rendered by Eleventy, then every device page rendered
// in the same Nunjucks environment and written through the build's writer.
// The environment is this module's own, with its filters registered once,
// and handed to Eleventy through its public API (setLibrary), so both passes
// render alike without any of Eleventy's internal events. API files are
// written by the other emitters. What each template receives is a pure view
// model in pages/; here are the environment, Eleventy's configuration and the
// two passes.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import Eleventy, { type EleventyConfig } from "@11ty/eleventy";
import nunjucks from "nunjucks";
import markdownItAnchor from "markdown-it-anchor";
import type { Catalog } from "../derive/catalog.ts";
import type { OutputWriter } from "./writer.ts";
import { inSite, urls, type Site } from "../derive/site.ts";
import { FLEET_INDEX_FILE } from "../derive/fleet-files.ts";
import { PAGES, matchResource, type Layout } from "../contract/resources.ts";
import { describeDate, readableDate } from "../derive/dates.ts";
import { describeScope } from "../derive/verdict.ts";
import type { CommitmentStatus } from "../contract/verdicts.ts";
import { PROBLEMS, problemType } from "../contract/problems.ts";
import { CORRECTIONS_FORM } from "../derive/routes.ts";
import { buildOpenApi } from "./openapi-document.ts";
import { dashed } from "../derive/search.ts";
import { osVersionWords } from "../derive/os-versions.ts";
import { runAssets } from "./assets.ts";
import { browseEntries, browseEntry, browsePagesOf } from "./pages/browse-view.ts";
import { deviceViews } from "./pages/device-view.ts";
import { DOC_PAGES, docMarkdown } from "./pages/doc-pages.ts";
import { homeView } from "./pages/home-view.ts";
import { manufacturerList, manufacturerPageViews } from "./pages/manufacturer-view.ts";
import { filesIn, pageFiles, prettyUrl } from "./pages/page-files.ts";
import { shareImages } from "./pages/sharing-view.ts";
import { endWords, STATUS_WORDS, supportWords } from "./pages/support-words.ts";
import type { RecordView } from "./record-views.ts";
import { deviceSummary } from "../derive/documents.ts";
import { upcomingSupportEnds } from "../derive/calendar-events.ts";
import { devicesChart, recordsSpan } from "../derive/timeline.ts";
import { withdrawalNotice } from "./pages/withdrawn-view.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEMPLATES = path.join(ROOT, "templates");

export interface PagesInput {
  catalog: Catalog;
  site: Site;
  out: OutputWriter;
  layout: Layout;
  /**
   * Watch mode, in place: render only these device pages, and of the site
   * pages only those whose data changed since the session's last write (the
   * pages' data kept in `kept`); the docs and the pages that read nothing of a
   * record but the catalog's shape stay as they are.
   */
  only?: ReadonlySet<string>;
  /** A watch session's store (EmitContext.kept): the data each site page was last rendered from. */
  kept?: Map<string, unknown>;
  /** False when no edited record's view of the site pages changed (sitePagesView): in place, only the device pages are rendered. */
  sitePages?: boolean;
  /** Where Eleventy's summary line ("Wrote N files") goes: nowhere when absent (--quiet). */
  log?: (line: string) => void;
}

/** Eleventy's logger, beyond its published types: its console can be replaced. */
interface EleventyLogger {
  logger: { overrideLogger(console: Pick<Console, "log" | "warn" | "error">): void };
}

/**
 * The device page's template, in templates/_includes/. Not an Eleventy
 * template: paginating thousands of pages through Eleventy cost more than
 * rendering them (each page's data cascade and bookkeeping, and every page
 * kept in memory to the end of its run; BENCHMARKS.md), so each is one render
 * in the environment the site pages use (its filters, options and includes)
 * and one write.
 */
const DEVICE_TEMPLATE = "device-page.njk";

/** The site pages (not the device pages) a sitemap lists: not the 404 and 405 pages, a form's confirmation or a withdrawal notice. */
const listed = (url: string) =>
  (url.endsWith(".html") || url.endsWith("/")) &&
  ![pageFiles.notFound, pageFiles.methodNotAllowed, pageFiles.correctionsThanks].includes(url) &&
  !matchResource(PAGES.withdrawal, prettyUrl(url));

/** Where a watch session keeps the data each site page that reads records was last rendered from, by page. */
const PAGE_DATA = "pages:data";

/**
 * The site pages that read records, each by a key of its own, with the data
 * it is rendered from: the home page, each A–Z page, each manufacturer page
 * given (all, or the edited records' manufacturers' in place) and the
 * withdrawal notices together (their layout links each to its neighbours).
 * The templates are the same through a session, so equal data means equal
 * pages. The others (docs, the manufacturers' list, the fleet page, 404 ...)
 * read the site and the catalog's shape, unchanged by an edit in place.
 */
function pageData(globals: {
  home: object;
  browsePages: { permalink: string }[];
  makerPages: { permalink: string }[];
  withdrawn: object[];
}): Map<string, string> {
  return new Map([
    ["home", JSON.stringify(globals.home)],
    ...globals.browsePages.map((p) => [p.permalink, JSON.stringify(p)] as const),
    ...globals.makerPages.map((p) => [p.permalink, JSON.stringify(p)] as const),
    ["withdrawn", JSON.stringify(globals.withdrawn)],
  ]);
}

/**
 * In place: the keys of the pages whose data is not what it was at their last
 * write (and the kept data brought up to date); a whole build keeps them all.
 */
function changedPages(data: () => Map<string, string>, kept: Map<string, unknown> | undefined, inPlace: boolean): Set<string> | undefined {
  // A single build keeps nothing, and spends nothing on the pages' data as text.
  if (!kept) return undefined;
  const now = data();
  const last = kept.get(PAGE_DATA) as Map<string, string> | undefined;
  if (!inPlace || !last) {
    kept.set(PAGE_DATA, now);
    return undefined;
  }
  const changed = new Set([...now].filter(([key, data]) => last.get(key) !== data).map(([key]) => key));
  for (const key of changed) last.set(key, now.get(key)!);
  return changed;
}

/** An axis no bar reaches the end of: a record's chart row drawn on it holds all that its manufacturer page's chart reads of it. */
const OPEN_AXIS = { first: "0000-01-01", last: "9999-12-31" };

/**
 * What the site pages read of a record (emit/record-views.ts), each through
 * the function its page's data is made with: its A–Z line; its line among the
 * home page's recent changes and its upcoming endings there; its manufacturer
 * page's row, chart row, place (release and name) and day of change; a
 * withdrawn record's notice. A commitment's wording or a source reaches none.
 */
export const sitePagesView: RecordView = (r, site) => {
  if (r.publication.state === "withdrawn") return JSON.stringify([r.name, r.manufacturer, r.publication]);
  const doc = deviceSummary(r, site);
  const verdict = doc.verdict.headline;
  return JSON.stringify([
    browseEntry(r, site),
    [doc.updated, doc.verdict.label],
    upcomingSupportEnds(r, site),
    [r.released, readableDate(r.released), supportWords(r.support.os), supportWords(r.support.security), verdict],
    recordsSpan([r]),
    devicesChart([{ record: r, verdict }], OPEN_AXIS),
  ]);
};

/** The templates Eleventy renders the record-reading site pages from: in place, every other template is left out. */
const RECORD_TEMPLATES = { home: "index.njk", browse: "browse.njk", maker: "manufacturer.njk", withdrawn: "withdrawn.njk" };

/** Renders and writes the pages; gives the public paths of the site pages a sitemap lists, sorted ("/", "/browse/2", "/docs/api", ...). */
export async function renderPages({ catalog, site, out, layout, only, kept, log, sitePages = true }: PagesInput): Promise<string[]> {
  // Links between pages and to the API are root-relative, so the build serves from any origin; `site` stays for what leaves the site.
  const local = urls(inSite(site));
  const assetNames = new Map([...(await runAssets({ only, kept }))].map(([name, a]) => [name, a.file]));
  /** An asset's address by the name a template uses ("site.css"): its content-hashed file. */
  const asset = (name: string) => {
    const file = assetNames.get(name);
    if (!file) throw new Error(`templates ask for an asset that emit/assets.ts does not make: ${name}`);
    return local.asset(file);
  };
  // What the device pages read, and the site pages besides what only they read.
  const files = filesIn(layout);
  const devicesGlobals = { site, urls: local, shareImages: shareImages(catalog, site) };
  // Record text is escaped unless a template says otherwise; a block tag on its own line leaves no line of spaces behind it.
  const env = new nunjucks.Environment(new nunjucks.FileSystemLoader(path.join(TEMPLATES, "_includes")), {
    autoescape: true,
    trimBlocks: true,
    lstripBlocks: true,
  });
  const filters = {
    partialDate: describeDate,
    readableDate,
    dayWords: (day: string) => readableDate({ value: day, precision: "day" }),
    endWords,
    osVersionWords,
    statusWords: (s: CommitmentStatus) => STATUS_WORDS[s],
    prettyUrl,
    asset,
    problemType,
    scope: describeScope,
  };
  for (const [name, filter] of Object.entries(filters)) env.addFilter(name, filter as (...args: unknown[]) => unknown);

  const compiled = new Map<string, (data: object) => Promise<string>>();
  const compile = (str: unknown, inputPath?: string) => {
    if (typeof str !== "string") return str; // a permalink function: Eleventy calls it itself
    const key = `${inputPath ?? ""}\0${str}`;
    let render = compiled.get(key);
    if (!render) {
      const template = new nunjucks.Template(str, env, inputPath, true);
      render = (data: object) => new Promise<string>((resolve, reject) => template.render(data, (err, out) => (err ? reject(err) : resolve(out ?? ""))));
      compiled.set(key, render);
    }
    return render;
  };
  const pages = sitePages ? await runEleventy() : [];
  const device = env.getTemplate(DEVICE_TEMPLATE, true);
  const viewOf = deviceViews(catalog, site);
  for (const r of only ? catalog.published.filter((r) => only.has(r.slug)) : catalog.published) {
    out.write(files.device(r.slug), device.render({ ...devicesGlobals, d: viewOf(r) }));
  }
  return pages.flatMap((p) => (p.url && listed(p.url) ? [prettyUrl(p.url)] : [])).sort();

  async function runEleventy(): Promise<{ content?: string; url?: string }[]> {
    const home = homeView(catalog, site);
    const recordPages = {
      home,
      browsePages: browsePagesOf(browseEntries(catalog.published, site), site),
      makerPages: manufacturerPageViews(catalog, site, only),
      withdrawn: catalog.withdrawn.map((r) => withdrawalNotice(r, catalog, site)),
    };
    const changed = changedPages(() => pageData(recordPages), kept, only !== undefined);
    // In place, nothing a site page shows changed: Eleventy has nothing to write.
    if (changed?.size === 0) return [];
    const siteGlobals = {
      ...devicesGlobals,
      files,
      // Addresses shown as text, for a reader to use elsewhere (as docs/ shows {site_url}): absolute.
      absolute: urls(site),
      ...home,
      problems: PROBLEMS,
      openapi: buildOpenApi(site),
      makers: manufacturerList(catalog, site),
      searchIndex: local.searchIndex(),
      fleetIndexUrl: local.fleetIndex() + FLEET_INDEX_FILE,
      devicePages: local.page(""),
      // In place, only the pages whose data changed (an A–Z or manufacturer page links its neighbours itself, not through Eleventy's pagination).
      browsePages: changed ? recordPages.browsePages.filter((p) => changed.has(p.permalink)) : recordPages.browsePages,
      makerPages: changed ? recordPages.makerPages.filter((p) => changed.has(p.permalink)) : recordPages.makerPages,
      withdrawn: !changed || changed.has("withdrawn") ? recordPages.withdrawn : [],
      correctionsForm: CORRECTIONS_FORM,
      docPages: DOC_PAGES,
    };

    const elev = new Eleventy(TEMPLATES, out.root, {
      quietMode: true,
      config(cfg: EleventyConfig) {
        // Every address a template links to or is written at comes from the resource table (contract/resources.ts): `urls`, `files`.
        for (const [name, value] of Object.entries(siteGlobals)) cfg.addGlobalData(name, value);
        cfg.setLibrary("njk", env);
        // Heading ids, so links such as the legacy endpoint's rel="deprecation" (/docs/list#legacy-endpoint) land;
        // letters, digits and dashes only (the plugin's default percent-encodes punctuation into the id).
        cfg.amendLibrary("md", (md: { use(plugin: unknown, options: unknown): void }) => md.use(markdownItAnchor, { slugify: dashed }));
        // Eleventy leaves its compile cache off for Nunjucks and compiles a paginated template again for every page
        // (hundreds of A–Z and manufacturer pages), so each template is compiled once here, in the environment above.
        cfg.addExtension("njk", { key: "njk", compile, compileOptions: { cache: false, permalink: compile } });
        // In place, the templates of the pages whose data changed, and nothing else.
        if (changed) {
          for (const template of readdirSync(TEMPLATES).filter((f) => f.endsWith(".njk"))) {
            const wanted = template === RECORD_TEMPLATES.home ? changed.has("home") : Object.values(RECORD_TEMPLATES).includes(template);
            if (!wanted) cfg.ignores.add(path.relative(process.cwd(), path.join(TEMPLATES, template)));
          }
          return;
        }
        // The docs, as Markdown pages in the layout. (templates/assets/ is not copied: emit/assets.ts writes it under hashed names.)
        for (const doc of DOC_PAGES) {
          const text = docMarkdown(readFileSync(path.join(ROOT, "docs", doc.file), "utf8"), site);
          cfg.addTemplate(`virtual${doc.url}.md`, text, { layout: "base.njk", title: doc.title, permalink: doc.out });
        }
      },
    });
    // Eleventy prints its summary whatever quietMode says; its warnings and errors still reach the console.
    (elev as unknown as EleventyLogger).logger.overrideLogger({ log: (line: string) => log?.(line), warn: console.warn, error: console.error });
    const [copies, pages] = (await elev.write()) as unknown as [{ map: Record<string, string> }[], { content?: string; url?: string }[]];
    const copied = copies.flatMap((c) => Object.values(c.map));
    out.files += pages.length + copied.length;
    out.bytes += pages.reduce((n, p) => n + Buffer.byteLength(p.content ?? ""), 0) + copied.reduce((n, f) => n + statSync(f).size, 0);
    return pages;
  }
}
