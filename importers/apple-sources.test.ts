// SOFA's feeds and AppleDB's builds are checked before the importers read
// them: the pinned copies read clean, and a feed of another shape gives each
// problem at the line of the entry it concerns, in words, with no value.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatSourceProblem } from "./front-matter.ts";
import { readAppleBuilds, readSofaFeed, readSofaMacFeed } from "./apple-sources.ts";
import { PINNED_SOURCES } from "../test/helpers/endoflife.ts";

const pinned = (rel: string) => readFileSync(path.join(PINNED_SOURCES, rel), "utf8");
const lines = (problems: Parameters<typeof formatSourceProblem>[0][]) => problems.map(formatSourceProblem);

describe("the pinned copies", () => {
  it.each(["ios", "watchos"])("SOFA's %s feed reads with its cycles", (os) => {
    const read = readSofaFeed(`sofa/v2/${os}_data_feed.json`, pinned(`sofa/v2/${os}_data_feed.json`));
    expect(read.problems).toEqual([]);
    expect(read.feed!.OSVersions.length).toBeGreaterThan(1);
  });

  it("SOFA's macOS feed reads with its models", () => {
    const read = readSofaMacFeed("sofa/v2/macos_data_feed.json", pinned("sofa/v2/macos_data_feed.json"));
    expect(read.problems).toEqual([]);
    expect(Object.keys(read.feed!.Models).length).toBeGreaterThan(10);
  });

  it("AppleDB's builds read with their day", () => {
    const read = readAppleBuilds("appledb/os-builds.json", pinned("appledb/os-builds.json"));
    expect(read.problems).toEqual([]);
    expect(read.builds!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(read.builds!.builds.length).toBeGreaterThan(100);
  });
});

describe("a feed of another shape", () => {
  it("names each problem at its entry's line, and gives no feed", () => {
    const text = [
      "{", // 1
      '  "OSVersions": [', // 2
      "    {", // 3
      '      "OSVersion": "Sonoma 14",', // 4
      '      "Latest": { "ProductVersion": "14.8.1", "ReleaseDate": "2026-08-17T00:00:00Z" },', // 5
      '      "SecurityReleases": [', // 6
      '        { "ProductVersion": "14.8.1", "ReleaseDate": "2026-13-01" },', // 7
      '        { "ProductVersion": 14 }', // 8
      "      ]", // 9
      "    },", // 10
      '    "Ventura 13"', // 11
      "  ]", // 12
      "}", // 13
    ].join("\n");
    const read = readSofaFeed("sofa/v2/macos_data_feed.json", text);
    expect(read.feed).toBeUndefined();
    expect(lines(read.problems)).toEqual([
      'sofa/v2/macos_data_feed.json:7: OSVersions 1 ("Sonoma 14"), SecurityReleases 1 ("14.8.1"): ReleaseDate must be the release\'s day, YYYY-MM-DD (a time may follow), not "2026-13-01"',
      'sofa/v2/macos_data_feed.json:8: OSVersions 1 ("Sonoma 14"), SecurityReleases 2: ProductVersion must be the release\'s version, text such as "14.8.1", not 14',
      'sofa/v2/macos_data_feed.json:8: OSVersions 1 ("Sonoma 14"), SecurityReleases 2: ReleaseDate is missing: it must be the release\'s day, YYYY-MM-DD (a time may follow)',
      'sofa/v2/macos_data_feed.json:11: OSVersions 2 must be an object: one OS cycle with its OSVersion, Latest and SecurityReleases, not "Ventura 13"',
    ]);
  });

  it("keeps fields it does not use, as read", () => {
    const text = JSON.stringify({
      UpdateHash: "x",
      OSVersions: [{ OSVersion: "18", Latest: { ProductVersion: "18.1", ReleaseDate: "2026-01-02", Extra: 1 }, SecurityReleases: [] }],
    });
    expect(readSofaFeed("f.json", text).feed).toEqual(JSON.parse(text));
  });

  it("names a model's missing majors under its identifier", () => {
    const text = '{\n  "OSVersions": [],\n  "Models": {\n    "Mac16,1": { "MarketingName": "MacBook Pro" }\n  }\n}';
    expect(lines(readSofaMacFeed("m.json", text).problems)).toEqual([
      'm.json:4: Models "Mac16,1": OSVersions is missing: it must be a list of the macOS majors the model runs, numbers such as 15',
    ]);
  });

  it("gives AppleDB's builds file the same care, and JSON errors their line", () => {
    const text = '{\n  "date": "2026-9-1",\n  "builds": [\n    { "osStr": "macOS", "version": "15.1", "released": null, "deviceMap": "Mac16,1" }\n  ]\n}';
    expect(lines(readAppleBuilds("b.json", text).problems)).toEqual([
      'b.json:2: date must be the day AppleDB\'s copy was taken, YYYY-MM-DD, not "2026-9-1"',
      'b.json:4: builds 1 ("15.1"): deviceMap must be a list of the device identifiers that received the build, not "Mac16,1"',
    ]);
    const broken = readAppleBuilds("b.json", '{\n  "date": "2026-09-01",\n  oops\n}');
    expect(broken.builds).toBeUndefined();
    expect(broken.problems.map((p) => p.line)).toEqual([3]);
  });
});
