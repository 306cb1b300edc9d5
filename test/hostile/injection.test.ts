// Injection in every format, read back with real parsers: HTML (htmlparser2,
// and Chromium when installed), the SVG badges and the Atom feed
// (fast-xml-parser), CSV (csv-parse), iCalendar (ical.js), JSON. A record
// whose every text field is a payload (event attributes, attribute breaks,
// javascript: URLs, comment and CDATA ends, iCalendar and CSV control
// characters, long multibyte text) is built beside the fixtures, whose
// hostile-device record test/exports and test/pages already cover for
// script tags, quotes, commas, newlines and formula cells.
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { DomUtils, parseDocument } from "htmlparser2";
import type { Document, Element } from "domhandler";
import ICAL from "ical.js";
import { parseICalendar } from "../helpers/ical.ts";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { build } from "../../generator/build.ts";
import { UNKNOWN_DEVICE_BADGE_SVG } from "../../generator/derive/badges.ts";
import { filesIn, FIXTURES, freePort, servePreview, tempDir, type Preview } from "../helpers/build.ts";
import { noChromium, launchChromium } from "../helpers/browser.ts";

/** What a payload does if it ever runs: Chromium checks the flag. */
const RUN = "window.__xss=1";
const LONG = Array(24).fill("日本語😀Ünïcödé").join(" ");
const P = {
  img: `<img src=x onerror="${RUN}">`,
  svg: `<svg/onload=${RUN}>`,
  attrBreak: `" onmouseover="${RUN}" x="`,
  singleBreak: `' onfocus='${RUN}' autofocus x='`,
  js: `javascript:${RUN}`,
  anchor: `<a href="javascript:${RUN}">click</a>`,
  iframe: `<iframe src="javascript:${RUN}"></iframe>`,
  comment: `--><script>${RUN}</script><!--`,
  cdata: `]]><x y="1"/>`,
  rawText: `</textarea></title></style><script>${RUN}</script>`,
  entity: "&lt;b&gt; &amp;lt; &#106;avascript:",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder as literal record text, on purpose.
  template: "{{ 7*7 }} {% raw %}${7*7}",
  // The schema refuses CR and other control characters: a line feed is the one line break.
  ical: "a;b,c\\d\\;e\nEND:VEVENT\nBEGIN:VEVENT\nURL:javascript:x",
  bidi: "\u202eevil\u202c\u200b",
};

const SLUG = "injection-device";
const NAME = `Injection ${P.img} ${P.attrBreak} ${P.js}`;
const SOURCE_URL = `https://maker.example/a?x="><script>${RUN}</script>&y=javascript:1`;
const record = {
  slug: SLUG,
  name: NAME,
  manufacturer: `${P.singleBreak} ${P.comment}`,
  deviceType: "phone",
  // The schema trims text, so a cell cannot start with a tab or CR; "=" and "-" starts reach the CSV.
  aliases: [P.svg, P.cdata, P.template, P.bidi, "=1+1", "-2+3"],
  formerSlugs: [],
  publication: { state: "published" },
  released: { value: "2024-02", precision: "month" },
  variants: [
    { model: `M-${P.anchor}`, regions: ["US"], note: P.iframe },
    {
      model: "M2",
      regions: ["DE"],
      note: P.rawText,
      // Model codes cannot carry markup or a formula: each kind's format (load/identifier-formats.ts) refuses them, as test/records/validation.test.ts shows.
    },
  ],
  caveats: [{ scope: { regions: ["US"] }, text: `${P.rawText} ${LONG}`, sourceIds: ["src"] }],
  support: {
    os: [
      {
        id: "os",
        scope: {},
        end: { value: "2030-05", precision: "month" },
        meaning: `${P.ical} ${LONG}`,
        evidenceLevel: "manufacturer-dated",
        sourceIds: ["src"],
      },
    ],
    security: [
      {
        id: "sec-us",
        scope: { models: [`M-${P.anchor}`], regions: ["US"] },
        component: P.svg,
        end: { value: "2031-03-31", precision: "day" },
        meaning: `${P.entity} ${P.js}`,
        evidenceLevel: "manufacturer-dated",
        sourceIds: ["src"],
      },
      {
        id: "sec-de",
        scope: { models: ["M2"], regions: ["DE"] },
        end: { value: "2032", precision: "year" },
        meaning: `=3+3 ${LONG}`,
        evidenceLevel: "manufacturer-policy",
        sourceIds: ["src"],
      },
    ],
  },
  evidence: {
    sources: [{ id: "src", url: SOURCE_URL, publisher: P.img, title: P.anchor, checked: "2026-11-01" }],
    recallReview: [
      {
        registry: `${P.comment} Registry`,
        registryUrl: "https://registry.example/search",
        searchedOn: "2026-11-02",
        searched: { maker: P.img, model: P.attrBreak, codes: [P.svg] },
        query: P.attrBreak,
        result: "no-match-on-date",
        matches: [],
      },
    ],
    repairability: [
      { scheme: P.svg, score: `"8/10"<b>`, sourceId: "src", checked: "2026-11-01" },
      {
        scheme: P.comment,
        score: `C <i>(2.96)</i>`,
        euLabel: {
          registration: 1,
          url: SOURCE_URL,
          modelIdentifier: P.anchor,
          supplier: P.img,
          class: "C",
          index: 2.96,
          subScores: { disassemblyDepth: P.svg, fasteners: P.attrBreak, tools: P.ical, spareParts: P.comment, repairInformation: P.anchor },
        },
        sourceId: "src",
        checked: "2026-11-01",
      },
    ],
    revisions: [{ date: "2026-11-05", change: `${P.comment} ${P.anchor}`, reason: `${P.ical} ${LONG}` }],
  },
};

