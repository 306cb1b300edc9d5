// The bodies the API answers with, as zod schemas: the device document, the
// evidence document, the list page and its meta, and the RFC 9457 problems.
// The builders in derive/documents.ts and derive/list.ts take their types from
// here, the OpenAPI document (emit/openapi-document.ts) takes its components from
// here, and the API tests parse real answers with them. Objects are strict, so
// a member the code adds without declaring it here fails those tests.
import { z } from "zod";
import {
  Caveat,
  Commitment,
  Day,
  DeviceRecord,
  EvidenceLevel,
  Identifier,
  PartialDate,
  RecallReview,
  Repairability,
  Revision,
  Scope,
  Slug,
  Source,
  Variant,
} from "./record.ts";
import { COMMITMENT_STATUSES, CONFIRMATION_DAYS, SOON_DAYS, VERDICT_CODES } from "../contract/verdicts.ts";
import { LICENSE } from "../contract/license.ts";
import { ITEMS, LIST_PARAMETERS, MAX_LIMIT, MAX_QUERY_LENGTH } from "../contract/list-params.ts";
import { DEVICE_TYPES } from "../contract/device-types.ts";
import { PAGES, pathOf } from "../contract/resources.ts";
import { PROBLEMS, problemType, type ProblemCode } from "../contract/problems.ts";
import { EDITION_FAMILIES, OS_RELEASE_OSES, OS_STATUSES } from "../contract/os-releases.ts";
import { OsReleaseSecurity } from "./os-release.ts";

export const License = z
  .strictObject({
    name: z.literal(LICENSE.name),
    version: z.literal(LICENSE.version),
    effective: z.literal(LICENSE.effective),
    url: z.url().meta({ description: "The license text." }),
  })
  .meta({ description: "The public dataset license of the data." });

export const Attribution = z
  .strictObject({
    text: z.string().meta({ description: "The attribution to show wherever the data is reused." }),
    license: License,
    requirements: z.string().meta({ description: "What the license asks of a reuser, in words." }),
  })
  .meta({ description: "The dataset attribution and license (version 1): show it when you reuse the data." });

/** Each commitment status in words: when it applies. The OpenAPI document and docs/API.md's verdict table say the same. */
export const COMMITMENT_STATUS_WORDS: Record<(typeof COMMITMENT_STATUSES)[number], string> = {
  ended: "the documented end lies wholly in the past.",
  "ended-observed":
    "the source says support has ended and gives no announced end; lastUpdate is the last update observed (an observation, not an end the manufacturer announced).",
  "ended-undated": "the source says support has ended and gives no date: ended, date not documented (never read as unknown).",
  "ending-soon": `the end is within ${SOON_DAYS} days, or today falls inside its period.`,
  continuing: "the end is further away.",
  "minimum-commitment": "no documented end; an explicit minimum has not yet passed.",
  "minimum-passed": "the minimum has passed and nothing later is documented, so the current status is not documented (not ended).",
  "announced-ceiling":
    'no documented end and no minimum still holding; an announced ceiling ("up to", "we aim to") has not yet passed. It is not a commitment, and a ceiling never makes a commitment ended or ending soon.',
  "ceiling-passed": "the announced ceiling has passed and nothing later is documented, so the current status is not documented (not ended).",
  "listed-continuing": `no documented end, and no minimum or ceiling still holding; the source listed this support as continuing on supportedOn, within the last ${CONFIRMATION_DAYS} days.`,
  "confirmation-passed": `the source last listed this support as continuing (supportedOn) more than ${CONFIRMATION_DAYS} days ago, and nothing later is documented: the current status is not documented.`,
  unknown: "nothing sourced.",
};

/** Each verdict code in words: when it applies (decided by security support first). */
export const VERDICT_CODE_WORDS: Record<(typeof VERDICT_CODES)[number], string> = {
  "security-ended":
    'security updates have ended: past a documented end, or the source says so (label "no security updates", with "; end date not documented" or "; last update observed <date>" when the source gives no announced end).',
  "security-ending-soon": `a documented end of security updates is within ${SOON_DAYS} days.`,
  "security-only": "OS updates have ended; security updates continue (documented, committed, announced or listed).",
  "receiving-updates": `updates continue: a documented end ahead, or the source listed support as continuing within the last ${CONFIRMATION_DAYS} days.`,
  "minimum-commitment": "no documented end; a minimum commitment has not yet passed.",
  "announced-ceiling": "no documented end or minimum still holding; an announced ceiling (not a commitment) has not yet passed.",
  "commitment-passed":
    'every minimum, ceiling or listing has lapsed and nothing later is documented: "past its last commitment, <date>; current status not documented". Not ended, and not unknown.',
  varies: "security support differs by region, model or component.",
  unknown: "no sourced end, minimum, ceiling or statement of support.",
};

