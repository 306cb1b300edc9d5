// Generated catalogs for the hostile-input properties: valid records with
// hostile text in every free-text field and hostile (but http(s)) links, built
// field by field along the zod schema, so each one must be accepted.
// records-properties.test.ts checks that the generator covers every field the
// schema declares and fills every free-text field with hostile text.
import fc from "fast-check";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEVICE_TYPES, EU_REPAIR_CLASSES, EVIDENCE_LEVELS, IDENTIFIER_KINDS, OS_NAMES } from "../../generator/schema/record.ts";
import { CEILING_WORDS } from "../../generator/load/validate.ts";
import { tempDir } from "../helpers/build.ts";

/** A fixed seed, so a failure reproduces; FC_SEED and FC_RUNS override it and the run counts. */
export const SEED = Number(process.env.FC_SEED ?? 20261122);
export const runs = (fallback: number) => Number(process.env.FC_RUNS ?? fallback);

/** The build day every property uses. */
export const NOW = "2026-11-22";

/** Text that breaks naive escaping somewhere: HTML, CSV, iCalendar, XML, Nunjucks, bidi display. */
export const HOSTILE_PIECES = [
  '<script>alert("pwn")</script>',
  "</td></tr></table><x-pwn onpwn=1>",
  "<img src=x onerror=alert(1)>",
  "<!--",
  "-->",
  "]]>",
  "<![CDATA[",
  '"',
  "'",
  "`",
  "&",
  "&amp;",
  "&lt;b&gt;",
  "&#39;",
  "&nbsp;",
  "\n",
  "\t",
  "\n\n",
  "\u200f",
  "\u200e",
  "\u202e",
  "\u2066",
  "\u2069",
  "\u200b",
  "\u00a0",
  "\u2028",
  "\u2029",
  "e\u0301",
  "😀",
  "👩‍👩‍👧‍👦",
  "🇯🇵",
  "ｆｕｌｌ",
  "日本語",
  "עברית",
  "العربية",
  "=",
  "+",
  "-",
  "@",
  "=1+1",
  '=HYPERLINK("https://evil.example","x")',
  "+SUM(A1)",
  "-2+3",
  "@cmd",
  ";",
  ",",
  "\\",
  "\\n",
  "\\,",
  "\\;",
  ":",
  "|",
  " | ",
  "[",
  "]",
  "{{ name }}",
  "{% raw %}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder as literal record text, on purpose.
  "${x}",
  "%0A",
  "%s",
  "\nDTSTART:20200101",
  "END:VCALENDAR",
  "javascript:alert(1)",
];

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_PIECES) },
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 10 }) },
  // Longer than an iCalendar line, so folding splits it (and multi-byte characters) somewhere.
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 60, maxLength: 160 }) },
);

/** Free text as a curator could write it: never empty once trimmed, as the schema requires. */
const hostileText = fc
  .array(piece, { minLength: 1, maxLength: 5 })
  .map((ps) => ps.join(""))
  .filter((s) => s.trim() !== "");

/** http(s) links whose paths and queries hold characters each output must escape. */
const hostileUrl = fc
  .tuple(
    fc.webUrl({ validSchemes: ["https", "http"], withQueryParameters: true, withFragments: true }),
    fc.constantFrom("", "?a=1&b=<x>", '/"quoted"', "/it's", "/a;b,c\\d", "/é/日本", "?q=a|b", "/%20x", "#frag&x=<y>"),
  )
  .map(([u, tail]) => u + tail);

const REGIONS = ["US", "GB", "DE", "FR", "JP", "EU", "EEA", "GLOBAL"] as const;
const PRECISIONS = ["day", "month", "quarter", "year"] as const;
const pad = (n: number) => String(n).padStart(2, "0");
const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

type G = fc.GeneratorValue;
export type Raw = Record<string, any>;

function day(g: G, from: number, to: number): string {
  const y = g(fc.integer, { min: from, max: to });
  const m = g(fc.integer, { min: 1, max: 12 });
  return `${y}-${pad(m)}-${pad(g(fc.integer, { min: 1, max: daysIn(y, m) }))}`;
}

