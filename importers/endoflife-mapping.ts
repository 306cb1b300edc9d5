// How the importer reads each endoflife.date device file: one entry per file.
// Each file labels its columns its own way and fills them by its own rules
// (Google's "at least until" months, build-number dates, years counted from
// launch, dates approximate to the year), so nothing here is shared by
// default: every rule names the file it was written for. docs/import.md is
// generated from this table (npm run import -- docs), and a test fails when it
// is out of date.
import type { DEVICE_TYPES, OS_NAMES } from "../generator/schema/record.ts";
import type { PhrasingId } from "./endoflife-phrasing.ts";

export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * When a rule applies to a dated value. Every condition given must hold.
 * - `comment`: the value's source comment (the one beside it, and any comment
 *   line just above its key) matches.
 * - `day`: the shape of the day. "first": the 1st of a month (how endoflife.date
 *   writes a month); "last": the last day of a month; "anniversary": the release
 *   day's month and day, whole years later (a period counted from launch).
 * - `time`: "past" when the day is on or before the snapshot's commit date,
 *   "future" after it: a past date may be an observation, a future one never is.
 * - `name`: the product's name matches (a policy announced for named models).
 */
export interface Condition {
  name?: RegExp;
  comment?: RegExp;
  day?: "first" | "last" | "anniversary";
  time?: "past" | "future";
}

export type RulePrecision = "day" | "month" | "year";

/**
 * Pages a rule's dates rest on besides the endoflife.date file itself: the ids
 * of the entry's `pages`, "release-link" (the release's own `link`), and
 * "comment-links" (links in the value's comment on one of the entry's
 * `citedHosts`). They are cited with `citedBy` (not read here), except an
 * entry page with a `checked` day: a page a curator read for the rule.
 */
export type PageRef = string;

/**
 * Meaning templates, in our words (nothing copied from endoflife.date's prose):
 * {Subject}/{subject} the column's subject, {date} the date as read ("August
 * 2033", "2031", "5 August 2023"), {years} whole years from the release day,
 * {build} " (build …)" when the value's comment, or the other column's comment
 * on the same day, names an Android build.
 */
export interface Rule {
  when?: Condition;
  /** How the source words these dates, from the one phrasing table (endoflife-phrasing.ts), which decides the kind of fact. */
  phrase: PhrasingId;
  /** Ignored for estimates, which carry no date. */
  precision: RulePrecision;
  pages: PageRef[];
  meaning: string;
}

export interface ColumnMapping {
  /** The file's own label (`eoasColumn`/`eolColumn`), checked on every run; null when the file sets none. */
  label: string | null;
  support: "os" | "security";
  /** The part of the software the column covers when it is not the whole device (the record's `component`). */
  component?: string;
  /** What the column's dates are about, as a meaning starts: "Android version updates". */
  subject: string;
  /** First matching rule wins; the last rule has no condition, so every date has a reading. */
  rules: Rule[];
}

export interface CitedPage {
  id: string;
  url: string;
  publisher: string;
  title: string;
  /** The day a curator read it for the rules that name it; absent for pages endoflife.date cites and nobody here read. */
  checked?: string;
}

export interface CitedHost {
  host: string;
  id: string;
  publisher: string;
  name: string;
}

export interface ProductMapping {
  file: string;
  /** The company that makes the device. */
  manufacturer: string;
  /** A release whose links or comments match names the company that built it (and only then). */
  manufacturerFromLinks?: { pattern: RegExp; manufacturer: string }[];
  /** The brand a name starts with ("Google Pixel 9"); the slug is made from the name. */
  brand: string;
  /** Words a bare release label needs to name the product ("iPhone" + "15"). */
  labelPrefix?: string;
  deviceType: DeviceType;
  /** First match on the product name wins over `deviceType`. */
  deviceTypeByName?: [RegExp, DeviceType][];
  /** Release keys besides releaseCycle, releaseLabel, releaseDate, discontinued, link and the mapped columns. */
  extraKeys: string[];
  eoas?: ColumnMapping;
  eol?: ColumnMapping;
  /**
   * For Apple's files: support follows the OS cycles. The release's version
   * range (`key`, e.g. supportedIosVersions "11 - 16") names the last major it
   * runs, whose cycle in os/<file> (or, before `since`, in os/<before.file>,
   * as iPadOS was iOS until 13) says whether it is still patched and its
   * latest release. The file's own eol column is then only compared.
   */
  /** A release key giving the OS versions a device ran ("11 - 15", "13 > 14 > 15"): the record's osVersions, with the last only once OS updates ended. */
  versions?: {
    key: string;
    os: (typeof OS_NAMES)[number];
    /** The column is the model's current version, so once its security updates have ended (before the snapshot's day) that version is its last. */
    lastOnceSecurityEnded?: true;
  };
  osCycles?: { key: string; os: (typeof OS_NAMES)[number]; file: string; since?: number; before?: { os: (typeof OS_NAMES)[number]; file: string } };
  /** Manufacturer pages the file cites as a whole (each URL must appear in the file), and pages a curator read for its rules (with `checked`). */
  pages: CitedPage[];
  /** Hosts of manufacturer pages cited per release (in value comments, or as the release link). */
  citedHosts: CitedHost[];
  /** What a curator should know about the file (shown in docs/import.md). */
  notes: string[];
}

