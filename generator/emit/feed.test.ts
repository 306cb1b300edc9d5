// A document is assembled from the library's head and entry texts cut from
// another of its documents (entryTexts): each, hostile record text included,
// must be byte for byte what the library writes when it is handed the same
// entries as items.
import { Feed } from "feed";
import escapeMarkup from "escape-html";
import { describe, expect, it } from "vitest";
import { entryHtml, type ChangeEntry } from "../derive/changes.ts";
import { attribution } from "../derive/site.ts";
import { atom, DocumentBytes, entryTexts, type FeedDocument } from "./feed.ts";

const SITE = { siteUrl: "https://devices.example", baseUrl: "https://api.devices.example", now: "2026-11-22" };
const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

const entry = (over: Partial<ChangeEntry>): ChangeEntry => ({
  id: "tag:devices.example,2026-09-06:phone-1/2026-10-01/0",
  date: "2026-10-01",
  slug: "phone-1",
  name: "Phone 1",
  change: "Record created",
  reason: "First published",
  link: "https://devices.example/devices/phone-1",
  evidence: "https://api.devices.example/api/v1/devices/phone-1/evidence",
  ...over,
});

const DOC: FeedDocument = {
  id: "https://api.devices.example/feed.xml",
  self: "https://api.devices.example/feed.xml",
  alternate: "https://devices.example",
  title: "Changes & <more>",
  description: 'Every "change"',
  links: [],
  archive: false,
  updated: "2026-10-01",
};

/** What the library writes for the document with the entries as its items (the head as atom() writes it, before RFC 5005's links). */
function libraryDocument(entries: ChangeEntry[]): string {
  const credit = attribution(SITE);
  const f = new Feed({
    id: DOC.id,
    title: DOC.title,
    description: DOC.description,
    link: DOC.alternate,
    feed: DOC.self,
    author: { name: "Device Lifecycle Records", link: SITE.siteUrl },
    copyright: `${credit.text}. ${credit.requirements} License: ${credit.license.url}`,
    updated: midnight(DOC.updated),
    generator: false,
  });
  for (const e of entries)
    f.addItem({
      id: e.id,
      title: escapeMarkup(`${e.name}: ${e.change}`),
      link: e.link,
      date: midnight(e.date),
      description: escapeMarkup(e.reason),
      content: entryHtml(e, credit.text),
    });
  return f
    .atom1()
    .replace('<feed xmlns="http://www.w3.org/2005/Atom">', '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:fh="http://purl.org/syndication/history/1.0">');
}

const ours = (entries: ChangeEntry[]) => {
  const credit = attribution(SITE).text;
  return Buffer.from(atom(entryTexts(entries, credit), SITE, DOC, new DocumentBytes())).toString("utf8");
};

describe("entryTexts: the library's bytes, entry by entry", () => {
  it.each([
    ["plain entries", [entry({}), entry({ id: "tag:devices.example,2026-09-06:phone-1/2026-10-01/1", change: "Support dates revised" })]],
    ["markup and quotes in record text", [entry({ name: `<b>"Phone" & 'co'</b>`, change: "a < b > c", reason: "x & y &amp; z" })]],
    ["a CDATA end in record text", [entry({ name: "]]>", change: "]]>]]>", reason: "a]]>b" })]],
    ["non-ASCII text", [entry({ name: "Téléphone · 電話 😀", reason: "Grüße" })]],
    [
      "a withdrawal (no evidence link)",
      [entry({ id: "tag:devices.example,2026-09-06:phone-1/2026-10-02/withdrawn", link: "https://devices.example/withdrawn/phone-1", evidence: null })],
    ],
    ["an empty reason (no summary)", [entry({ reason: "" })]],
    ["a URL with an ampersand and a quote", [entry({ link: 'https://devices.example/devices/a?b=1&c="2"' })]],
    ["no entries", []],
  ] as const)("%s", (_, entries) => {
    expect(ours([...entries])).toBe(`${libraryDocument([...entries])}\n`);
  });

  it("reuses one buffer for document after document without mixing them", () => {
    const into = new DocumentBytes();
    const credit = attribution(SITE).text;
    const many = entryTexts(
      Array.from({ length: 1500 }, (_, i) => entry({ id: `tag:devices.example,2026-09-06:p/${i}` })),
      credit,
    );
    const big = Buffer.from(atom(many, SITE, DOC, into)).toString("utf8");
    const small = Buffer.from(atom(many.slice(0, 1), SITE, DOC, into)).toString("utf8");
    expect(big.match(/<entry>/g)).toHaveLength(1500);
    expect(small.match(/<entry>/g)).toHaveLength(1);
    expect(small.endsWith("</entry>\n</feed>\n")).toBe(true);
  });
});