let dist: string;
let origin: string;
let preview: Preview;
const file = (p: string) => readFileSync(path.join(dist, p), "utf8");

beforeAll(async () => {
  // Page links use {site_url}: the preview's own origin, so Chromium can follow them locally.
  const port = await freePort();
  origin = `http://localhost:${port}`;
  const data = tempDir("dl-injection-");
  cpSync(FIXTURES, data, { recursive: true });
  writeFileSync(path.join(data, "devices", `${SLUG}.json`), JSON.stringify(record, null, 2));
  dist = path.join(data, "dist");
  const report = await build({ dataDir: data, outDir: dist, site: { siteUrl: origin, baseUrl: origin, now: "2026-11-22" } });
  expect(report.problems).toEqual([]);
  preview = await servePreview(dist, { port });
});
afterAll(() => preview?.close());

// ---- URLs -------------------------------------------------------------------------

/** How a browser reads a URL attribute: leading and trailing C0 controls and spaces dropped, tabs and newlines removed anywhere. */
const schemeOf = (url: string) =>
  /^([a-z][a-z0-9+.-]*):/i.exec(url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, ""))?.[1]?.toLowerCase();

/** A URL a page or feed may carry: http(s), relative, a fragment, or the empty icon (`data:,`). */
function expectSafeUrl(url: string, where: string) {
  const scheme = schemeOf(url);
  if (url === "data:,") return;
  expect(scheme === undefined || scheme === "http" || scheme === "https", `${where}: ${url.slice(0, 120)}`).toBe(true);
}

const URL_ATTRIBUTES = ["href", "src", "action", "formaction", "xlink:href", "poster", "data", "srcset", "background", "cite", "ping"];

// ---- HTML -------------------------------------------------------------------------

const htmlFiles = () =>
  filesIn(dist)
    .filter((f) => f.endsWith(".html"))
    .map((f) => path.join(dist, f));

const elements = (doc: Document) => DomUtils.findAll(() => true, doc.children) as Element[];

/** No markup that runs: no event attributes, no script URLs, only external same-site scripts, nothing embedded. */
function expectInert(doc: Document, where: string) {
  for (const el of elements(doc)) {
    for (const [name, value] of Object.entries(el.attribs)) {
      expect(name.toLowerCase().startsWith("on"), `${where}: <${el.name} ${name}="${value.slice(0, 60)}">`).toBe(false);
      if (URL_ATTRIBUTES.includes(name.toLowerCase())) expectSafeUrl(value, `${where}: <${el.name} ${name}>`);
    }
    expect(["iframe", "frame", "object", "embed", "base", "applet"], `${where}: <${el.name}>`).not.toContain(el.name);
    if (el.name === "script") {
      expect(DomUtils.textContent(el).trim(), `${where}: inline script`).toBe("");
      expect(el.attribs.src, `${where}: script src`).toMatch(new RegExp(`^(${origin})?/assets/`));
    }
    if (el.name === "meta" && el.attribs["http-equiv"]) expect(el.attribs["http-equiv"].toLowerCase(), where).not.toBe("refresh");
  }
}

