// The human pages from templates/: the site pages (home, A–Z, manufacturers,
// docs, license, 404) rendered by Eleventy, then every device page rendered
// in the same Nunjucks environment and written through the build's writer.
// The environment is this module's own, with its filters registered once,
// and handed to Eleventy through its public API (setLibrary), so both passes
// render alike without any of Eleventy's internal events. API files are
// written by the other emitters. What each template receives is a pure view
// model in pages/; here are the environment, Eleventy's configuration and the
// two passes.
import { readFileSync, statSync } from "node:fs";
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
import { assetFiles } from "./assets.ts";
import { browseEntries, browsePagesOf } from "./pages/browse-view.ts";
import { deviceViews } from "./pages/device-view.ts";
import { DOC_PAGES, docMarkdown } from "./pages/doc-pages.ts";
import { homeView } from "./pages/home-view.ts";
import { manufacturerList, manufacturerPageViews } from "./pages/manufacturer-view.ts";
import { filesIn, pageFiles, prettyUrl } from "./pages/page-files.ts";
import { shareImages } from "./pages/sharing-view.ts";
import { endWords, STATUS_WORDS } from "./pages/support-words.ts";
import { withdrawalNotice } from "./pages/withdrawn-view.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEMPLATES = path.join(ROOT, "templates");

export interface PagesInput {
  catalog: Catalog;
  site: Site;
  out: OutputWriter;
  layout: Layout;
  /** Watch mode: render only these device pages and their manufacturers' pages (the home page and docs are always rendered). */
  only?: ReadonlySet<string>;
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

/** Renders and writes the pages; gives the public paths of the site pages a sitemap lists, sorted ("/", "/browse/2", "/docs/api", ...). */
export async function renderPages({ catalog, site, out, layout, only, log }: PagesInput): Promise<string[]> {
  // Links between pages and to the API are root-relative, so the build serves from any origin; `site` stays for what leaves the site.
  const local = urls(inSite(site));
  const assetNames = new Map([...(await assetFiles())].map(([name, a]) => [name, a.file]));
  /** An asset's address by the name a template uses ("site.css"): its content-hashed file. */
  const asset = (name: string) => {
    const file = assetNames.get(name);
    if (!file) throw new Error(`templates ask for an asset that emit/assets.ts does not make: ${name}`);
    return local.asset(file);
  };
  // What the device pages read, and the site pages besides what only they read.
  const files = filesIn(layout);
  const devicesGlobals = { site, urls: local, shareImages: shareImages(catalog, site) };
  const siteGlobals = {
    ...devicesGlobals,
    files,
    // Addresses shown as text, for a reader to use elsewhere (as docs/ shows {site_url}): absolute.
    absolute: urls(site),
    ...homeView(catalog, site),
    problems: PROBLEMS,
    openapi: buildOpenApi(site),
    makerPages: manufacturerPageViews(catalog, site, only),
    makers: manufacturerList(catalog, site),
    searchIndex: local.searchIndex(),
    fleetIndexUrl: local.fleetIndex() + FLEET_INDEX_FILE,
    devicePages: local.page(""),
    browsePages: browsePagesOf(browseEntries(catalog.published, site), site),
    withdrawn: catalog.withdrawn.map((r) => withdrawalNotice(r, catalog, site)),
    correctionsForm: CORRECTIONS_FORM,
    docPages: DOC_PAGES,
  };

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

  const device = env.getTemplate(DEVICE_TEMPLATE, true);
  const viewOf = deviceViews(catalog, site);
  for (const r of only ? catalog.published.filter((r) => only.has(r.slug)) : catalog.published) {
    out.write(files.device(r.slug), device.render({ ...devicesGlobals, d: viewOf(r) }));
  }
  return pages.flatMap((p) => (p.url && listed(p.url) ? [prettyUrl(p.url)] : [])).sort();
}
