// Eleventy rendering of the human pages (device pages, home, docs, license,
// 404) from templates/. API files are written directly by the other
// emitters, Eleventy only renders HTML. What each template receives is a pure
// view model in pages/; here are Eleventy's configuration, its passes (the
// site pages, then the device pages in runs) and the count of what they wrote.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import Eleventy, { type EleventyConfig } from "@11ty/eleventy";
import markdownItAnchor from "markdown-it-anchor";
import type { Catalog } from "../derive/catalog.ts";
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
  outRoot: string;
  layout: Layout;
  /** Watch mode: render only these device pages and their manufacturers' pages (the home page and docs are always rendered). */
  only?: ReadonlySet<string>;
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

export async function renderPages({ catalog, site, outRoot, layout, only }: PagesInput): Promise<PagesOutput> {
  // Links between pages and to the API are root-relative, so the build serves from any origin; `site` stays for what leaves the site.
  const local = urls(inSite(site));
  const assetNames = new Map([...(await assetFiles())].map(([name, a]) => [name, a.file]));
  /** An asset's address by the name a template uses ("site.css"): its content-hashed file. */
  const asset = (name: string) => {
    const file = assetNames.get(name);
    if (!file) throw new Error(`templates ask for an asset that emit/assets.ts does not make: ${name}`);
    return local.asset(file);
  };
  // What the site pages read; the device pages read only `devicesGlobals` (Eleventy hands every global to every
  // page's data and to every Nunjucks context and include, so a device page carries nothing it does not use).
  const devicesGlobals = { site, urls: local, files: filesIn(layout), shareImages: shareImages(catalog, site) };
  const siteGlobals = {
    ...devicesGlobals,
    // Addresses shown as text, for a reader to use elsewhere (as docs/ shows {site_url}): absolute.
    absolute: urls(site),
    devices: [],
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

  let njk: NunjucksEngine | undefined;
  const compiled = new Map<string, (data: object) => Promise<string>>();
  const compile = (str: unknown, inputPath?: string) => {
    if (typeof str !== "string") return str; // a permalink function: Eleventy calls it itself
    if (!njk) throw new Error("Eleventy's Nunjucks environment was not announced (eleventy.engine.njk)");
    const key = `${inputPath ?? ""}\0${str}`;
    let render = compiled.get(key);
    if (!render) {
      const template = new njk.nunjucks.Template(str, njk.environment, inputPath, true);
      render = (data: object) => new Promise<string>((resolve, reject) => template.render(data, (err, out) => (err ? reject(err) : resolve(out ?? ""))));
      compiled.set(key, render);
    }
    return render;
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
        // (thousands of device pages, hundreds of A–Z and manufacturer pages), and each Eleventy instance brings an
        // environment of its own, whose templates V8 would compile and optimise again in every run. So the first
        // run's environment (Eleventy's loader, filters and options) compiles each template once for the whole
        // build, cached here: in this call, not in Eleventy's static cache, which is keyed by each instance and
        // would keep every run's pages alive to the end of the build.
        const hooks = cfg as unknown as EleventyHooks;
        hooks.on("eleventy.engine.njk", (engine) => {
          njk ??= engine;
        });
        hooks.addExtension("njk", { key: "njk", compile, compileOptions: { cache: false, permalink: compile } });
        // templates/assets/ is written by emit/assets.ts under hashed names, not copied here.
        if (input !== TEMPLATES) return;
        for (const doc of DOC_PAGES) {
          const text = docMarkdown(readFileSync(path.join(ROOT, "docs", doc.file), "utf8"), site);
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
  const rendered = only ? catalog.published.filter((r) => only.has(r.slug)) : catalog.published;
  const viewOf = deviceViews(catalog, site);
  for (let start = 0; start < rendered.length; start += PAGES_PER_RUN) {
    const devices = rendered.slice(start, start + PAGES_PER_RUN).map(viewOf);
    const pass = await render({ input: path.join(TEMPLATES, "device.njk"), globals: { ...devicesGlobals, devices } });
    total.files += pass.files;
    total.bytes += pass.bytes;
  }
  return { ...total, sitePages: written.filter(listed).map(prettyUrl).sort() };
}
