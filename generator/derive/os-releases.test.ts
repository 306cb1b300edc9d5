import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { OS_RELEASE_OSES } from "../contract/os-releases.ts";
import type { OsRelease, OsReleaseFile } from "../schema/os-release.ts";
import { editionFamilyOf, judgeOs, monthsBetween, osIndex, osListDocument, releaseDocument, releaseStatus } from "./os-releases.ts";

// The imported records (data/os/*.json, from the pinned endoflife.date copy), judged as of a fixed day.
const files = OS_RELEASE_OSES.map((os) => JSON.parse(readFileSync(new URL(`../../data/os/${os}.json`, import.meta.url), "utf8")) as OsReleaseFile);
const TODAY = "2026-11-28";
const index = osIndex(files, TODAY);
const SITE = { siteUrl: "https://site.example", baseUrl: "https://api.example", now: TODAY };

describe("judgeOs: Windows builds and editions", () => {
  it.each([
    // Intune "OS version" + SkuFamily → release, status, headline
    ["10.0.22631.4317", "Enterprise", "windows/11-23h2-e", "ended", "No security updates since 2026-11-10"],
    ["10.0.22631.4317", "Education", "windows/11-23h2-e", "ended", "No security updates since 2026-11-10"],
    ["10.0.22631.4317", "Pro", "windows/11-23h2-w", "ended", "No security updates since 2025-11-11"],
    ["10.0.22621.2861", "Home", "windows/11-22h2-w", "ended", "No security updates since 2024-10-08"],
    ["10.0.26100.2033", "Enterprise", "windows/11-24h2-e", "patched", "Gets security updates until 2027-10-12"],
    ["10.0.26100.2033", "Pro", "windows/11-24h2-w", "ended", "No security updates since 2026-10-13"],
    ["10.0.26100.2033", "Enterprise LTSC", "windows/11-24h2-e-lts", "patched", "Gets security updates until 2029-10-09"],
    ["10.0.26100.2033", "IoT Enterprise LTSC", "windows/11-24h2-iot-lts", "patched", "Gets security updates until 2034-10-10"],
    ["10.0.26100", "IoTEnterpriseS", "windows/11-24h2-iot-lts", "patched", "Gets security updates until 2034-10-10"],
    ["10.0.26200.100", "Pro", "windows/11-25h2-w", "patched", "Gets security updates until 2027-10-12"],
    ["10.0.26200", "Pro Education", "windows/11-25h2-w", "patched", "Gets security updates until 2027-10-12"],
    ["10.0.19045.4894", "Enterprise", "windows/10-22h2", "ended", "No security updates since 2025-10-14"],
    ["10.0.19045.4894", undefined, "windows/10-22h2", "ended", "No security updates since 2025-10-14"],
    ["10.0.19044.1", "Enterprise LTSC", "windows/10-21h2-e-lts", "ending-soon", "Gets security updates until 2027-01-12"],
  ])("%s %s → %s", (version, edition, release, status, headline) => {
    const j = judgeOs(index, { os: "Windows", version, ...(edition ? { edition } : {}) });
    expect([j.release, j.status, j.headline]).toEqual([release, status, headline]);
    expect(j.url).toBe(`/api/v1/os/${release}`);
  });

  it("keeps paid Extended Security Updates apart from support", () => {
    const j = judgeOs(index, { os: "Windows", version: "10.0.19045.5011", edition: "Pro" });
    expect(j).toMatchObject({ status: "ended", securityEnd: "2025-10-14", esuEnd: "2028-10-10" });
    expect(judgeOs(index, { os: "Windows", version: "10.0.22631.1", edition: "Enterprise" }).esuEnd).toBeNull();
  });

  it("says which editions differ when the export gives none", () => {
    const j = judgeOs(index, { os: "Windows", version: "10.0.22631.4317" });
    expect(j.status).toBe("ended");
    expect(j.release).toBeNull();
    expect(j.headline).toBe(
      "Edition not given: Windows 11 23H2 (Enterprise, Education) no security updates since 2026-11-10; Windows 11 23H2 (Home, Pro) no security updates since 2025-11-11",
    );
    const open = judgeOs(index, { os: "Windows", version: "10.0.26100.1" });
    expect(open.status).toBe("unknown");
    expect(open.headline).toMatch(/^Edition not given: .*gets security updates until 2027-10-12.*no security updates since 2026-10-13/);
  });

  it.each([
    ["10.0.99999.1", "Enterprise"],
    ["10.0.22631.1", "Enterprise LTSC"],
    ["not a build", "Pro"],
  ])("does not invent a release for %s %s", (version, edition) => {
    const j = judgeOs(index, { os: "Windows", version, edition });
    expect([j.status, j.release, j.headline]).toEqual(["unknown", null, "Release not recognised"]);
  });
});

