// endoflife.date's OS files and the one rule every Apple device follows: a
// cycle's release day, whether it is still patched and its latest release,
// read with every problem as file:line; security updates continue while the
// last major a device runs is patched and end with that cycle's last release
// (an observed last update, never an announced end); OS upgrades continue
// while that major is the newest.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REAL_SNAPSHOT, SNAPSHOT } from "../test/helpers/endoflife.ts";
import { cycleSupport, newestCycle, nextCycle, readOsFile, spokenDate, versionRange, type OsCycle, type OsFile } from "./endoflife-os.ts";
import { formatSourceProblem } from "./front-matter.ts";

const osText = (name: string) => ({ name, path: `os/${name}`, text: readFileSync(path.join(SNAPSHOT, "os", name), "utf8") });

describe("reading an OS file", () => {
  it("gives each cycle with its line, release day, status and latest release", () => {
    const { os, problems } = readOsFile(osText("ipados.md"));
    expect(problems).toEqual([]);
    expect(os!.name).toBe("ipados.md");
    expect(os!.cycles).toEqual([
      { cycle: "26", line: 6, releaseDate: "2025-09-15", eol: false, latest: "26.6.1", latestReleaseDate: "2026-08-17" },
      { cycle: "18", line: 12, releaseDate: "2024-09-16", eol: false, latest: "18.7.10", latestReleaseDate: "2026-08-17" },
      { cycle: "15", line: 18, releaseDate: "2021-09-20", eol: "2025-03-31", latest: "15.8.4", latestReleaseDate: "2025-03-31" },
      { cycle: "13", line: 24, releaseDate: "2019-09-24", eol: "2020-09-16", latest: "13.7", latestReleaseDate: "2020-09-01" },
    ]);
  });

  it("reads a file with Windows line endings as the same file", () => {
    const lf = osText("ios.md");
    const crlf = readOsFile({ ...lf, text: lf.text.replaceAll("\n", "\r\n") });
    expect(crlf.problems).toEqual([]);
    expect(crlf.os).toEqual(readOsFile(lf).os);
    expect(crlf.os!.cycles.at(-1)).toMatchObject({ cycle: "9", latestReleaseDate: "2019-07-22" });
  });

  it("keeps a cycle without a latest release, and a version such as 4.4w", () => {
    const text = '---\nreleases:\n  - releaseCycle: "4.4w"\n    releaseDate: 2014-06-25\n    eol: true\n---\n';
    expect(readOsFile({ name: "android.md", path: "os/android.md", text }).os!.cycles).toEqual([
      { cycle: "4.4w", line: 3, releaseDate: "2014-06-25", eol: true },
    ]);
  });

  it("reads windows.md's cycles: their labels, the end of Extended Security Updates, LTSC and the page each cites", () => {
    const text = readFileSync(path.join(REAL_SNAPSHOT, "os", "windows.md"), "utf8");
    const { os, problems } = readOsFile({ name: "windows.md", path: "os/windows.md", text });
    expect(problems).toEqual([]);
    const cycle = (id: string) => os!.cycles.find((c) => c.cycle === id);
    expect(cycle("10-22h2")).toMatchObject({ label: "10 22H2", eol: "2025-10-14", eoes: "2028-10-10", latest: "10.0.19045" });
    expect(cycle("11-24h2-iot-lts")).toMatchObject({ label: "11 24H2 IoT", lts: true, eol: "2034-10-10", latest: "10.0.26100" });
    expect(cycle("11-23h2-e")).toMatchObject({ eol: "2026-11-10", link: "https://learn.microsoft.com/windows/release-health/windows11-release-information" });
    expect(cycle("11-23h2-e")!.eoes).toBeUndefined();
  });

  const file = (body: string) => `---\ntitle: Apple iOS\nreleases:\n${body}\n---\n`;
  const cases: { name: string; text: string; problems: string[] }[] = [
    { name: "no front matter", text: "# iOS\n", problems: ['os/ios.md:1: has no front matter: the file must start with a line "---"'] },
    { name: "no releases", text: "---\ntitle: Apple iOS\n---\n", problems: ["os/ios.md:1: releases must be a list of release cycles"] },
    { name: "releases not a list", text: "---\ntitle: Apple iOS\nreleases: 5\n---\n", problems: ["os/ios.md:1: releases must be a list of release cycles"] },
    {
      name: "a cycle that is a number, not text",
      text: file("  - releaseCycle: 16\n    releaseDate: 2022-09-12\n    eol: false"),
      problems: ['os/ios.md:4: releaseCycle must be a version such as "16" or "4.4w", got 16'],
    },
    {
      name: "a release day not written YYYY-MM-DD",
      text: file('  - releaseCycle: "16"\n    releaseDate: 2022-9-12\n    eol: false'),
      problems: ["os/ios.md:5: releaseDate of cycle 16 must be a day YYYY-MM-DD"],
    },
    // A missing key is named at the line of the cycle that lacks it.
    {
      name: "a cycle without its release day",
      text: file('  - releaseCycle: "17"\n    releaseDate: 2023-09-18\n    eol: false\n  - releaseCycle: "16"\n    eol: false'),
      problems: ["os/ios.md:7: releaseDate of cycle 16 must be a day YYYY-MM-DD"],
    },
    {
      name: "a cycle without its eol",
      text: file('  - releaseCycle: "17"\n    releaseDate: 2023-09-18\n    eol: false\n  - releaseCycle: "16"\n    releaseDate: 2022-09-12'),
      problems: ["os/ios.md:7: eol of cycle 16 must be true, false or a day YYYY-MM-DD"],
    },
    {
      name: "an eol that is neither a status nor a day",
      text: file('  - releaseCycle: "16"\n    releaseDate: 2022-09-12\n    eol: soon'),
      problems: ["os/ios.md:6: eol of cycle 16 must be true, false or a day YYYY-MM-DD"],
    },
    {
      name: "an impossible eol day",
      text: file('  - releaseCycle: "16"\n    releaseDate: 2022-09-12\n    eol: 2025-02-30'),
      problems: ["os/ios.md:6: eol of cycle 16 must be true, false or a day YYYY-MM-DD"],
    },
    {
      name: "a latest release day that is no day",
      text: file('  - releaseCycle: "16"\n    releaseDate: 2022-09-12\n    eol: false\n    latestReleaseDate: 2026-13-01'),
      problems: ["os/ios.md:7: latestReleaseDate of cycle 16 must be a day YYYY-MM-DD"],
    },
    {
      name: "a cycle that is not a map, and every other problem too",
      text: file('  - just text\n  - releaseCycle: "iOS 17"\n    releaseDate: 2023-09-18\n    eol: false'),
      problems: ["os/ios.md:4: a release cycle must be a map of keys", 'os/ios.md:5: releaseCycle must be a version such as "16" or "4.4w", got "iOS 17"'],
    },
  ];
  it.each(cases)("$name", ({ text, problems }) => {
    const read = readOsFile({ name: "ios.md", path: "os/ios.md", text });
    expect(read.problems.map(formatSourceProblem)).toEqual(problems);
    expect(read.os).toBeUndefined();
  });
});

