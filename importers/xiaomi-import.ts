// The Xiaomi importer as one pure function: Xiaomi's security-update list and
// end-of-support list with their histories, and Google Play's Xiaomi codes,
// in (xiaomi-sources.ts); proposed records and the reconciliation report
// (data/import/xiaomi.{md,json}) out. A device gets a record only with a
// dated fact and a model code: the month its security updates end, or, for a
// device only on the end-of-support list, the bound its first listing gives
// ("ended no later than" that day: the schema has no field for a bound, so
// the record says ended, without a date, and the meaning gives the bound).
// One device is one key however Xiaomi respells it (xiaomi-names.ts). A
// record the catalog already has is never rewritten. Docs: docs/import-xiaomi.md.
import { identifierKey } from "../generator/contract/identifiers.ts";
import type { LoadedRecord } from "../generator/load/validate.ts";
import type { Commitment, DeviceRecord, Identifier, Scope, Source } from "../generator/schema/record.ts";
import { cell } from "./endoflife-report.ts";
import { factsOf, IDENTIFIERS_MARK, shortCommit } from "./endoflife-proposals.ts";
import { recordText } from "../generator/schema/record.ts";
import { slugOf, spokenDate } from "./endoflife-readings.ts";
import type { SourceProblem } from "./front-matter.ts";
import { keepValid } from "./proposals-check.ts";
import { playIndex, type SetAside } from "./xiaomi-codes.ts";
import { deviceTypeOf, displayName, isInternalEntry, keyOf, MARKET_REGIONS, RENAMES, splitMarket, tidy } from "./xiaomi-names.ts";
import { XIAOMI_FILES, type AerDevice, type EosHistoryEntry, type Normalization, type XiaomiLists } from "./xiaomi-sources.ts";
import { jsonText } from "../generator/contract/json-text.ts";
import { listed } from "../generator/derive/verdict-headline.ts";
import { fileUrl, SOURCES } from "./sources.ts";

export const XIAOMI_JSON = "import/xiaomi.json";
export const XIAOMI_MARKDOWN = "import/xiaomi.md";
/** How the Xiaomi importer's creation entry begins. */
export const XIAOMI_MARK = "Imported from Xiaomi's lists";

export interface Snapshot {
  commit: string;
  commitDate: string;
}

export interface XiaomiImportInput {
  lists: XiaomiLists;
  /** The commit and day of each saved file, as the sources folder's README gives them. */
  snapshots: { aer: Snapshot; eol: Snapshot; gplay: Snapshot };
  checked: string;
  state: "draft" | "published";
  catalog: LoadedRecord[];
  devicesDir: string;
}

export interface DeviceEntry {
  slug: string;
  name: string;
  /** Where the device's facts come from: aer.json:line and/or eol.json:line. */
  from: string[];
  /** Every name Xiaomi's lists have used for it (markets included), oldest first. */
  sourceNames: string[];
  security: string;
  android: string;
  codes: string[];
  status: "imported" | "curated" | "not written";
  note?: string;
}

export interface RenameEntry {
  /** The name that left a list (or that a curated rename maps). */
  name: string;
  lastListed: string;
  /** The name the device is listed under now. */
  now: string;
  slug: string;
  why: string;
}

export interface XiaomiReport {
  sources: { repository: string; aer: Snapshot; eol: Snapshot & { listUpdated: string }; gplay: Snapshot };
  totals: {
    devices: number;
    imported: number;
    curated: number;
    notWritten: number;
    withSecurityEnd: number;
    withEndedBound: number;
    boundAtBranchStart: number;
    modelNumbers: number;
    codenames: number;
    renames: number;
    leftTheList: number;
    setAside: number;
    review: number;
  };
  devices: DeviceEntry[];
  renames: RenameEntry[];
  /** Names that left the end-of-support list with no successor (not read as an end). */
  leftTheList: { name: string; line: number; firstListed: string; lastListed: string; stillListed?: string }[];
  /** Entries that are Xiaomi's internal test builds, not devices. */
  internal: string[];
  /** Changes Xiaomi made to a device's security end or promised versions, from the list's history. */
  changes: { name: string; line: number; values: string[] }[];
  /** Devices on both lists: the end-of-support listing beside the security end. */
  crossCheck: { slug: string; securityEnd: string; firstListedEnded: string; agrees: boolean }[];
  setAside: (SetAside & { slug: string })[];
  review: { slug: string; why: string }[];
  normalizations: Normalization[];
}