describe("judgeOs: Apple, Android, ChromeOS", () => {
  it.each([
    ["iOS", "17.6.1", "ios/17", "ended", "No security updates since 2025-05-13", { version: "17.7.7", date: "2025-05-13" }],
    ["iOS", "18.7.10", "ios/18", "patched", "Gets security updates; no end date announced", null],
    ["iOS", "18.2", "ios/18", "patched", "Gets security updates; no end date announced", { version: "18.7.10", date: "2026-08-17" }],
    ["iPadOS", "17.6.1", "ipados/17", "patched", "Gets security updates; no end date announced", { version: "17.7.11", date: "2026-05-11" }],
    ["macOS", "14.6.1", "macos/14", "patched", "Gets security updates; no end date announced", { version: "14.8.9", date: "2026-08-06" }],
    ["Mac OS X", "13.7.8", "macos/13", "ended", "No security updates since 2025-08-20", null],
    ["watchOS", "11.6.2", "watchos/11", "ended", "No security updates since 2026-02-05", null],
    ["Android", "14", "android/14", "patched", "Gets security updates; no end date announced", null],
    ["Android", "12.1", "android/12.1", "ended", "No security updates since 2025-03-03", null],
    ["Android", "8.1.0", "android/8.1", "ended", "No security updates since 2021-01-10", null],
  ])("%s %s → %s", (os, version, release, status, headline, newerBuild) => {
    const j = judgeOs(index, { os, version });
    expect([j.release, j.status, j.headline, j.newerBuild]).toEqual([release, status, headline, newerBuild]);
  });

  it("tells iOS from iPadOS only when they disagree", () => {
    expect(judgeOs(index, { os: "iOS/iPadOS", version: "18.1" })).toMatchObject({
      status: "patched",
      headline: "Gets security updates; no end date announced",
    });
    expect(judgeOs(index, { os: "iOS/iPadOS", version: "17.1" })).toMatchObject({ status: "unknown", release: null });
  });

  it("counts Android patch months against the newest patch day in the records, never the build day", () => {
    expect(index.androidPatchReference).toEqual({ date: "2026-03-02", release: "Android 13 (Tiramisu)" });
    expect(judgeOs(index, { os: "Android", version: "14", patchLevel: "2025-09-05" }).patchMonthsBehind).toBe(6);
    expect(judgeOs(index, { os: "Android", version: "14", patchLevel: "2026-08-01" }).patchMonthsBehind).toBe(0);
    expect(judgeOs(index, { os: "Android", version: "14" }).patchMonthsBehind).toBeNull();
    expect(judgeOs(index, { os: "iOS", version: "18.1", patchLevel: "2025-09-05" }).patchMonthsBehind).toBeNull();
  });

  it.each([
    ["ChromeOS", "126.0", "No release records for ChromeOS (see its Auto Update Expiration)"],
    ["Chrome OS", "", "No release records for ChromeOS (see its Auto Update Expiration)"],
    ["iOS", "99.1", "Release not recognised"],
    ["Android", "14 QPR2", "Release not recognised"],
    ["Linux", "6.1", "Release not recognised"],
  ])("%s %s is unknown", (os, version, headline) => {
    expect(judgeOs(index, { os, version })).toMatchObject({ status: "unknown", release: null, headline, url: null });
  });
});

describe("editionFamilyOf", () => {
  it.each([
    ["Enterprise", "enterprise-education"],
    ["Education", "enterprise-education"],
    ["IoT Enterprise", "enterprise-education"],
    ["Pro", "home-pro"],
    ["Professional", "home-pro"],
    ["Home", "home-pro"],
    ["Core", "home-pro"],
    ["Pro Education", "home-pro"],
    ["Pro for Workstations", "home-pro"],
    ["Enterprise LTSC", "ltsc"],
    ["EnterpriseS", "ltsc"],
    ["IoT Enterprise LTSC", "iot-ltsc"],
    ["", null],
    ["Server", null],
  ])("%s → %s", (text, family) => expect(editionFamilyOf(text)).toBe(family));
});

describe("release status as of the build day", () => {
  const release = (security: OsRelease["security"]): OsRelease => ({
    id: "1",
    label: "X 1",
    version: "1",
    edition: "all",
    released: "2020-01-01",
    security,
    line: 1,
  });
  it.each([
    [{ end: { value: "2027-10-12", precision: "day" as const } }, "2026-11-28", "patched", "Gets security updates until 2027-10-12"],
    [{ end: { value: "2027-03", precision: "month" as const } }, "2026-11-28", "ending-soon", "Gets security updates until 2027-03"],
    [{ end: { value: "2026-11-10", precision: "day" as const } }, "2026-11-28", "ended", "No security updates since 2026-11-10"],
    [{ end: { value: "2026-11-10", precision: "day" as const } }, "2026-11-10", "ending-soon", "Gets security updates until 2026-11-10"],
    [{ ended: true as const }, "2026-11-28", "ended", "No security updates; end date not documented"],
    [{ supportedOn: "2026-08-22" }, "2026-11-28", "patched", "Gets security updates; no end date announced"],
    [{ supportedOn: "2026-08-22" }, "2027-09-01", "unknown", "Last listed as getting security updates on 2026-08-22"],
  ])("%j on %s → %s", (security, today, status, headline) => {
    expect(releaseStatus(release(security), today)).toMatchObject({ status, headline });
  });
});

describe("documents", () => {
  it("answers a release with its sources: the pinned copy at its line and the page it cites", () => {
    const windows = files.find((f) => f.os === "windows")!;
    const doc = releaseDocument(windows, windows.releases.find((r) => r.id === "10-22h2")!, SITE);
    expect(doc).toMatchObject({
      url: "https://api.example/api/v1/os/windows/10-22h2",
      label: "Windows 10 22H2",
      edition: "all",
      status: "ended",
      securityEnd: "2025-10-14",
      esu: { end: { value: "2028-10-10", precision: "day" } },
    });
    expect(doc.sources[0]).toMatchObject({ copy: expect.stringMatching(/^endoflife\.date\/os\/windows\.md#L\d+$/), cites: expect.stringMatching(/^https:/) });
  });
  it("lists every OS with its releases", () => {
    const list = osListDocument(files, SITE);
    expect(list.oses.map((o) => o.os)).toEqual([...OS_RELEASE_OSES]);
    expect(list.oses.every((o) => o.releases.length > 0)).toBe(true);
  });
  it("months between patch levels", () => {
    expect(monthsBetween("2025-09-05", "2026-03-02")).toBe(6);
    expect(monthsBetween("2025-09", "2026-03-02")).toBe(6);
    expect(monthsBetween("September", "2026-03-02")).toBeNull();
  });
});
