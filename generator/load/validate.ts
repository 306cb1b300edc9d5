// Validation of parsed records: the zod schema for each file, then the rules
// that need the whole record or the whole catalog. Pure: takes file contents,
// returns records or problems, never touches the disk.
import type { z } from "zod";
import { compareVersions, DATED_FIELDS, DeviceRecord, type Commitment, type PartialDate, type Scope } from "../schema/record.ts";
import { periodOf } from "../derive/dates.ts";
import { compact } from "../derive/search.ts";
import { manufacturerSlug } from "../derive/manufacturers.ts";
import { identifierIdentity, isPatternKind } from "../contract/identifiers.ts";
import { compilesAsPattern, IDENTIFIER_FORMATS } from "./identifier-formats.ts";

export interface Problem {
  file: string;
  path: string;
  message: string;
}

export interface LoadedRecord {
  file: string;
  record: DeviceRecord;
}

export const formatProblem = (p: Problem) => `${p.file}: ${p.path || "(file)"}: ${p.message}`;

/** zod's issue path as people write it: support.os[0].end.value */
function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, k) => (typeof k === "number" ? `${acc}[${k}]` : acc ? `${acc}.${String(k)}` : String(k)), "");
}

export function zodProblems(file: string, error: z.ZodError): Problem[] {
  return error.issues.map((i) => {
    let message = i.message;
    if (i.code === "unrecognized_keys") message = `unknown field(s) ${i.keys.map((k) => `"${k}"`).join(", ")}`;
    else if (i.code === "invalid_type" && message.includes("received undefined")) message = "is required";
    return { file, path: pathText(i.path), message };
  });
}

/**
 * Words of an announced ceiling or aim in a meaning ("up to four years", "we
 * aim to", "aims for"): a date so described is not a documented end. "Up to
 * and including" states an end, so it is not one of them.
 */
export const CEILING_WORDS = /\bup to\b(?!\s+and\s+including)|\baim(s|ed|ing)?\b/i;

