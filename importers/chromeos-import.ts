// The ChromeOS importer as one pure function: the recovery index's models
// and the update server's AUE samples (chromeos-models.ts) in, proposed
// records and the reconciliation report (data/import/chromebooks.{md,json})
// out. One record per name Google Admin shows (the index's current name);
// models of one name (one name on several recovery images or HWID patterns)
// are its variants, each with its board and HWID pattern and its own AUE.
// A model's AUE is a documented end (manufacturer-dated, month precision)
// only where its own sample's HWID matched its pattern; otherwise the record
// says "AUE not recorded" and borrows nothing from its board. A curated
// record of the same device is never rewritten: it gains the codes and the
// index's names, and the report sets its dates beside the server's. Docs:
// docs/import-chromebooks.md.
import { identifierIdentity, identifierKey } from "../generator/contract/identifiers.ts";
import { compact } from "../generator/derive/search.ts";
import { IDENTIFIER_FORMATS } from "../generator/load/identifier-formats.ts";
import { formatProblem, validateFiles, type RawFile } from "../generator/load/validate.ts";
import type { Commitment, DeviceRecord, Identifier, Scope, Source } from "../generator/schema/record.ts";
import { type ChromeModel, type ChromeSources, readChromeModels, type AueSample } from "./chromeos-models.ts";
import { factsOf, IDENTIFIERS_MARK, shortCommit } from "./endoflife-proposals.ts";
import { recordText } from "../generator/schema/record.ts";
import { cell } from "./endoflife-report.ts";
import { slugOf } from "./endoflife-readings.ts";
import type { SourceProblem } from "./front-matter.ts";
import type { CatalogFile } from "./identifiers-merge.ts";
import { nameKey } from "./endoflife-matching.ts";
import { jsonText } from "../generator/contract/json-text.ts";
import { fileUrl, SOURCES } from "./sources.ts";

export const CHROMEBOOKS_JSON = "import/chromebooks.json";
export const CHROMEBOOKS_MARKDOWN = "import/chromebooks.md";
/** How the importer's creation entry begins. */
export const CHROMEOS_MARK = "Imported from Google's ChromeOS recovery index";
export const PUBLISHER = "Google ChromeOS recovery index and update server, via jay0lee/chromeos-update-directory";

/**
 * Models that are not one device a fleet holds: ChromeOS Flex (reven) runs on
 * any PC, and the index lists development boards, reference designs and
 * placeholders by such names.
 */
const NOT_A_DEVICE = /development product|moblab|^chromebox reference$|^n\/a$|^duplicate of\b/i;
const EXCLUDED_IMAGES = new Set(["reven"]);

/** The index's manufacturers as the catalog spells them (the ODM names, e.g. "Quanta CL", are kept as the index writes them). */
const MANUFACTURERS: Record<string, string> = {
  Asus: "ASUS",
  HPCMIT: "HP",
  "Google Chrome OS": "Google",
  LGE: "LG",
  Viewsonic: "ViewSonic",
  "FCCL (Fujitsu)": "Fujitsu",
};

/**
 * Curated records the index names otherwise, by the index's current name: the
 * curator's reading, so the importer merges with them instead of proposing a
 * second record (the name alone does not match).
 */
export const CURATED: Record<string, string> = {
  "Lenovo Ideapad C330 Chromebook": "lenovo-chromebook-c330",
};

export interface Snapshot {
  commit: string;
  commitDate: string;
}

export interface ChromeImportInput {
  sources: ChromeSources;
  snapshot: Snapshot;
  checked: string;
  state: "draft" | "published";
  catalog: CatalogFile[];
  devicesDir: string;
}

export interface VariantEntry {
  image: string;
  hwidmatch: string;
  /** The month the server gave a sample this pattern matches, or null. */
  aue: string | null;
  sample?: string;
  /** Earlier samples that gave another month (the newest is taken). */
  earlier?: string[];
}

