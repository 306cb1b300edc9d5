// The OS release importer on the pinned endoflife.date copy: what it writes,
// that a second run writes nothing, that an edited file of the same commit is
// kept, and that a source problem stops it with file:line.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REAL_SNAPSHOT } from "../test/helpers/endoflife.ts";
import { readSnapshotFolder } from "./disk.ts";
import { pinOf } from "./sources.ts";
import { formatSourceProblem } from "./front-matter.ts";
import { OS_RELEASES_REPORT, runOsReleaseImport } from "./os-releases.ts";

const { osFiles } = readSnapshotFolder(REAL_SNAPSHOT);
const sourcesDir = path.dirname(REAL_SNAPSHOT);
const run = (existing = new Map<string, string>(), refresh = false, files = osFiles) =>
  runOsReleaseImport({ osFiles: files, sourcesDir, snapshot: pinOf("endoflife"), existing, refresh });
const first = run();
const written = new Map(first.writes.map((w) => [w.path, w.text]));
const windows = JSON.parse(written.get("os/windows.json")!);
const release = (id: string) => windows.releases.find((r: { id: string }) => r.id === id);

describe("runOsReleaseImport", () => {
  it("writes one file per OS and the report", () => {
    expect(first.problems).toEqual([]);
    expect([...written.keys()].sort()).toEqual([
      OS_RELEASES_REPORT,
      "os/android.json",
      "os/ios.json",
      "os/ipados.json",
      "os/macos.json",
      "os/watchos.json",
      "os/windows.json",
    ]);
    expect(windows.source).toMatchObject({ copy: "endoflife.date/os/windows.md", commit: pinOf("endoflife").commit, date: "2026-08-22" });
  });

  it.each([
    ["11-23h2-e", "Windows 11 23H2 (Enterprise, Education)", "enterprise-education", { end: { value: "2026-11-10", precision: "day" } }],
    ["11-23h2-w", "Windows 11 23H2 (Home, Pro)", "home-pro", { end: { value: "2025-11-11", precision: "day" } }],
    ["11-24h2-e-lts", "Windows 11 24H2 (Enterprise LTSC)", "ltsc", { end: { value: "2029-10-09", precision: "day" } }],
    ["11-24h2-iot-lts", "Windows 11 24H2 (IoT Enterprise LTSC)", "iot-ltsc", { end: { value: "2034-10-10", precision: "day" } }],
    ["10-22h2", "Windows 10 22H2", "all", { end: { value: "2025-10-14", precision: "day" } }],
  ])("reads Windows %s as %s (%s), its end of servicing a documented end", (id, label, edition, security) => {
    expect(release(id)).toMatchObject({ label, edition, security });
  });

  it("keeps Extended Security Updates as a fact of their own", () => {
    expect(release("10-22h2").esu).toEqual({ end: { value: "2028-10-10", precision: "day" } });
    expect(release("11-23h2-e").esu).toBeUndefined();
  });

  it("reads an Apple or Android cycle's end as an observed last update, and eol false as listed on the copy's day", () => {
    const ios = JSON.parse(written.get("os/ios.json")!).releases;
    expect(ios.find((r: { id: string }) => r.id === "17").security).toEqual({ ended: true, lastUpdate: { value: "2025-05-13", precision: "day" } });
    expect(ios.find((r: { id: string }) => r.id === "18").security).toEqual({ supportedOn: "2026-08-22" });
    const android = JSON.parse(written.get("os/android.json")!).releases;
    expect(android.find((r: { id: string }) => r.id === "4.3").security).toEqual({ ended: true });
    expect(android.find((r: { id: string }) => r.id === "4.4w")).toBeUndefined();
  });

  it("writes nothing on a second run", () => {
    expect(run(written).writes).toEqual([]);
  });

  it("keeps a file edited after an import of the same commit, unless --refresh", () => {
    const edited = new Map(written).set("os/ios.json", written.get("os/ios.json")!.replace('"iOS 18"', '"iOS 18 (edited)"'));
    expect(run(edited).writes.map((w) => w.path)).toEqual([OS_RELEASES_REPORT]);
    expect(run(edited).report).toContain("- data/os/ios.json");
    expect(run(edited, true).writes.map((w) => w.path)).toEqual(["os/ios.json"]);
    const older = new Map(written).set("os/ios.json", written.get("os/ios.json")!.replaceAll(pinOf("endoflife").commit, "0".repeat(40)));
    expect(run(older).writes.map((w) => w.path)).toEqual(["os/ios.json"]);
  });

  it("stops with file:line at a source problem, writing nothing", () => {
    const broken = osFiles.map((f) => (f.name === "windows.md" ? { ...f, text: f.text.replace("eol: 2026-11-10", "eol: 2026-13-10") } : f));
    const result = run(new Map(), false, broken);
    expect(result.writes).toEqual([]);
    expect(result.problems.map(formatSourceProblem)).toEqual([
      expect.stringMatching(/windows\.md:\d+: eol of cycle 11-23h2-e must be true, false or a day YYYY-MM-DD$/),
    ]);
    const missing = run(
      new Map(),
      false,
      osFiles.filter((f) => f.name !== "ipados.md"),
    );
    expect(missing.problems.map(formatSourceProblem)).toEqual([expect.stringMatching(/endoflife\.date\/os\/ipados\.md:1: not found/)]);
  });
});