/**
 * A day on the release day some whole years later: a period endoflife.date
 * counted from launch. Where the comment words the period and the day is
 * still ahead, it is the manufacturer's promise, kept as a minimum at
 * `precision` (or the launch's, if coarser) citing `pages`; otherwise an
 * estimate.
 */
const fromLaunch = (whose: string, precision: RulePrecision = "day", pages: PageRef[] = []): Rule => ({
  when: { day: "anniversary" },
  phrase: "launch-arithmetic",
  precision,
  pages,
  meaning: `{Status}: ${whose} {years} years of {subject} from launch, which endoflife.date counts to {year}; an estimate, not a date the manufacturer gives`,
});

/** endoflife.date writes a month as its first (or last) day. */
const monthOf = (day: "first" | "last", pages: PageRef[], whose: string): Rule => ({
  when: { day },
  phrase: "listed-end",
  precision: "month",
  pages,
  meaning: `{Subject} until {date}, ${whose}`,
});

/** A past date no other rule explains: the day support ended, as the file records it. */
const endedOn = (precision: RulePrecision, pages: PageRef[], how: string): Rule => ({
  when: { time: "past" },
  phrase: "listed-end",
  precision,
  pages,
  meaning: `{Subject} ended on {date}, ${how}`,
});

/** The last rule of a column: the date as the file lists it. */
const listed = (precision: RulePrecision, pages: PageRef[], tail = ""): Rule => ({
  phrase: "listed-end",
  precision,
  pages,
  meaning: `{Subject} until {date}, as endoflife.date lists it${tail}`,
});

/** endoflife.date's own reckoning: no date is recorded. */
const estimated = (comment: RegExp | undefined, meaning: string): Rule => ({
  ...(comment ? { when: { comment } } : {}),
  phrase: "estimate",
  precision: "year",
  pages: [],
  meaning,
});

/** Google states its guarantees as months updates are guaranteed until: minimums. */
const googleGuarantee = (page: string, pageName: string): Rule => ({
  when: { day: "first" },
  phrase: "guarantee-horizon",
  precision: "month",
  pages: [page],
  meaning: `{Subject} guaranteed until at least {date}, from ${pageName} as endoflife.date lists it`,
});

const column = (label: string | null, support: "os" | "security", subject: string, rules: Rule[]): ColumnMapping => ({ label, support, subject, rules });

/**
 * Samsung's two columns, shared by its phone and tablet files, which differ
 * only in precision (the tablet file says its dates are approximate to the
 * year). Samsung counts OS upgrades as versions, which endoflife.date turns
 * into years from launch: not a date. Security periods are years from launch;
 * a comment saying "minimum" (or citing the report of Samsung's 2021
 * four-year minimum) makes a minimum, "up to" a ceiling.
 */
