// Issue 33 on the catalog itself (data/, verdicts at --now 2026-11-28): a
// Surface's end of firmware and driver servicing never reads as "no security
// updates", the duplicates are gone, Sony records give their last Android
// version where the source has it, and the iPad Pro codes are there.
import { beforeAll, describe, expect, it } from "vitest";
import { readCatalog } from "../../generator/load/read.ts";
import { commitmentStatus, ENDED_STATUSES, verdictOf } from "../../generator/derive/verdict.ts";
import { periodOf } from "../../generator/derive/dates.ts";
import { compact } from "../../generator/derive/search.ts";
import type { DeviceRecord } from "../../generator/schema/record.ts";
import { DATA } from "../helpers/catalogs.ts";

const NOW = "2026-11-28";
let records: DeviceRecord[] = [];
let published: DeviceRecord[] = [];
beforeAll(async () => {
  const catalog = await readCatalog(DATA);
  expect(catalog.problems).toEqual([]);
  records = catalog.records.map((l) => l.record);
  published = records.filter((r) => r.publication.state === "published");
});

describe("a Surface's firmware end is not the end of its security updates", () => {
  const surfaces = () => published.filter((r) => r.support.security.some((c) => c.component === "firmware and drivers"));
  it("every Windows Surface has a Windows component beside its firmware and drivers", () => {
    expect(surfaces().length).toBeGreaterThanOrEqual(60);
    for (const r of surfaces())
      expect(
        r.support.security.map((c) => c.component),
        r.slug,
      ).toContain("Windows");
  });
  it("no headline says no security updates because firmware ended: an ended verdict rests on Windows ending", () => {
    for (const r of surfaces()) {
      const v = verdictOf(r, NOW);
      expect(v.label, r.slug).not.toMatch(/^no security updates|varies by component/);
      expect(v.decidedBy?.component, r.slug).toBe("Windows");
      if (v.code === "security-ended")
        for (const c of r.support.security.filter((c) => c.component === "Windows")) expect(ENDED_STATUSES.has(commitmentStatus(c, NOW)), r.slug).toBe(true);
    }
  });
  it("the Surface Book with Performance Base: Windows 10 ended 2025-10-14, firmware 2021-11-13, paid ESU a caveat", () => {
    const r = published.find((x) => x.slug === "microsoft-surface-book-with-performance-base")!;
    expect(verdictOf(r, NOW)).toMatchObject({
      code: "security-ended",
      label: "Windows security updates ended 2025-10-14; firmware and driver updates ended 2021-11-13",
    });
    expect(r.caveats.map((c) => c.text).join(" ")).toMatch(/Extended Security Updates \(ESU\) are a paid programme/);
    expect(JSON.stringify(r.support)).not.toMatch(/2028-10-10/);
  });
  it("a Surface that runs Windows 11 gets Windows security updates, whatever its firmware says", () => {
    const r = published.find((x) => x.slug === "microsoft-surface-pro-6")!;
    expect(verdictOf(r, NOW)).toMatchObject({
      code: "receiving-updates",
      label: expect.stringMatching(/^Windows security updates continuing; .*firmware and driver updates ended 2023-06-30/),
    });
  });
});

describe("one published record per device", () => {
  it.each([
    ["microsoft-surface-pro-11th-generation", "microsoft-surface-pro-11th-edition-snapdragon"],
    ["microsoft-surface-laptop-7th-generation", "microsoft-surface-laptop-7th-edition-snapdragon"],
    ["motorola-edge-plus-2022", "motorola-edge-30-pro"],
    ["motorola-edge-20-fusion", "motorola-edge-20-lite"],
  ])("%s is withdrawn for %s, which answers to its name", (gone, kept) => {
    const old = records.find((r) => r.slug === gone)!;
    expect(old.publication).toMatchObject({ state: "withdrawn", replacedBy: kept });
    const answering = published.filter((r) => [r.name, ...r.aliases].some((n) => compact(n) === compact(old.name)));
    expect(answering.map((r) => r.slug)).toEqual([kept]);
  });
  it("the Snapdragon Surface Pro and Laptop of June 2024 end where Microsoft's own table says, 2030-09-10", () => {
    for (const slug of ["microsoft-surface-pro-11th-edition-snapdragon", "microsoft-surface-laptop-7th-edition-snapdragon"]) {
      const firmware = published.find((r) => r.slug === slug)!.support.security.find((c) => c.component === "firmware and drivers")!;
      expect(firmware).toMatchObject({ end: { value: "2030-09-10", precision: "day" }, evidenceLevel: "manufacturer-dated" });
      expect(firmware.sourceIds).toContain("ms-surface-lifecycle-pinned");
    }
  });
});

describe("Sony records give the last Android version where the source has it", () => {
  it("every Sony model whose security updates ended before the snapshot has a last version", () => {
    const ended = published.filter(
      (r) =>
        r.manufacturer === "Sony" &&
        r.osVersions &&
        r.support.security.every((c) => c.end && c.end.precision !== "unknown" && periodOf(c.end)!.last < "2026-08-22"),
    );
    expect(ended.length).toBeGreaterThanOrEqual(15);
    for (const r of ended) expect(r.osVersions![0]!.last, r.slug).toBeDefined();
    expect(published.find((r) => r.slug === "sony-xperia-1-iv")!.osVersions).toEqual([
      { os: "Android", first: "12", last: "14", sourceIds: ["endoflife-sony-xperia"] },
    ]);
  });
});

describe("the 2021 and 2022 iPad Pro carry AppleDB's codes", () => {
  it.each([
    ["apple-ipad-pro-6th-generation", ["iPad14,5", "iPad14,6", "A2436", "A2437", "A2764", "A2766"]],
    ["apple-ipad-pro-11-inch-3rd-generation-m1", ["iPad13,4", "iPad13,5", "iPad13,6", "iPad13,7", "A2301", "A2377", "A2459", "A2460"]],
    ["apple-ipad-pro-11-inch-4th-generation-m2", ["iPad14,3", "iPad14,4", "A2435", "A2759", "A2761", "A2762"]],
  ])("%s", (slug, codes) => {
    const r = published.find((x) => x.slug === slug)!;
    const have = r.variants.flatMap((v) => (v.identifiers ?? []).map((i) => i.value));
    for (const code of codes) expect(have).toContain(code);
  });
  it("the 11-inch of 2021 and 2022 each have a published record under Apple's name", () => {
    for (const name of ["Apple iPad Pro 11-inch (3rd generation)", "Apple iPad Pro 11-inch (4th generation)"])
      expect(published.filter((r) => r.name === name).map((r) => r.released.value)).toHaveLength(1);
  });
});