interface Device {
  key: string;
  aer?: AerDevice;
  /** The end-of-support entries (history) of the device, current and past names. */
  eos: EosHistoryEntry[];
  /** eol.json lines of its current entries. */
  eosLines: number[];
}

const LIST = "Xiaomi Security Center (trust.mi.com), via XiaomiFirmwareUpdater/xiaomi_devices";

function sources(input: XiaomiImportInput) {
  const { aer, eol, gplay } = input.snapshots;
  const url = (s: Snapshot, file: string) => fileUrl(SOURCES.xiaomi.repository, s.commit, file);
  const checked = input.checked;
  return {
    aer: {
      id: "xiaomi-security-update-list",
      url: url(aer, XIAOMI_FILES.aer),
      publisher: LIST,
      title: `${XIAOMI_FILES.aer} at commit ${shortCommit(aer.commit)} (${aer.commitDate}): Xiaomi's Android Enterprise Recommended devices with the month their security updates end and the Android versions promised`,
      checked,
    } satisfies Source,
    eol: {
      id: "xiaomi-end-of-support-list",
      url: url(eol, XIAOMI_FILES.eol),
      publisher: LIST,
      title: `${XIAOMI_FILES.eol} at commit ${shortCommit(eol.commit)} (${eol.commitDate}; list updated ${input.lists.eosUpdated}): Xiaomi's end-of-support list`,
      checked,
    } satisfies Source,
    /** The copy that first named these entries (all first seen in it); `suffix` tells one market group's copy from another's. */
    firstListed: (entries: EosHistoryEntry[], suffix = ""): Source => ({
      id: `xiaomi-end-of-support-first-listed${suffix}`,
      url: fileUrl(SOURCES.xiaomi.repository, entries[0]!.firstSeen.commit, XIAOMI_FILES.eol),
      publisher: LIST,
      title: `${XIAOMI_FILES.eol} at commit ${shortCommit(entries[0]!.firstSeen.commit)} (${entries[0]!.firstSeen.day}): the first saved copy of Xiaomi's end-of-support list naming ${listed(entries.map((e) => `"${tidy(e.name)}"`))} (per the branch history, ${XIAOMI_FILES.eolHistory})`,
      checked,
    }),
    trust: (citedBy: string): Source => ({
      id: "xiaomi-security-center",
      url: "https://trust.mi.com/",
      publisher: "Xiaomi",
      title: "Xiaomi Security Center, the site the lists are saved from (cited by the saved copy, not read here)",
      citedBy,
    }),
    play: {
      id: "google-play-xiaomi",
      url: url(gplay, XIAOMI_FILES.gplay),
      publisher: "Google Play certified devices, via XiaomiFirmwareUpdater/xiaomi_devices",
      title: `${XIAOMI_FILES.gplay} at commit ${shortCommit(gplay.commit)} (${gplay.commitDate}): Google Play's certified Xiaomi, Redmi and POCO devices`,
      checked,
    } satisfies Source,
  };
}

const cadenceOf = (text: string) => {
  const m = /(\d+)\s*days/i.exec(text);
  return m ? `, updates every ${m[1]} days` : "";
};

const versionList = (vs: string[]) => (vs.length ? `Android ${listed(vs)}` : "");

/** The day the oldest saved copy is from: a device already listed then has only that day as its bound. */
const branchStart = (history: EosHistoryEntry[]) => history.reduce((min, e) => (e.firstSeen.day < min ? e.firstSeen.day : min), "9999-12-31");

/** The first listing of a device: the earliest first-seen day of any of its names (the first in the file on a tie). */
const firstListing = (eos: EosHistoryEntry[]) => eos.reduce((a, b) => (b.firstSeen.day < a.firstSeen.day ? b : a));

/** What the end-of-support list says, for a device only on it. */
export function boundMeaning(first: EosHistoryEntry, start: string, markets: string[]): string {
  const day = spokenDate({ value: first.firstSeen.day, precision: "day" });
  const where = markets.length ? ` (for the markets its entries name: ${markets.join(", ")})` : "";
  return first.firstSeen.day === start
    ? `Ended, date not documented: Xiaomi's end-of-support list names it${where}, and it is already in the oldest saved copy of the list (${day}), so support ended no later than ${day}; the copies go no further back`
    : `Ended, date not documented: Xiaomi's end-of-support list names it${where}; the first saved copy to name it (as "${tidy(first.name)}") is of ${day}, so support ended no later than ${day}`;
}

