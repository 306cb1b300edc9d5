// The recall-review importer (recalls.ts) on a small curator's file: notices
// gathered into one review per registry and day, a no-match kept as one,
// nothing rewritten, and every bad row named by file and line.
import { describe, expect, it } from "vitest";
import { fixtureRecord } from "../test/helpers/records.ts";
import type { LoadedRecord } from "../generator/load/validate.ts";
import { RECALL_COLUMNS, runRecallsImport, sourceIdOf } from "./recalls.ts";

const csv = (rows: Partial<Record<(typeof RECALL_COLUMNS)[number], string>>[]) =>
  [RECALL_COLUMNS.join(","), ...rows.map((r) => RECALL_COLUMNS.map((c) => JSON.stringify(r[c] ?? "")).join(","))].join("\n");
const catalog = (): LoadedRecord[] => ["beta-tablet", "gamma-phone"].map((slug) => ({ file: `data/devices/${slug}.json`, record: fixtureRecord(slug) }));
const base = {
  device_slug: "beta-tablet",
  registry: "U.S. CPSC recalls",
  registry_url: "https://www.cpsc.gov/Recalls",
  searched_on: "2026-11-28",
  searched_maker: "Example Maker",
  searched_model: "Beta Tablet",
};
const notice = (n: string) => ({
  ...base,
  result: "match",
  notice_title: `Notice ${n}`,
  notice_url: `https://notices.example/${n}`,
  notice_date: "2016-09-15",
  notice_number: n,
  hazard: "the battery can overheat",
  remedy: "a refund",
  source_url: "https://news.example/report",
  source_title: "A report of the notice",
  source_publisher: "News Example",
});
const run = (rows: Parameters<typeof csv>[0], records = catalog()) => runRecallsImport({ file: { path: "recalls.csv", text: csv(rows) }, catalog: records });

describe("the recall-review import", () => {
  it("gathers the notices of one search, cites the page that shows them, and keeps a non-match as one", () => {
    const result = run([
      notice("16-266"),
      notice("17-011"),
      { ...base, device_slug: "gamma-phone", searched_model: "Gamma Phone", result: "no-match-on-date" },
    ]);
    expect(result.problems).toEqual([]);
    const beta = JSON.parse(result.writes.find((w) => w.path === "devices/beta-tablet.json")!.text);
    expect(beta.evidence.recallReview).toEqual([
      {
        registry: "U.S. CPSC recalls",
        registryUrl: "https://www.cpsc.gov/Recalls",
        searchedOn: "2026-11-28",
        searched: { maker: "Example Maker", model: "Beta Tablet", codes: [] },
        result: "match",
        matches: ["16-266", "17-011"].map((n) => ({
          title: `Notice ${n}`,
          url: `https://notices.example/${n}`,
          date: { value: "2016-09-15", precision: "day" },
          number: n,
          hazard: "the battery can overheat",
          remedy: "a refund",
        })),
        sourceIds: [sourceIdOf("https://news.example/report")],
      },
    ]);
    expect(beta.evidence.sources.at(-1)).toMatchObject({ url: "https://news.example/report", checked: "2026-11-28" });
    const gamma = JSON.parse(result.writes.find((w) => w.path === "devices/gamma-phone.json")!.text);
    expect(gamma.evidence.recallReview.at(-1)).toMatchObject({ result: "no-match-on-date", matches: [] });
  });

  it("writes nothing a second time", () => {
    const first = run([notice("16-266")]);
    const records = catalog().map((l) => (l.record.slug === "beta-tablet" ? { ...l, record: JSON.parse(first.writes[0]!.text) } : l));
    const second = run([notice("16-266")], records);
    expect(second.writes).toEqual([]);
    expect(second.report!.reviews.map((r) => r.status)).toEqual(["already recorded"]);
  });

  it("names each bad row by file and line and writes nothing", () => {
    const result = run([
      { ...base, device_slug: "no-such-device", result: "no-match-on-date" },
      { ...base, result: "match" },
      { ...notice("1"), result: "no-match-on-date" },
      { ...notice("2"), notice_date: "15/09/2016" },
    ]);
    expect(result.writes).toEqual([]);
    expect(result.problems).toEqual([
      'recalls.csv:2: device_slug "no-such-device" is no record in the catalog',
      "recalls.csv:3: a match needs its notice_title and notice_url",
      "recalls.csv:4: a search that found nothing has no notice",
      'recalls.csv:5: notice_date "15/09/2016" is not a year, month or day',
    ]);
  });
});