const described = (words: Record<string, string>) =>
  Object.entries(words)
    .map(([k, v]) => `${k}: ${v}`)
    .join(" ");

export const CommitmentStatus = z.enum(COMMITMENT_STATUSES).meta({ description: described(COMMITMENT_STATUS_WORDS) });

/** One status per kind when every commitment of that kind agrees, otherwise "varies". */
const KindStatus = z.enum([...COMMITMENT_STATUSES, "varies"]).meta({
  description: `The status of every commitment of this kind when they agree, otherwise varies. ${described(COMMITMENT_STATUS_WORDS)}`,
});

export const CommitmentDocument = Commitment.extend({ status: CommitmentStatus }).meta({
  description: "A commitment of the record, with its status in the verdict's period (verdict.validFrom to verdict.validUntil).",
});

export const Verdict = z
  .strictObject({
    code: z.enum(VERDICT_CODES).meta({
      description: `Decided by security support first; see ${pathOf(PAGES.doc, { name: "api" })}#record-states-and-verdicts. ${described(VERDICT_CODE_WORDS)}`,
    }),
    headline: z.string().meta({
      description:
        'The verdict in plain words, first wherever it is shown (the device page, the badge, the fleet page, the CLI and the fleet report), e.g. "Gets security updates; Apple names no end date". Dates keep their precision in their wording ("October 2029" is a month). Never says or implies "secure".',
    }),
    label: z
      .string()
      .meta({ description: 'The precise short statement under the headline: the kind of each date and its precision. Never says or implies "secure".' }),
    reason: z.string().meta({ description: "Each commitment's kind, scope and status in words, with each date's precision." }),
    validFrom: Day.nullable().meta({
      description: `The first day this verdict holds: the day after the last change the record's dates bring (a documented end coming within ${SOON_DAYS} days; an end, minimum or ceiling passing; a listing of support as continuing lapsing ${CONFIRMATION_DAYS} days after its day). null when no earlier change follows from the dates.`,
    }),
    validUntil: Day.nullable().meta({
      description:
        "The last day this verdict holds: the day before the next change the record's dates bring. null when none is ahead. The verdict is the same on every day from validFrom to validUntil.",
    }),
    osStatus: KindStatus,
    securityStatus: KindStatus,
  })
  .meta({ description: "The lifecycle verdict: documented update commitments, not a statement about security." });

export const DeviceLinks = z.strictObject({
  self: z.url().meta({ description: "This record in the API." }),
  page: z.url().meta({ description: "The canonical device page ({site_url}/devices/<slug>): link reused facts here." }),
  evidence: z.url(),
  badge: z.url(),
  calendar: z.url().meta({ description: "The device's support calendar (iCalendar)." }),
  manufacturerCalendar: z.url().meta({ description: "The support calendar of every device of its manufacturer (iCalendar)." }),
});

export const DeviceSummary = DeviceRecord.pick({
  slug: true,
  name: true,
  manufacturer: true,
  deviceType: true,
  aliases: true,
  formerSlugs: true,
  released: true,
  osVersions: true,
  variants: true,
  caveats: true,
})
  .extend({
    support: z
      .strictObject({ os: z.array(CommitmentDocument).min(1), security: z.array(CommitmentDocument).min(1) })
      .meta({ description: "OS-update and security-update commitments, kept separate." }),
    verdict: Verdict,
    updated: Day.meta({
      description:
        "The day this record's published data last changed: its newest revision, or the first day of its current verdict when that came later. Never the build day.",
    }),
    links: DeviceLinks,
  })
  .meta({ description: "A published device record as the list answers it: the record document without its attribution (which the page's meta carries once)." });

export const DeviceDocument = DeviceSummary.extend({ attribution: Attribution }).meta({
  description:
    "A published device record with its derived statuses, verdict and links. Only published records are served, so the record's publication state is not part of it.",
});

export const Assertion = z
  .strictObject({
    subject: z.string().meta({ description: "The field path in the record, e.g. support.security[0].end." }),
    claim: z.string().meta({ description: "The claim in words, with its scope and meaning." }),
    value: PartialDate,
    evidenceLevel: EvidenceLevel,
    sourceIds: Commitment.shape.sourceIds,
  })
  .meta({
    description:
      "Which claim rests on which source: one per dated or unknown end, minimum commitment, announced ceiling and last update observed, and one per statement that support ended (ended) or was listed as continuing (supportedOn).",
  });