export interface RecordEntry {
  slug: string;
  name: string;
  manufacturer: string;
  variants: VariantEntry[];
  status: "imported" | "curated" | "not written";
  note?: string;
}

export interface ChromeReport {
  source: Snapshot & { repository: string };
  rules: Record<string, string>;
  totals: {
    indexRows: number;
    models: number;
    excluded: number;
    records: number;
    imported: number;
    curated: number;
    notWritten: number;
    withAue: number;
    withoutAue: number;
    sharedNames: number;
    changedDates: number;
  };
  excluded: { image: string; name: string; line: number; reason: string }[];
  /** Codes left off because another record (not a Chromebook) already carries them. */
  codesLeftOff: { slug: string; code: string; carriedBy: string[] }[];
  curated: { slug: string; name: string; recordSays: string; serverSays: string }[];
  records: RecordEntry[];
}

export const RULES = {
  unit: "A model is one HWID pattern of one recovery image (models.json row); its names are every name the index gave that pattern, its current name the one the image's newest file gives (what Google Admin's Model column shows).",
  record:
    "One record per current name (with the manufacturer before it where the name is only a model, e.g. \"Lenovo 500e\"): models that share a name are variants of one record, told apart by their HWID pattern and board. Older names are aliases, unless one reads as another record's name or is another model's current name.",
  aue: "A model's AUE is the month of the newest sample of its own image whose HWID its pattern matches (tested as a JavaScript RegExp, as Google's recovery tool does): Google's documented end of OS and security updates (manufacturer-dated, month precision). A model no sample matched has no date (\"AUE not recorded\"): a board's date is never spread to its other models.",
  server:
    "Where the update server and Google's help page differ, the server is what the device is told: the server's month is stored. Where samples over time gave two months, the newest is stored and the change listed.",
  curated:
    "A record the catalog already has (by name, alias or the curator's table CURATED) is never rewritten: it gains the board, the HWID pattern and the index's names as aliases, and the report sets its ends beside the server's.",
  excluded: "ChromeOS Flex (reven, any PC), development boards, reference designs and placeholder names are not devices and get no record.",
} as const;

