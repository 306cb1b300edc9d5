// The surface-windows importer (surface-windows.ts) on the pinned sources: the
// table read row by row, Windows servicing read from windows.md, the reading
// each kind of Surface gets, and a run that is idempotent and never replaces a
// curated Windows fact.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validateFiles, type LoadedRecord } from "../generator/load/validate.ts";
import type { DeviceRecord } from "../generator/schema/record.ts";
import { readingOf, readSupportedOs, readWindowsServicing, runSurfaceWindows, SUPPORTED_OS_FILE, WINDOWS_FILE } from "./surface-windows.ts";

const SOURCES = path.resolve(import.meta.dirname, "../../shared/sources");
const DEVICES = path.resolve(import.meta.dirname, "../data/devices");
const file = (rel: string) => ({ path: rel, text: readFileSync(path.join(SOURCES, rel), "utf8") });
const SNAPSHOTS = {
  devicesDocs: { commit: "0b607b18cab6ddbfd5179052c449a4104fc071af", commitDate: "2024-10-24" },
  endoflife: { commit: "a70eca337600e7d721dc48112c271f98661d208b", commitDate: "2026-08-22" },
};

describe("Microsoft's supported operating systems table", () => {
  const { rows, problems } = readSupportedOs(file(SUPPORTED_OS_FILE));
  const row = (device: string) => rows.find((r) => r.device === device);
  it("reads every row without a problem", () => {
    expect(problems).toEqual([]);
    expect(rows.length).toBe(52);
  });
  it.each([
    ["Surface Book with Performance Base", ["10"], undefined],
    ["Surface Pro 3", ["8.1", "10"], undefined],
    ["Surface Pro 6", ["10", "11"], "21H2"],
    ["Surface Pro (11th Edition)", ["11"], "24H2"],
    ["Surface Hub v1", ["10 Team"], undefined],
    ["Surface Book 2 with 7th Gen CPU / Surface Book 2 with 8th Gen CPU", ["10", "11"], "21H2"],
  ])("%s: Windows %j", (device, windows, first) => {
    expect(row(device)).toMatchObject({ windows, ...(first ? { firstWindows11: first } : {}) });
  });
  it("a row without a Windows version is a problem at its line", () => {
    const text = "| Device | Windows OS |\n| --- | --- |\n| Surface X | - Linux |\n";
    expect(readSupportedOs({ path: "t.md", text }).problems).toEqual([{ file: "t.md", line: 3, message: '"- Linux" names no Windows version' }]);
  });
});

describe("Windows servicing from endoflife.date's windows.md", () => {
  it("Windows 10 22H2 Home and Pro ended 2025-10-14, paid ESU to 2028-10-10; Windows 11 releases serviced on the snapshot's day", () => {
    const { servicing, problems } = readWindowsServicing(file(WINDOWS_FILE), "2026-08-22");
    expect(problems).toEqual([]);
    expect(servicing!.windows10).toMatchObject({ cycle: "10-22h2", eol: "2025-10-14", eoes: "2028-10-10" });
    expect(servicing!.windows11.map((w) => `${w.cycle} ${w.eol}`)).toEqual(["11-24h2-w 2026-10-13", "11-25h2-w 2027-10-12", "11-26h1-w 2028-03-14"]);
  });
  it("without a 10-22h2 cycle it names the problem", () => {
    const text = '---\nreleases:\n  - releaseCycle: "11-25h2-w"\n    eol: 2027-10-12\n    link: https://example.org/\n---\n';
    expect(readWindowsServicing({ path: "w.md", text }, "2026-08-22").problems.map((p) => p.message)).toEqual([
      'no cycle "10-22h2" (Windows 10 22H2, Home and Pro)',
    ]);
  });
});

describe("what a Surface's rows say", () => {
  const r = (windows: string[]) => ({ device: "d", line: 1, windows });
  it.each([
    [[r(["10", "11"])], "windows 11"],
    [[r(["8.1", "10"])], "windows 10"],
    [[r(["10 Team"]), r(["10", "11"])], "windows 11"],
    [[r(["10 Team"])], "team edition"],
    [[], "not listed"],
  ] as const)("%j: %s", (rows, kind) => expect(readingOf([...rows]).kind).toBe(kind));
});

describe("a run", () => {
  const load = (slug: string, edit?: (r: DeviceRecord) => void): LoadedRecord => {
    const r = JSON.parse(readFileSync(path.join(DEVICES, `${slug}.json`), "utf8")) as DeviceRecord;
    edit?.(r);
    const { records, problems } = validateFiles([{ file: `data/devices/${slug}.json`, slug, text: JSON.stringify(r) }]);
    expect(problems).toEqual([]);
    return records[0]!;
  };
  const run = (catalog: LoadedRecord[]) =>
    runSurfaceWindows({ supportedOs: file(SUPPORTED_OS_FILE), windows: file(WINDOWS_FILE), ...SNAPSHOTS, checked: "2026-11-28", catalog });
  const slug = "microsoft-surface-book-with-performance-base";

  it("writes nothing for a record that already says what the sources say", () => {
    const result = run([load(slug)]);
    expect(result.problems).toEqual([]);
    expect(result.writes.filter((w) => w.path.startsWith("devices/"))).toEqual([]);
  });
  it("gives a record without its Windows part exactly the record in data/", () => {
    const bare = load(slug, (r) => {
      r.support.security = r.support.security.filter((c) => c.component !== "Windows");
      r.support.os = [
        {
          id: "os",
          scope: {},
          end: { precision: "unknown" },
          meaning: "Not in endoflife.date's products/surface.md, which has no column for OS updates",
          evidenceLevel: "unverified",
          sourceIds: [],
        },
      ];
      r.caveats = [];
      r.evidence.sources = r.evidence.sources.filter(
        (s) => !["ms-surface-supported-os", "ms-surface-lifecycle-pinned", "endoflife-windows", "microsoft-windows-release-health"].includes(s.id),
      );
      r.evidence.revisions = r.evidence.revisions.slice(0, -1);
    });
    const write = run([bare]).writes.find((w) => w.path === `devices/${slug}.json`)!;
    expect(write.text).toBe(readFileSync(path.join(DEVICES, `${slug}.json`), "utf8"));
  });
  it("keeps a curated Windows fact and says so", () => {
    const curated = load(slug, (r) => {
      r.support.security.find((c) => c.component === "Windows")!.sourceIds = ["endoflife-windows"];
    });
    const result = run([curated]);
    expect(result.writes.filter((w) => w.path.startsWith("devices/"))).toEqual([]);
    expect(result.report!.records[0]).toMatchObject({ slug, status: "curated" });
  });
});
