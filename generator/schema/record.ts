// The one source of truth for the shape of a device record. The JSON Schema
// for curators and consumers, and the field reference in docs/, are generated
// from this file; nothing else declares record fields.
import { z } from "zod";
import { DEVICE_TYPES } from "../contract/device-types.ts";
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from "../contract/list-params.ts";
import { jsonText } from "../contract/json-text.ts";

const isoDay = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A calendar day, `YYYY-MM-DD`, that exists (no 2030-02-30). */
export const Day = z
  .string()
  .regex(isoDay, "must be a date written YYYY-MM-DD")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "is not a real calendar day")
  .meta({ description: "A calendar day, YYYY-MM-DD." });

export const PRECISIONS = ["day", "month", "quarter", "year", "unknown"] as const;
export const Precision = z.enum(PRECISIONS);

const VALUE_FORMAT: Record<Exclude<(typeof PRECISIONS)[number], "unknown">, { re: RegExp; example: string }> = {
  day: { re: isoDay, example: "2030-10-15" },
  month: { re: /^\d{4}-(0[1-9]|1[0-2])$/, example: "2030-10" },
  quarter: { re: /^\d{4}-Q[1-4]$/, example: "2030-Q4" },
  year: { re: /^\d{4}$/, example: "2030" },
};

/**
 * A date as precise as its source and no more: "2030-10" (month) is a whole
 * month, never 2030-10-01. An unknown date has precision "unknown" and no value,
 * so a gap is never filled with an invented day.
 */
export const PartialDate = z
  .object({
    value: z
      .string()
      .optional()
      .meta({ description: "The date in the form its precision implies: 2030-10-15, 2030-10, 2030-Q4 or 2030. Absent when the precision is unknown." }),
    precision: Precision.meta({ description: "How precise the source is: day, month, quarter, year or unknown." }),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.precision === "unknown") {
      if (d.value !== undefined) ctx.addIssue({ code: "custom", path: ["value"], message: "must be absent when precision is unknown" });
      return;
    }
    const fmt = VALUE_FORMAT[d.precision];
    if (d.value === undefined) {
      ctx.addIssue({ code: "custom", path: ["value"], message: `is required for precision "${d.precision}" (e.g. ${fmt.example})` });
    } else if (!fmt.re.test(d.value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: `"${d.value}" does not match precision "${d.precision}" (expected e.g. ${fmt.example})` });
    } else if (d.precision === "day" && !Day.safeParse(d.value).success) {
      ctx.addIssue({ code: "custom", path: ["value"], message: `"${d.value}" is not a real calendar day` });
    }
  })
  .meta({ description: "A date with explicit precision." });

export const Slug = z
  .string()
  .regex(SLUG_PATTERN, "must be lowercase a-z, 0-9 and single hyphens (e.g. google-pixel-8)")
  .max(SLUG_MAX_LENGTH, `must be at most ${SLUG_MAX_LENGTH} characters`);

// An id is spelled as a slug (an evidence source's id, a commitment's).
const Id = z.string().regex(SLUG_PATTERN, "must be lowercase a-z, 0-9 and single hyphens");

/**
 * Characters that not every output can carry as they are: control characters
 * other than tab and line feed (XML allows almost none, so one would make the
 * whole Atom feed unreadable, and XML, HTML and iCalendar all turn a carriage
 * return into a line feed), lone UTF-16 surrogates (not text: the UTF-8
 * outputs would show U+FFFD where the JSON keeps the surrogate) and the
 * noncharacters U+FFFE and U+FFFF (not allowed in XML).
 */
const UNPUBLISHABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufffe\uffff]|\p{Cs}/u;