const monthWords = (m: string) =>
  `${["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"][Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;

/** A name with its manufacturer before it where the index gives only the model ("500e", "Chromebook x360 14b-cb0"). */
function displayName(model: ChromeModel, manufacturer: string): string {
  const name = model.current;
  if (compact(name).startsWith(compact(manufacturer)) || compact(name).startsWith(compact(model.manufacturer))) return name;
  return /^chrome/i.test(name) || !/chrome/i.test(name) ? `${manufacturer} ${name}` : name;
}

/** A slug of at most 80 characters, cut at a hyphen. */
function slugFor(name: string): string {
  const s = slugOf(name);
  if (s.length <= 80) return s;
  const cut = s.slice(0, 80);
  return cut.slice(0, cut.lastIndexOf("-"));
}

/** A sampled HWID as text every output can carry: upstream draws some at random, control characters included (\x0b). */
const printable = (hwid: string) => hwid.replace(/[^\x20-\x7e]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);

const milestoneOf = (path: string) => /\/(\d+)\/data\.json$/.exec(path)?.[1] ?? "0";

/** The pattern's first word, as a curator reads it (^BLOOGLET .* → BLOOGLET). */
const leadOf = (pattern: string) => /^\^?([A-Z0-9]+)/.exec(pattern)?.[1] ?? pattern.slice(0, 20);

interface Group {
  name: string;
  manufacturer: string;
  models: ChromeModel[];
}

export function runChromeImport(input: ChromeImportInput): { problems: SourceProblem[]; writes: { path: string; text: string }[]; report?: ChromeReport } {
  const read = readChromeModels(input.sources);
  if (read.problems.length) return { problems: read.problems, writes: [] };
  const { commit, commitDate } = input.snapshot;
  const checked = input.checked;

  const excluded: ChromeReport["excluded"] = [];
  const groups = new Map<string, Group>();
  for (const m of read.models) {
    const why = EXCLUDED_IMAGES.has(m.image)
      ? "ChromeOS Flex runs on any PC: not one device"
      : NOT_A_DEVICE.test(m.current)
        ? "not a device a fleet holds (development board, reference design or placeholder name)"
        : undefined;
    if (why) {
      excluded.push({ image: m.image, name: m.current, line: m.line, reason: why });
      continue;
    }
    const manufacturer = MANUFACTURERS[m.manufacturer] ?? m.manufacturer;
    const name = displayName(m, manufacturer);
    const key = nameKey(name);
    const g = groups.get(key) ?? { name, manufacturer, models: [] };
    g.models.push(m);
    groups.set(key, g);
  }

  // The catalog: records this importer wrote, and the curated ones it may merge with.
  const live = input.catalog.filter((c) => c.record.publication.state !== "withdrawn");
  const mine = (r: DeviceRecord) =>
    r.evidence.revisions[0]?.change.startsWith(CHROMEOS_MARK) &&
    r.evidence.revisions.every((v) => v.change.startsWith(CHROMEOS_MARK) || v.change.startsWith(IDENTIFIERS_MARK));
  const bySlug = new Map(input.catalog.map((c) => [c.record.slug, c]));
  const curatedByName = new Map<string, CatalogFile>();
  for (const c of live) if (!mine(c.record)) for (const n of [c.record.name, ...c.record.aliases]) curatedByName.set(nameKey(n), c);
  const placeCurated = (g: Group): CatalogFile | undefined => {
    for (const m of g.models) {
      const slug = CURATED[m.current];
      if (slug && bySlug.has(slug)) return bySlug.get(slug);
    }
    const parts = [g.name, ...g.models.flatMap((m) => m.current.split(/\s+\/\s+/))];
    for (const p of parts) {
      const hit = curatedByName.get(nameKey(p));
      if (hit && compact(hit.record.manufacturer) === compact(g.manufacturer)) return hit;
    }
    return undefined;
  };

  // Codes other records carry: a board that is also, say, a Pixel's codename (coral) is left off, not shared by guess.
  const others = new Map<string, string[]>();
  for (const c of live) {
    if (mine(c.record)) continue;
    // Codes this importer added to a curated record on an earlier run are its own, not another source's.
    const fromIndex = new Set(c.record.evidence.sources.filter((s) => s.url.startsWith(SOURCES.chromeos.repository)).map((s) => s.id));
    for (const v of c.record.variants)
      for (const x of v.identifiers ?? [])
        if (!fromIndex.has(x.sourceId)) others.set(identifierIdentity(x), [...(others.get(identifierIdentity(x)) ?? []), c.record.slug]);
  }
  const codesLeftOff: ChromeReport["codesLeftOff"] = [];

  // Boards several records carry are shared: the index gives one board to many models.
  const boardsOf = (m: ChromeModel) => [m.image, ...(m.ownBoard ? [m.ownBoard] : [])].filter((b) => IDENTIFIER_FORMATS.board.pattern.test(b));
  const boardRecords = new Map<string, Set<string>>();
  for (const [key, g] of groups) for (const m of g.models) for (const b of boardsOf(m)) boardRecords.set(b, (boardRecords.get(b) ?? new Set()).add(key));

  const sourceOf = (path: string, what: string): Source => ({
    id: `chromeos-${path.split("/")[2]}-${milestoneOf(path)}`,
    url: fileUrl(SOURCES.chromeos.repository, commit, path),
    publisher: PUBLISHER,
    title: `${path} at commit ${shortCommit(commit)} (${commitDate}): ${what}`,
    checked,
  });
  const listingOf = (m: ChromeModel): Source =>
    m.listedIn
      ? sourceOf(m.listedIn, `Google's recovery index and update-server answer for the ${m.image} image`)
      : {
          id: `chromeos-${m.image}-images`,
          url: `${SOURCES.chromeos.repository}/tree/${commit}/data/images/${m.image}`,
          publisher: PUBLISHER,
          title: `data/images/${m.image} at commit ${shortCommit(commit)} (${commitDate}): Google's recovery index files for the ${m.image} image`,
          checked,
        };
  const sampleSource = (x: AueSample) => sourceOf(x.path, `Google's recovery index and update-server answer for the ${x.imageName} image`);

  const entries: RecordEntry[] = [];
  const curatedRows: ChromeReport["curated"] = [];
  const proposals: DeviceRecord[] = [];
  const built: DeviceRecord[] = [];
  const changed: CatalogFile[] = [];
  const takenNames = new Map<string, string>();
  for (const c of live) takenNames.set(compact(c.record.name), c.record.slug);
  const currentNames = new Set([...groups.values()].flatMap((g) => g.models.map((m) => compact(m.current))));

  const variantEntries = (g: Group): VariantEntry[] =>
    g.models.map((m) => ({
      image: m.image,
      hwidmatch: m.hwidmatch,
      aue: m.aue?.sample.month ?? null,
      ...(m.aue ? { sample: `${m.aue.sample.path} (${m.aue.sample.sampleHwid})` } : {}),
      ...(m.aue?.earlier.length ? { earlier: m.aue.earlier.map((e) => `${e.month} in ${e.path} (${e.lastChanged.slice(0, 10)})`) } : {}),
    }));

  const sortedGroups = [...groups.entries()].sort(([, a], [, b]) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // Two long names cut to one slug are numbered, in name order.
  const slugs = new Map<string, string>();
  const used = new Set<string>();
  for (const [key, g] of sortedGroups) {
    let slug = slugFor(g.name);
    for (let n = 2; used.has(slug); n++) slug = `${slugFor(g.name).slice(0, 77)}-${n}`;
    used.add(slug);
    slugs.set(key, slug);
  }
  for (const [key, g] of sortedGroups) {
    g.models.sort((a, b) => (a.image < b.image ? -1 : a.image > b.image ? 1 : a.hwidmatch < b.hwidmatch ? -1 : 1));
    const curated = placeCurated(g);
    if (curated) {
      const merged = mergeCurated(curated, g, { listingOf, boardsOf, boardRecords, checked, commit, commitDate, others, codesLeftOff, takenNames });
      if (merged) changed.push(merged);
      for (const m of g.models)
        curatedRows.push({
          slug: curated.record.slug,
          name: m.current,
          recordSays: curated.record.support.security.map((c) => c.end?.value ?? "no end").join("; "),
          serverSays: m.aue?.sample.month ?? "not recorded",
        });
      entries.push({
        slug: curated.record.slug,
        name: curated.record.name,
        manufacturer: curated.record.manufacturer,
        variants: variantEntries(g),
        status: "curated",
        note: "the catalog's own record: codes and names added, dates compared, never rewritten",
      });
      continue;
    }
    built.push(
      recordOf(g, slugs.get(key)!, {
        currentNames,
        sourceOf: sampleSource,
        listingOf,
        boardsOf,
        boardRecords,
        others,
        codesLeftOff,
        checked,
        commit,
        commitDate,
        state: input.state,
      }),
    );
    entries.push({ slug: built.at(-1)!.slug, name: g.name, manufacturer: g.manufacturer, variants: variantEntries(g), status: "imported" });
  }
  // Aliases that read as another record's name (a proposal's or the catalog's) are dropped: the search would rank them as that name.
  for (const r of built) if (!takenNames.has(compact(r.name))) takenNames.set(compact(r.name), r.slug);
  for (const record of built) {
    record.aliases = record.aliases.filter((a) => (takenNames.get(compact(a)) ?? record.slug) === record.slug);
    const entry = entries.find((e) => e.slug === record.slug)!;
    const earlier = bySlug.get(record.slug);
    if (earlier && !mine(earlier.record)) {
      entry.status = "not written";
      entry.note = `the slug is another record's (${earlier.record.name}); a curator must name one of them apart`;
    } else if (earlier && factsOf(earlier.record) !== factsOf({ ...record, publication: earlier.record.publication })) {
      entry.status = "not written";
      entry.note = "an earlier import differs from what the index says now; revise it by hand";
    } else if (!earlier) proposals.push(record);
  }

  // The real validator over the whole catalog as it would be: any new problem stops the run (nothing is written).
  const fileOf = (slug: string) => `${input.devicesDir}/${slug}.json`;
  const changedText = new Map(changed.map((c) => [c.record.slug, recordText(c.raw)]));
  const catalogFiles: RawFile[] = input.catalog.map((l) => ({ file: l.file, slug: l.record.slug, text: recordText(l.record) }));
  const baseline = new Set(validateFiles(catalogFiles).problems.map(formatProblem));
  const after: RawFile[] = [
    ...input.catalog.map((l) => ({ file: l.file, slug: l.record.slug, text: changedText.get(l.record.slug) ?? recordText(l.record) })),
    ...proposals.map((r) => ({ file: fileOf(r.slug), slug: r.slug, text: recordText(r) })),
  ];
  const found = validateFiles(after).problems.filter((p) => !baseline.has(formatProblem(p)));
  if (found.length) return { problems: found.map((p) => ({ file: p.file, line: 1, message: `${p.path}: ${p.message}` })), writes: [] };

  const inCatalog = entries.filter((e) => e.status !== "not written");
  const report: ChromeReport = {
    source: { repository: SOURCES.chromeos.repository, commit, commitDate },
    rules: { ...RULES },
    totals: {
      indexRows: read.models.reduce((n, m) => n + m.names.length, 0),
      models: read.models.length,
      excluded: excluded.length,
      records: entries.length,
      imported: entries.filter((e) => e.status === "imported").length,
      curated: entries.filter((e) => e.status === "curated").length,
      notWritten: entries.filter((e) => e.status === "not written").length,
      withAue: inCatalog.filter((e) => e.variants.some((v) => v.aue)).length,
      withoutAue: inCatalog.filter((e) => e.variants.every((v) => !v.aue)).length,
      sharedNames: entries.filter((e) => e.variants.length > 1).length,
      changedDates: entries.reduce((n, e) => n + e.variants.filter((v) => v.earlier).length, 0),
    },
    excluded: excluded.sort((a, b) => a.line - b.line),
    codesLeftOff: codesLeftOff.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : a.code < b.code ? -1 : 1)),
    curated: curatedRows,
    records: entries,
  };
  return {
    problems: [],
    writes: [
      ...proposals.map((r) => ({ path: `devices/${r.slug}.json`, text: recordText(r) })),
      ...changed.map((c) => ({ path: `devices/${c.record.slug}.json`, text: changedText.get(c.record.slug)! })),
      { path: CHROMEBOOKS_JSON, text: jsonText(report) },
      { path: CHROMEBOOKS_MARKDOWN, text: chromebooksMarkdown(report) },
    ],
    report,
  };
}

