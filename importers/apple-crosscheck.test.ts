import { describe, expect, it } from "vitest";
import { crossCheck, type AppleBuild, type SofaFeed } from "./apple-crosscheck.ts";
import type { OsFile } from "./endoflife-os.ts";

const ios: OsFile = {
  name: "ios.md",
  path: "os/ios.md",
  cycles: [
    { cycle: "18", line: 1, releaseDate: "2024-09-16", eol: false, latest: "18.7.9", latestReleaseDate: "2026-05-11" },
    { cycle: "9", line: 2, releaseDate: "2015-09-16", eol: "2019-07-22", latest: "9.3.6", latestReleaseDate: "2019-07-22" },
    { cycle: "6", line: 3, releaseDate: "2012-09-19", eol: "2013-09-26", latest: "6.1.6", latestReleaseDate: "2014-02-21" },
  ],
};
const sofa: Record<string, SofaFeed> = {
  ios: {
    OSVersions: [
      {
        OSVersion: "18",
        Latest: { ProductVersion: "18.7.10", ReleaseDate: "2026-08-17T00:00:00Z" },
        SecurityReleases: [
          { ProductVersion: "18.7.10", ReleaseDate: "2026-08-17T00:00:00Z", UniqueCVEsCount: 0 },
          { ProductVersion: "18.7.9", ReleaseDate: "2026-05-11T00:00:00Z", UniqueCVEsCount: 47 },
        ],
      },
    ],
  },
};
const build = (version: string, released: string, deviceMap: string[]): AppleBuild => ({ osStr: "iOS", version, released, deviceMap });
const builds = [
  build("9.3.5", "2016-08-25", ["iPad2,1", "iPad2,2", "iPhone4,1"]),
  build("9.3.6", "2019-07-22", ["iPad2,2", "iPhone4,1"]),
  build("6.1.6", "2014-02-21", ["iPhone3,1"]),
  build("6.1.6", "2014-03-01", ["iPhone3,3"]),
];

describe("Apple's OS cycles against SOFA and AppleDB", () => {
  const rows = crossCheck({
    osFiles: new Map([["ios.md", ios]]),
    cycles: ["ios.md#18", "ios.md#9", "ios.md#6", "ios.md#9"],
    sofa,
    builds,
    appledbDate: "2024-09-03",
  });
  it("gives one row per cycle, in version order", () => expect(rows.map((r) => r.cycle)).toEqual(["6", "9", "18"]));
  it.each([
    ["18", /SOFA lists a later release \(18\.7\.10, 2026-08-17\).*the latest release carried no security content: the last that did is 18\.7\.9/],
    ["9", /the last build reached 2 of the 3 identifiers that got 9\.3\.5 \(2016-08-25\)/],
    ["6", /eol day \(2013-09-26\) is before its latest release/],
  ])("cycle %s: %s", (cycle, disagreement) => expect(rows.find((r) => r.cycle === cycle)!.disagreement).toMatch(disagreement));
  it("counts a version re-released for another device as one release", () => {
    expect(rows.find((r) => r.cycle === "6")!.disagreement).not.toMatch(/reached/);
    expect(rows.find((r) => r.cycle === "6")!.appledb).toBe("last build 6.1.6 on 2014-03-01 to 2 identifiers");
  });
});
