// The classes of wrong facts issue 33 measured, counted on a catalog against
// its sources: Macs whose last update misses the Security Update builds
// AppleDB lists for them; commitments that read "past its last commitment"
// while their source names a later horizon; listings that outlive an
// estimate, and estimates read as ended; Samsung's batch-drop days kept to
// the day; and model codes known to be on the wrong device. The data tests
// (test/import/truth-classes.test.ts) and `npx tsx generator/cli/truth-counts.ts`
// both use it. Pure: records, readings and builds in, lists out.
import { commitmentStatus } from "../generator/derive/verdict.ts";
import type { Commitment, DeviceRecord } from "../generator/schema/record.ts";
import type { AppleBuild } from "./apple-crosscheck.ts";
import type { ReleaseReading, Statement } from "./endoflife-readings.ts";
import { majorOf } from "./macs-models.ts";

/** Model codes issue 33 found on the wrong device: the record, the code, and whose it is. */
export const WRONG_CODES: { slug: string; value: string; why: string }[] = [
  { slug: "samsung-galaxy-a6s", value: "SM-A600FN", why: "Google Play names SM-A600FN the Galaxy A6" },
  { slug: "samsung-galaxy-s20-fe", value: "SM-G780F", why: "the 2020 global Galaxy S20 FE, not the 2022 Korean model" },
  { slug: "samsung-galaxy-s20-fe", value: "r8s", why: "the 2020 global Galaxy S20 FE's codename, not the 2022 Korean model's" },
  { slug: "samsung-galaxy-j7-v", value: "SM-J727U", why: 'Google Play names SM-J727U "Galaxy J7"' },
];

const LAPSED = new Set(["minimum-passed", "ceiling-passed", "confirmation-passed"]);

/** The AppleDB key a Mac record's own device file names (deviceFiles/<folder>/<key>.json), which AppleDB's builds list. */
export function appleDbKey(r: DeviceRecord): string | undefined {
  for (const s of r.evidence.sources) {
    const m = /\/deviceFiles\/[^/]+\/([^/]+)\.json$/.exec(decodeURI(s.url));
    if (m && s.publisher === "AppleDB") return m[1];
  }
  return undefined;
}

/** The build of a macOS cycle released last to an AppleDB key. */
export function lastMacBuild(builds: AppleBuild[], key: string, cycle: string): AppleBuild | undefined {
  return builds
    .filter((b) => ["macOS", "OS X", "Mac OS X"].includes(b.osStr) && b.released && b.deviceMap.includes(key) && majorOf(b.version) === cycle)
    .sort((a, b) => (a.released! < b.released! ? -1 : a.released! > b.released! ? 1 : 0))
    .at(-1);
}

/** Whether a source statement names a horizon after `day` that is the source's own (a dated end, minimum, ceiling or a promised period), not an estimate. */
const namesHorizonAfter = (s: Statement | undefined, day: string) =>
  s !== undefined && s.status === "dated" && s.kind !== "lastUpdate" && typeof s.cell.value === "string" && s.cell.value > day;

export interface TruthInput {
  records: DeviceRecord[];
  /** endoflife.date's readings of the pinned snapshot (Apple's included), each by the slug it names. */
  readings: ReleaseReading[];
  builds: AppleBuild[];
  /** The build day the catalog is judged on (2026-11-28). */
  today: string;
  /** The later day on which no promise may have lapsed (2027-09-01). */
  later: string;
}

export interface TruthClasses {
  /** Macs ending on a 10.x release whose last update is not the last build AppleDB lists for them in that cycle. */
  macsShort: string[];
  /** "slug security|os": commitments past their last statement on `later` while the source names a horizon after it. */
  lapsedPromises: string[];
  /** The same, where the source's later date is its own estimate (kept fresh by the weekly refresh, not a promise). */
  lapsedEstimates: string[];
  /** Apple devices on a patched cycle that read past their last commitment on `later` (the listing a year old). */
  lapsedApple: string[];
  /** Commitments listed as continuing on `today` from an estimate that has already passed. */
  listingOutlivesEstimate: string[];
  /** Commitments read as ended on `today` from an estimate endoflife.date words as its own ("estimated", "approximation"). */
  endedFromEstimate: string[];
  /** Samsung commitments ended on a day endoflife.date's check dropped them, kept to the day. */
  samsungDropDays: string[];
  /** "slug code" for each wrong code still present. */
  wrongCodes: string[];
}

export function truthClasses(input: TruthInput): TruthClasses {
  const bySlug = new Map(input.records.filter((r) => r.publication.state === "published").map((r) => [r.slug, r]));
  const out: TruthClasses = {
    macsShort: [],
    lapsedPromises: [],
    lapsedEstimates: [],
    lapsedApple: [],
    listingOutlivesEstimate: [],
    endedFromEstimate: [],
    samsungDropDays: [],
    wrongCodes: [],
  };
  for (const r of bySlug.values()) {
    const last = r.osVersions?.find((v) => v.os === "macOS")?.last;
    const key = appleDbKey(r);
    if (last?.startsWith("10.") && key) {
      const built = lastMacBuild(input.builds, key, last);
      const said = r.support.security[0]?.lastUpdate?.value;
      if (built && said !== undefined && said < built.released!) out.macsShort.push(r.slug);
    }
    for (const w of WRONG_CODES)
      if (w.slug === r.slug && r.variants.some((v) => v.identifiers?.some((i) => i.value === w.value))) out.wrongCodes.push(`${r.slug} ${w.value}`);
  }
  for (const reading of input.readings) {
    const r = bySlug.get(reading.slug);
    if (!r) continue;
    for (const kind of ["security", "os"] as const) {
      const s = reading[kind];
      const c: Commitment | undefined = r.support[kind][0];
      if (!s || !c || r.support[kind].length !== 1) continue;
      const later = commitmentStatus(c, input.later);
      const now = commitmentStatus(c, input.today);
      const id = `${r.slug} ${kind}`;
      if (LAPSED.has(later) && namesHorizonAfter(s, input.later)) out.lapsedPromises.push(id);
      if (LAPSED.has(later) && s.status === "estimate" && typeof s.cell.value === "string" && s.cell.value > input.later) out.lapsedEstimates.push(id);
      if (LAPSED.has(later) && reading.column && s.status === "supported") out.lapsedApple.push(id);
      if (s.status === "estimate" && typeof s.cell.value === "string" && s.cell.value < input.today && now === "listed-continuing")
        out.listingOutlivesEstimate.push(id);
      // A curated commitment with sources of its own is not read from the estimate.
      if (s.phrase === "estimate" && now.startsWith("ended") && c.sourceIds.every((x) => x.startsWith("endoflife-"))) out.endedFromEstimate.push(id);
      if (
        r.manufacturer === "Samsung" &&
        kind === "security" &&
        c.end?.precision === "day" &&
        s.status === "dated" &&
        s.kind === "end" &&
        s.meaning.includes("security-update list")
      )
        out.samsungDropDays.push(id);
    }
  }
  for (const list of Object.values(out)) list.sort();
  return out;
}