/**
 * The markets a device's end-of-support entries name, grouped by the day the
 * list first named each (the earliest of its entries, current or renamed):
 * the list speaks of each market apart, so one market's listing bounds only
 * that market. Undefined when an entry names no market, or one the importer
 * cannot place: then the device's first listing bounds it everywhere.
 */
export function marketGroups(eos: EosHistoryEntry[]): { regions: string[]; firsts: EosHistoryEntry[] }[] | undefined {
  const byRegion = new Map<string, EosHistoryEntry[]>();
  for (const e of eos) {
    const m = splitMarket(e.name).market;
    const region = m === undefined || m === "global" ? undefined : MARKET_REGIONS[m];
    if (region === undefined) return undefined;
    byRegion.set(region, [...(byRegion.get(region) ?? []), e]);
  }
  const byDay = new Map<string, { regions: string[]; firsts: EosHistoryEntry[] }>();
  for (const [region, entries] of byRegion) {
    const first = firstListing(entries);
    const group = byDay.get(first.firstSeen.day) ?? byDay.set(first.firstSeen.day, { regions: [], firsts: [] }).get(first.firstSeen.day)!;
    group.regions.push(region);
    group.firsts.push(...entries.filter((e) => e.firstSeen.day === first.firstSeen.day));
  }
  return [...byDay].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, g]) => ({ regions: g.regions.sort(), firsts: g.firsts.sort((a, b) => a.line - b.line) }));
}

/** What the end-of-support list says for one group of markets first listed on the same day. */
export function marketBoundMeaning(regions: string[], firsts: EosHistoryEntry[], start: string): string {
  const day = spokenDate({ value: firsts[0]!.firstSeen.day, precision: "day" });
  const names = listed(firsts.map((e) => `"${tidy(e.name)}"`));
  return firsts[0]!.firstSeen.day === start
    ? `Ended, date not documented: Xiaomi's end-of-support list names it for ${listed(regions)} (as ${names}), and it is already in the oldest saved copy of the list (${day}), so support ended there no later than ${day}; the copies go no further back`
    : `Ended, date not documented: Xiaomi's end-of-support list names it for ${listed(regions)}; the first saved copy to name it there (as ${names}) is of ${day}, so support ended no later than ${day}`;
}

const BOUND = /no later than (\d{1,2} \w+ \d{4})/;
/** The bound a meaning states, as written (the records' test reads it back). */
export const boundIn = (meaning: string) => BOUND.exec(meaning)?.[1];

/** An import nobody has revised since: every entry the Xiaomi importer's or an identifier importer's. */
const isUnrevisedXiaomiImport = (r: DeviceRecord) =>
  r.evidence.revisions[0]?.change.startsWith(XIAOMI_MARK) &&
  r.evidence.revisions.every((v) => v.change.startsWith(XIAOMI_MARK) || v.change.startsWith(IDENTIFIERS_MARK));

