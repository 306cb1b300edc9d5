// What docs/record-rules.md allows on purpose is accepted and published as it
// is (the faults the rules refuse are in test/records/validation.test.ts and
// the generated faults of records-properties.test.ts).
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIXTURES, buildTo, tempDir } from "../helpers/build.ts";
import { readFeed, readText } from "./readers.ts";

type Rec = Record<string, any>;

describe("allowed on purpose", async () => {
  const dataDir = tempDir("dl-allowed-");
  cpSync(path.join(FIXTURES, "devices"), path.join(dataDir, "devices"), { recursive: true });
  const file = (slug: string) => path.join(dataDir, "devices", `${slug}.json`);
  const edit = (slug: string, change: (r: Rec) => void) => {
    const r = JSON.parse(readFileSync(file(slug), "utf8"));
    change(r);
    writeFileSync(file(slug), JSON.stringify(r));
  };
  edit("alpha-phone", (r) => {
    // Newest first in the file, two of one day, checks after the build day, a minimum in the end's own month, a source no claim cites.
    r.evidence.revisions = [
      { date: "2026-11-01", change: "Second change of the day", reason: "r2" },
      { date: "2026-10-01", change: "Record created", reason: "r0" },
      { date: "2026-11-01", change: "First change of the day", reason: "r1" },
    ];
    r.evidence.sources[0].checked = "2027-05-01";
    r.evidence.recallReview[0].searchedOn = "2027-05-02";
    r.support.security[0].minimum = { value: "2031-10-15", precision: "day" };
    r.evidence.sources.push({
      id: "background",
      url: "https://maker.example/background",
      publisher: "Example Maker",
      title: "Background",
      checked: "2026-11-01",
    });
  });
  edit("beta-tablet", (r) => (r.aliases = ["Alpha 1"])); // alpha-phone's alias too
  edit("gamma-phone", (r) => (r.name = "Beta Tablet")); // beta-tablet's name too
  const { outDir } = await buildTo(dataDir, "2026-11-22");
  const json = (p: string) => JSON.parse(readText(outDir, p));

  it("shared aliases and shared names: every record is published under its own slug", () => {
    expect(json("api/v1/devices/beta-tablet.json").aliases).toEqual(["Alpha 1"]);
    expect(json("api/v1/devices/alpha-phone.json").aliases).toEqual(["Alpha 1"]);
    expect([json("api/v1/devices/gamma-phone.json").name, json("api/v1/devices/beta-tablet.json").name]).toEqual(["Beta Tablet", "Beta Tablet"]);
  });

  it("revisions in any order: the evidence lists them newest first, and the feed numbers one day's revisions in listed order", () => {
    expect(json("api/v1/evidence/alpha-phone.json").revisions.map((r: Rec) => r.date)).toEqual(["2026-11-01", "2026-11-01", "2026-10-01"]);
    const titles = Object.fromEntries(readFeed(readText(outDir, "feed.xml")).map((e) => [e.id, e.title]));
    expect(titles["tag:devices.example,2026-09-06:alpha-phone/2026-11-01/0"]).toBe("Alpha Phone: Second change of the day");
    expect(titles["tag:devices.example,2026-09-06:alpha-phone/2026-11-01/1"]).toBe("Alpha Phone: First change of the day");
  });

  it("days after the build day, a minimum within the end's period and an uncited source are published as they are", () => {
    const ev = json("api/v1/evidence/alpha-phone.json");
    expect(ev.sources.map((s: Rec) => [s.id, s.checked])).toEqual([
      ["maker-policy", "2027-05-01"],
      ["background", "2026-11-01"],
    ]);
    expect(ev.recallReview[0].searchedOn).toBe("2027-05-02");
    expect(json("api/v1/devices/alpha-phone.json").support.security[0]).toMatchObject({
      end: { value: "2031-10" },
      minimum: { value: "2031-10-15", precision: "day" },
    });
  });
});