describe("HTML pages", () => {
  it("no page of the build has an event attribute, a script URL, inline script or embedded content", () => {
    const files = htmlFiles();
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) expectInert(parseDocument(readFileSync(f, "utf8")), path.relative(dist, f));
  });

  it("the injection device's page shows every payload as text, and its attributes hold the exact values", () => {
    const doc = parseDocument(file(`devices/${SLUG}.html`));
    const text = DomUtils.textContent(doc);
    for (const s of [
      NAME,
      record.manufacturer,
      ...record.aliases.slice(0, 4),
      record.variants[0]!.model,
      P.iframe,
      P.rawText,
      P.entity,
      P.js,
      P.comment,
      P.ical,
      LONG.trim(),
      P.anchor,
    ]) {
      expect(text.includes(s), `not shown as text: ${JSON.stringify(s).slice(0, 80)}`).toBe(true);
    }
    expect(DomUtils.textContent(DomUtils.findOne((e) => e.name === "title", doc.children)!)).toBe(`${NAME} · Device Lifecycle Records`);
    const source = DomUtils.findOne((e) => e.name === "a" && e.attribs.href === SOURCE_URL, doc.children);
    expect(source, "the source link keeps its URL, quotes and all").not.toBeNull();
    expect(DomUtils.textContent(source!)).toBe(P.anchor);
    const badge = DomUtils.findOne((e) => e.attribs.role === "img" && (e.attribs["aria-label"] ?? "").startsWith("Update status of "), doc.children)!;
    expect(badge.attribs["aria-label"]).toContain(NAME);
  });

  it("the badge embed snippets the page offers parse to one link around one image, inert, with the name in alt", () => {
    const doc = parseDocument(file(`devices/${SLUG}.html`));
    const snippets = DomUtils.findAll((e) => e.name === "code", doc.children).map((c) => DomUtils.textContent(c));
    const html = snippets.find((s) => s.startsWith("<a "))!;
    expect(html).toBeDefined();
    const snippet = parseDocument(html);
    expectInert(snippet, "embed snippet");
    expect(elements(snippet).map((e) => e.name)).toEqual(["a", "img"]);
    expect(elements(snippet)[1]!.attribs.alt).toContain(NAME);
    const markdown = snippets.find((s) => s.startsWith("[!["))!;
    expect(markdown).not.toMatch(/<[a-z]/i);
  });
});

describe.skipIf(noChromium)("the injection device's page in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  it("builds no element from record text and runs nothing, exactly like a plain record's page", async () => {
    // Counted in the DOM, not by watching for a run: the pages' CSP would stop an injected inline script anyway.
    const ACTIVE = "script:not([src]), iframe, object, embed, svg, [onerror], [onload], [onmouseover], [onfocus], a[href^='javascript:' i], textarea, x";
    const page = await browser.newPage();
    let dialogs = 0;
    page.on("dialog", async (d) => {
      dialogs += 1;
      await d.dismiss();
    });
    const inspect = async (slug: string) => {
      dialogs = 0;
      await page.goto(`${preview.url}/devices/${slug}`);
      await page.mouse.move(200, 200);
      await page.keyboard.press("Tab");
      const seen = await page.evaluate(
        (selector) => ({
          active: document.querySelectorAll(selector).length,
          ran: (window as unknown as { __xss?: number }).__xss ?? 0,
          h1: document.querySelector("h1")!.textContent,
        }),
        ACTIVE,
      );
      return { ...seen, dialogs };
    };
    const plain = await inspect("alpha-phone");
    const hostile = await inspect(SLUG);
    await page.close();
    expect(hostile).toEqual({ ...plain, h1: NAME });
    expect(hostile.ran).toBe(0);
  });
});

// ---- SVG badges -----------------------------------------------------------------------

const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: "" });

/** Every element of a preserveOrder parse, as [tag, attributes]. */
function xmlElements(nodes: Record<string, unknown>[]): [string, Record<string, string>][] {
  return nodes.flatMap((node) => {
    const tag = Object.keys(node).find((k) => k !== ":@")!;
    if (tag === "#text") return [];
    return [[tag, (node[":@"] ?? {}) as Record<string, string>] as [string, Record<string, string>], ...xmlElements(node[tag] as Record<string, unknown>[])];
  });
}