describe("version ranges", () => {
  const cases: [unknown, { first: string; last: string } | undefined][] = [
    ["11 - 16", { first: "11", last: "16" }],
    ["11-16", { first: "11", last: "16" }],
    ["10.3 - 12.5", { first: "10.3", last: "12.5" }],
    ["26", { first: "26", last: "26" }],
    [26, { first: "26", last: "26" }],
    // Sony writes each major it received.
    ["11 > 12 > 13", { first: "11", last: "13" }],
    ["9 - 12 - 15", undefined],
    ["iOS 16", undefined],
    ["4.4w", undefined],
    ["", undefined],
    [undefined, undefined],
    [true, undefined],
  ];
  it.each(cases)("%j → %j", (text, range) => expect(versionRange(text)).toEqual(range));
});

describe("cycles in time", () => {
  const cycle = (c: string, releaseDate: string): OsCycle => ({ cycle: c, line: 1, releaseDate, eol: false });
  // In no order, and with a version (10.15) that sorts after 26 as text: the release days decide.
  const macos: OsFile = {
    name: "macos.md",
    path: "os/macos.md",
    cycles: [cycle("10.15", "2019-10-07"), cycle("26", "2025-09-15"), cycle("12", "2021-10-25"), cycle("15", "2024-09-16")],
  };

  it("takes the newest cycle by its release day", () => expect(newestCycle(macos)!.cycle).toBe("26"));

  it.each([
    ["10.15", "12"],
    ["12", "15"],
    ["15", "26"],
    ["26", undefined],
  ])("the cycle after %s is %s", (from, next) => {
    expect(nextCycle(macos, macos.cycles.find((c) => c.cycle === from)!)?.cycle).toBe(next);
  });

  it.each([
    [{ value: "2023-08-05", precision: "day" as const }, "5 August 2023"],
    [{ value: "2033-08", precision: "month" as const }, "August 2033"],
    [{ value: "2031", precision: "year" as const }, "2031"],
  ])("says %j as %s, no more precise than it is", (date, spoken) => expect(spokenDate(date)).toBe(spoken));
});

