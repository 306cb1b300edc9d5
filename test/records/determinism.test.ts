// Same data and same --now: byte-identical output, so ETags never churn between deploys.
// The fixture catalog as of 2026-11-22 is the run's shared build (inject("fixtureDist")).
import { expect, inject, it } from "vitest";
import { buildTo, treeDigests } from "../helpers/build.ts";

it("two builds of the same data and --now are identical, file for file", async () => {
  const b = await buildTo();
  const da = treeDigests(inject("fixtureDist"));
  expect(Object.keys(da).length).toBe(b.report.files);
  expect(treeDigests(b.outDir)).toEqual(da);
});

it("another --now changes the verdicts, and adds to the file set only the feeds' archives of the months since passed", async () => {
  const b = await buildTo(undefined, "2031-01-01");
  const da = treeDigests(inject("fixtureDist"));
  const db = treeDigests(b.outDir);
  expect(Object.keys(da).filter((f) => !(f in db))).toEqual([]);
  const added = Object.keys(db).filter((f) => !(f in da));
  expect(added.length).toBeGreaterThan(0);
  for (const f of added) expect(f).toMatch(/^api\/v1\/feed\/(manufacturers\/[a-z0-9-]+\/)?archive\/\d{4}\/\d{4}-\d{2}\.xml$/);
  expect(db["api/v1/devices/alpha-phone.json"]).not.toBe(da["api/v1/devices/alpha-phone.json"]);
});

/** The paths whose bytes differ between two builds. */
function changedFiles(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((f) => a[f] !== b[f]).sort();
}

it("a next-day rebuild with no verdict transition changes no file", async () => {
  const a = treeDigests(inject("fixtureDist"));
  const b = treeDigests((await buildTo(undefined, "2026-11-23")).outDir);
  expect(changedFiles(a, b)).toEqual([]);
});

it("a next-day rebuild across one known transition changes only the files that must change", async () => {
  // Alpha Phone's OS end (2030-10, month) comes within 180 days on 2030-04-04; no other record changes then.
  const a = treeDigests((await buildTo(undefined, "2030-04-03")).outDir);
  const b = treeDigests((await buildTo(undefined, "2030-04-04")).outDir);
  expect(changedFiles(a, b)).toEqual([
    "api/v1/dataset.sqlite", // its row in devices (verdict, OS status, updated) and its OS commitment's status
    "api/v1/devices.ndjson", // its line: the record document
    "api/v1/devices/alpha-phone.json", // its verdict, its OS status and updated
    "api/v1/feed/manufacturers/example-maker.xml", // the day its OS end started ending soon, in its manufacturer's feed
    "api/v1/list/pages/first.json", // the list page that holds it (and its meta.updated)
    "api/v1/list/pages/first.phone.json", // and the phones' walk's page that holds it
    "browse/index.html", // the A–Z page that lists it says when its data last changed
    "browse/phone/index.html", // and the phones' A–Z page
    "devices/alpha-phone.html", // its page
    "feed.xml", // and in the catalog's feed
    "index.html", // the catalog's "data last changed"
    "manufacturers/example-maker.html", // its manufacturer's page says when its devices' data last changed
    "sitemap.xml", // the part's lastmod, the newest of its pages'
    "sitemaps/1.xml", // its page's lastmod: the day its data last changed
  ]);
  // Its badge, CSV rows, calendars and search card stay: the label is still "updates until 2031-10 (month)" while security continues.
});