export const Text = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .superRefine((s, ctx) => {
    const bad = UNPUBLISHABLE.exec(s)?.[0];
    if (bad === undefined) return;
    const code = `U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
    const kind = /\p{Cs}/u.test(bad) ? "a lone surrogate" : bad >= "\ufffe" ? "a noncharacter" : "a control character";
    ctx.addIssue({
      code: "custom",
      message: `contains ${code} (${kind}), which the CSV, HTML, iCalendar and Atom outputs cannot all carry (text may hold tabs and line breaks, written \\n, but no other control character)`,
    });
  });

/**
 * A link to a page: an absolute http(s) URL, written out whole. Any other
 * scheme is refused (javascript: and data: run or embed content wherever the
 * link is followed); so are spaces, control and invisible formatting
 * characters (browsers drop some silently, a space would split the dataset's
 * " | " lists, a bidi control can make a link read as another host), and a
 * user name or password ("https://trusted.example@evil.example/" reads as one
 * host and goes to another).
 */
export const HttpsUrl = z
  .string()
  .regex(/^https?:\/\//, {
    message: 'must be an http(s) URL starting "http://" or "https://" in lower case (javascript:, data: and other schemes are not links to a source)',
    abort: true,
  })
  .regex(
    /^[^\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]*$/,
    "must not contain spaces, control characters or invisible formatting characters (percent-encode them, e.g. %20)",
  )
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.hostname !== "" && u.username === "" && u.password === "";
    } catch {
      return false;
    }
  }, "must be a URL with a host name and no user name or password");

export const Region = z
  .string()
  .regex(/^([A-Z]{2}|EU|EEA|GLOBAL)$/, 'must be an ISO 3166-1 alpha-2 code (e.g. "US"), "EU", "EEA" or "GLOBAL"')
  .meta({ description: 'A market: ISO 3166-1 alpha-2 code, or "EU", "EEA", "GLOBAL".' });

export { DEVICE_TYPES };

export const Publication = z
  .discriminatedUnion("state", [
    z.object({ state: z.literal("published") }).strict(),
    z.object({ state: z.literal("draft"), note: Text.optional() }).strict(),
    z
      .object({
        state: z.literal("withdrawn"),
        reason: Text.meta({ description: "Why the record was withdrawn; shown to consumers with the 410 answer." }),
        withdrawnOn: Day,
        replacedBy: Slug.optional().meta({
          description:
            "The published record that takes this one's place (a duplicate's original, the right device for one entered in error): the withdrawal page links it.",
        }),
      })
      .strict(),
  ])
  .meta({ description: "published: served. draft: never published. withdrawn: answered with 410 and the reason." });

/**
 * The kinds of code a fleet's tools hold for a device: a model number printed
 * on it or reported by Android's build.MODEL (SM-A525F, A2846, GKWS6), Apple's
 * hardware identifier (iPhone15,4), an Android codename (build.DEVICE, a52q),
 * a SKU (Surface_Pro_1796) and a board (D73AP, a ChromeOS board such as
 * octopus). The last, a ChromeOS HWID pattern, is not a code but a regular
 * expression from Google's recovery index that a device's HWID is tested
 * against (docs/record-rules.md#identifiers): it is never compared as a code.
 */
export const IDENTIFIER_KINDS = ["model-number", "hardware-identifier", "codename", "sku", "board", "hwid-pattern"] as const;

/** The kinds whose value is a pattern a device's own code is tested against, not a code (contract/identifiers.ts isPatternKind says the same). */
export const PATTERN_KINDS = ["hwid-pattern"] as const satisfies readonly (typeof IDENTIFIER_KINDS)[number][];

const CODE_CHARACTERS = /^[A-Za-z0-9](?:[A-Za-z0-9_.,:+/-]| (?! ))*$/;

export const Identifier = z
  .object({
    kind: z.enum(IDENTIFIER_KINDS),
    value: Text.meta({
      description:
        "The code exactly as the source writes it (e.g. SM-A525F, iPhone15,4): letters and digits, with _ . , : + / - or single spaces between. Each kind has its own format on top of these characters (docs/record-rules.md#identifiers); a hwid-pattern is a regular expression as Google's recovery index writes it (e.g. ^ATLAS .*).",
    }),
    sourceId: Id.meta({ description: "The source that ties this code to this variant; an id in evidence.sources." }),
    regions: z.array(Region).min(1).optional().meta({ description: "Markets the source ties this code to; absent means the source names none." }),
    shared: z.literal(true).optional().meta({
      description:
        "The source itself gives this code to more than one device (e.g. one board for two sizes): every record carrying it says so, and a lookup lists them all. Without it, a code on two records is an error.",
    }),
  })
  .strict()
  .superRefine((x, ctx) => {
    if ((PATTERN_KINDS as readonly string[]).includes(x.kind) || CODE_CHARACTERS.test(x.value)) return;
    ctx.addIssue({
      code: "custom",
      path: ["value"],
      message: "must be a code: letters and digits, with _ . , : + / - or single spaces between (e.g. SM-A525F, iPhone15,4)",
    });
  });

export const Variant = z
  .object({
    model: Text.meta({
      description: "The variant's name as the manufacturer writes it (e.g. Galaxy A52 5G, or a model code where that is all the source gives).",
    }),
    regions: z.array(Region).min(1, "must list at least one region").meta({ description: "Markets this model is sold in." }),
    identifiers: z.array(Identifier).min(1).optional().meta({
      description: "Codes a fleet's tools report for this variant (model numbers, hardware identifiers, codenames, SKUs, boards), each with its source.",
    }),
    note: Text.optional(),
  })
  .strict();

export const Scope = z
  .object({
    models: z.array(Text).min(1).optional().meta({ description: "Model identifiers covered; absent means every variant." }),
    regions: z.array(Region).min(1).optional().meta({ description: "Markets covered; absent means every market the device is sold in." }),
    carriers: z.array(Text).min(1).optional().meta({ description: "Carriers covered; absent means not carrier-specific." }),
  })
  .strict();

export const Caveat = z
  .object({
    scope: Scope,
    text: Text.meta({ description: "What differs for this scope, in plain words." }),
    sourceIds: z.array(Id).default([]).meta({ description: "Sources for the caveat; each must be an id in evidence.sources." }),
  })
  .strict();

export const EVIDENCE_LEVELS = ["manufacturer-dated", "manufacturer-policy", "regulatory-statement", "third-party", "unverified"] as const;

export const EvidenceLevel = z.enum(EVIDENCE_LEVELS).meta({
  description:
    "manufacturer-dated: the manufacturer publishes this date for this device. manufacturer-policy: computed by the manufacturer's own published rule. regulatory-statement: a statement of compliance filed under a regulation (e.g. UK PSTI). third-party: reported by someone else. unverified: no usable source.",
});

/**
 * The dated statements of a commitment: a documented end, a minimum ("at
 * least until"), an announced ceiling ("up to") and an observed last update.
 * Four different facts, never converted into one another.
 */
export const DATED_FIELDS = ["end", "minimum", "ceiling", "lastUpdate"] as const;

/** The dated statements that say how long support lasts (an observed last update says when the last one came). */
export const HORIZON_FIELDS = ["end", "minimum", "ceiling"] as const;

export const Commitment = z
  .object({
    id: Id.meta({ description: "Stable within the record; used in calendar UIDs and assertions." }),
    scope: Scope,
    component: Text.optional().meta({
      description:
        'What part of the software the commitment covers when the source dates parts separately (e.g. "firmware and drivers", "Windows"); absent means the whole device.',
    }),
    end: PartialDate.optional().meta({ description: "The documented end of support, if the source states one." }),
    minimum: PartialDate.optional().meta({
      description:
        'An explicit dated minimum commitment ("at least until"). Never an end date and never converted into one. With an end as well, it cannot begin after the end\'s period is over (the source cannot promise updates past their documented end).',
    }),
    ceiling: PartialDate.optional().meta({
      description:
        'An announced ceiling or aim ("up to N years", "we aim to support until"): the most the source announces, not a documented end and not a commitment. Never converted into an end or a minimum. A commitment has an end or a ceiling, not both; with a minimum as well, the minimum cannot begin after the ceiling\'s period is over.',
    }),
    lastUpdate: PartialDate.optional().meta({
      description:
        "The day (or month) of the last update observed, e.g. the last release of the OS version the device ends on: an observation, not an end the manufacturer announced. With ended, support has ended and this is the last update seen; without it, updates were still coming and this is the latest one seen.",
    }),
    ended: z.literal(true).optional().meta({
      description:
        'The source says this support has ended. Without a dated end this reads "ended, date not documented" (never "unknown"); with lastUpdate, the last update observed is its date. Not with a dated end, which already says it.',
    }),
    supportedOn: Day.optional().meta({
      description:
        'The day the source last listed this support as continuing (e.g. the manufacturer\'s list of models receiving security updates, or the OS version still patched). Read as "receiving updates" for a year after that day; after that, as past its last confirmation. Not with ended.',
    }),
    meaning: Text.meta({
      description:
        'What the dates mean in the source\'s own terms, e.g. "7 years from US availability". Words of a ceiling ("up to", "aim") go with a ceiling, never with an end.',
    }),
    evidenceLevel: EvidenceLevel,
    sourceIds: z.array(Id).default([]).meta({
      description:
        "Sources this commitment rests on; each must be an id in evidence.sources, and a dated end, minimum, ceiling or last update, ended or supportedOn needs at least one read here.",
    }),
  })
  .strict();

export const Source = z
  .object({
    id: Id,
    url: HttpsUrl.meta({ description: "A link only (http or https, no spaces, no user name); the source's content is never copied." }),
    publisher: Text,
    title: Text,
    checked: Day.optional().meta({
      description:
        "The day a curator last confirmed the source says what the record claims. Not compared with the build day: a build for an earlier --now shows the record as it is. Absent only with citedBy.",
    }),
    citedBy: Id.optional().meta({
      description:
        "For a page this project has not read itself but another source of the record cites for the same facts (e.g. the manufacturer page an aggregator names): the id of that citing source, which must itself have been checked. A source has either checked or citedBy.",
    }),
  })
  .strict()
  .superRefine((s, ctx) => {
    if (s.checked === undefined && s.citedBy === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["checked"],
        message: "is required: the day the source was read (or citedBy, the id of the source that cites a page not read here)",
      });
    if (s.checked !== undefined && s.citedBy !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["citedBy"],
        message: "must be absent when checked is given: a source was either read here (checked) or only cited by another (citedBy)",
      });
  });

/** A recall notice a registry published: its own number, day, hazard and remedy, and where it was read. */
export const RecallNotice = z
  .object({
    title: Text.meta({ description: "The notice's title, or what the page that reports it is." }),
    url: HttpsUrl.meta({ description: "Where the notice (or the stored report of it) can be read." }),
    date: PartialDate.optional().meta({ description: "The day (or month) the notice was published, as precisely as the page gives it." }),
    number: Text.optional().meta({ description: "The registry's own recall number as the page writes it (e.g. CPSC 16-266); absent when no page shows one." }),
    hazard: Text.optional().meta({ description: "The hazard, in a few words." }),
    remedy: Text.optional().meta({ description: "What owners are offered, in a few words." }),
  })
  .strict();

export const RecallReview = z
  .object({
    registry: Text.meta({ description: "The one registry searched, e.g. EU Safety Gate, U.S. CPSC recalls." }),
    registryUrl: HttpsUrl,
    searchedOn: Day,
    searched: z
      .object({
        maker: Text,
        model: Text,
        codes: z.array(Text).default([]).meta({ description: "Model codes searched for, as typed." }),
      })
      .strict()
      .meta({ description: "What was searched for: the maker, the model name and any model codes." }),
    query: Text.optional().meta({ description: "The exact text typed into the registry's search, when it took text." }),
    result: z.enum(["no-match-on-date", "match"]).meta({
      description: "no-match-on-date: nothing matched that search in that registry on that day; not proof that no recall exists.",
    }),
    matches: z.array(RecallNotice).default([]),
    sourceIds: z
      .array(Id)
      .default([])
      .meta({ description: "Sources the review rests on (e.g. a stored page that reports the notice); each must be an id in evidence.sources." }),
    note: Text.optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if (r.result === "match" && r.matches.length === 0)
      ctx.addIssue({ code: "custom", path: ["matches"], message: 'must list the matching notices when result is "match"' });
    if (r.result === "no-match-on-date" && r.matches.length > 0)
      ctx.addIssue({ code: "custom", path: ["matches"], message: 'must be empty when result is "no-match-on-date"' });
  });

/** The EU energy label's repairability classes (Regulation (EU) 2023/1669), best first. */
export const EU_REPAIR_CLASSES = ["A", "B", "C", "D", "E"] as const;

/**
 * A smartphone's EU energy label registration in EPREL, as the supplier
 * declared it: the class and the index as written (never recomputed one from
 * the other), the five sub-scores as written, battery endurance, the first
 * day on the market and the declared minimum years of software updates.
 */
export const EuEnergyLabel = z
  .object({
    registration: z.number().int().positive().meta({ description: "The EPREL registration number." }),
    url: HttpsUrl.meta({ description: "The registration's public EPREL page." }),
    modelIdentifier: Text.meta({ description: "The model identifier the supplier registered (one model code can cover one regional variant only)." }),
    supplier: Text.meta({ description: "The supplier or trademark as registered." }),
    class: z.enum(EU_REPAIR_CLASSES).meta({ description: "The repairability class, A (best) to E, as registered." }),
    index: z.number().min(0).max(5).meta({ description: "The repairability index, 0 to 5, as registered (not France's 0–10 index)." }),
    subScores: z
      .object({
        disassemblyDepth: Text,
        fasteners: Text,
        tools: Text,
        spareParts: Text,
        repairInformation: Text,
      })
      .strict()
      .optional()
      .meta({ description: "The five parameters of the index, each as registered (numbers or EPREL's category names)." }),
    batteryEnduranceCycles: z.number().int().positive().optional().meta({ description: "Battery endurance in full charge cycles, as registered." }),
    firstOnMarket: Day.optional().meta({ description: "The day the supplier declared the model was first placed on the EU market." }),
    declaredMinimumSoftwareUpdateYears: z.number().int().positive().optional().meta({
      description:
        "The supplier's declared minimum years of software updates. A minimum counted from the end of placement on the EU market (Regulation (EU) 2023/1670), a day not known here: never a date, never an end.",
    }),
  })
  .strict();

export const Repairability = z
  .object({
    scheme: Text.meta({ description: "e.g. French repairability index, EU energy label repairability class (Regulation (EU) 2023/1669)." }),
    score: Text.meta({ description: 'As the scheme writes it, e.g. "8.7/10" or "C (2.96)".' }),
    euLabel: EuEnergyLabel.optional().meta({ description: "For the EU energy label: the registration's values, as the supplier declared them." }),
    scope: Scope.optional().meta({ description: "The variants and markets the score covers; absent means the whole device." }),
    sourceId: Id.meta({ description: "The source of the score; an id in evidence.sources." }),
    checked: Day.meta({ description: "The day the value was read from the source." }),
  })
  .strict();

export const Revision = z
  .object({
    date: Day,
    change: Text.meta({ description: "What changed." }),
    reason: Text.meta({ description: "Why it changed." }),
  })
  .strict();

export const OS_NAMES = ["iOS", "iPadOS", "watchOS", "macOS", "Android", "Wear OS", "Windows", "ChromeOS"] as const;

export { compareVersions } from "../contract/versions.ts";

export const OsVersions = z
  .object({
    os: z.enum(OS_NAMES),
    first: z.string().regex(/^\d+(\.\d+)*$/, 'must be a version such as "11", "4.4" or "2.3.6"'),
    last: z
      .string()
      .regex(/^\d+(\.\d+)*$/, 'must be a version such as "16", "4.4" or "2.3.6"')
      .optional()
      .meta({ description: "The last major version the device runs; absent when the source gives none (still upgraded, or not documented)." }),
    sourceIds: z.array(Id).min(1, "must name the source of the version range").meta({ description: "Each must be an id in evidence.sources." }),
  })
  .strict()
  .meta({ description: "A range of major OS versions, e.g. iOS 11 to 16: the versions the device shipped with and the last it can install." });

export const DeviceRecord = z
  .object({
    $schema: z.string().optional(),
    slug: Slug.meta({ description: "Path identifier; equals the file name without .json. No other record has it as its slug or a former slug." }),
    name: Text.meta({ description: "Display name." }),
    manufacturer: Text,
    deviceType: z.enum(DEVICE_TYPES),
    aliases: z.array(Text).default([]).meta({
      description:
        "Other names people search for. Records may share an alias (a search for it lists each of them), but an alias must not read as another record's name (compared as search compares: letters and digits only, case and accents ignored), or a search for that name would rank this record among its exact matches.",
    }),
    formerSlugs: z.array(Slug).default([]).meta({
      description:
        "Slugs this record was published under before; they redirect here (301). Each is listed once, claimed by no other record, and is no record's current slug.",
    }),
    publication: Publication,
    released: PartialDate.meta({ description: "First availability; support cannot end before it." }),
    osVersions: z
      .array(OsVersions)
      .min(1)
      .optional()
      .meta({ description: "The operating system the device runs, first and last major version, each range with its source." }),
    variants: z.array(Variant).min(1, "must list at least one variant"),
    caveats: z.array(Caveat).default([]).meta({ description: "Region-, model- or carrier-specific differences, as data." }),
    support: z
      .object({
        os: z.array(Commitment).min(1, "must hold at least one commitment (use an unknown end if nothing is sourced)"),
        security: z.array(Commitment).min(1, "must hold at least one commitment (use an unknown end if nothing is sourced)"),
      })
      .strict()
      .meta({ description: "OS-update and security-update commitments, kept separate." }),
    evidence: z
      .object({
        sources: z.array(Source).default([]),
        recallReview: z.array(RecallReview).default([]),
        repairability: z.array(Repairability).default([]),
        revisions: z.array(Revision).min(1, "must hold at least the revision that created the record").meta({
          description:
            "The record's change log, in any order: every output sorts it by date. Revisions of one day keep their listed order, which numbers their feed entries, so add a new one after the others of its day.",
        }),
      })
      .strict(),
  })
  .strict();

export type DeviceRecord = z.infer<typeof DeviceRecord>;

/** A record file's text, as the curator tools and the synthetic catalog write it: the record (parsed, or as read) in the project's JSON text, members in their given order. */
export const recordText = (record: DeviceRecord | Record<string, unknown>): string => jsonText(record);
export type PartialDate = z.infer<typeof PartialDate>;
export type Identifier = z.infer<typeof Identifier>;
export type OsVersions = z.infer<typeof OsVersions>;
export type Commitment = z.infer<typeof Commitment>;
export type Scope = z.infer<typeof Scope>;
export type Source = z.infer<typeof Source>;
