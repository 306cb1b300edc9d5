// The outputs read back as their consumers read them: CSV with csv-parse,
// iCalendar with ical.js (test/helpers/ical.ts), Atom with fast-xml-parser, and HTML with a small
// tokenizer that fails on any markup it does not recognize, so text that
// escaped its escaping cannot hide inside a "text contains" check.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { XMLParser, XMLValidator } from "fast-xml-parser";

export const readText = (dist: string, file: string) => readFileSync(path.join(dist, file), "utf8");

/** Character references and the five named entities HTML escapers write. Anything else stays as it is, and a check fails. */
export function decodeEntities(s: string): string {
  const named: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, ref: string) =>
    ref[0] === "#" ? String.fromCodePoint(ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : Number(ref.slice(1))) : (named[ref] ?? m),
  );
}

export interface HtmlTag {
  name: string;
  attrs: Record<string, string>;
}

const TAG = /<!--[\s\S]*?-->|<!doctype[^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/gi;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * An HTML page as tags (with decoded attribute values) and its decoded text.
 * Every "<" and ">" outside a tag means text was written unescaped, so that
 * throws rather than passing as text.
 */
export function readHtml(html: string): { tags: HtmlTag[]; text: string } {
  const tags: HtmlTag[] = [];
  let text = "";
  let at = 0;
  const addText = (raw: string) => {
    const stray = raw.search(/[<>]/);
    if (stray >= 0) throw new Error(`unescaped markup in page text: ${JSON.stringify(raw.slice(Math.max(0, stray - 40), stray + 40))}`);
    text += decodeEntities(raw);
  };
  for (const m of html.matchAll(TAG)) {
    addText(html.slice(at, m.index));
    at = m.index + m[0].length;
    if (!m[2] || m[1]) continue;
    const attrs: Record<string, string> = {};
    for (const a of m[3]!.matchAll(ATTR)) attrs[a[1]!.toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? "");
    tags.push({ name: m[2].toLowerCase(), attrs });
  }
  addText(html.slice(at));
  return { tags, text };
}

export const readCsv = (text: string): Record<string, string>[] => parse(text, { columns: true });

export { readCalendar, type CalendarEvent } from "../helpers/ical.ts";

export interface FeedEntry {
  id: string;
  /** The entry's title, summary and content as HTML (their type is "html"). */
  title: string;
  summary: string;
  content: string;
  updated: string;
}

/** Characters XML 1.0 allows in a document (the Char production). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

export function readFeed(text: string): FeedEntry[] {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new Error(`feed.xml is not well-formed XML: ${JSON.stringify(valid.err)}`);
  const bad = text.match(NOT_XML_CHAR);
  if (bad) throw new Error(`feed.xml holds a character XML does not allow: U+${bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    trimValues: false,
    parseTagValue: false,
    htmlEntities: false,
    isArray: (name) => name === "entry",
  });
  const feed = parser.parse(text).feed;
  const body = (x: unknown) => (typeof x === "string" ? x : String((x as { "#text"?: unknown })?.["#text"] ?? ""));
  return (feed.entry ?? []).map((e: Record<string, unknown>) => ({
    id: body(e.id),
    title: body(e.title),
    summary: body(e.summary),
    content: body(e.content),
    updated: body(e.updated),
  }));
}