interface RecordContext {
  /** Every model's current name, compact. */
  currentNames: Set<string>;
  sourceOf: (x: AueSample) => Source;
  listingOf: (m: ChromeModel) => Source;
  boardsOf: (m: ChromeModel) => string[];
  boardRecords: Map<string, Set<string>>;
  others: Map<string, string[]>;
  codesLeftOff: ChromeReport["codesLeftOff"];
  checked: string;
  commit: string;
  commitDate: string;
  state: "draft" | "published";
}

function recordOf(g: Group, slug: string, ctx: RecordContext): DeviceRecord {
  const sources: Source[] = [];
  const cite = (s: Source) => {
    if (!sources.some((x) => x.id === s.id)) sources.push(s);
    return s.id;
  };
  const several = g.models.length > 1;
  const models = g.models.map((m) =>
    several ? `${m.current} (${m.image}${m.ownBoard ? `/${m.ownBoard}` : ""} board, HWID ${leadOf(m.hwidmatch)})` : m.current,
  );
  // Unique within the record: two patterns of one image with one lead word are numbered.
  const seen = new Map<string, number>();
  const variantModels = models.map((m) => {
    const n = (seen.get(m) ?? 0) + 1;
    seen.set(m, n);
    return n > 1 ? `${m} #${n}` : m;
  });
  const boardsHere = new Set<string>();
  const variants = g.models.map((m, i) => {
    const listing = cite(ctx.listingOf(m));
    const identifiers: Identifier[] = [];
    for (const b of ctx.boardsOf(m)) {
      if (boardsHere.has(b)) continue;
      boardsHere.add(b);
      const carriedBy = ctx.others.get(identifierKey(b));
      if (carriedBy) {
        ctx.codesLeftOff.push({ slug, code: b, carriedBy });
        continue;
      }
      identifiers.push({ kind: "board", value: b, sourceId: listing, ...(ctx.boardRecords.get(b)!.size > 1 ? { shared: true as const } : {}) });
    }
    identifiers.push({ kind: "hwid-pattern", value: m.hwidmatch, sourceId: listing });
    const boards = m.boards.join(", ");
    return {
      model: variantModels[i]!,
      regions: ["GLOBAL"],
      identifiers,
      note: `Recovery image ${m.image} (boards ${boards}). Google Admin's Model column shows "${m.current}". ${
        several
          ? `${g.models.length} models of Google's recovery index share this name: a device is this one when its HWID (chrome://system, hardware_class) matches the pattern ${leadOf(m.hwidmatch)}…, as Google's recovery tool tests it, or when Admin's Platform Version names the ${m.image} board.`
          : "A device is this model when its HWID (chrome://system, hardware_class) matches its HWID pattern, as Google's recovery tool tests it."
      } The index records no markets; regions are not known.`,
    };
  });

  // One commitment per AUE month (or none): scoped to its variants when the record's models differ.
  const byMonth = new Map<string, number[]>();
  g.models.forEach((m, i) => {
    byMonth.set(m.aue?.sample.month ?? "", [...(byMonth.get(m.aue?.sample.month ?? "") ?? []), i]);
  });
  const months = [...byMonth.keys()].sort((a, b) => (a === "" ? 1 : b === "" ? -1 : a < b ? -1 : 1));
  const os: Commitment[] = [];
  const security: Commitment[] = [];
  for (const month of months) {
    const idx = byMonth.get(month)!;
    const scope: Scope = months.length > 1 ? { models: idx.map((i) => variants[i]!.model) } : {};
    const suffix = months.length > 1 ? `-${month || "not-recorded"}` : "";
    if (!month) {
      const meaning =
        "AUE not recorded for this model: the update server's answers in the copy read here were for other models' hardware IDs (or gave no date), and one model's date is not another's, even on the same board";
      os.push({ id: `aue${suffix}`, scope, meaning, evidenceLevel: "unverified", sourceIds: [] });
      security.push({ id: `aue-security${suffix}`, scope, meaning, evidenceLevel: "unverified", sourceIds: [] });
      continue;
    }
    const samples = idx.map((i) => g.models[i]!.aue!);
    const ids = [...new Set(samples.map((a) => cite(ctx.sourceOf(a.sample))))];
    const hwids = [...new Set(samples.map((a) => printable(a.sample.sampleHwid)))].join(", ");
    const earlier = [...new Set(samples.flatMap((a) => a.earlier.map((e) => `${monthWords(e.month!)} (${e.lastChanged.slice(0, 10)})`)))];
    const meaning = `Auto Update Expiration (AUE) ${monthWords(month)}: the month Google's update server gave this model's hardware ID (sample ${hwids}); after it the device gets no more ChromeOS or security updates${
      earlier.length ? `. Earlier answers said ${earlier.join(", ")}; the newest is kept` : ""
    }`;
    const end = { value: month, precision: "month" as const };
    os.push({ id: `aue${suffix}`, scope, end, meaning, evidenceLevel: "manufacturer-dated", sourceIds: ids });
    security.push({ id: `aue-security${suffix}`, scope, end, meaning, evidenceLevel: "manufacturer-dated", sourceIds: ids });
  }

  // An old name that is now another model's current name is left out: Admin shows that model so, not this one.
  const own = new Set(g.models.map((m) => compact(m.current)));
  const aliases = [...new Set(g.models.flatMap((m) => m.names))].filter(
    (n) => !NOT_A_DEVICE.test(n) && compact(n) !== compact(g.name) && (own.has(compact(n)) || !ctx.currentNames.has(compact(n))),
  );
  const unique = aliases.filter((a, i) => aliases.findIndex((b) => compact(b) === compact(a)) === i).sort();
  return {
    $schema: "../device-record.schema.json",
    slug,
    name: g.name,
    manufacturer: g.manufacturer,
    deviceType: "chromebook",
    aliases: unique,
    formerSlugs: [],
    publication:
      ctx.state === "published" ? { state: "published" } : { state: "draft", note: "Proposed by the ChromeOS importer; review it before publishing" },
    released: { precision: "unknown" },
    variants,
    caveats: [],
    support: { os, security },
    evidence: {
      sources,
      recallReview: [],
      repairability: [],
      revisions: [
        {
          date: ctx.checked,
          change: `${CHROMEOS_MARK} and update server: ${[...new Set(g.models.map((m) => m.image))].join(", ")} image${g.models.length > 1 ? "s" : ""}, jay0lee/chromeos-update-directory at commit ${shortCommit(ctx.commit)} (${ctx.commitDate})`,
          reason: "Proposed by the ChromeOS importer for a model the catalog did not have; docs/import-chromebooks.md says how each fact is read",
        },
      ],
    },
  };
}

interface MergeContext {
  listingOf: (m: ChromeModel) => Source;
  boardsOf: (m: ChromeModel) => string[];
  boardRecords: Map<string, Set<string>>;
  checked: string;
  commit: string;
  commitDate: string;
  others: Map<string, string[]>;
  codesLeftOff: ChromeReport["codesLeftOff"];
  takenNames: Map<string, string>;
}

/** A curated record with the codes and names the index gives it (appended, never changed); undefined when it has them all. */
function mergeCurated(file: CatalogFile, g: Group, ctx: MergeContext): CatalogFile | undefined {
  const raw = structuredClone(file.raw);
  const variant = raw.variants[0];
  const have = new Set<string>(raw.variants.flatMap((v: DeviceRecord["variants"][number]) => (v.identifiers ?? []).map(identifierIdentity)));
  const sources: Source[] = raw.evidence.sources;
  const added: string[] = [];
  for (const m of g.models) {
    const s = ctx.listingOf(m);
    const codes: Identifier[] = [
      ...ctx
        .boardsOf(m)
        .map((b) => ({ kind: "board" as const, value: b, sourceId: s.id, ...(ctx.boardRecords.get(b)!.size > 1 ? { shared: true as const } : {}) })),
      { kind: "hwid-pattern", value: m.hwidmatch, sourceId: s.id },
    ];
    for (const c of codes) {
      const id = identifierIdentity(c);
      if (have.has(id)) continue;
      const carriedBy = (ctx.others.get(id) ?? []).filter((x) => x !== file.record.slug);
      if (c.kind === "board" && carriedBy.length) {
        ctx.codesLeftOff.push({ slug: file.record.slug, code: c.value, carriedBy });
        continue;
      }
      have.add(id);
      if (!sources.some((x) => x.id === s.id)) sources.push(s);
      variant.identifiers = [...(variant.identifiers ?? []), c];
      added.push(c.value);
    }
  }
  const names = [...new Set(g.models.flatMap((m) => m.names))].filter(
    (n) =>
      !NOT_A_DEVICE.test(n) &&
      compact(n) !== compact(raw.name) &&
      !raw.aliases.some((a: string) => compact(a) === compact(n)) &&
      (ctx.takenNames.get(compact(n)) ?? file.record.slug) === file.record.slug,
  );
  if (!added.length && !names.length) return undefined;
  raw.aliases = [...raw.aliases, ...names];
  raw.evidence.revisions = [
    ...raw.evidence.revisions,
    {
      date: ctx.checked,
      change: `${IDENTIFIERS_MARK}Google's ChromeOS recovery index, jay0lee/chromeos-update-directory at commit ${shortCommit(ctx.commit)} (${ctx.commitDate}): ${[...added, ...names.map((n) => `alias "${n}"`)].join(", ")}`,
      reason:
        "Proposed by the ChromeOS importer: the index names this device so (docs/import-chromebooks.md); the record's dates are the curator's and are compared in data/import/chromebooks.md, not changed",
    },
  ];
  return { ...file, raw };
}