export function runXiaomiImport(input: XiaomiImportInput): { problems: SourceProblem[]; writes: { path: string; text: string }[]; report?: XiaomiReport } {
  const { lists } = input;
  const problems: SourceProblem[] = [];
  const src = sources(input);
  const start = branchStart(lists.eosHistory);

  // One device per key: the security-update list's entry and every end-of-support name, past and present.
  const devices = new Map<string, Device>();
  const device = (key: string) => devices.get(key) ?? devices.set(key, { key, eos: [], eosLines: [] }).get(key)!;
  for (const a of lists.aer) {
    const d = device(keyOf(a.name));
    if (d.aer) problems.push({ file: XIAOMI_FILES.aer, line: a.line, message: `"${a.name}" is the same device as "${d.aer.name}" (line ${d.aer.line})` });
    d.aer = a;
  }
  const internal = new Set<string>();
  const historyOf = new Map(lists.eosHistory.filter((e) => e.inNewest).map((e) => [`${e.brand}\u0000${e.name}`, e]));
  for (const e of lists.eos) {
    if (isInternalEntry(e.name)) {
      internal.add(tidy(e.name));
      continue;
    }
    if (!historyOf.has(`${e.brand}\u0000${e.name}`))
      problems.push({
        file: XIAOMI_FILES.eol,
        line: e.line,
        message: `"${e.name}" (${e.brand}) is not in ${XIAOMI_FILES.eolHistory} as listed in the newest copy`,
      });
    device(keyOf(e.name)).eosLines.push(e.line);
  }
  const renames: RenameEntry[] = [];
  const leftTheList: XiaomiReport["leftTheList"] = [];
  for (const h of lists.eosHistory) {
    if (isInternalEntry(h.name)) {
      internal.add(tidy(h.name));
      continue;
    }
    const d = devices.get(keyOf(h.name));
    if (!d?.eosLines.length) {
      if (!h.inNewest) leftTheList.push({ name: tidy(h.name), line: h.line, firstListed: h.firstSeen.day, lastListed: h.lastSeen.day });
      continue;
    }
    d.eos.push(h);
  }
  if (problems.length) return { problems, writes: [] };
  // A name that left the list counts for its device only where the list still names that market (or the device
  // without a market): "Mi 10 (CN)" became "Mi 10". One whose market is no longer listed ("Xiaomi Pad 5 (eea)",
  // listed for a day while "(in)" stays) may have been listed in error: it bounds nothing.
  for (const d of devices.values()) {
    const markets = new Set(d.eos.filter((e) => e.inNewest).map((e) => splitMarket(e.name).market));
    const succeeded = (e: EosHistoryEntry) =>
      e.inNewest || markets.has(undefined) || markets.has(splitMarket(e.name).market) || RENAMES[splitMarket(e.name).base] !== undefined;
    for (const e of d.eos.filter((x) => !succeeded(x)))
      leftTheList.push({
        name: tidy(e.name),
        line: e.line,
        firstListed: e.firstSeen.day,
        lastListed: e.lastSeen.day,
        stillListed: d.eos
          .filter((x) => x.inNewest)
          .map((x) => tidy(x.name))
          .join(", "),
      });
    d.eos = d.eos.filter(succeeded);
  }

  const play = playIndex(lists.play);
  const catalogCodes = new Map<string, string>();
  for (const l of input.catalog)
    if (!isUnrevisedXiaomiImport(l.record))
      for (const v of l.record.variants) for (const x of v.identifiers ?? []) catalogCodes.set(identifierKey(x.value), l.record.slug);

  const entries: DeviceEntry[] = [];
  const fresh: DeviceRecord[] = [];
  const setAside: XiaomiReport["setAside"] = [];
  const review: XiaomiReport["review"] = [];
  const crossCheck: XiaomiReport["crossCheck"] = [];
  const bySlug = new Map(input.catalog.map((l) => [l.record.slug, l]));
  let boundAtStart = 0;
  for (const d of [...devices.values()].filter((x) => x.aer || x.eos.length)) {
    const current = d.eos.filter((e) => e.inNewest);
    const sourceName = d.aer?.name ?? splitMarket(current[0]!.name).base;
    const name = displayName(sourceName);
    const slug = slugOf(name);
    const sourceNames = [
      ...new Set([...(d.aer ? [d.aer.name] : []), ...d.eos.sort((a, b) => (a.firstSeen.day < b.firstSeen.day ? -1 : 1)).map((e) => tidy(e.name))]),
    ];
    for (const h of d.eos.filter((e) => !e.inNewest || RENAMES[splitMarket(e.name).base])) {
      const now = current.find((c) => c !== h && keyOf(c.name) === d.key)?.name ?? current[0]!.name;
      const curated = RENAMES[splitMarket(h.name).base];
      renames.push({
        name: tidy(h.name),
        lastListed: h.inNewest ? "still listed" : h.lastSeen.day,
        now: tidy(now),
        slug,
        why: curated ? curated.why : "the same name once markets, case and spaces are set aside",
      });
    }
    const first = d.eos.length ? firstListing(d.eos) : undefined;
    const markets = [...new Set(current.map((e) => splitMarket(e.name).market).filter((m): m is string => m !== undefined))].map(
      (m) => MARKET_REGIONS[m] ?? m.toUpperCase(),
    );
    if (d.aer && first)
      crossCheck.push({
        slug,
        securityEnd: d.aer.securityEnd,
        firstListedEnded: first.firstSeen.day,
        // The end-of-support listing should not come before the month Xiaomi gives as the end.
        agrees: first.firstSeen.day.slice(0, 7) >= d.aer.securityEnd,
      });
    const found = play(d.key, d.aer?.released.value?.slice(0, 7));
    const codes = (found?.codes ?? []).filter((c) => {
      const holder = catalogCodes.get(identifierKey(c.value));
      if (holder && holder !== slug) setAside.push({ slug, codename: c.value, codes: [c.value], line: found!.lines[0]!, why: `also a code of ${holder}` });
      return !holder || holder === slug;
    });
    for (const s of found?.setAside ?? []) setAside.push({ ...s, slug });
    if (found?.review) review.push({ slug, why: found.review });
    const marketTags = current.map((e) => splitMarket(e.name).market);
    const scoped = marketTags.every((m) => m !== undefined && m !== "global" && MARKET_REGIONS[m] !== undefined);
    const scope: Scope = scoped ? { regions: [...new Set(marketTags.map((m) => MARKET_REGIONS[m!]!))].sort() } : {};
    const groups = !d.aer && scoped ? marketGroups(d.eos) : undefined;
    const split = groups && groups.length > 1 ? groups : undefined;
    const base = {
      slug,
      name,
      from: [...(d.aer ? [`${XIAOMI_FILES.aer}:${d.aer.line}`] : []), ...d.eosLines.map((l) => `${XIAOMI_FILES.eol}:${l}`)],
      sourceNames,
      security: d.aer
        ? `ends ${d.aer.securityEnd}`
        : split
          ? `ended no later than ${split.map((g) => `${g.firsts[0]!.firstSeen.day} (${g.regions.join(", ")})`).join(", ")}`
          : `ended no later than ${first!.firstSeen.day}`,
      android: d.aer ? `${d.aer.shipped}${d.aer.future.length ? `, promised ${d.aer.future.join(", ")}` : ""}` : "",
      codes: codes.map((c) => c.value),
    };
    if (!codes.some((c) => c.kind === "model-number")) {
      entries.push({
        ...base,
        status: "not written",
        note: found ? "Google Play's rows for this name give no model code" : "no Google Play row under this name",
      });
      continue;
    }
    if (!d.aer && first!.firstSeen.day === start) boundAtStart++;
    const record = recordOf(d, { name, slug, sourceName, codes, first, markets, scope, ...(split ? { groups: split } : {}), start }, input, src);
    const earlier = bySlug.get(slug);
    if (!earlier) {
      fresh.push(record);
      entries.push({ ...base, status: "imported" });
    } else if (!isUnrevisedXiaomiImport(earlier.record))
      entries.push({ ...base, status: "curated", note: "the catalog's own record: compared, never written" });
    else if (factsOf(earlier.record) === factsOf({ ...record, publication: earlier.record.publication })) entries.push({ ...base, status: "imported" });
    else entries.push({ ...base, status: "not written", note: "an earlier import differs from what these lists say now; revise it by hand" });
  }

  const { kept, rejected } = keepValid(input.catalog, fresh, input.devicesDir);
  for (const [slug, why] of rejected) {
    const e = entries.find((x) => x.slug === slug && x.status === "imported")!;
    e.status = "not written";
    e.note = why;
  }

  const aerNames = new Map(lists.aer.map((a) => [keyOf(a.name), a]));
  const changes = lists.aerHistory
    .filter((h) => h.values.length > 1)
    .map((h) => ({
      name: h.name,
      line: h.line,
      values: h.values.map((v) => `${v.firstSeenDay}: security end ${v.securityUpdateEol}, future versions ${v.futureVersion}`),
    }))
    .filter((c) => aerNames.has(keyOf(c.name)));
  const written = entries.filter((e) => e.status !== "not written");
  const isEnd = (e: DeviceEntry) => e.security.startsWith("ends");
  const codeKinds = (kind: Identifier["kind"]) =>
    written.reduce(
      (n, e) =>
        n +
        (kept.find((r) => r.slug === e.slug) ?? bySlug.get(e.slug)?.record)!.variants.flatMap((v) => v.identifiers ?? []).filter((x) => x.kind === kind).length,
      0,
    );
  const report: XiaomiReport = {
    sources: { repository: SOURCES.xiaomi.repository, ...input.snapshots, eol: { ...input.snapshots.eol, listUpdated: lists.eosUpdated } },
    totals: {
      devices: entries.length,
      imported: entries.filter((e) => e.status === "imported").length,
      curated: entries.filter((e) => e.status === "curated").length,
      notWritten: entries.filter((e) => e.status === "not written").length,
      withSecurityEnd: written.filter(isEnd).length,
      withEndedBound: written.filter((e) => !isEnd(e)).length,
      boundAtBranchStart: boundAtStart,
      modelNumbers: codeKinds("model-number"),
      codenames: codeKinds("codename"),
      renames: renames.length,
      leftTheList: leftTheList.length,
      setAside: setAside.length,
      review: review.length,
    },
    devices: entries.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)),
    renames: renames.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : a.name < b.name ? -1 : 1)),
    leftTheList,
    internal: [...internal].sort(),
    changes,
    crossCheck: crossCheck.sort((a, b) => (a.slug < b.slug ? -1 : 1)),
    setAside: setAside.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : a.line - b.line)),
    review: review.sort((a, b) => (a.slug < b.slug ? -1 : 1)),
    normalizations: lists.normalizations,
  };
  return {
    problems: [],
    writes: [
      ...kept.map((r) => ({ path: `devices/${r.slug}.json`, text: recordText(r) })),
      { path: XIAOMI_JSON, text: jsonText(report) },
      { path: XIAOMI_MARKDOWN, text: xiaomiMarkdown(report) },
    ],
    report,
  };
}

