// The markdown documents of docs/ published as pages, and their text as the
// site publishes it (links between documents, the contract's placeholders).
import { PAGES, pathOf } from "../../contract/resources.ts";
import { inSite, type Site } from "../../derive/site.ts";

export interface DocPage {
  /** The file in docs/. */
  file: string;
  /** Its page's address. */
  url: string;
  /** Its page's output file. */
  out: string;
  title: string;
}

/** A document of docs/ published at /docs/<name>. */
const doc = (file: string, name: string, title: string): DocPage => ({ file, url: pathOf(PAGES.doc, { name }), out: PAGES.doc.file({ name }), title });

/** Markdown documents published as pages: file in docs/ → URL path and output file. */
export const DOC_PAGES: DocPage[] = [
  doc("API.md", "api", "API"),
  doc("list.md", "list", "List and search"),
  doc("exports.md", "exports", "Exports: CSV, badge, feeds, calendars"),
  doc("dumps.md", "dumps", "Whole-catalog dumps: NDJSON and SQLite"),
  doc("search.md", "search", "Site search index"),
  doc("fleet.md", "fleet", "Fleet check"),
  doc("os.md", "os", "OS releases"),
  doc("recalls.md", "recalls", "Recall reviews"),
  doc("record-fields.md", "record-fields", "Device record fields"),
  doc("record-rules.md", "record-rules", "Rules across records"),
  { file: "LICENSE-DATA.md", url: PAGES.license.path, out: PAGES.license.file({}), title: "Public dataset license v1" },
];

/**
 * A document's markdown as its page publishes it. Links between docs are written as files (list.md) so they work in
 * the repository too, and name the contract's placeholders, {site_url} and {base_url}, which the published page fills in.
 */
export function docMarkdown(text: string, site: Site): string {
  return (
    text
      .replace(/\]\(([A-Za-z-]+)\.md(#[^)]*)?\)/g, (_, name: string, hash = "") => `](${DOC_PAGES.find((d) => d.file === `${name}.md`)?.url ?? name}${hash})`)
      // A link target stays on the site (root-relative); an address shown as text is for use elsewhere (absolute).
      .replaceAll("]({site_url}", `](${inSite(site).siteUrl}`)
      .replaceAll("]({base_url}", `](${inSite(site).baseUrl}`)
      .replaceAll("{site_url}", site.siteUrl)
      .replaceAll("{base_url}", site.baseUrl)
  );
}