describe("SVG badges", () => {
  const SVG_ELEMENTS = new Set(["svg", "title", "clipPath", "rect", "g", "text"]);

  it("every badge is well-formed SVG of shapes and text only: no script, no links, no event attributes, no animation", () => {
    const dir = path.join(dist, "api/v1/badge");
    const badges = [...readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f), "utf8")]), ["unknown device", UNKNOWN_DEVICE_BADGE_SVG]];
    expect(badges.length).toBeGreaterThan(6);
    for (const [name, svg] of badges) {
      expect(XMLValidator.validate(svg!), name).toBe(true);
      for (const [tag, attrs] of xmlElements(ordered.parse(svg!))) {
        expect(SVG_ELEMENTS.has(tag), `${name}: <${tag}>`).toBe(true);
        for (const attr of Object.keys(attrs)) {
          expect(attr.toLowerCase().startsWith("on"), `${name}: ${attr}`).toBe(false);
          expect(attr.toLowerCase(), name).not.toMatch(/(^|:)href$/);
        }
      }
    }
  });

  it("the injection device's badge carries the verdict's words, never record text", () => {
    const svg = file(`api/v1/badge/${SLUG}.svg`);
    const root = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(svg).svg;
    expect(root["aria-label"]).toBe("support: Gets security updates until a date that varies by region or model");
    expect(svg).not.toMatch(/javascript|onerror|onload|Injection/i);
  });
});

// ---- Atom ---------------------------------------------------------------------------------

describe("the Atom feed", () => {
  const feed = () =>
    new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", processEntities: true, htmlEntities: false }).parse(file("feed.xml")).feed;
  const entry = () => [feed().entry].flat().find((e: any) => e.id.includes(`:${SLUG}/`));

  it("is well-formed, and every link in it is http(s)", () => {
    expect(XMLValidator.validate(file("feed.xml"))).toBe(true);
    for (const m of file("feed.xml").matchAll(/<link [^>]*href="([^"]*)"/g)) expectSafeUrl(m[1]!, "feed link");
  });

  it("the entry's title and content are HTML that a reader shows as the record's text, and cannot run", () => {
    const e = entry();
    expect(e.title.type).toBe("html");
    const title = parseDocument(e.title["#text"]);
    expect(elements(title)).toEqual([]);
    expect(DomUtils.textContent(title)).toBe(`${NAME}: ${record.evidence.revisions[0]!.change}`);
    const content = parseDocument(e.content["#text"]);
    expectInert(content, "feed entry content");
    expect(new Set(elements(content).map((el) => el.name))).toEqual(new Set(["p", "a"]));
    const text = DomUtils.textContent(content);
    expect(text).toContain(record.evidence.revisions[0]!.change);
    expect(text).toContain(`Reason: ${record.evidence.revisions[0]!.reason}`);
  });
});

// ---- CSV -------------------------------------------------------------------------------------