export const RecallReviewDocument = RecallReview.safeExtend({
  statement: z.string().meta({
    description:
      'The result in words: the notices found, or a dated non-match scoped to the one registry ("No match found in <registry> as of <day> …"), which is not proof that no recall exists.',
  }),
}).meta({ description: "One recall-registry search. An empty list of searches means none was performed, not that there is no recall." });

export const EvidenceDocument = z
  .strictObject({
    slug: Slug,
    name: z.string(),
    links: z.strictObject({ self: z.url(), record: z.url(), page: z.url() }),
    assertions: z.array(Assertion),
    identifiers: z
      .array(Identifier.safeExtend({ model: Variant.shape.model.meta({ description: "The variant (variants[].model) the source ties the code to." }) }))
      .meta({ description: "Which model code rests on which source: every variant's identifiers, in variant order, each with its variant's model." }),
    sources: z.array(Source).meta({ description: "Links only: a source's content is never copied." }),
    recallReview: z.array(RecallReviewDocument),
    recallReviewSummary: z.string().meta({
      description: 'The recall review in one line: each search\'s statement, or "Recall review: not performed." when none is recorded. Never "no recall".',
    }),
    repairability: z.array(Repairability),
    revisions: z.array(Revision).meta({ description: "Dated changes to the record, newest first." }),
    attribution: Attribution,
  })
  .meta({ description: "The evidence of a published record, in the groups the specification names." });

export const IdentifierMatch = z
  .strictObject({
    slug: Slug,
    name: z.string(),
    manufacturer: z.string(),
    deviceType: DeviceRecord.shape.deviceType,
    variant: Variant.pick({ model: true, regions: true }).meta({ description: "The variant the source ties the identifier to." }),
    identifier: Identifier,
    source: Source.meta({ description: "The source of the identifier (identifier.sourceId), a link only." }),
    links: z.strictObject({
      record: z.url().meta({ description: "The record in the API." }),
      evidence: z.url(),
      page: z.url().meta({ description: "The canonical device page: link reused facts here." }),
    }),
  })
  .meta({ description: "A published device's variant that carries the identifier." });

export const IdentifierDocument = z
  .strictObject({
    key: z.string().meta({
      description:
        'The identifier as compared: its letters and digits, upper case, commas kept ("sm-a525f" → "SMA525F", "iPhone15,4" → "IPHONE15,4"). For a code with a "/" suffix that no device carries as written, the key of its family (before the "/").',
    }),
    devices: z.array(IdentifierMatch).min(1).meta({
      description:
        "Every variant of a published device that carries the key, by slug; more than one device only where the source shares the code (identifier.shared).",
    }),
    attribution: Attribution,
  })
  .meta({ description: "The devices that carry a model code, hardware identifier, codename, SKU or board." });

export const ListMeta = z
  .strictObject({
    nextCursor: z.string().nullable().meta({ description: "The cursor of the next page; null on the last page (the only signal that the walk is complete)." }),
    next: z.url().nullable().meta({ description: "The next page as a URL; null on the last page." }),
    limit: z.int().min(1).max(MAX_LIMIT).meta({ description: "The page size in force." }),
    total: z.int().min(0).meta({ description: "How many records match, in the whole catalog." }),
    query: z.string().nullable().meta({ description: "The normalized q the answer is for; null without q." }),
    type: z
      .array(z.enum(DEVICE_TYPES))
      .min(1)
      .nullable()
      .meta({ description: "The device types the answer lists (the type parameter, in the schema's order, each once); null without type." }),
    order: z.enum(["slug", "exact-name-first"]),
    updated: Day.nullable().meta({ description: "The latest `updated` day of the records in this page (when its data last changed); null for an empty page." }),
    attribution: Attribution,
  })
  .meta({ description: "Paging and provenance of a list page (docs/list.md#meta)." });

export const ListPage = z
  .strictObject({ [ITEMS]: z.array(DeviceSummary).meta({ description: "At most meta.limit records, in meta.order." }), meta: ListMeta })
  .meta({ description: "One page of published device records." });

export const LegacyListPage = z
  .array(DeviceSummary)
  .meta({ description: "The deprecated list's body: the same items as a v1 page's devices, as a bare array; the next page is in the Link header." });

// ---- OS releases (docs/os.md) -----------------------------------------------

