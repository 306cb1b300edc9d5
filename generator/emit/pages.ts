// The human pages (device pages, home, docs, license, 404), rendered by
// Eleventy from templates/. API files are written directly by the other
// emitters; Eleventy only renders HTML.
import { readFileSync } from "node:fs";
import path from "node:path";
import Eleventy from "@11ty/eleventy";
import { deviceDocument, evidenceDocument } from "../derive/documents.ts";
import { describeDate } from "../derive/dates.ts";
import { describeScope } from "../derive/verdict.ts";
import { PROBLEMS } from "../serve/problems.ts";
import type { Emitter } from "./context.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Markdown documents published as pages: file in docs/ → URL path. */
export const DOC_PAGES: { file: string; url: string; title: string }[] = [
  { file: "API.md", url: "/docs/api", title: "API" },
  { file: "LICENSE-DATA.md", url: "/license", title: "Public dataset license v1" },
];

export const pages: Emitter = {
  name: "eleventy",
  async emit({ catalog, site, out }) {
    const devices = catalog.published.map((r) => ({ doc: deviceDocument(r, site), evidence: evidenceDocument(r, site) }));
    const latestRevision = (d: (typeof devices)[number]) => d.evidence.revisions[0]?.date ?? "";
    const recent = [...devices]
      .sort((a, b) => (latestRevision(a) < latestRevision(b) ? 1 : latestRevision(a) > latestRevision(b) ? -1 : a.doc.slug < b.doc.slug ? -1 : 1))
      .slice(0, 20)
      .map((d) => d.doc);

    const elev = new Eleventy(path.join(ROOT, "templates"), out.root, {
      quietMode: true,
      config(cfg: any) {
        cfg.addGlobalData("site", site);
        cfg.addGlobalData("devices", devices);
        cfg.addGlobalData("recent", recent);
        cfg.addGlobalData("problems", PROBLEMS);
        cfg.addFilter("partialDate", describeDate);
        cfg.addFilter("scope", describeScope);
        for (const doc of DOC_PAGES) {
          const text = readFileSync(path.join(ROOT, "docs", doc.file), "utf8");
          cfg.addTemplate(`virtual${doc.url}.md`, text, { layout: "base.njk", title: doc.title, permalink: `${doc.url.slice(1)}.html` });
        }
      },
    });
    const written = (await elev.write()) as unknown as [unknown[], { content?: string }[]];
    for (const page of written[1] ?? []) {
      out.files += 1;
      out.bytes += Buffer.byteLength(page.content ?? "");
    }
  },
};