/** A known date in `year`, at a precision the generator picks (or the one given). */
function partialDate(g: G, year: number, precision: (typeof PRECISIONS)[number] = g(fc.constantFrom, ...PRECISIONS)): Raw {
  const m = g(fc.integer, { min: 1, max: 12 });
  switch (precision) {
    case "day":
      return { value: `${year}-${pad(m)}-${pad(g(fc.integer, { min: 1, max: daysIn(year, m) }))}`, precision };
    case "month":
      return { value: `${year}-${pad(m)}`, precision };
    case "quarter":
      return { value: `${year}-Q${g(fc.integer, { min: 1, max: 4 })}`, precision };
    case "year":
      return { value: String(year), precision };
  }
}

const maybe = <T>(g: G, make: () => T): T | undefined => (g(fc.boolean) ? make() : undefined);
const some = <T>(g: G, xs: readonly T[], min = 0): T[] => g(fc.subarray, [...xs], { minLength: min });
const text = (g: G) => g(() => hostileText);
const url = (g: G) => g(() => hostileUrl);
/** Drops keys whose value is undefined, so optional fields are absent rather than null. */
const defined = (o: Raw): Raw => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

function scope(g: G, models: string[], regions: string[]): Raw {
  return defined({
    models: maybe(g, () => some(g, models, 1)),
    regions: maybe(g, () => some(g, regions, 1)),
    carriers: maybe(g, () => g(fc.array, hostileText, { minLength: 1, maxLength: 2 })),
  });
}

/** Meanings for a dated end: no words of a ceiling ("up to", "aim"), which the validator refuses beside an end. */
const endMeaning = hostileText.filter((s) => !CEILING_WORDS.test(s));

/**
 * A commitment the validator accepts: a dated end, minimum or ceiling after
 * the release year, never an end and a ceiling together, a minimum that does
 * not begin after the end or the ceiling, and at least one source and no
 * "unverified" level whenever it carries a date.
 */
function commitment(g: G, id: string, released: number, ctx: { models: string[]; regions: string[]; sourceIds: string[] }): Raw {
  const shape = g(fc.constantFrom, "end", "minimum", "ceiling", "end+minimum", "minimum+ceiling", "unknown", "neither");
  const lastYear = released + g(fc.integer, { min: 1, max: 10 });
  const dates: Raw = {};
  const last = shape.includes("ceiling") ? "ceiling" : "end";
  if (shape === "end" || shape === "end+minimum" || shape === "ceiling" || shape === "minimum+ceiling") dates[last] = partialDate(g, lastYear);
  if (shape === "unknown") dates.end = { precision: "unknown" };
  if (shape === "minimum") dates.minimum = partialDate(g, lastYear);
  if (shape.includes("+")) {
    const year = g(fc.integer, { min: released + 1, max: lastYear });
    // In the end's (or ceiling's) own year only a whole-year minimum is sure to begin before it does.
    dates.minimum = partialDate(g, year, year === lastYear ? "year" : undefined);
  }
  // The statements without a horizon: support ended (no dated end beside it), an observed last update, a listing as
  // continuing (never beside ended). Each is a claim like a date: a source read here, no "unverified" level.
  const statement = dates.end?.value ? "none" : g(fc.constantFrom, "none", "none", "ended", "ended+lastUpdate", "listed", "listed+lastUpdate", "lastUpdate");
  if (statement.startsWith("ended")) dates.ended = true;
  if (statement.startsWith("listed")) dates.supportedOn = day(g, released + 1, released + 8);
  if (statement.endsWith("lastUpdate")) dates.lastUpdate = partialDate(g, g(fc.integer, { min: released + 1, max: lastYear }));
  const dated = !["unknown", "neither"].includes(shape) || statement !== "none";
  return defined({
    id,
    scope: scope(g, ctx.models, ctx.regions),
    component: maybe(g, () => text(g)),
    ...dates,
    meaning: dates.end?.value ? g(() => endMeaning) : text(g),
    evidenceLevel: dated ? g(fc.constantFrom, ...EVIDENCE_LEVELS.filter((l) => l !== "unverified")) : g(fc.constantFrom, ...EVIDENCE_LEVELS),
    // A date rests on at least one source read here: src-0 always is.
    sourceIds: dated ? ["src-0", ...some(g, ctx.sourceIds.slice(1))] : maybe(g, () => some(g, ctx.sourceIds)),
  });
}

/** What a withdrawn record of makeRecord names as its replacement until makeCatalog picks a published record. */
const REPLACEMENT = "replacement";