/** What recordOf needs besides the device. */
interface RecordInput {
  name: string;
  slug: string;
  sourceName: string;
  codes: { kind: Identifier["kind"]; value: string; shared: boolean }[];
  first?: EosHistoryEntry;
  markets: string[];
  scope: Scope;
  /** Set when the device's markets were first listed on different days: one statement per group. */
  groups?: { regions: string[]; firsts: EosHistoryEntry[] }[];
  start: string;
}

/**
 * The security statements of a device only on the end-of-support list: ended,
 * no later than its first listing; one statement per group of markets when
 * its markets were first listed on different days (the first group keeps the
 * id "security", each later one is told apart by its markets: "security-id-tr").
 */
function boundStatements(r: RecordInput, input: XiaomiImportInput, src: ReturnType<typeof sources>, used: Source[]): Commitment[] {
  const groups = r.groups ?? [{ regions: r.scope.regions ?? [], firsts: [r.first!] }];
  const suffixes = groups.map((g, i) => (i ? `-${g.regions.join("-").toLowerCase()}` : ""));
  const firstSources = groups.map((g, i) =>
    g.firsts[0]!.firstSeen.commit === input.snapshots.eol.commit ? undefined : src.firstListed(g.firsts, suffixes[i]),
  );
  used.push(src.eol, ...firstSources.filter((x) => x !== undefined), src.trust(src.eol.id));
  return groups.map((g, i) => ({
    id: `security${suffixes[i]}`,
    // Only the markets Xiaomi names, when it names no global model ("POCO C31 (IN)").
    scope: r.groups ? { regions: g.regions } : r.scope,
    end: { precision: "unknown" },
    ended: true,
    meaning: r.groups ? marketBoundMeaning(g.regions, g.firsts, r.start) : boundMeaning(r.first!, r.start, r.markets),
    evidenceLevel: "manufacturer-dated",
    sourceIds: [src.eol.id, ...(firstSources[i] ? [firstSources[i].id] : []), "xiaomi-security-center"],
  }));
}