function recordProblems(file: string, r: DeviceRecord, expectedSlug: string): Problem[] {
  const out: Problem[] = [];
  const add = (path: string, message: string) => out.push({ file, path, message });

  if (r.slug !== expectedSlug) add("slug", `"${r.slug}" differs from the file name (expected "${expectedSlug}")`);
  if (r.formerSlugs.includes(r.slug)) add("formerSlugs", `lists the record's own slug "${r.slug}"`);

  const sourceIds = new Set<string>();
  r.evidence.sources.forEach((s, i) => {
    if (sourceIds.has(s.id)) add(`evidence.sources[${i}].id`, `duplicate source id "${s.id}"`);
    sourceIds.add(s.id);
  });
  const checkedIds = new Set(r.evidence.sources.filter((s) => s.checked !== undefined).map((s) => s.id));
  r.evidence.sources.forEach((s, i) => {
    if (s.citedBy === undefined) return;
    if (!sourceIds.has(s.citedBy)) add(`evidence.sources[${i}].citedBy`, `refers to source "${s.citedBy}", which is not in evidence.sources`);
    else if (!checkedIds.has(s.citedBy))
      add(
        `evidence.sources[${i}].citedBy`,
        `"${s.citedBy}" was not read here either (it has no checked day): a cited page must be cited by a source that was read`,
      );
  });
  const checkSources = (path: string, ids: string[]) =>
    ids.forEach((id, i) => {
      if (!sourceIds.has(id)) add(`${path}[${i}]`, `refers to source "${id}", which is not in evidence.sources`);
    });

  const models = new Set(r.variants.map((v) => v.model));
  const regions = new Set(r.variants.flatMap((v) => v.regions));
  const seenModels = new Set<string>();
  r.variants.forEach((v, i) => {
    if (seenModels.has(v.model)) add(`variants[${i}].model`, `duplicate model "${v.model}"`);
    seenModels.add(v.model);
  });
  // A code is compared as every lookup compares it (case and separators ignored), so "SM-A525F" and "sm_a525f" are one code.
  const codes = new Map<string, string>();
  r.variants.forEach((v, i) => {
    const allowed = new Set(v.regions);
    v.identifiers?.forEach((x, j) => {
      const path = `variants[${i}].identifiers[${j}]`;
      const format = IDENTIFIER_FORMATS[x.kind];
      if (!format.pattern.test(x.value)) add(`${path}.value`, `"${x.value}" is not written as a ${x.kind} is (${format.description})`);
      else if (isPatternKind(x.kind) && !compilesAsPattern(x.value))
        add(`${path}.value`, `"${x.value}" is not a regular expression a HWID can be tested against`);
      if (!sourceIds.has(x.sourceId)) add(`${path}.sourceId`, `refers to source "${x.sourceId}", which is not in evidence.sources`);
      x.regions?.forEach((g, k) => {
        if (!allowed.has(g) && !allowed.has("GLOBAL")) add(`${path}.regions[${k}]`, `region "${g}" is not one this variant is sold in`);
      });
      // A pattern is compared as written, never as a code: "^ATLAS .*" is not the board "atlas".
      const key = identifierIdentity(x);
      const first = codes.get(key);
      if (first !== undefined) add(`${path}.value`, `"${x.value}" is already listed at ${first} (codes are compared ignoring case and separators)`);
      else codes.set(key, path);
    });
  });
  const checkScope = (path: string, s: Scope) => {
    s.models?.forEach((m, i) => {
      if (!models.has(m)) add(`${path}.models[${i}]`, `model "${m}" is not one of the record's variants`);
    });
    s.regions?.forEach((g, i) => {
      if (!regions.has(g) && !regions.has("GLOBAL")) add(`${path}.regions[${i}]`, `region "${g}" is not sold in by any variant`);
    });
  };

  const released = periodOf(r.released);
  const commitmentIds = new Set<string>();
  const checkCommitment = (path: string, c: Commitment) => {
    if (commitmentIds.has(c.id)) add(`${path}.id`, `duplicate commitment id "${c.id}"`);
    commitmentIds.add(c.id);
    checkScope(`${path}.scope`, c.scope);
    checkSources(`${path}.sourceIds`, c.sourceIds);
    const known = (d: PartialDate | undefined) => d !== undefined && d.precision !== "unknown";
    // Saying support ended or continues is a claim like a date: it needs a source read here.
    const dated = DATED_FIELDS.some((field) => known(c[field])) || c.ended === true || c.supportedOn !== undefined;
    if (dated && c.sourceIds.length === 0)
      add(
        `${path}.sourceIds`,
        "a dated end, minimum, ceiling or last update, or a statement that support ended or continues, needs at least one source; record an unknown date instead of an unsourced one",
      );
    else if (dated && c.sourceIds.every((id) => sourceIds.has(id) && !checkedIds.has(id)))
      add(
        `${path}.sourceIds`,
        "a dated end, minimum, ceiling or last update, or a statement that support ended or continues, needs at least one source that was read here (with a checked day), not only pages cited by others",
      );
    if (dated && c.evidenceLevel === "unverified") add(`${path}.evidenceLevel`, '"unverified" cannot carry a date or a status; record the date as unknown');
    if (c.ended && known(c.end))
      add(`${path}.ended`, "must be absent with a dated end, which already says support ends (use ended for an end the source gives no date for)");
    if (c.ended && c.supportedOn !== undefined)
      add(`${path}.supportedOn`, "must be absent when ended is given: a source cannot list as continuing what it says has ended");
    const supported = c.supportedOn ? periodOf({ value: c.supportedOn, precision: "day" }) : null;
    if (supported && released && supported.last < released.first)
      add(`${path}.supportedOn`, `${c.supportedOn} is before the start of support (released ${r.released.value})`);
    for (const field of DATED_FIELDS) {
      const p = c[field] ? periodOf(c[field]) : null;
      if (p && released && p.last < released.first) add(`${path}.${field}`, `${c[field]!.value} is before the start of support (released ${r.released.value})`);
    }
    if (c.end && c.ceiling)
      add(
        `${path}.ceiling`,
        "a commitment has a documented end or an announced ceiling, not both: keep the end if the source documents one, and say what was announced in meaning",
      );
    // "At least until M" contradicts "ends in E" or "up to C" only when every day M can mean is after every day E or C can.
    const minimum = c.minimum ? periodOf(c.minimum) : null;
    for (const field of ["end", "ceiling"] as const) {
      const p = c[field] ? periodOf(c[field]) : null;
      if (p && minimum && minimum.first > p.last)
        add(
          `${path}.minimum`,
          `${c.minimum!.value} begins after the ${field === "end" ? "documented end" : "announced ceiling"} ${c[field]!.value}; support cannot be promised past it (check both dates against the source)`,
        );
    }
    const ceilingWords = CEILING_WORDS.exec(c.meaning)?.[0];
    if (ceilingWords && known(c.end))
      add(
        `${path}.end`,
        `meaning says "${ceilingWords}", an announced ceiling or aim, but the date is recorded as a documented end; record it as "ceiling" (or, if the source does document this end, say so in meaning)`,
      );
  };
  for (const kind of ["os", "security"] as const)
    r.support[kind].forEach((c, i) => {
      checkCommitment(`support.${kind}[${i}]`, c);
    });

  r.osVersions?.forEach((v, i) => {
    checkSources(`osVersions[${i}].sourceIds`, v.sourceIds);
    if (v.last !== undefined && compareVersions(v.last, v.first) < 0) add(`osVersions[${i}].last`, `${v.os} ${v.last} is before the first version, ${v.first}`);
    if (r.osVersions!.findIndex((o) => o.os === v.os) !== i) add(`osVersions[${i}].os`, `${v.os} is listed twice`);
  });

  r.caveats.forEach((c, i) => {
    checkScope(`caveats[${i}].scope`, c.scope);
    checkSources(`caveats[${i}].sourceIds`, c.sourceIds);
  });
  r.evidence.repairability.forEach((x, i) => {
    if (!sourceIds.has(x.sourceId)) add(`evidence.repairability[${i}].sourceId`, `refers to source "${x.sourceId}", which is not in evidence.sources`);
    if (x.scope) checkScope(`evidence.repairability[${i}].scope`, x.scope);
  });
  r.evidence.recallReview.forEach((x, i) => {
    checkSources(`evidence.recallReview[${i}].sourceIds`, x.sourceIds);
  });
  return out;
}

