// A source's provenance in words (sources.ts): read here on a day, or only
// cited by another source, named by its publisher.
import { describe, expect, it } from "vitest";
import type { Source } from "../schema/record.ts";
import { sourceStatus } from "./sources.ts";

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