function recordOf(d: Device, r: RecordInput, input: XiaomiImportInput, src: ReturnType<typeof sources>): DeviceRecord {
  const a = d.aer;
  const usedSources: Source[] = [];
  let security: Commitment[];
  let os: Commitment;
  if (a) {
    usedSources.push(src.aer, src.trust(src.aer.id));
    const end = { value: a.securityEnd, precision: "month" as const };
    security = [
      {
        id: "security",
        scope: {},
        end,
        meaning: `Security updates end in ${spokenDate(end)}, as Xiaomi's list of Android Enterprise Recommended devices gives it (a month${cadenceOf(a.cadence)})`,
        evidenceLevel: "manufacturer-dated",
        sourceIds: [src.aer.id, "xiaomi-security-center"],
      },
    ];
    os = {
      id: "os",
      scope: {},
      end: { precision: "unknown" },
      meaning: a.future.length
        ? `No date for OS upgrades: Xiaomi's list promises ${versionList(a.future)} after Android ${a.shipped} (versions, not dates; a promise, not a record of what was delivered)`
        : `No date for OS upgrades: Xiaomi's list promises no Android version after Android ${a.shipped}`,
      evidenceLevel: "manufacturer-policy",
      sourceIds: [src.aer.id],
    };
  } else {
    security = boundStatements(r, input, src, usedSources);
    os = {
      id: "os",
      scope: {},
      end: { precision: "unknown" },
      meaning: "Not documented: Xiaomi's end-of-support list speaks of security updates and names no Android versions",
      evidenceLevel: "unverified",
      sourceIds: [],
    };
  }
  const caveats = a ? earlyListings(d, a, input, src, usedSources) : [];
  const bare = tidy(splitMarket(r.sourceName).base);
  return {
    $schema: "../device-record.schema.json",
    slug: r.slug,
    name: r.name,
    manufacturer: "Xiaomi",
    deviceType: deviceTypeOf(r.name),
    // "Xiaomi Mi 10T" is searched for as "Mi 10T" too.
    aliases: r.name === `Xiaomi ${bare}` ? [bare] : [],
    formerSlugs: [],
    publication:
      input.state === "published" ? { state: "published" } : { state: "draft", note: "Proposed by the Xiaomi importer; review it before publishing" },
    released: a ? a.released : { precision: "unknown" },
    ...(a ? { osVersions: [{ os: "Android" as const, first: a.shipped, sourceIds: [src.aer.id] }] } : {}),
    variants: [
      {
        model: r.name,
        regions: ["GLOBAL"],
        note: "Xiaomi's lists and Google Play's give no markets for these codes; regions are not known",
        identifiers: r.codes.map((c) => ({ kind: c.kind, value: c.value, sourceId: src.play.id, ...(c.shared ? { shared: true as const } : {}) })),
      },
    ],
    caveats,
    support: { os: [os], security },
    evidence: {
      sources: [...usedSources, src.play],
      recallReview: [],
      repairability: [],
      revisions: [
        {
          date: input.checked,
          change: `${XIAOMI_MARK}: ${
            a
              ? `${XIAOMI_FILES.aer} at commit ${shortCommit(input.snapshots.aer.commit)} ("${a.name}")`
              : `${XIAOMI_FILES.eol} at commit ${shortCommit(input.snapshots.eol.commit)} and its history ("${tidy(r.first!.name)}" first listed ${r.first!.firstSeen.day})`
          }, codes from ${XIAOMI_FILES.gplay} at commit ${shortCommit(input.snapshots.gplay.commit)}`,
          reason: "Proposed by the Xiaomi importer for a device the catalog did not have; docs/import-xiaomi.md says how each fact is read",
        },
      ],
    },
  };
}