/**
 * Catalog-wide rules: one owner per slug, former slugs never reused, one
 * spelling per manufacturer, a withdrawn record's replacement is a published
 * record, and no alias that the search would read as another record's name.
 * (Shared aliases and shared names are allowed: a search answers an ambiguous
 * name with every record it may mean.)
 */
function catalogProblems(records: LoadedRecord[]): Problem[] {
  const out: Problem[] = [];
  const owner = new Map<string, string>();
  for (const { file, record } of records) {
    if (owner.has(record.slug)) out.push({ file, path: "slug", message: `duplicate slug "${record.slug}" (also in ${owner.get(record.slug)})` });
    else owner.set(record.slug, file);
  }
  const formerOwner = new Map<string, string>();
  for (const { file, record } of records) {
    record.formerSlugs.forEach((s, i) => {
      const path = `formerSlugs[${i}]`;
      if (owner.has(s) && owner.get(s) !== file) out.push({ file, path, message: `"${s}" is the current slug of ${owner.get(s)}` });
      else if (formerOwner.get(s) === file) out.push({ file, path, message: `former slug "${s}" is listed twice` });
      else if (formerOwner.has(s)) out.push({ file, path, message: `former slug "${s}" is also claimed by ${formerOwner.get(s)}` });
      else formerOwner.set(s, file);
    });
  }
  // A manufacturer's slug names its calendar (and page): two spellings of one slug would share them under one name.
  const spelled = new Map<string, { file: string; name: string }>();
  for (const { file, record } of records) {
    const slug = manufacturerSlug(record.manufacturer);
    const first = spelled.get(slug);
    if (!first) spelled.set(slug, { file, name: record.manufacturer });
    else if (first.name !== record.manufacturer)
      out.push({
        file,
        path: "manufacturer",
        message: `"${record.manufacturer}" is spelled "${first.name}" in ${first.file}; write one manufacturer the same way in every record`,
      });
  }
  for (const { file, record } of records) {
    const replacedBy = record.publication.state === "withdrawn" ? record.publication.replacedBy : undefined;
    if (replacedBy === undefined) continue;
    const target = records.find((x) => x.record.slug === replacedBy);
    if (replacedBy === record.slug) out.push({ file, path: "publication.replacedBy", message: "names the record itself" });
    else if (target?.record.publication.state !== "published")
      out.push({ file, path: "publication.replacedBy", message: `"${replacedBy}" is not the slug of a published record` });
  }
  out.push(...sharedIdentifierProblems(records));
  // Exact-name-first search ranks an alias match with name matches, so an alias
  // equal to another record's name could be listed before the record of that name.
  // A withdrawn record is not searched: its names may live on as the aliases of its replacement.
  const named = new Map<string, { file: string; name: string }[]>();
  for (const { file, record } of records) {
    if (record.publication.state === "withdrawn") continue;
    const key = compact(record.name);
    if (key) named.set(key, [...(named.get(key) ?? []), { file, name: record.name }]);
  }
  for (const { file, record } of records) {
    record.aliases.forEach((alias, i) => {
      const other = named.get(compact(alias))?.find((n) => n.file !== file);
      if (other)
        out.push({
          file,
          path: `aliases[${i}]`,
          message: `"${alias}" reads as the name of ${other.file} ("${other.name}") to the search; use a name that tells the two apart`,
        });
    });
  }
  return out;
}