export function chromebooksMarkdown(r: ChromeReport): string {
  const t = r.totals;
  const aue = (v: VariantEntry) => (v.aue ? `${v.aue}${v.earlier ? ` (earlier: ${v.earlier.join("; ")})` : ""}` : "not recorded");
  return [
    "# Chromebooks: import report",
    "",
    "Generated by `npm run import -- chromebooks` (docs/import-chromebooks.md); do not edit by hand.",
    "",
    `Source: Google's ChromeOS recovery index and update server, via ${r.source.repository} at commit ${shortCommit(r.source.commit)} (${r.source.commitDate}), Apache-2.0.`,
    "",
    `${t.models} models (HWID patterns of a recovery image) under ${t.indexRows} names; ${t.excluded} are not devices. ${t.records} records: ${t.imported} imported, ${t.curated} curated (merged), ${t.notWritten} not written. ${t.withAue} have an AUE month for at least one model, ${t.withoutAue} have none recorded. ${t.sharedNames} records hold several models that share a name; ${t.changedDates} models had another month in an earlier sample.`,
    "",
    "## Rules",
    "",
    ...Object.entries(r.rules).map(([k, v]) => `- **${k}**: ${v}`),
    "",
    "## Curated records",
    "",
    "| Record | Index name | Record's security end | Update server |",
    "| --- | --- | --- | --- |",
    ...r.curated.map((c) => `| \`${c.slug}\` | ${cell(c.name)} | ${cell(c.recordSays)} | ${cell(c.serverSays)} |`),
    "",
    "## Codes left off",
    "",
    "A board that another record (not a Chromebook) already carries as a code is not added: one code names one device unless its source says otherwise.",
    "",
    "| Record | Code | Carried by |",
    "| --- | --- | --- |",
    ...r.codesLeftOff.map((c) => `| \`${c.slug}\` | ${cell(c.code)} | ${c.carriedBy.map((s) => `\`${s}\``).join(", ")} |`),
    "",
    "## Not devices",
    "",
    "| models.json line | Image | Name | Why |",
    "| --- | --- | --- | --- |",
    ...r.excluded.map((e) => `| ${e.line} | ${e.image} | ${cell(e.name)} | ${e.reason} |`),
    "",
    "## Records",
    "",
    "Where a record holds several models, each line after the first is another model of the same name: tell them apart by the HWID pattern (the device's HWID, chrome://system hardware_class) or by the board Admin's Platform Version names.",
    "",
    "| Record | Name | Image | HWID pattern | AUE | Status |",
    "| --- | --- | --- | --- | --- | --- |",
    ...r.records.flatMap((e) =>
      e.variants.map(
        (v, i) =>
          `| ${i ? "" : `\`${e.slug}\``} | ${i ? "" : cell(e.name)} | ${v.image} | \`${cell(v.hwidmatch.length > 60 ? `${v.hwidmatch.slice(0, 60)}…` : v.hwidmatch)}\` | ${cell(aue(v))} | ${i ? "" : `${e.status}${e.note ? `: ${cell(e.note)}` : ""}`} |`,
      ),
    ),
    "",
  ].join("\n");
}
