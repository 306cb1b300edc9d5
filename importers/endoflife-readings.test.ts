// How the table turns a release's values into statements: kinds (end,
// minimum, ceiling, or no date for estimates), precisions (month for a -01
// day, year for the files approximate to the year, month for build-number
// pasts), the manufacturer and device type, and the name and slug.
import { describe, expect, it } from "vitest";
import { linksIn, readRelease, slugOf } from "./endoflife-readings.ts";
import { readProductFile } from "./endoflife-releases.ts";
import { CONTEXT, fixtureOsFiles, fixtureReading as reading } from "../test/helpers/endoflife.ts";

describe("statements", () => {
  const cases: {
    file: string;
    cycle: string;
    support: "os" | "security";
    status: string;
    kind?: string;
    date?: string;
    precision?: string;
    meaning: RegExp;
    pages?: string[];
  }[] = [
    // Google's guarantee months: the first of a month is the month, read as a minimum.
    {
      file: "pixel.md",
      cycle: "11",
      support: "os",
      status: "dated",
      kind: "minimum",
      date: "2033-08",
      precision: "month",
      meaning: /^Android version updates guaranteed until at least August 2033/,
      pages: ["google-pixel-updates-help"],
    },
    // A past day from the build list: an observed last update (ended), kept as its month, the build named.
    {
      file: "pixel.md",
      cycle: "5",
      support: "security",
      status: "dated",
      kind: "lastUpdate",
      date: "2023-11",
      precision: "month",
      meaning: /^Ended; last update observed, not an announced end: .*\(build UP1A\.231105\.001\) dates from November 2023$/,
      pages: ["android-build-numbers"],
    },
    // The eoas value has no comment; the same day's build on the eol line names it.
    {
      file: "pixel.md",
      cycle: "5",
      support: "os",
      status: "dated",
      kind: "lastUpdate",
      date: "2023-11",
      precision: "month",
      meaning: /\(build UP1A\.231105\.001\)/,
    },
    // Launch + N years with the period in words ("7 years"), or in a security column: the period Samsung promised, a minimum at the file's month,
    // citing the promise's page.
    {
      file: "samsung-mobile.md",
      cycle: "galaxy-s26",
      support: "os",
      status: "dated",
      kind: "minimum",
      date: "2033-03",
      precision: "month",
      meaning:
        /^Android version upgrades at least until March 2033: Samsung promised 7 years of Android version upgrades from launch, which endoflife.date counts to that date \(a minimum commitment, not an end\)$/,
      pages: ["samsung-newsroom"],
    },
    {
      file: "samsung-mobile.md",
      cycle: "galaxy-s26",
      support: "security",
      status: "dated",
      kind: "minimum",
      date: "2033-03",
      precision: "month",
      meaning: /^Security updates at least until March 2033: Samsung promised 7 years of security updates from launch/,
      pages: ["samsung-newsroom"],
    },
    // "Up to" and "minimum" periods counted from launch keep their kind, at the year.
    {
      file: "samsung-mobile.md",
      cycle: "galaxy-x1",
      support: "security",
      status: "dated",
      kind: "ceiling",
      date: "2030",
      precision: "year",
      meaning: /^Up to 5 years of security updates/,
    },
    // Models Samsung's February 2022 policy named with "up to five years": a ceiling, citing the stored reports read here.
    {
      file: "samsung-mobile.md",
      cycle: "galaxy-s22",
      support: "security",
      status: "dated",
      kind: "ceiling",
      date: "2027",
      precision: "year",
      meaning: /^Up to 5 years of security updates from launch, to 2027: Samsung's February 2022 policy/,
      pages: ["samsung-2022-policy-liliputing", "samsung-2022-policy-malaysianwireless", "samsung-security"],
    },
    {
      file: "samsung-mobile.md",
      cycle: "galaxy-s20-5g-uw",
      support: "security",
      status: "dated",
      kind: "minimum",
      date: "2024",
      precision: "year",
      meaning: /minimum of 4 years/,
    },
    // A past day that is no anniversary: observed (the model left the list).
    {
      file: "samsung-mobile.md",
      cycle: "galaxy-s21-5g",
      support: "security",
      status: "dated",
      kind: "end",
      // The day endoflife.date's check dropped it (with other models): kept as the month, as the file's note says.
      date: "2026-02",
      precision: "month",
      meaning: /^Security updates ended by February 2026/,
      pages: ["samsung-security-scope"],
    },
    {
      file: "samsung-mobile.md",
      cycle: "galaxy-s21-5g",
      support: "os",
      status: "dated",
      kind: "end",
      date: "2025-10",
      precision: "month",
      meaning: /not counted from launch/,
    },
    { file: "samsung-mobile.md", cycle: "gear-s2", support: "security", status: "ended", meaning: /^Ended, date not documented: endoflife.date marks/ },
    {
      file: "samsung-mobile.md",
      cycle: "galaxy-x1",
      support: "os",
      status: "supported",
      meaning: /^Continuing on 22 August 2026: endoflife.date lists .* as continuing, with no end date$/,
    },
    // Year-approximate watch file: future Wear OS dates are Samsung's "up to" pledge, past ones the year it ended.
    {
      file: "samsung-galaxy-watch.md",
      cycle: "galaxy-watch6",
      support: "os",
      status: "dated",
      kind: "ceiling",
      date: "2027",
      precision: "year",
      meaning: /^Up to four years of Wear OS upgrades/,
    },
    {
      file: "samsung-galaxy-watch.md",
      cycle: "galaxy-watch4",
      support: "os",
      status: "dated",
      kind: "end",
      date: "2025",
      precision: "year",
      meaning: /ended in 2025/,
    },
    // Nokia: endoflife.date's estimates are never an end (passed: status not documented); a product page's period is Nokia's promise, a minimum citing
    // that page; the rest is Nokia's "no guaranteed updates after" table: minimums.
    {
      file: "nokia.md",
      cycle: "c210",
      support: "security",
      status: "estimate",
      date: "2025",
      meaning: /^Status not documented: endoflife.date estimates/,
    },
    {
      file: "nokia.md",
      cycle: "g42-5g",
      support: "security",
      status: "dated",
      kind: "minimum",
      date: "2026-06-28",
      precision: "day",
      meaning: /^Security updates at least until 28 June 2026: the product page promises 3 years of security updates/,
      pages: ["nokia-product-page"],
    },
    {
      file: "nokia.md",
      cycle: "c32",
      support: "security",
      status: "dated",
      kind: "minimum",
      date: "2025-02-25",
      precision: "day",
      meaning: /guaranteed until at least 25 February 2025, per Nokia's security-updates page/,
      pages: ["nokia-security-updates"],
    },
    {
      file: "nokia.md",
      cycle: "g22",
      support: "security",
      status: "dated",
      kind: "minimum",
      date: "2026-04",
      precision: "month",
      meaning: /guaranteed until at least April 2026, per Nokia's security-updates page/,
      pages: ["nokia-security-updates"],
    },
    // Nexus: Google's guarantee months as minimums; a day from Wikipedia stays a day.
    {
      file: "google-nexus.md",
      cycle: "9",
      support: "security",
      status: "dated",
      kind: "minimum",
      date: "2017-10",
      precision: "month",
      meaning: /Google's Nexus update page/,
      pages: ["google-nexus-help"],
    },
    {
      file: "google-nexus.md",
      cycle: "player",
      support: "security",
      status: "dated",
      kind: "end",
      date: "2018-03-31",
      precision: "day",
      meaning: /from Wikipedia/,
      pages: [],
    },
    // Apple: the cycle of the last major the model runs, whatever the file's own column says.
    {
      file: "ipad.md",
      cycle: "air-4",
      support: "security",
      status: "supported",
      meaning:
        /^Continuing on 22 August 2026: iPadOS 26, the last major version this model runs, was still patched then \(latest release 26\.6\.1 on 17 August 2026\)/,
      pages: ["endoflife-ipados"],
    },
    { file: "ipad.md", cycle: "7", support: "security", status: "supported", meaning: /iPadOS 18, the last major version this model runs, was still patched/ },
    {
      file: "ipad.md",
      cycle: "7",
      support: "os",
      status: "dated",
      kind: "lastUpdate",
      date: "2024-09-16",
      precision: "day",
      meaning: /^Ended: iPadOS 18 .* was the last major version for this model; iPadOS 26 followed without it/,
    },
    {
      file: "ipad.md",
      cycle: "mini-4",
      support: "security",
      status: "dated",
      kind: "lastUpdate",
      date: "2025-03-31",
      precision: "day",
      meaning: /^Ended with the last release of iPadOS 15, the last major version this model runs: 15\.8\.4 on 31 March 2025 \(an observed last update/,
    },
    // Before iPadOS 13, an iPad ran iOS: its cycle is in ios.md.
    {
      file: "ipad.md",
      cycle: "2",
      support: "security",
      status: "dated",
      kind: "lastUpdate",
      date: "2019-07-22",
      precision: "day",
      meaning: /iOS 9, the last major version/,
      pages: ["endoflife-ios"],
    },
    {
      file: "ipad.md",
      cycle: "2",
      support: "os",
      status: "dated",
      kind: "lastUpdate",
      date: "2015-09-16",
      precision: "day",
      meaning: /iOS 9 .*; iOS 10 followed without it/,
    },
    { file: "ipad.md", cycle: "10", support: "os", status: "supported", meaning: /^Continuing on 22 August 2026: iPadOS 26 is the newest major version/ },
  ];
  it.each(cases)("$file $cycle $support → $status $kind $date", (c) => {
    const s = reading(c.file, c.cycle)[c.support]!;
    expect(s.status).toBe(c.status);
    expect(s.kind).toBe(c.kind);
    if (c.date) expect(s.date?.value).toBe(c.date);
    if (c.precision) expect(s.date?.precision).toBe(c.precision);
    expect(s.meaning).toMatch(c.meaning);
    if (c.pages) expect(s.pages.map((p) => p.id)).toEqual(c.pages);
  });

  it("gives a file without an OS column no OS statement", () => {
    expect(reading("nokia.md", "g22").os).toBeUndefined();
  });

  it.each([
    ["10", [{ os: "iPadOS", first: "16" }]],
    [
      "mini-4",
      [
        { os: "iOS", first: "9", last: "12" },
        { os: "iPadOS", first: "13", last: "15" },
      ],
    ],
    ["2", [{ os: "iOS", first: "4", last: "9" }]],
  ])("iPad %s runs %j (no last version while it runs the newest)", (cycle, versions) => {
    expect(reading("ipad.md", cycle).osVersions).toEqual(versions);
  });

  it("keeps the file's own column beside the OS cycle, for the sanity report", () => {
    expect(reading("ipad.md", "7").column).toMatchObject({ status: "dated", kind: "end", date: { value: "2026-05-11" } });
  });
});

describe("a date its own comment reads otherwise than its column's rule", () => {
  // Two releases as samsung-mobile.md gives them: an end its note calls approximate, and a plain one beside it.
  const text = [
    "---",
    "title: Samsung Mobile",
    "releasePolicyLink: https://security.samsungmobile.com/workScope.smsb",
    "eoasColumn: Android Upgrades",
    "eolColumn: Security Updates",
    "releases:",
    '  - releaseCycle: "galaxy-a40"',
    '    releaseLabel: "Galaxy A40"',
    "    releaseDate: 2019-04-01",
    "    eoas: 2022-10-01 # Approximate from here: https://9to5google.com/2022/10/04/samsung-android-12-update-rollout/",
    "    eol: 2024-03-05 # approximate (https://www.gizchina.com/2024/03/05/samsung-galaxy-smartphone-end-of-support-march-2024/)",
    '  - releaseCycle: "galaxy-a41"',
    '    releaseLabel: "Galaxy A41"',
    "    releaseDate: 2020-05-01",
    "    eoas: 2022-10-01",
    "    eol: 2024-03-05",
    "---",
    "",
  ].join("\n");
  const { product, problems } = readProductFile("samsung-mobile.md", "samsung-mobile.md", text);
  it("reads the two releases", () => expect(problems).toEqual([]));
  const read = (cycle: string) => readRelease(product!, product!.releases.find((r) => r.cycle === cycle)!, { ...CONTEXT, osFiles: fixtureOsFiles() });

  it.each([
    ["os", "Android version upgrades", "2022"],
    ["security", "security updates", "2024"],
  ] as const)("an approximate %s end is an estimate: never an end, no date, and its meaning names no day or month", (support, subject, year) => {
    const s = read("galaxy-a40")[support]!;
    expect(s).toMatchObject({ status: "estimate", implies: "ended", listing: false, date: { value: year, precision: "year" } });
    expect(s.meaning).toBe(
      `Status not documented: endoflife.date's note calls its date for the end of ${subject} (in ${year}) an estimate or an approximation, so no date is recorded`,
    );
    expect(s.meaning).not.toMatch(/January|February|March|April|May|June|July|August|September|October|November|December/);
  });

  it.each(["os", "security"] as const)("the same %s date without the note stays a dated end, worded as one", (support) => {
    const s = read("galaxy-a41")[support]!;
    expect(s).toMatchObject({ status: "dated", kind: "end" });
    expect(s.meaning).toMatch(/ended by (October 2022|March 2024), as endoflife.date records it/);
  });
});

describe("identity", () => {
  const cases: { file: string; cycle: string; name: string; slug: string; model: string; manufacturer: string; deviceType: string; released: string }[] = [
    {
      file: "pixel.md",
      cycle: "tablet",
      name: "Google Pixel Tablet",
      slug: "google-pixel-tablet",
      model: "Pixel Tablet",
      manufacturer: "Google",
      deviceType: "tablet",
      released: "2023-06-20",
    },
    {
      file: "samsung-mobile.md",
      cycle: "galaxy-x1",
      name: "Samsung Galaxy X1+",
      slug: "samsung-galaxy-x1-plus",
      model: "Galaxy X1+",
      manufacturer: "Samsung",
      deviceType: "phone",
      released: "2025-05-02",
    },
    // "Approximate to the month and year." and a -01 day are months; Gear is a watch.
    {
      file: "samsung-mobile.md",
      cycle: "gear-s2",
      name: "Samsung Gear S2",
      slug: "samsung-gear-s2",
      model: "Gear S2",
      manufacturer: "Samsung",
      deviceType: "wearable",
      released: "2015-10",
    },
    // Only a link naming the maker makes the Nexus One HTC's; the others stay Google's.
    {
      file: "google-nexus.md",
      cycle: "one",
      name: "Google Nexus One",
      slug: "google-nexus-one",
      model: "Nexus One",
      manufacturer: "HTC",
      deviceType: "phone",
      released: "2010-01-05",
    },
    {
      file: "google-nexus.md",
      cycle: "6",
      name: "Google Nexus 6",
      slug: "google-nexus-6",
      model: "Nexus 6",
      manufacturer: "Google",
      deviceType: "phone",
      released: "2014-11",
    },
    {
      file: "google-nexus.md",
      cycle: "player",
      name: "Google Nexus Player",
      slug: "google-nexus-player",
      model: "Nexus Player",
      manufacturer: "Google",
      deviceType: "other",
      released: "2014-11-03",
    },
    {
      file: "nokia.md",
      cycle: "t21",
      name: "Nokia T21",
      slug: "nokia-t21",
      model: "Nokia T21",
      manufacturer: "HMD Global",
      deviceType: "tablet",
      released: "2022-09",
    },
    {
      file: "ipad.md",
      cycle: "10",
      name: "Apple iPad (10th generation)",
      slug: "apple-ipad-10th-generation",
      model: "iPad (10th generation)",
      manufacturer: "Apple",
      deviceType: "tablet",
      released: "2022-10-26",
    },
  ];
  it.each(cases)("$file $cycle → $slug", (c) => {
    const r = reading(c.file, c.cycle);
    expect({ name: r.name, slug: r.slug, model: r.model, manufacturer: r.manufacturer, deviceType: r.deviceType, released: r.released.value }).toEqual({
      name: c.name,
      slug: c.slug,
      model: c.model,
      manufacturer: c.manufacturer,
      deviceType: c.deviceType,
      released: c.released,
    });
  });

  it.each([
    ["Samsung Galaxy S22+", "samsung-galaxy-s22-plus"],
    ["Samsung Galaxy Tab A 9.7 & S Pen", "samsung-galaxy-tab-a-9-7-and-s-pen"],
    ["Microsoft Surface Pro 11th Edition, Intel processor", "microsoft-surface-pro-11th-edition-intel-processor"],
    ["Sony Xperia PRO-I", "sony-xperia-pro-i"],
    ["Motorola razr+ 2026", "motorola-razr-plus-2026"],
  ])("slug of %s is %s", (name, slug) => expect(slugOf(name)).toBe(slug));

  it.each([
    ['"five years" (https://security.samsungmobile.com/securityPost.smsb)', ["https://security.samsungmobile.com/securityPost.smsb"]],
    ["https://www.gsmarena.com/samsung_galaxy_tab_a_8_0_(2019)-9760.php", ["https://www.gsmarena.com/samsung_galaxy_tab_a_8_0_(2019)-9760.php"]],
    ["7 years - https://news.samsung.com/x, and https://news.samsung.com/y.", ["https://news.samsung.com/x", "https://news.samsung.com/y"]],
  ])("links in %s", (text, links) => expect(linksIn(text)).toEqual(links));
});

describe("Sony's current Android version", () => {
  const text = [
    "---",
    "title: Sony Xperia",
    "auto:",
    "  methods:",
    "    - release_table: https://www.sony.co.uk/electronics/support/articles/SX243901",
    "releases:",
    '  - releaseCycle: "5-v"',
    '    releaseLabel: "Xperia 5 V"',
    "    releaseDate: 2023-09-25",
    "    eol: 2026-08-01",
    "    androidVersions: '13 > 14 > 15'",
    '  - releaseCycle: "1-iv"',
    '    releaseLabel: "Xperia 1 IV"',
    "    releaseDate: 2022-06-11",
    "    eol: 2025-05-01",
    "    androidVersions: '12 > 13 > 14'",
    "---",
    "",
  ].join("\n");
  const sony = (cycle: string) => {
    const { product } = readProductFile("sony-xperia.md", "sony-xperia.md", text);
    return readRelease(product!, product!.releases.find((r) => r.cycle === cycle)!, { ...CONTEXT, osFiles: fixtureOsFiles() }).osVersions;
  };
  it.each([
    ["1-iv", [{ os: "Android", first: "12", last: "14" }]], // security ended May 2025: 14 is its last
    ["5-v", [{ os: "Android", first: "13" }]], // its end month, August 2026, is not over on the snapshot's day
  ])("Xperia %s runs %j", (cycle, versions) => expect(sony(cycle)).toEqual(versions));
});