const OsStatus = z.enum(OS_STATUSES).meta({
  description: `Security updates as of the build day: patched (a documented end further away, or listed as patched with no end announced), ending-soon (a documented end within ${SOON_DAYS} days), ended, or unknown (a listing older than ${CONFIRMATION_DAYS} days).`,
});
const OsLatest = z
  .strictObject({
    version: z.string().meta({ description: "The newest version of the release the source knows (Windows: the build that names the release)." }),
    date: Day.nullable().meta({ description: "Its day; null where the source gives none (Windows)." }),
  })
  .nullable()
  .meta({ description: "The release's latest version, or null where the source gives none (Android)." });
const OsReleaseBrief = {
  id: z.string().meta({ description: 'The release\'s path segment: the source\'s release cycle ("18", "11-23h2-e").' }),
  url: z.url().meta({ description: "The release's own resource." }),
  label: z.string().meta({ examples: ["Windows 11 23H2 (Enterprise, Education)", "iOS 18"] }),
  edition: z.enum(EDITION_FAMILIES).meta({ description: "Windows: the edition family the release's servicing applies to; all elsewhere." }),
  build: z.string().optional().meta({ description: 'Windows: the build an inventory\'s "OS version" names the release by (10.0.22631).' }),
  latest: OsLatest,
  status: OsStatus,
  headline: z
    .string()
    .meta({ description: "The status in plain words.", examples: ["Gets security updates until 2027-10-12", "No security updates since 2026-11-10"] }),
  securityEnd: z.string().nullable().meta({ description: "The documented end of security updates, as precise as the source; null when none is documented." }),
};

export const OsReleaseSummary = z.strictObject({
  ...OsReleaseBrief,
  esuEnd: z.string().nullable().meta({ description: "The end of paid Extended Security Updates (never counted as support), or null." }),
});

export const OsReleaseSource = z.strictObject({
  publisher: z.string(),
  title: z.string().optional(),
  url: z.url().meta({ description: "The source's page for this OS." }),
  copy: z.string().meta({ description: "The pinned copy read, with the release's line (endoflife.date/os/windows.md#L83)." }),
  commit: z.string().meta({ description: "The copy's commit." }),
  date: Day.meta({ description: "The copy's commit day: the day a release listed as patched was so listed." }),
  cites: z.url().optional().meta({ description: "The page the copy cites for this release." }),
});

export const OsReleaseDocument = z
  .strictObject({
    os: z.enum(OS_RELEASE_OSES),
    osName: z.string(),
    ...OsReleaseBrief,
    version: z.string().meta({ description: 'The version a device reports for this release, before any further part ("18", "12.1", "11").' }),
    released: Day,
    security: OsReleaseSecurity,
    esu: z
      .strictObject({ end: PartialDate, note: z.string() })
      .nullable()
      .meta({ description: "Paid Extended Security Updates, for those who enrol: a fact of its own, never counted as support. Null where none are sold." }),
    sources: z.array(OsReleaseSource).min(1),
    attribution: Attribution,
  })
  .meta({ description: "One release of an operating system: its latest version, and whether it still gets security updates, until when, per its source." });

export const OsList = z
  .strictObject({
    oses: z.array(
      z.strictObject({
        os: z.enum(OS_RELEASE_OSES),
        name: z.string(),
        source: OsReleaseSource.omit({ title: true, cites: true }),
        releases: z.array(OsReleaseSummary),
      }),
    ),
    attribution: Attribution,
  })
  .meta({ description: "The operating systems with release records, each with its releases in brief, as their source lists them (newest first)." });

// ---- Problems (RFC 9457) ------------------------------------------------------

const problemMembers = (code: ProblemCode) => ({
  type: z.literal(problemType(code)).meta({ description: "A stable reference relative to the site; match on it." }),
  title: z.string().meta({ examples: [PROBLEMS[code].title] }),
  status: z.literal(PROBLEMS[code].status),
  detail: z.string().meta({ description: "What went wrong with this request, in words." }),
  instance: z.string().optional().meta({ description: "The request's path and query." }),
});

/** Each problem code's own members, beside type, title, status, detail and instance. */
const PROBLEM_MEMBERS = {
  "not-found": {},
  gone: {
    slug: Slug,
    reason: z.string().meta({ description: "Why the record was withdrawn." }),
    withdrawnOn: Day,
    replacedBy: Slug.optional().meta({ description: "The published record that replaces it (a duplicate's other record), when there is one." }),
    replacement: z.string().optional().meta({ description: "The replacing record's path, with replacedBy." }),
  },
  "invalid-limit": { minimum: z.literal(1), maximum: z.literal(MAX_LIMIT) },
  "invalid-cursor": {},
  "cursor-mismatch": {},
  "query-too-long": { maxLength: z.literal(MAX_QUERY_LENGTH) },
  "invalid-type": { allowed: z.array(z.enum(DEVICE_TYPES)).meta({ description: "Every device type the list accepts, in the schema's order." }) },
  "duplicate-parameter": { parameter: z.enum(LIST_PARAMETERS) },
  "invalid-year": {},
  "method-not-allowed": {},
  "rate-limited": {},
  unavailable: {},
} satisfies Record<ProblemCode, z.ZodRawShape>;