function samsungColumns(precision: "month" | "year", kept: string): { eoas: ColumnMapping; eol: ColumnMapping } {
  const count: Rule = {
    when: { day: "anniversary" },
    phrase: "launch-arithmetic",
    precision,
    pages: [],
    meaning:
      "{Status}: Samsung announces {subject} as a number of versions or years, which endoflife.date counts from launch to {year}; an estimate, not a date Samsung gives",
  };
  return {
    eoas: column("Android Upgrades", "os", "Android version upgrades", [
      count,
      {
        when: { time: "past" },
        phrase: "listed-end",
        precision: "month",
        pages: ["comment-links"],
        meaning: "{Subject} ended by {date}, as endoflife.date records it (not counted from launch; kept as the month)",
      },
      {
        ...count,
        when: undefined,
        meaning: "{Status}: endoflife.date gives {year} for {subject}, counted from Samsung's announced number of versions; not a date Samsung gives",
      },
    ]),
    eol: column("Security Updates", "security", "security updates", [
      {
        // The policy's words make a minimum; the day is launch arithmetic, so only its year is kept.
        when: { comment: /\bminimum\b|\bat least\b|samsung-security-updates-policy-four-years/i, day: "anniversary" },
        phrase: "at-least",
        precision: "year",
        pages: ["comment-links"],
        meaning:
          "{Subject} for a minimum of {years} years from launch, as Samsung's policy put it (quoted or cited by endoflife.date); counted from launch, so kept as the year",
      },
      {
        when: { comment: /\bup to\b/i },
        phrase: "up-to",
        precision: "year",
        pages: ["comment-links"],
        meaning: "Up to {years} years of {subject} from launch, to {year} (counted from launch, so kept as the year)",
      },
      {
        // Samsung's February 2022 policy named these models and said "up to five years"; the file quotes "five years" without it.
        when: { name: SAMSUNG_2022_UP_TO, day: "anniversary" },
        phrase: "up-to",
        precision: "year",
        pages: ["samsung-2022-policy-liliputing", "samsung-2022-policy-malaysianwireless", "comment-links"],
        meaning:
          'Up to {years} years of {subject} from launch, to {year}: Samsung\'s February 2022 policy for this model says "up to five years" (counted from launch, so kept as the year)',
      },
      fromLaunch("Samsung announced", precision, ["comment-links"]),
      {
        // A past 1st of a month is how the file writes a month (the older entries, typed by hand): the month.
        when: { time: "past", day: "first" },
        phrase: "listed-end",
        precision: "month",
        pages: ["samsung-security-scope", "comment-links"],
        meaning:
          "{Subject} ended by {date}, as endoflife.date records it from Samsung's security-update list or reports (not counted from launch; a month, written as its first day)",
      },
      {
        // Any other past day is the day endoflife.date's check stopped finding the model on Samsung's list (many models on one day): kept at the file's precision, as its note says, never as a day Samsung gave.
        when: { time: "past" },
        phrase: "listed-end",
        precision,
        pages: ["samsung-security-scope", "comment-links"],
        meaning: "{Subject} ended by {date}, as endoflife.date records it from Samsung's security-update list or reports (not counted from launch)",
      },
      listed(precision, ["comment-links"], ` (${kept})`),
    ]),
  };
}

/**
 * The models Samsung's February 2022 announcement names for "up to" five years
 * of security updates (as two stored press reports quote it): Galaxy S21 and
 * S22 series, Z Fold3 and Z Flip3, and Tab S8 series; the "upcoming" devices
 * it also mentions are not named, so they are left as endoflife.date has them.
 */
const SAMSUNG_2022_UP_TO = /\bGalaxy (S21|S22)\b|\bGalaxy Z (Fold|Flip) ?3\b|\bGalaxy Tab S8\b/;

/** The two stored reports of that announcement, read for the rule above. */
const SAMSUNG_2022_POLICY: CitedPage[] = [
  {
    id: "samsung-2022-policy-liliputing",
    url: "https://liliputing.com/2022/02/samsung-promises-up-to-four-major-android-updates-for-some-devices-and-five-years-of-security-updates.html",
    publisher: "Liliputing",
    title: "Samsung promises up to four major Android updates for some devices, and five years of security updates (2022-02-09)",
    checked: "2026-11-23",
  },
  {
    id: "samsung-2022-policy-malaysianwireless",
    url: "https://www.malaysianwireless.com/2022/02/samsung-android-updates-better-than-google/",
    publisher: "Malaysian Wireless",
    title: "Samsung's Android update commitment (2022-02-14)",
    checked: "2026-11-23",
  },
];

const SAMSUNG_HOSTS: CitedHost[] = [
  { host: "news.samsung.com", id: "samsung-newsroom", publisher: "Samsung", name: "Samsung Newsroom" },
  { host: "security.samsungmobile.com", id: "samsung-security", publisher: "Samsung", name: "Samsung Mobile Security" },
  { host: "www.samsung.com", id: "samsung-product", publisher: "Samsung", name: "Samsung" },
];