describe("the rule for every Apple device", () => {
  const support = (cycle: Partial<OsCycle>, current = false, next?: string) =>
    cycleSupport({
      name: "iOS 16",
      cycle: { cycle: "16", line: 1, releaseDate: "2022-09-12", eol: false, ...cycle },
      file: "ios.md",
      current,
      ...(next ? { next } : {}),
      on: "2026-08-22",
      upgradesPer: "endoflife.date's products/iphone.md and products/ios.md",
    });

  const cases: { name: string; cycle: Partial<OsCycle>; security: Record<string, unknown>; meaning: RegExp }[] = [
    {
      name: "patched: continuing, the latest release observed",
      cycle: { eol: false, latest: "16.7.12", latestReleaseDate: "2026-07-29" },
      security: { status: "supported", lastUpdate: { value: "2026-07-29", precision: "day" } },
      meaning:
        /^Continuing on 22 August 2026: iOS 16, the last major version this model runs, was still patched then \(latest release 16\.7\.12 on 29 July 2026\)/,
    },
    {
      name: "patched, no latest release named: continuing, no update observed",
      cycle: { eol: false },
      security: { status: "supported" },
      meaning: /^Continuing on 22 August 2026: iOS 16, the last major version this model runs, was still patched then/,
    },
    // The last release, not endoflife.date's eol day, is what was observed.
    {
      name: "ended: the cycle's last release as the last update observed",
      cycle: { eol: "2025-09-15", latest: "16.7.11", latestReleaseDate: "2025-03-31" },
      security: { status: "dated", kind: "lastUpdate", phrase: "newest-build", date: { value: "2025-03-31", precision: "day" } },
      meaning:
        /^Ended with the last release of iOS 16, the last major version this model runs: 16\.7\.11 on 31 March 2025 \(an observed last update, not an announced end/,
    },
    {
      name: "ended on a day, no latest release: that day as the last update observed",
      cycle: { eol: "2025-09-15" },
      security: { status: "dated", kind: "lastUpdate", date: { value: "2025-09-15", precision: "day" } },
      meaning: /^Ended with the last release of iOS 16/,
    },
    {
      name: "ended without a day: ended, no date",
      cycle: { eol: true },
      security: { status: "ended" },
      meaning: /^Ended, date not documented: endoflife.date marks iOS 16 as no longer patched$/,
    },
  ];
  it.each(cases)("security, $name", ({ cycle, security, meaning }) => {
    const s = support(cycle).security;
    expect(s).toMatchObject({ support: "security", ...security });
    expect(s.meaning).toMatch(meaning);
    // Never an announced end.
    expect(s).not.toHaveProperty("kind", "end");
    if (!("lastUpdate" in security)) expect(s).not.toHaveProperty("lastUpdate");
  });

  it("upgrades continue while the device runs the newest major", () => {
    expect(support({}, true).os).toEqual({
      support: "os",
      status: "supported",
      meaning:
        "Continuing on 22 August 2026: iOS 16 is the newest major version, and this model runs it, per endoflife.date's products/iphone.md and products/ios.md",
    });
  });

  it("upgrades ended on the last major's release day, naming the major that followed without it", () => {
    expect(support({}, false, "iOS 17").os).toEqual({
      support: "os",
      status: "dated",
      kind: "lastUpdate",
      phrase: "newest-build",
      date: { value: "2022-09-12", precision: "day" },
      meaning:
        "Ended: iOS 16 (12 September 2022) was the last major version for this model; iOS 17 followed without it, per endoflife.date's products/iphone.md and products/ios.md",
    });
    expect(support({}, false).os.meaning).toBe(
      "Ended: iOS 16 (12 September 2022) was the last major version for this model, per endoflife.date's products/iphone.md and products/ios.md",
    );
  });
});