/**
 * Entries of the newest end-of-support list first seen before the month the
 * security-update list gives as the end: a market whose model ended earlier
 * ("Redmi 12 5G (cn)"), said as a caveat scoped to it, with its bound.
 */
function earlyListings(d: Device, a: AerDevice, input: XiaomiImportInput, src: ReturnType<typeof sources>, used: Source[]) {
  // Only entries the newest list still has: one that left may have been listed in error.
  const early = d.eos.filter((e) => e.inNewest && e.firstSeen.day.slice(0, 7) < a.securityEnd);
  if (!early.length) return [];
  const first = firstListing(early);
  const firstSource = first.firstSeen.commit === input.snapshots.eol.commit ? undefined : src.firstListed([first]);
  used.push(src.eol, ...(firstSource ? [firstSource] : []));
  const markets = early.map((e) => splitMarket(e.name).market);
  const regions = [...new Set(markets.map((m) => (m === undefined ? undefined : MARKET_REGIONS[m])))];
  const scoped = regions.every((g): g is string => g !== undefined);
  const day = spokenDate({ value: first.firstSeen.day, precision: "day" });
  return [
    {
      scope: scoped ? { regions: regions.sort() } : {},
      text: `Xiaomi's end-of-support list names ${[...new Set(early.map((e) => `"${tidy(e.name)}"`))].join(", ")}, first in the copy of ${day}, before ${spokenDate({ value: a.securityEnd, precision: "month" })}, the end its security-update list gives: there support ended no later than ${day}`,
      sourceIds: [src.eol.id, ...(firstSource ? [firstSource.id] : [])],
    },
  ];
}