const problemSchema = (code: ProblemCode) =>
  z.strictObject({ ...problemMembers(code), ...PROBLEM_MEMBERS[code] }).meta({ description: `${PROBLEMS[code].title} (${PROBLEMS[code].status}).` });

export const PROBLEM_SCHEMAS = Object.fromEntries((Object.keys(PROBLEMS) as ProblemCode[]).map((code) => [code, problemSchema(code)])) as Record<
  ProblemCode,
  ReturnType<typeof problemSchema>
>;

/** A support year with no records: the not-found problem naming the year. */
export const YearNotFoundProblem = PROBLEM_SCHEMAS["not-found"].extend({ year: z.int() }).meta({
  description: "No published record has a support date in this year (404).",
});

/** What the list answers for parameters it cannot use, in the order the checks run. */
export const ListParameterProblem = z.union([
  PROBLEM_SCHEMAS["duplicate-parameter"],
  PROBLEM_SCHEMAS["invalid-limit"],
  PROBLEM_SCHEMAS["query-too-long"],
  PROBLEM_SCHEMAS["invalid-type"],
  PROBLEM_SCHEMAS["invalid-cursor"],
  PROBLEM_SCHEMAS["cursor-mismatch"],
]);

/** Component name of each problem schema: not-found → NotFoundProblem. */
export const problemSchemaId = (code: ProblemCode) => `${code.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Problem`;

/** The shields.io endpoint badge (https://shields.io/badges/endpoint-badge): the device badge's words and colours. */
export const ShieldsEndpoint = z
  .object({
    schemaVersion: z.literal(1).meta({ description: "shields' endpoint schema version: always 1." }),
    label: z.string().meta({ description: "The left text, as on the SVG badge." }),
    message: z.string().min(1).meta({ description: "The right text: the verdict's headline, word for word as the SVG badge says it." }),
    color: z
      .string()
      .regex(/^[0-9a-f]{6}$/)
      .meta({ description: "The right half's colour (hex without #), one per verdict code, as on the SVG badge." }),
    labelColor: z
      .string()
      .regex(/^[0-9a-f]{6}$/)
      .meta({ description: "The left half's colour (hex without #)." }),
    isError: z
      .literal(true)
      .optional()
      .meta({ description: "Present on the unknown-device (404) and withdrawn-record (410) answers, so an embedding page cannot recolour them." }),
    cacheSeconds: z.number().int().min(300).meta({ description: "How long shields may cache the badge: the API's own five minutes." }),
  })
  .strict()
  .meta({ description: "shields.io's endpoint JSON (schemaVersion 1)." });

/**
 * The named schemas of the API, by component name. Record pieces are named
 * here rather than in record.ts so the record's own JSON Schema stays inline.
 */
export const responseSchemas = z.registry<{ id: string }>();
for (const [id, schema] of Object.entries({
  PartialDate,
  Slug,
  Scope,
  Variant,
  Caveat,
  EvidenceLevel,
  Source,
  Repairability,
  Revision,
  License,
  Attribution,
  CommitmentStatus,
  CommitmentDocument,
  Verdict,
  DeviceLinks,
  DeviceSummary,
  DeviceDocument,
  Assertion,
  RecallReviewDocument,
  EvidenceDocument,
  Identifier,
  IdentifierMatch,
  IdentifierDocument,
  ListMeta,
  ListPage,
  LegacyListPage,
  ListParameterProblem,
  YearNotFoundProblem,
  ShieldsEndpoint,
  OsReleaseSummary,
  OsReleaseDocument,
  OsList,
})) {
  responseSchemas.add(schema, { id });
}
for (const [code, schema] of Object.entries(PROBLEM_SCHEMAS)) responseSchemas.add(schema, { id: problemSchemaId(code as ProblemCode) });

export type DeviceSummary = z.output<typeof DeviceSummary>;
export type ShieldsEndpoint = z.output<typeof ShieldsEndpoint>;
export type DeviceDocument = z.output<typeof DeviceDocument>;
export type EvidenceDocument = z.output<typeof EvidenceDocument>;
export type ListMeta = z.output<typeof ListMeta>;
export type IdentifierDocument = z.output<typeof IdentifierDocument>;
