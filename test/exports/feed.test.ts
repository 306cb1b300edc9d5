// The Atom change feed read back with fast-xml-parser: entries, stable ids,
// valid dates newest first, the archive chain (RFC 5005 §4) walked from the
// subscription document, links, rights, escaping.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { API } from "../../generator/contract/resources.ts";
import { storedFileOf } from "../helpers/resource-params.ts";
import { changeEntries } from "../../generator/derive/changes.ts";
import { catalogOf } from "../../generator/derive/catalog.ts";
import type { DeviceRecord } from "../../generator/schema/record.ts";
import { buildTo, FIXTURES, SITE } from "../helpers/build.ts";
import { DATA } from "../helpers/catalogs.ts";
import { readCatalog } from "../../generator/load/read.ts";

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", htmlEntities: true, isArray: (name) => name === "entry" || name === "link" });

interface Entry {
  id: string;
  title: { "#text": string; type: string };
  updated: string;
  link: { href: string }[];
  summary: { "#text": string };
  content: { "#text": string; type: string };
}

type FeedDoc = {
  id: string;
  title: string;
  updated: string;
  rights: string;
  link: { rel: string; href: string; title?: string }[];
  entry?: Entry[];
  "fh:archive"?: string;
};
const linkOf = (doc: FeedDoc, rel: string) => doc.link.find((l) => l.rel === rel)?.href;
/** A public URL's path (what the archive links name, and the walk reports). */
const fileOf = (url: string) => url.replace(/^https:\/\/api\.devices\.example/, "");
const feedOf = (dist: string, file = "feed.xml") => readFileSync(path.join(dist, storedFileOf(file)), "utf8");

/**
 * What a reader does with an archived feed: read the subscription document,
 * then follow prev-archive to the oldest archive. Every document, and every
 * entry in reading order (newest first).
 */
function walk(dist: string, file = "feed.xml"): { docs: { file: string; doc: FeedDoc }[]; entries: Entry[] } {
  const docs: { file: string; doc: FeedDoc }[] = [];
  for (let at: string | undefined = file; at; ) {
    const doc = parser.parse(feedOf(dist, at)).feed as FeedDoc;
    docs.push({ file: at, doc });
    const prev = linkOf(doc, "prev-archive");
    at = prev ? fileOf(prev) : undefined;
    if (docs.length > 1000) throw new Error("the archive chain loops");
  }
  return { docs, entries: docs.flatMap((d) => d.doc.entry ?? []) };
}

let dist: string;
let text: string;
let feed: FeedDoc & { entry: Entry[] };

beforeAll(async () => {
  dist = inject("fixtureDist");
  text = feedOf(dist);
  feed = { ...(parser.parse(text).feed as FeedDoc), entry: walk(dist).entries };
});

describe("/feed.xml of data/, whose November brought thousands of entries", () => {
  it("stays under 500 KB; the older entries of a month not yet archived wait in its document, which is no archive yet", async () => {
    const data = inject("dataDist");
    expect(statSync(path.join(data, "feed.xml")).size).toBeLessThan(500_000);
    const { docs, entries } = walk(data);
    expect(docs.length).toBeGreaterThan(1);
    // As of 2026-11-22 November is not archived: its document has the archive's address, links the subscription document, and says it may change.
    const november = docs.find((d) => d.file === "/api/v1/feed/archive/2026-11.xml")!.doc;
    expect(november["fh:archive"]).toBeUndefined();
    expect(linkOf(november, "current")).toBe("https://api.devices.example/feed.xml");
    expect(november.title).toContain("not yet archived");
    // The walk meets every entry of the catalog once, newest first.
    const { records } = await readCatalog(DATA);
    const expected = changeEntries(catalogOf(records.map((l) => l.record)), { ...SITE, now: "2026-11-22" }).map((e) => e.id);
    expect(entries.map((e) => e.id)).toEqual(expected);
  });
});