export function xiaomiMarkdown(r: XiaomiReport): string {
  const t = r.totals;
  const s = r.sources;
  const at = (x: Snapshot) => `commit ${shortCommit(x.commit)} (${x.commitDate})`;
  return [
    "# Xiaomi, Redmi and POCO: import report",
    "",
    "Generated by `npm run import -- xiaomi` (docs/import-xiaomi.md); do not edit by hand.",
    "",
    `Sources (${s.repository}): ${XIAOMI_FILES.aer} at ${at(s.aer)}; ${XIAOMI_FILES.eol} at ${at(s.eol)}, list updated ${s.eol.listUpdated}, with ${XIAOMI_FILES.eolHistory} and ${XIAOMI_FILES.aerHistory}; ${XIAOMI_FILES.gplay} at ${at(s.gplay)}.`,
    "",
    `${t.devices} devices: ${t.imported} imported, ${t.curated} curated, ${t.notWritten} not written. In the catalog: ${t.withSecurityEnd} with the month security updates end, ${t.withEndedBound} ended no later than their first listing (${t.boundAtBranchStart} of them already in the oldest saved copy); ${t.modelNumbers} model numbers and ${t.codenames} codenames. ${t.renames} renamed entries folded into their device, ${t.leftTheList} entries that left the list, ${t.setAside} codes set aside, ${t.review} devices for review.`,
    "",
    "## Devices",
    "",
    "| Record | Name | From | Names in Xiaomi's lists | Security | Android | Codes | Status |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...r.devices.map(
      (d) =>
        `| \`${d.slug}\` | ${cell(d.name)} | ${d.from.join(", ")} | ${cell(d.sourceNames.join("; "))} | ${d.security} | ${cell(d.android)} | ${cell(d.codes.join(", "))} | ${d.status}${d.note ? `: ${cell(d.note)}` : ""} |`,
    ),
    "",
    "## Renames",
    "",
    "Names Xiaomi's end-of-support list dropped or doubled while listing the same device under another: each is folded into one record, with no new end.",
    "",
    "| Name | Last listed | Listed now as | Record | Why one device |",
    "| --- | --- | --- | --- | --- |",
    ...r.renames.map((x) => `| ${cell(x.name)} | ${x.lastListed} | ${cell(x.now)} | \`${x.slug}\` | ${cell(x.why)} |`),
    "",
    "## Entries that left the end-of-support list",
    "",
    "Not read as an end: the newest list no longer names them, nor the device in their market.",
    "",
    ...r.leftTheList.map(
      (x) =>
        `- ${XIAOMI_FILES.eolHistory}:${x.line}: ${x.name}, listed ${x.firstListed} to ${x.lastListed}${x.stillListed ? ` (the list still names ${x.stillListed}, not this market)` : ""}`,
    ),
    "",
    `Internal test builds, not devices: ${r.internal.join(", ") || "none"}.`,
    "",
    "## Changes Xiaomi made to the security-update list",
    "",
    ...r.changes.map((c) => `- ${XIAOMI_FILES.aerHistory}:${c.line}: ${c.name}: ${c.values.join("; ")}`),
    "",
    "## Devices on both lists",
    "",
    "| Record | Security end | First listed as ended | Agrees |",
    "| --- | --- | --- | --- |",
    ...r.crossCheck.map(
      (c) => `| \`${c.slug}\` | ${c.securityEnd} | ${c.firstListedEnded} | ${c.agrees ? "yes" : "no: listed as ended before the month Xiaomi gives"} |`,
    ),
    "",
    "## Codes set aside",
    "",
    "| Record | Codename or code | Codes | Google Play line | Why |",
    "| --- | --- | --- | --- | --- |",
    ...r.setAside.map((x) => `| \`${x.slug}\` | ${cell(x.codename)} | ${cell(x.codes.join(", "))} | ${XIAOMI_FILES.gplay}:${x.line} | ${cell(x.why)} |`),
    "",
    "## For review",
    "",
    ...r.review.map((x) => `- \`${x.slug}\`: ${x.why}`),
    "",
    "## Spellings read",
    "",
    "| Where | Field | Written | Read as |",
    "| --- | --- | --- | --- |",
    ...r.normalizations.map((n) => `| ${n.file.replace(/^.*\//, "")}:${n.line} | ${n.field} | ${cell(JSON.stringify(n.written))} | ${cell(n.read)} |`),
    "",
  ].join("\n");
}