function publication(g: G): Raw {
  switch (g(fc.constantFrom, "published", "published", "published", "published", "draft", "withdrawn")) {
    case "draft":
      return defined({ state: "draft", note: maybe(g, () => text(g)) });
    case "withdrawn":
      // makeCatalog points a replacement at one of the catalog's published records.
      return defined({ state: "withdrawn", reason: text(g), withdrawnOn: day(g, 2020, 2026), replacedBy: maybe(g, () => REPLACEMENT) });
    default:
      return { state: "published" };
  }
}

/** Record `i` of a catalog. Slugs, former slugs and alias suffixes carry `i`, so no two records collide. */
export function makeRecord(g: G, i: number): Raw {
  const slug = `d${i}-${g(fc.stringMatching, /^[a-z0-9]{1,8}$/)}`;
  const released = g(fc.integer, { min: 2015, max: 2026 });
  const variants = g(
    fc.uniqueArray,
    fc.record({ model: hostileText, regions: fc.subarray([...REGIONS], { minLength: 1 }), note: hostileText }, { requiredKeys: ["model", "regions"] }),
    {
      minLength: 1,
      maxLength: 3,
      selector: (v) => (v as Raw).model.trim(),
    },
  ) as Raw[];
  // The first source was read here; a later one may be a page it cites and nobody here read (citedBy).
  const sources = Array.from({ length: g(fc.integer, { min: 1, max: 3 }) }, (_, k) => ({
    id: `src-${k}`,
    url: url(g),
    publisher: text(g),
    title: text(g),
    ...(k > 0 && g(fc.boolean) ? { citedBy: "src-0" } : { checked: day(g, 2015, 2026) }),
  }));
  // Codes in each kind's format (docs/record-rules.md#identifiers), carrying the record's and the variant's index so no two records share one.
  variants.forEach((v, k) => {
    const codes = maybe(g, () =>
      Array.from({ length: g(fc.integer, { min: 1, max: 3 }) }, (_, n) => {
        const kind: (typeof IDENTIFIER_KINDS)[number] = g(fc.constantFrom, ...IDENTIFIER_KINDS);
        const value = {
          "model-number": `SM-${i}${k}${n}F`,
          "hardware-identifier": `iPhone${i + 1},${k * 10 + n + 1}`,
          codename: `c${i}x${k}_${n}`,
          sku: `Surface_Test ${i}_${k}${n}`,
          board: `D${i}${k}${n}AP`,
          "hwid-pattern": `^H${i}X${k}N${n}-.*|^H${i}X${k}N${n} [A-Z]+`,
        }[kind];
        return defined({
          kind,
          value,
          sourceId: g(fc.constantFrom, ...sources.map((x) => x.id)),
          regions: maybe(g, () => g(fc.subarray, v.regions as string[], { minLength: 1 })),
          shared: maybe(g, () => true as const),
        });
      }),
    );
    if (codes) v.identifiers = codes;
  });
  const ctx = {
    models: variants.map((v) => v.model),
    regions: [...new Set(variants.flatMap((v) => v.regions as string[]))],
    sourceIds: sources.map((s) => s.id),
  };
  const commitments = (kind: string) => Array.from({ length: g(fc.integer, { min: 1, max: 3 }) }, (_, k) => commitment(g, `${kind}-${k}`, released, ctx));
  const recallReview = Array.from({ length: g(fc.integer, { min: 0, max: 2 }) }, () => {
    const match = g(fc.boolean);
    return defined({
      registry: text(g),
      registryUrl: url(g),
      searchedOn: day(g, 2020, 2026),
      searched: defined({ maker: text(g), model: text(g), codes: maybe(g, () => Array.from({ length: g(fc.integer, { min: 0, max: 2 }) }, () => text(g))) }),
      query: maybe(g, () => text(g)),
      result: match ? "match" : "no-match-on-date",
      matches: match
        ? Array.from({ length: g(fc.integer, { min: 1, max: 2 }) }, () =>
            defined({
              title: text(g),
              url: url(g),
              date: maybe(g, () => partialDate(g, g(fc.integer, { min: 2015, max: 2026 }))),
              number: maybe(g, () => text(g)),
              hazard: maybe(g, () => text(g)),
              remedy: maybe(g, () => text(g)),
            }),
          )
        : maybe(g, () => []),
      sourceIds: maybe(g, () => some(g, ctx.sourceIds)),
      note: maybe(g, () => text(g)),
    });
  });
  return defined({
    $schema: "../device-record.schema.json",
    slug,
    // A name is free text; aliases end in a marker a name never has, so no alias reads as another record's name.
    name: text(g),
    // One spelling per manufacturer (a validation rule): the index ends each name, so no two records slug alike.
    manufacturer: `${text(g)} M${i}`,
    deviceType: g(fc.constantFrom, ...DEVICE_TYPES),
    aliases: maybe(g, () => Array.from({ length: g(fc.integer, { min: 0, max: 2 }) }, (_, k) => `${text(g)} (alias ${k})`)),
    formerSlugs: maybe(g, () => Array.from({ length: g(fc.integer, { min: 0, max: 2 }) }, (_, k) => `old-${i}-${k}`)),
    publication: publication(g),
    released: g(fc.boolean) ? partialDate(g, released) : { precision: "unknown" },
    osVersions: maybe(g, () => {
      const first = g(fc.integer, { min: 1, max: 20 });
      const last = maybe(g, () => String(first + g(fc.integer, { min: 0, max: 6 })));
      return [defined({ os: g(fc.constantFrom, ...OS_NAMES), first: String(first), last, sourceIds: some(g, ctx.sourceIds, 1) })];
    }),
    variants,
    caveats: maybe(g, () =>
      Array.from({ length: g(fc.integer, { min: 0, max: 2 }) }, () =>
        defined({ scope: scope(g, ctx.models, ctx.regions), text: text(g), sourceIds: maybe(g, () => some(g, ctx.sourceIds)) }),
      ),
    ),
    support: { os: commitments("os"), security: commitments("security") },
    evidence: defined({
      sources,
      recallReview: recallReview.length || g(fc.boolean) ? recallReview : undefined,
      repairability: maybe(g, () => [
        defined({
          scheme: text(g),
          score: text(g),
          euLabel: maybe(g, () =>
            defined({
              registration: g(fc.integer, { min: 1, max: 9_999_999 }),
              url: url(g),
              modelIdentifier: text(g),
              supplier: text(g),
              class: g(fc.constantFrom, ...EU_REPAIR_CLASSES),
              index: g(fc.integer, { min: 0, max: 500 }) / 100,
              subScores: maybe(g, () => ({ disassemblyDepth: text(g), fasteners: text(g), tools: text(g), spareParts: text(g), repairInformation: text(g) })),
              batteryEnduranceCycles: maybe(g, () => g(fc.integer, { min: 100, max: 2000 })),
              firstOnMarket: maybe(g, () => day(g, 2020, 2026)),
              declaredMinimumSoftwareUpdateYears: maybe(g, () => g(fc.integer, { min: 1, max: 10 })),
            }),
          ),
          scope: maybe(g, () => scope(g, ctx.models, ctx.regions)),
          sourceId: g(fc.constantFrom, ...ctx.sourceIds),
          checked: day(g, 2015, 2026),
        }),
      ]),
      revisions: Array.from({ length: g(fc.integer, { min: 1, max: 3 }) }, () => ({ date: day(g, 2015, 2026), change: text(g), reason: text(g) })),
    }),
  });
}

/** A catalog of 2 to 5 records. */
export function makeCatalog(g: G): Raw[] {
  const records = Array.from({ length: g(fc.integer, { min: 2, max: 5 }) }, (_, i) => makeRecord(g, i));
  const published = records.filter((r) => r.publication.state === "published");
  for (const r of records) {
    if (r.publication.replacedBy !== REPLACEMENT) continue;
    if (published.length) r.publication.replacedBy = g(fc.constantFrom, ...published).slug;
    else delete r.publication.replacedBy;
  }
  return records;
}

/** Writes records (or raw file texts) as data/devices/<name>.json in a fresh folder; returns the data folder. */
export function writeCatalog(files: { name: string; text: string }[]): string {
  const dataDir = tempDir("dl-hostile-");
  mkdirSync(path.join(dataDir, "devices"));
  for (const f of files) writeFileSync(path.join(dataDir, "devices", f.name), f.text);
  return dataDir;
}

export const recordFile = (r: Raw) => ({ name: `${r.slug}.json`, text: `${JSON.stringify(r, null, 2)}\n` });