/**
 * One code on two records is a mistake (a lookup would send a fleet to the
 * wrong device) unless the source itself gives it to both and every record
 * carrying it says so with `shared: true`; then the lookup lists them all.
 */
function sharedIdentifierProblems(records: LoadedRecord[]): Problem[] {
  const carriers = new Map<string, { file: string; path: string; value: string; shared: boolean }[]>();
  for (const { file, record } of records)
    record.variants.forEach((v, i) => {
      v.identifiers?.forEach((x, j) => {
        const key = identifierIdentity(x);
        const list = carriers.get(key) ?? [];
        if (!list.some((c) => c.file === file)) list.push({ file, path: `variants[${i}].identifiers[${j}]`, value: x.value, shared: x.shared === true });
        carriers.set(key, list);
      });
    });
  const out: Problem[] = [];
  for (const list of carriers.values()) {
    if (list.length < 2 || list.every((c) => c.shared)) continue;
    for (const c of list)
      if (!c.shared) {
        const others = list.filter((o) => o !== c).map((o) => `${o.file} ("${o.value}")`);
        out.push({
          file: c.file,
          path: `${c.path}.value`,
          message: `"${c.value}" is also a code of ${others.join(", ")}; one code names one device unless its source gives it to several, and then every record carrying it marks it "shared": true`,
        });
      }
  }
  return out;
}

export interface RawFile {
  /** Path as shown to people, e.g. data/devices/google-pixel-8.json */
  file: string;
  /** Slug the file name implies. */
  slug: string;
  text: string;
}

/** What one file yields on its own: a record (possibly with problems) or only problems. */
export interface FileResult {
  record?: DeviceRecord;
  problems: Problem[];
}

export function validateFile(f: RawFile): FileResult {
  let json: unknown;
  try {
    json = JSON.parse(f.text);
  } catch (e) {
    return { problems: [{ file: f.file, path: "", message: `is not valid JSON: ${(e as Error).message}` }] };
  }
  const parsed = DeviceRecord.safeParse(json);
  if (!parsed.success) return { problems: zodProblems(f.file, parsed.error) };
  return { record: parsed.data, problems: recordProblems(f.file, parsed.data, f.slug) };
}

/** A watcher's memory of earlier results, by file, so only edited files are validated again. */
export type ValidationCache = Map<string, { text: string; result: FileResult }>;

export function validateFiles(files: RawFile[], cache?: ValidationCache): { records: LoadedRecord[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const records: LoadedRecord[] = [];
  for (const f of files) {
    const hit = cache?.get(f.file);
    const result = hit && hit.text === f.text ? hit.result : validateFile(f);
    cache?.set(f.file, { text: f.text, result });
    problems.push(...result.problems);
    if (result.record) records.push({ file: f.file, record: result.record });
  }
  problems.push(...catalogProblems(records));
  return { records, problems };
}