const SAMSUNG_SECURITY_LIST: CitedPage = {
  id: "samsung-security-scope",
  url: "https://security.samsungmobile.com/workScope.smsb",
  publisher: "Samsung",
  title: "Samsung Mobile Security: models receiving security updates (cited by endoflife.date, not read here)",
};

const cited = (id: string, url: string, publisher: string, what: string): CitedPage => ({
  id,
  url,
  publisher,
  title: `${what} (cited by endoflife.date, not read here)`,
});

/** Read for the comparison only: Apple's verdicts follow the OS cycles (osCycles). */
const APPLE_SUPPORTED = column("Supported", "security", "updates", [
  estimated(/\bexpected\b/i, "{Status}: endoflife.date expects {subject} until about {year}; Apple has announced no end"),
  endedOn(
    "day",
    [],
    "as endoflife.date records it from Apple's release history; Apple publishes no end dates, and the file does not separate OS and security updates",
  ),
  listed("day", [], "; Apple publishes no end dates"),
]);

const APPLE_NOTES = [
  "Apple announces no end dates: a device's support follows the cycle of the last OS major it runs (the file's supported-versions range) in endoflife.date's os/ file of the same commit. Security: while that cycle is still patched, continuing on the snapshot's day with its latest release as the last update observed; once it ended, ended, with the cycle's last release as the last update observed (an observation, not an announced end). OS: continuing while that major is the newest; otherwise ended, with the last major's release day as the last update observed.",
  'The file\'s own "Supported" column (the last update a contributor noticed, or "expected" days) is only compared: where it disagrees with the OS cycle, the verdict sanity report says so.',
];

const PIXEL_BUILD: Rule = {
  when: { time: "past" },
  phrase: "newest-build",
  precision: "month",
  pages: ["android-build-numbers"],
  meaning: "Ended; last update observed, not an announced end: the newest build endoflife.date lists for the model{build} dates from {date}",
};

const ONEPLUS_PAGES = ["oneplus-policy"];
const FAIRPHONE_PAGES = ["release-link", "comment-links"];
const MOTOROLA_PAGES = ["release-link", "comment-links"];
const MOTOROLA_PAGE = "per Motorola's security-update page for the model as endoflife.date lists it";
const NEXUS_WIKIPEDIA: Rule = {
  when: { comment: /wikipedia/i },
  phrase: "listed-end",
  precision: "day",
  pages: [],
  meaning: "{Subject} ended on {date}, as endoflife.date takes it from Wikipedia",
};