describe("/feed.xml", () => {
  it("is a well-formed Atom document", () => {
    expect(text.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(text).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xmlns:fh="http://purl.org/syndication/history/1.0">');
    expect(feed.id).toBe("https://api.devices.example/feed.xml");
    expect(feed.link).toContainEqual({ rel: "self", href: "https://api.devices.example/feed.xml" });
  });

  it("is an archived feed (RFC 5005 §4): the subscription document links the newest month archived, each archive its neighbours", () => {
    // As of 2026-11-22 October is archived (from 2026-11-15), November is not.
    const { docs } = walk(dist);
    expect(docs.map((d) => d.file)).toEqual(["feed.xml", "/api/v1/feed/archive/2026-10.xml"]);
    const [subscription, october] = docs.map((d) => d.doc) as [FeedDoc, FeedDoc];
    expect(subscription["fh:archive"]).toBeUndefined();
    expect(subscription.entry!.every((e) => e.updated.startsWith("2026-11"))).toBe(true);
    expect(october["fh:archive"]).toBe("");
    expect(october.id).toBe(subscription.id);
    expect(linkOf(october, "self")).toBe("https://api.devices.example/api/v1/feed/archive/2026-10.xml");
    expect(linkOf(october, "current")).toBe("https://api.devices.example/feed.xml");
    expect(linkOf(october, "prev-archive")).toBeUndefined();
    expect(linkOf(october, "next-archive")).toBeUndefined(); // November is not archived yet
    expect(october.entry!.every((e) => e.updated.startsWith("2026-10"))).toBe(true);
    expect(october.updated).toBe(october.entry![0]!.updated);
  });

  it("links each manufacturer's feed as related, with its name", () => {
    const related = feed.link.filter((l) => l.rel === "related");
    expect(related.map((l) => l.href)).toEqual([
      "https://api.devices.example/api/v1/feed/manufacturers/example-maker.xml",
      "https://api.devices.example/api/v1/feed/manufacturers/hyperlink-https-evil-example.xml",
      "https://api.devices.example/api/v1/feed/manufacturers/sample-devices.xml",
    ]);
    expect(related[1]!.title).toBe('=HYPERLINK("https://evil.example") record changes');
  });

  it("keeps every entry as the days pass: the archives of one day are the archives of a later one, and the ids never depend on the day", async () => {
    const later = await buildTo(undefined, "2031-01-01");
    const { docs, entries } = walk(later.outDir);
    const ids = entries.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of feed.entry) expect(ids).toContain(e.id);
    // The October archive holds the same entries; its only change is the next-archive link to November's.
    const october = docs.find((d) => d.file.endsWith("/2026-10.xml"))!.doc;
    expect(october.entry).toEqual(walk(dist).docs[1]!.doc.entry);
    expect(linkOf(october, "next-archive")).toBe("https://api.devices.example/api/v1/feed/archive/2026-11.xml");
    // By 2031 the documented ends after each record's creation have started ending soon and ended, each on its own day.
    const passed = ids.filter((id) => /\/(ending-soon|ended)\//.test(id)).map((id) => id.replace("tag:devices.example,2026-09-06:", ""));
    expect(passed).toContain("gamma-phone/security-us/security/ended/2027-07-01");
    expect(passed).toContain("alpha-phone/os/os/ending-soon/2030-04-04");
    expect(passed).toContain("alpha-phone/os/os/ended/2030-11-01");
    // Gamma's US end started ending soon on 2026-10-03, before the record entered the catalog (2026-11-01): never news, never announced.
    expect(passed).not.toContain("gamma-phone/security-us/security/ending-soon/2026-10-03");
    // The same data and the same day give the same bytes.
    const again = await buildTo(undefined, "2031-01-01");
    for (const d of docs) expect(feedOf(again.outDir, d.file), d.file).toBe(feedOf(later.outDir, d.file));
  });

  it("has one entry per revision of each published record, and one per withdrawal", () => {
    // alpha 2, beta 1, delta 1, epsilon 1, gamma 1, hostile 1, iota 1, kappa 1, lambda 1, mu 1 revisions; eta withdrawn; zeta is a draft.
    expect(feed.entry).toHaveLength(13);
    const titles = feed.entry.map((e) => e.title["#text"]);
    expect(titles).toContain("Alpha Phone: Security end moved from 2030-10 to 2031-10");
    expect(titles).toContain("Eta Phone: Record withdrawn");
    expect(titles.some((t) => t.startsWith("Zeta"))).toBe(false);
  });

  it("orders entries newest first with valid dates; the feed's updated is the newest entry's, not the clock", () => {
    const dates = feed.entry.map((e) => e.updated);
    for (const d of dates) expect(d).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(feed.updated).toBe(dates[0]);
    expect(dates[0]).toBe("2026-11-02T00:00:00.000Z");
  });

  it("gives each entry a unique tag URI that does not depend on the build day", () => {
    const ids = feed.entry.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^tag:devices\.example,2026-09-06:[a-z0-9-]+\/\d{4}-\d{2}-\d{2}\/(\d+|withdrawn)$/);
    expect(ids).toContain("tag:devices.example,2026-09-06:alpha-phone/2026-11-01/0");
  });

  it("links each entry to the device page and its content to the evidence", () => {
    const alpha = feed.entry.find((e) => e.id.includes(":alpha-phone/2026-11-01/"))!;
    expect(alpha.link).toEqual([{ href: "https://devices.example/devices/alpha-phone" }]);
    expect(alpha.content.type).toBe("html");
    expect(alpha.content["#text"]).toContain('href="https://api.devices.example/api/v1/devices/alpha-phone/evidence"');
    expect(alpha.summary["#text"]).toBe("Maker extended support");
  });

  it("links a withdrawal to the record's withdrawal notice, a page for people", () => {
    const gone = feed.entry.find((e) => e.id.endsWith(":eta-phone/2026-11-01/withdrawn"))!;
    expect(gone.link).toEqual([{ href: "https://devices.example/withdrawn/eta-phone" }]);
    expect(gone.content["#text"]).toContain('<a href="https://devices.example/withdrawn/eta-phone">Withdrawal notice</a>');
  });

  it("carries the dataset attribution and license", () => {
    expect(feed.rights).toContain("public dataset license v1");
    expect(feed.rights).toContain("https://devices.example/license");
  });

  it("escapes record text: an HTML reader shows it, never runs it", () => {
    const hostile = feed.entry.find((e) => e.id.includes(":hostile-device/"))!;
    // type="html": the text is HTML, so markup from the record must arrive as entities.
    expect(hostile.title["#text"]).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(hostile.title["#text"]).not.toContain("<script");
    expect(hostile.content["#text"]).toContain("<p>&lt;b&gt;Changed&lt;/b&gt; &amp; &quot;quoted&quot;</p>");
    expect(hostile.content["#text"]).not.toMatch(/<b>|<script/);
  });
});