describe("the CSV dataset", () => {
  const csvFiles = () => ["dataset.csv", ...readdirSync(path.join(dist, "api/v1/dataset")).map((f) => `dataset/${f}`)];
  const rowsOf = (f: string): Record<string, string>[] => parseCsv(file(`api/v1/${f}`), { columns: true });

  it("no cell of any file starts as a formula would (= + - @ tab CR), and every URL column holds http(s) URLs only", () => {
    for (const f of csvFiles()) {
      for (const row of rowsOf(f)) {
        for (const [column, cell] of Object.entries(row)) {
          expect(cell, `${f} ${column}`).not.toMatch(/^[=+\-@\t\r]/);
          if (/_urls?$/.test(column)) for (const url of cell.split(" | ").filter(Boolean)) expectSafeUrl(url, `${f} ${column}`);
        }
      }
    }
  });

  it("the injection device's cells round-trip: markup and line breaks kept in quoted cells, formulas neutralized", () => {
    const rows = rowsOf("dataset.csv").filter((r) => r.device_slug === SLUG);
    expect(rows.map((r) => `${r.model}|${r.region}`)).toEqual([`M-${P.anchor}|US`, "M2|DE"]);
    const [us, de] = rows as [Record<string, string>, Record<string, string>];
    // docs/exports.md: a reader removes one leading apostrophe from a cell that starts with one.
    const read = (cell: string | undefined) => (cell ?? "").replace(/^'/, "");
    expect(read(us.device_name)).toBe(NAME);
    expect(read(us.manufacturer)).toBe(record.manufacturer);
    expect(read(us.variant_note)).toBe(P.iframe);
    expect(read(us.os_meaning)).toBe(record.support.os[0]!.meaning);
    expect(us.security_source_urls).toBe(SOURCE_URL);
    expect(us.caveats).toContain(`${P.rawText} ${LONG}`);
    expect(de.security_meaning).toBe(`'${record.support.security[1]!.meaning}`);
    expect(read(de.security_meaning)).toBe(record.support.security[1]!.meaning);
    expect(de.model_codes).toBe("");
  });
});

// ---- iCalendar --------------------------------------------------------------------------------

describe("iCalendar", () => {
  const calendars = () => ["support-calendar.ics", `api/v1/calendar/${SLUG}.ics`];

  it("every physical line is at most 75 octets of valid UTF-8: folding never splits a character", () => {
    const utf8 = new TextDecoder("utf-8", { fatal: true });
    for (const f of calendars()) {
      const bytes = readFileSync(path.join(dist, f));
      let start = 0;
      let folded = 0;
      for (let i = 0; i <= bytes.length - 2; i++) {
        if (bytes[i] !== 0x0d || bytes[i + 1] !== 0x0a) continue;
        const line = bytes.subarray(start, i);
        expect(line.length, `${f} line at byte ${start}`).toBeLessThanOrEqual(75);
        expect(() => utf8.decode(line), `${f} line at byte ${start} splits a character`).not.toThrow();
        expect(line.includes(0x0a) || line.includes(0x0d), `${f}: a bare line break`).toBe(false);
        if (bytes[i + 2] === 0x20) folded += 1;
        start = i + 2;
      }
      expect(start, `${f} ends with CRLF`).toBe(bytes.length);
      expect(folded, `${f} folds the long multibyte lines`).toBeGreaterThan(10);
    }
  });

  it("text with ; , \\ and line breaks round-trips, and a smuggled END:VEVENT/URL line stays inside the text", () => {
    const cal = parseICalendar(file(`api/v1/calendar/${SLUG}.ics`));
    const events = cal.getAllSubcomponents("vevent");
    expect(events.map((v) => v.getFirstPropertyValue("uid"))).toEqual([
      `${SLUG}/os/os@localhost`,
      `${SLUG}/sec-us/security@localhost`,
      `${SLUG}/sec-de/security@localhost`,
    ]);
    for (const v of events) {
      expectSafeUrl(String(v.getFirstPropertyValue("url")), "event URL");
      expect(v.getAllProperties("url")).toHaveLength(1);
      const e = new ICAL.Event(v);
      expect(e.summary.startsWith(`${NAME}`)).toBe(true);
    }
    const os = new ICAL.Event(events[0]!);
    expect(os.description).toContain(`Meaning in the source's terms: ${record.support.os[0]!.meaning}`);
    expect(os.description).toContain(`${P.rawText} ${LONG}`);
    const us = new ICAL.Event(events[1]!);
    expect(us.summary).toContain(`models M-${P.anchor}; regions US`);
  });
});

// ---- JSON -------------------------------------------------------------------------------------

describe("JSON", () => {
  it("the record and its evidence hold the text exactly, escaped only as JSON escapes it", () => {
    const doc = JSON.parse(file(`api/v1/devices/${SLUG}.json`));
    expect(doc.name).toBe(NAME);
    expect(doc.aliases).toEqual(record.aliases);
    const ev = JSON.parse(file(`api/v1/evidence/${SLUG}.json`));
    expect(ev.sources[0].url).toBe(SOURCE_URL);
    expect(ev.recallReview[0].statement).toContain(record.evidence.recallReview[0]!.registry);
    expect(ev.recallReview[0].statement).toContain(P.attrBreak);
    expect(ev.recallReviewSummary).toBe(ev.recallReview[0].statement);
    expect(ev.repairability[1].euLabel.modelIdentifier).toBe(P.anchor);
  });
});

describe("URLs in records", () => {
  it("a javascript:, data: or vbscript: source URL never gets into a build: validation refuses it", async () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "java\tscript:alert(1)",
    ]) {
      const data = tempDir("dl-injection-url-");
      const alpha = JSON.parse(readFileSync(path.join(FIXTURES, "devices/alpha-phone.json"), "utf8"));
      alpha.evidence.sources[0].url = url;
      mkdirSync(path.join(data, "catalog", "devices"), { recursive: true });
      writeFileSync(path.join(data, "catalog", "devices", "alpha-phone.json"), JSON.stringify(alpha));
      const report = await build({
        dataDir: path.join(data, "catalog"),
        outDir: path.join(data, "dist"),
        site: { siteUrl: origin, baseUrl: origin, now: "2026-11-22" },
      });
      expect(report.ok, url).toBe(false);
      expect(
        report.problems.map((p) => p.path),
        url,
      ).toContain("evidence.sources[0].url");
    }
  });
});