export const ENDOFLIFE_FILES: ProductMapping[] = [
  {
    file: "apple-watch.md",
    manufacturer: "Apple",
    brand: "Apple",
    labelPrefix: "Apple Watch",
    deviceType: "wearable",
    extraKeys: ["supportedWatchOsVersions", "staleReleaseThresholdDays"],
    eol: APPLE_SUPPORTED,
    osCycles: { key: "supportedWatchOsVersions", os: "watchOS", file: "watchos.md" },
    pages: [],
    citedHosts: [],
    notes: [...APPLE_NOTES, "`releasePolicyLink` is Apple's watch support home page, which states no support period: not cited."],
  },
  {
    file: "fairphone.md",
    manufacturer: "Fairphone",
    brand: "Fairphone",
    deviceType: "phone",
    extraKeys: ["supportedAndroidVersions"],
    versions: { key: "supportedAndroidVersions", os: "Android" },
    eoas: column("Active Major Updates", "os", "Android version upgrades", [
      fromLaunch("Fairphone announced", "month", FAIRPHONE_PAGES),
      { ...listed("month", FAIRPHONE_PAGES), meaning: "{Subject} until {date}, as endoflife.date lists it from Fairphone's support pages" },
    ]),
    eol: column("Security Updates", "security", "security updates", [
      fromLaunch("Fairphone announced", "month", FAIRPHONE_PAGES),
      monthOf("first", FAIRPHONE_PAGES, "as endoflife.date lists it from Fairphone's support pages"),
      endedOn("day", FAIRPHONE_PAGES, "as endoflife.date records it"),
      listed("day", FAIRPHONE_PAGES),
    ]),
    pages: [],
    citedHosts: [{ host: "support.fairphone.com", id: "fairphone-support", publisher: "Fairphone", name: "Fairphone support" }],
    notes: [
      "Days that fall on the launch day some years later are a period counted from launch (endoflife.date's arithmetic): kept as the month.",
      "`eoas: false` means major updates were still coming on the snapshot's day: no date.",
      'Fairphone 5\'s 2031 day is labelled from a GSMArena headline about "up to 10 years" of support; Fairphone itself says at least 2031 and aims at 2033 (see the curated record).',
    ],
  },
  {
    file: "google-nexus.md",
    manufacturer: "Google",
    manufacturerFromLinks: [
      { pattern: /gsmarena\.com\/htc_/, manufacturer: "HTC" },
      { pattern: /gsmarena\.com\/lg_/, manufacturer: "LG" },
      { pattern: /gsmarena\.com\/huawei_/, manufacturer: "Huawei" },
      { pattern: /gsmarena\.com\/motorola_/, manufacturer: "Motorola" },
      { pattern: /gsmarena\.com\/samsung_/, manufacturer: "Samsung" },
      { pattern: /gsmarena\.com\/asus_/, manufacturer: "Asus" },
    ],
    brand: "Google",
    deviceType: "phone",
    deviceTypeByName: [
      [/\bNexus (7|9|10)\b/, "tablet"],
      [/\bNexus Player\b/, "other"],
    ],
    extraKeys: ["supportedAndroidVersions"],
    versions: { key: "supportedAndroidVersions", os: "Android" },
    eoas: column("Android updates", "os", "Android version updates", [
      googleGuarantee("google-nexus-help", "Google's Nexus update page"),
      NEXUS_WIKIPEDIA,
      endedOn("day", [], "as endoflife.date lists it"),
      listed("day", []),
    ]),
    eol: column("Security Updates", "security", "security updates", [
      googleGuarantee("google-nexus-help", "Google's Nexus update page"),
      NEXUS_WIKIPEDIA,
      endedOn("day", [], "as endoflife.date lists it"),
      listed("day", []),
    ]),
    pages: [cited("google-nexus-help", "https://support.google.com/nexus/answer/11227897", "Google", "Nexus help: when updates end")],
    citedHosts: [],
    notes: [
      "The manufacturer is the company that built the model only where a link of the release names it (a GSMArena address such as `htc_google_nexus_one`): that is the Nexus One (HTC). The other models' links are Wikipedia pages, which do not say, so their manufacturer stays Google.",
      "Google states its update guarantees as months the updates are guaranteed until: read as minimums, like Pixel's.",
      "`eol: true` / `eoas: true` (Nexus One, Nexus S) say support ended without a date: no date is recorded.",
    ],
  },
  {
    file: "ipad.md",
    manufacturer: "Apple",
    brand: "Apple",
    deviceType: "tablet",
    extraKeys: ["supportedIpadOsVersions"],
    eol: APPLE_SUPPORTED,
    osCycles: { key: "supportedIpadOsVersions", os: "iPadOS", file: "ipados.md", since: 13, before: { os: "iOS", file: "ios.md" } },
    pages: [],
    citedHosts: [],
    notes: [...APPLE_NOTES, 'Future days marked "support expected" are endoflife.date\'s expectation: no date.'],
  },
  {
    file: "iphone.md",
    manufacturer: "Apple",
    brand: "Apple",
    labelPrefix: "iPhone",
    deviceType: "phone",
    extraKeys: ["supportedIosVersions"],
    eol: APPLE_SUPPORTED,
    osCycles: { key: "supportedIosVersions", os: "iOS", file: "ios.md" },
    pages: [],
    citedHosts: [],
    notes: APPLE_NOTES,
  },
  {
    file: "motorola-mobility.md",
    manufacturer: "Motorola",
    brand: "Motorola",
    deviceType: "phone",
    extraKeys: [],
    eol: column("Security Updates", "security", "security updates", [
      monthOf("last", MOTOROLA_PAGES, MOTOROLA_PAGE),
      monthOf("first", MOTOROLA_PAGES, MOTOROLA_PAGE),
      listed("day", MOTOROLA_PAGES),
    ]),
    pages: [],
    citedHosts: [
      { host: "en-us.support.motorola.com", id: "motorola-security-page", publisher: "Motorola", name: "Motorola software security update page" },
      { host: "www.motorola.com", id: "motorola-product-page", publisher: "Motorola", name: "Motorola product page" },
    ],
    notes: [
      "Only a security column: OS updates stay unknown.",
      "Motorola's page gives months; endoflife.date writes them as the month's last (or first) day: kept as the month.",
    ],
  },
  {
    file: "nokia.md",
    manufacturer: "HMD Global",
    brand: "Nokia",
    deviceType: "phone",
    deviceTypeByName: [[/^Nokia T\d/, "tablet"]],
    extraKeys: [],
    eol: column(null, "security", "security updates", [
      estimated(
        /\bestimat/i,
        "{Status}: endoflife.date estimates {subject} to {year} by its own rule (launch plus two or three years); none was announced on the product page",
      ),
      {
        when: { comment: /\bproduct page\b/i },
        phrase: "period-promise",
        precision: "day",
        pages: ["release-link", "comment-links"],
        meaning:
          "{Subject} at least until {date}: the product page promises {years} years of {subject} (as endoflife.date quotes it), which endoflife.date counts from launch to that date (a minimum commitment, not an end)",
      },
      // Nokia's security-updates page heads its dates "No guaranteed Security Patch updates after": a guarantee horizon, read as a minimum like Google's.
      {
        when: { day: "first" },
        phrase: "guarantee-horizon",
        precision: "month",
        pages: ["nokia-security-updates"],
        meaning: "{Subject} guaranteed until at least {date}, per Nokia's security-updates page as endoflife.date lists it (no guarantee after that month)",
      },
      {
        phrase: "guarantee-horizon",
        precision: "day",
        pages: ["nokia-security-updates"],
        meaning: "{Subject} guaranteed until at least {date}, per Nokia's security-updates page as endoflife.date lists it (no guarantee after that day)",
      },
    ]),
    pages: [cited("nokia-security-updates", "https://www.nokia.com/phones/en_int/security-updates", "HMD Global", "Nokia phones: security updates")],
    citedHosts: [{ host: "www.nokia.com", id: "nokia-product-page", publisher: "HMD Global", name: "Nokia product page" }],
    notes: [
      "Nokia phones are made by HMD Global (the file's alternate address is /hmd); the catalog names HMD Global as the manufacturer and Nokia as the brand.",
      'The file estimates undated models as launch + 2 years (C line) or + 3 years and comments them "estimated": endoflife.date\'s own reckoning, no date recorded and never an end (continuing only while the listing would lapse before the estimate). "Product page: N years" dates are the period Nokia promised on the product page, counted from launch: minimums citing that page.',
      'Every other date is from Nokia\'s security-updates page, whose column reads "No guaranteed Security Patch updates after": a guarantee horizon, read as a minimum (as Google\'s identically worded Nexus table is), citing that page. Dates that happen to fall on a launch anniversary but carry no "estimated" comment are among them.',
      "No OS column: OS updates stay unknown.",
    ],
  },
  {
    file: "oneplus.md",
    manufacturer: "OnePlus",
    brand: "OnePlus",
    labelPrefix: "OnePlus",
    deviceType: "phone",
    deviceTypeByName: [[/\bPad\b/, "tablet"]],
    extraKeys: ["supportedOxygenOSVersions"],
    eoas: column("Android Updates", "os", "Android version updates", [
      estimated(/\bapproximation\b/i, "No date: OnePlus states {subject} as a number of versions, which endoflife.date approximates as {date}"),
      fromLaunch("OnePlus announced", "day", ONEPLUS_PAGES),
      listed("month", ONEPLUS_PAGES),
    ]),
    eol: column("Security Updates", "security", "security updates", [
      estimated(/\bapproximation\b/i, "No date: endoflife.date approximates {subject} to {date} from OnePlus's policy for the series"),
      fromLaunch("OnePlus announced", "day", ONEPLUS_PAGES),
      monthOf("last", ONEPLUS_PAGES, "as endoflife.date lists it"),
      listed("day", ONEPLUS_PAGES),
    ]),
    pages: [cited("oneplus-policy", "https://community.oneplus.com/thread/1462181", "OnePlus", "OnePlus Community: software update policy")],
    citedHosts: [],
    notes: [
      'Releases without a label take the file\'s template "OnePlus __RELEASE_CYCLE__".',
      'Dates commented "approximation" are endoflife.date\'s: not recorded.',
    ],
  },
  {
    file: "pixel-watch.md",
    manufacturer: "Google",
    brand: "Google",
    deviceType: "wearable",
    extraKeys: ["supportedAndroidVersions"],
    versions: { key: "supportedAndroidVersions", os: "Wear OS" },
    eoas: column("WearOS Updates", "os", "Wear OS version updates", [
      googleGuarantee("google-pixel-watch-help", "Google's Pixel Watch help page"),
      listed("day", []),
    ]),
    eol: column("Security Updates", "security", "security updates", [
      googleGuarantee("google-pixel-watch-help", "Google's Pixel Watch help page"),
      listed("day", []),
    ]),
    pages: [
      cited("google-pixel-watch-help", "https://support.google.com/product-documentation/answer/12799779", "Google", "Pixel Watch help: software updates"),
    ],
    citedHosts: [],
    notes: ["Every date is the first of a month: Google's guarantee month, read as a minimum."],
  },
  {
    file: "pixel.md",
    manufacturer: "Google",
    brand: "Google",
    deviceType: "phone",
    deviceTypeByName: [[/\bTablet\b/, "tablet"]],
    extraKeys: ["supportedAndroidVersions"],
    versions: { key: "supportedAndroidVersions", os: "Android" },
    eoas: column("Android Updates", "os", "Android version updates", [
      googleGuarantee("google-pixel-updates-help", "Google's Pixel update page"),
      PIXEL_BUILD,
      listed("day", []),
    ]),
    eol: column("Security Updates", "security", "security updates", [
      googleGuarantee("google-pixel-updates-help", "Google's Pixel update page"),
      PIXEL_BUILD,
      listed("day", []),
    ]),
    pages: [
      cited("google-pixel-updates-help", "https://support.google.com/nexus/answer/4457705", "Google", "Pixel phone help: when Android updates end"),
      cited("android-build-numbers", "https://source.android.com/docs/setup/about/build-numbers", "Google", "Android source: builds and their dates"),
    ],
    citedHosts: [],
    notes: [
      "Future dates (the first of a month) are Google's guarantee months, read as minimums: endoflife.date removed its \"at least\" comments in May 2025 as redundant, not because Google's wording changed.",
      "Past dates come from the newest build listed for the model (the build's date, kept as its month): an observed last update, which the meaning says; Google's final update can be later (the original Pixel got one in December 2019).",
    ],
  },
  {
    file: "samsung-galaxy-tab.md",
    manufacturer: "Samsung",
    brand: "Samsung",
    deviceType: "tablet",
    extraKeys: [],
    ...samsungColumns("year", "its Galaxy Tab dates are approximate to the year"),
    pages: [SAMSUNG_SECURITY_LIST, ...SAMSUNG_2022_POLICY],
    citedHosts: SAMSUNG_HOSTS,
    notes: [
      "The file says its update dates are approximate to the year: every eoas/eol date is kept as its year.",
      "Android upgrades are announced as a number of versions; the launch-anniversary dates endoflife.date derives from them are not recorded.",
      "Security dates cited to 9to5Google's report of Samsung's February 2021 policy are that policy's four-year minimum, read as a minimum (endoflife.date writes them as ends).",
    ],
  },
  {
    file: "samsung-galaxy-watch.md",
    manufacturer: "Samsung",
    brand: "Samsung",
    deviceType: "wearable",
    extraKeys: [],
    eoas: column("Wear OS Upgrades", "os", "Wear OS upgrades", [
      {
        when: { time: "future" },
        phrase: "up-to",
        precision: "year",
        pages: [],
        meaning:
          "Up to four years of {subject}, Samsung's pledge for its watches since the Galaxy Watch4, which endoflife.date places in {date} (approximate to the year)",
      },
      { phrase: "listed-end", precision: "year", pages: [], meaning: "{Subject} ended in {date}, as endoflife.date records it (approximate to the year)" },
    ]),
    eol: column("Security Updates", "security", "security updates", [listed("year", ["samsung-security-scope"], " (approximate to the year)")]),
    pages: [SAMSUNG_SECURITY_LIST],
    citedHosts: SAMSUNG_HOSTS,
    notes: [
      "The file says its dates are approximate to the year: kept as years.",
      'Samsung worded its watch pledge "up to four years": a future Wear OS date is a ceiling; a past one is read as the year the upgrades ended.',
      "No security end dates: each watch is listed as supported (false) or ended (true).",
    ],
  },
  {
    file: "samsung-mobile.md",
    manufacturer: "Samsung",
    brand: "Samsung",
    deviceType: "phone",
    deviceTypeByName: [
      [/\bGear\b/, "wearable"],
      [/\bGalaxy View\d*\b|\bNote Pro\b/, "tablet"],
    ],
    extraKeys: [],
    ...samsungColumns("month", "kept as the month"),
    pages: [SAMSUNG_SECURITY_LIST, ...SAMSUNG_2022_POLICY],
    citedHosts: SAMSUNG_HOSTS,
    notes: [
      'Android upgrades are announced as a number of versions ("four generations"); the launch-anniversary dates endoflife.date derives from them are not recorded. Past dates that are not anniversaries (an upgrade list, a report) are read as ends.',
      'Security periods counted from launch are kept as the month; a comment saying "minimum" makes a minimum, "up to" a ceiling.',
      "Past security dates that are not anniversaries are mostly the day endoflife.date's automated check no longer found the model on Samsung's security-update list: kept as the month.",
      "The file also lists Gear watches and a few tablets (Galaxy View, Note Pro): typed by name.",
      'Samsung worded its February 2022 policy "up to" five years of security updates for the models it named (Galaxy S21 and S22 series, Z Fold3, Z Flip3, Tab S8 series), as two stored press reports quote it; the file\'s comments say "five years" without it. Those models\' five-year dates are read as ceilings, citing the reports (read here). The "upcoming" models the announcement also mentions are not named, so they keep endoflife.date\'s reading.',
    ],
  },
  {
    file: "sony-xperia.md",
    manufacturer: "Sony",
    brand: "Sony",
    deviceType: "phone",
    extraKeys: ["androidVersions"],
    versions: { key: "androidVersions", os: "Android", lastOnceSecurityEnded: true },
    eol: column(null, "security", "security updates", [
      monthOf("first", ["sony-security-end-dates"], "per Sony's table of security-update end dates as endoflife.date copies it"),
      {
        ...listed("day", ["sony-security-end-dates"]),
        meaning: "{Subject} until {date}, per Sony's table of security-update end dates as endoflife.date copies it",
      },
    ]),
    pages: [
      cited(
        "sony-security-end-dates",
        "https://www.sony.co.uk/electronics/support/articles/SX243901",
        "Sony",
        "Sony support: security update end dates for Xperia",
      ),
    ],
    citedHosts: [],
    notes: [
      "Sony's table gives months, which the file writes as their first day: kept as the month.",
      "No OS column: OS updates stay unknown.",
      "The androidVersions column copies Sony's \"Current Android Version\": once a model's security updates ended (its month over by the snapshot's day), its last version is the last Android it runs.",
    ],
  },
  {
    file: "surface.md",
    manufacturer: "Microsoft",
    brand: "Microsoft",
    deviceType: "tablet",
    deviceTypeByName: [
      [/\bLaptop\b|\bBook\b/, "laptop"],
      [/\bStudio\b|\bHub\b/, "other"],
    ],
    extraKeys: [],
    eol: {
      ...column("End of Servicing Date", "security", "firmware and driver updates", [
        {
          phrase: "listed-end",
          precision: "day",
          pages: ["microsoft-surface-lifecycle"],
          meaning:
            "End of servicing for {subject} on {date}, per Microsoft's Surface lifecycle table as endoflife.date copies it; Windows updates are not tied to this date",
        },
      ]),
      component: "firmware and drivers",
    },
    pages: [
      cited(
        "microsoft-surface-lifecycle",
        "https://learn.microsoft.com/surface/surface-driver-firmware-lifecycle-support",
        "Microsoft",
        "Surface driver and firmware lifecycle",
      ),
    ],
    citedHosts: [],
    notes: [
      "The one column is Microsoft's end of servicing for firmware and drivers: a security commitment with that component. Windows updates stay unknown.",
      "Device types by name: Laptop/Book → laptop, Studio/Hub → other, the rest (Pro, Go, Surface 2/3/RT) → tablet.",
    ],
  },
];

export const mappingFor = (file: string) => ENDOFLIFE_FILES.find((m) => m.file === file);
