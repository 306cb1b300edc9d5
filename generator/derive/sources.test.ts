// A source's provenance in words (sources.ts): read here on a day, or only
// cited by another source, named by its publisher.
import { describe, expect, it } from "vitest";
import type { Source } from "../schema/record.ts";
import { staleSources, sourceStatus } from "./sources.ts";
import type { DeviceRecord } from "../schema/record.ts";

const aggregator: Source = { id: "tracker", url: "https://tracker.example/x", publisher: "Example Tracker", title: "End of life", checked: "2026-11-01" };
const maker: Source = { id: "maker", url: "https://maker.example/policy", publisher: "Example Maker", title: "Policy", citedBy: "tracker" };
const byId = new Map([aggregator, maker].map((s) => [s.id, s]));

describe("sourceStatus", () => {
  it.each([
    ["a source read here", aggregator, byId, "checked 2026-11-01"],
    ["a page only cited by another source", maker, byId, "cited by Example Tracker; not read by this project"],
    ["a citing source missing from the map", maker, new Map<string, Source>(), "cited by tracker; not read by this project"],
  ] as [string, Source, Map<string, Source>, string][])("%s: %j", (_, source, sources, words) => expect(sourceStatus(source, sources)).toBe(words));
});

describe("staleSources", () => {
  // A record whose security commitment rests on the tracker (and the maker page it cites), and whose code rests on a list read later.
  const list: Source = { id: "list", url: "https://list.example/", publisher: "Example List", title: "Codes", checked: "2027-02-01" };
  const unused: Source = { id: "unused", url: "https://old.example/", publisher: "Old", title: "Old", checked: "2020-01-01" };
  const record = {
    support: { os: [], security: [{ sourceIds: ["tracker", "maker"] }] },
    caveats: [],
    variants: [{ identifiers: [{ sourceId: "list" }] }],
    evidence: { sources: [aggregator, maker, list, unused], repairability: [] },
  } as unknown as DeviceRecord;
  it.each([
    // 180 days after 2026-11-01 is 2027-04-30: not yet stale on that day.
    ["2027-04-30", []],
    ["2027-05-01", ["tracker"]],
    // A source no fact rests on is never flagged; a page only cited goes with the source that cites it.
    ["2027-08-01", ["tracker", "list"]],
  ] as [string, string[]][])("on %s: %j", (today, ids) => expect(staleSources(record, today).map((s) => s.id)).toEqual(ids));
});