describe("changeEntries", () => {
  const site = { ...SITE, now: "2026-11-22" };
  const record = JSON.parse(readFileSync(path.join(FIXTURES, "devices/alpha-phone.json"), "utf8")) as DeviceRecord;

  it("keeps every entry: nothing is capped, so no manufacturer's changes fall off", () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      ...record,
      slug: `device-${String(i).padStart(3, "0")}`,
      publication: { state: "published" as const },
      formerSlugs: [],
      evidence: {
        ...record.evidence,
        revisions: [
          { date: `2026-0${1 + (i % 9)}-01`, change: "a", reason: "b" },
          { date: "2020-01-01", change: "c", reason: "d" },
        ],
      },
    }));
    const entries = changeEntries(catalogOf(many), site);
    expect(entries).toHaveLength(300);
    expect(entries.every((e, i) => i === 0 || entries[i - 1]!.date >= e.date)).toBe(true);
    expect(entries.filter((e) => e.date === "2020-01-01")).toHaveLength(150);
  });

  it("numbers two revisions of one day in the record's order", () => {
    const twice = {
      ...record,
      evidence: { ...record.evidence, revisions: [...record.evidence.revisions, { date: "2026-11-01", change: "again", reason: "r" }] },
    };
    const ids = changeEntries(catalogOf([twice]), site).map((e) => e.id);
    expect(ids).toEqual([
      "tag:devices.example,2026-09-06:alpha-phone/2026-11-01/0",
      "tag:devices.example,2026-09-06:alpha-phone/2026-11-01/1",
      "tag:devices.example,2026-09-06:alpha-phone/2026-10-01/0",
    ]);
  });
});

describe("a manufacturer's feed", () => {
  /** A manufacturer's subscription document, with the entries of its whole archive chain. */
  const makerFeed = (maker: string) => {
    const file = API.manufacturerFeed.file({ manufacturer: maker });
    return { ...(parser.parse(feedOf(dist, file)).feed as FeedDoc), entry: walk(dist, file).entries };
  };

  it("holds the entries of the catalog feed that are its manufacturer's, with the same ids and text", () => {
    const example = makerFeed("example-maker");
    expect(example.id).toBe("https://api.devices.example/api/v1/feed/manufacturers/example-maker.xml");
    expect(example.title).toBe("Device Lifecycle Records: Example Maker record changes");
    // Every entry but those of the hostile device and Sample Devices' (other manufacturers), the withdrawal of Eta Phone included.
    const others = /:(hostile-device|iota-phone|kappa-phone|lambda-tablet|mu-phone)\//;
    expect(example.entry).toEqual(feed.entry.filter((e) => !others.test(e.id)));
    expect(makerFeed("sample-devices").entry.map((e) => e.title["#text"])).toEqual([
      "Iota Phone: Record created",
      "Kappa Phone: Record created",
      "Lambda Tablet: Record created",
      "Mu Phone: Record created",
    ]);
    expect(example.updated).toBe(example.entry[0]!.updated);
    expect(linkOf(example, "alternate")).toBe("https://devices.example/manufacturers/example-maker");
    expect(linkOf(example, "related")).toBe("https://api.devices.example/feed.xml");
    expect(linkOf(example, "prev-archive")).toBe("https://api.devices.example/api/v1/feed/manufacturers/example-maker/archive/2026-10.xml");
  });

  it("escapes the manufacturer's name in its title, and its records' text in its entries", () => {
    const raw = feedOf(dist, API.manufacturerFeed.file({ manufacturer: "hyperlink-https-evil-example" }));
    const hostile = parser.parse(raw).feed as FeedDoc & { entry: Entry[] };
    expect(hostile.title).toBe('Device Lifecycle Records: =HYPERLINK("https://evil.example") record changes');
    expect(hostile.entry.map((e) => e.id)).toEqual(feed.entry.filter((e) => e.id.includes(":hostile-device/")).map((e) => e.id));
    expect(raw).not.toMatch(/<script|<b>/);
  });
});
