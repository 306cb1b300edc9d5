// Eleventy rendering of the human pages (device pages, home, docs, license,
// 404) from templates/. Runs in a worker thread (see pages.ts); API files are
// written directly by the other emitters, Eleventy only renders HTML.
import { readFileSync } from "node:fs";
import path from "node:path";
import Eleventy from "@11ty/eleventy";
import markdownItAnchor from "markdown-it-anchor";
import { latestRevisionDay, type Catalog } from "../derive/catalog.ts";
import type { Site } from "../derive/site.ts";
import { deviceDocument, evidenceDocument } from "../derive/documents.ts";
import { describeDate } from "../derive/dates.ts";
import { describeScope } from "../derive/verdict.ts";
import { PROBLEMS } from "../serve/problems.ts";
import { badgeEmbed } from "../derive/badges.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TEMPLATES = path.join(ROOT, "templates");

/** Markdown documents published as pages: file in docs/ → URL path. */
export const DOC_PAGES: { file: string; url: string; title: string }[] = [
  { file: "API.md", url: "/docs/api", title: "API" },
  { file: "list.md", url: "/docs/list", title: "List and search" },
  { file: "exports.md", url: "/docs/exports", title: "Exports: CSV, badge, feed, calendar" },
  { file: "record-fields.md", url: "/docs/record-fields", title: "Device record fields" },
  { file: "LICENSE-DATA.md", url: "/license", title: "Public dataset license v1" },
];

export interface PagesInput {
  catalog: Catalog;
  site: Site;
  outRoot: string;
  /** Watch mode: render only these device pages (the home page and docs are always rendered). */
  only?: string[];
}

/** Device pages per Eleventy run: Eleventy keeps every page of a run in memory until the run ends. */
const PAGES_PER_RUN = 5000;

interface Pass {
  /** The templates folder (site pages) or the device template alone. */
  input: string;
  devices: unknown[];
}

export async function run({ catalog, site, outRoot, only }: PagesInput): Promise<{ files: number; bytes: number }> {
  const recent = [...catalog.published]
    .sort((a, b) => {
      const [da, db] = [latestRevisionDay(a), latestRevisionDay(b)];
      return da < db ? 1 : da > db ? -1 : a.slug < b.slug ? -1 : 1;
    })
    .slice(0, 20)
    .map((r) => deviceDocument(r, site));

  const render = async ({ input, devices }: Pass) => {
    const elev = new Eleventy(input, outRoot, {
      quietMode: true,
      config(cfg: any) {
        cfg.addGlobalData("site", site);
        cfg.addGlobalData("devices", devices);
        cfg.addGlobalData("publishedCount", catalog.published.length);
        cfg.addGlobalData("recent", recent);
        cfg.addGlobalData("problems", PROBLEMS);
        cfg.addFilter("partialDate", describeDate);
        cfg.addFilter("scope", describeScope);
        // Heading ids, so links such as the legacy endpoint's rel="deprecation" (/docs/list#legacy-endpoint) land.
        cfg.amendLibrary("md", (md: { use(plugin: unknown): void }) => md.use(markdownItAnchor));
        if (input !== TEMPLATES) return;
        for (const doc of DOC_PAGES) {
          // Links between docs are written as files (list.md) so they work in the repository too.
          const text = readFileSync(path.join(ROOT, "docs", doc.file), "utf8").replace(/\]\(([A-Za-z-]+)\.md(#[^)]*)?\)/g, (_, name: string, hash = "") => `](${DOC_PAGES.find((d) => d.file === `${name}.md`)?.url ?? name}${hash})`);
          cfg.addTemplate(`virtual${doc.url}.md`, text, { layout: "base.njk", title: doc.title, permalink: `${doc.url.slice(1)}.html` });
        }
      },
    });
    const written = (await elev.write()) as unknown as [unknown[], { content?: string }[]];
    const pages = written[1] ?? [];
    return { files: pages.length, bytes: pages.reduce((n, p) => n + Buffer.byteLength(p.content ?? ""), 0) };
  };

  // The site pages once (the device template paginates over nothing there), then the device pages in runs.
  const total = await render({ input: TEMPLATES, devices: [] });
  const rendered = only ? catalog.published.filter((r) => only.includes(r.slug)) : catalog.published;
  for (let start = 0; start < rendered.length; start += PAGES_PER_RUN) {
    const devices = rendered
      .slice(start, start + PAGES_PER_RUN)
      .map((r) => ({ doc: deviceDocument(r, site), evidence: evidenceDocument(r, site), embed: badgeEmbed(r.slug, site, r.name) }));
    const pass = await render({ input: path.join(TEMPLATES, "device.njk"), devices });
    total.files += pass.files;
    total.bytes += pass.bytes;
  }
  return total;
}
