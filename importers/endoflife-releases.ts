// One endoflife.date product file read into releases: every key checked
// against the file's mapping, every value's type and date checked, each value
// kept with its line and its source comment. Pure: text in, releases or
// problems out (all of them, not only the first).
import { isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from "yaml";
import { Day } from "../generator/schema/record.ts";
import { parseFrontMatter, type SourceProblem } from "./front-matter.ts";
import { mappingFor, type ProductMapping } from "./endoflife-mapping.ts";

/** A value with where it stands and what its author wrote beside it. */
export interface Cell<T> {
  value: T;
  line: number;
  /** The comment after the value and any comment lines right above its key, joined; "" when none. */
  comment: string;
}

export interface Release {
  cycle: string;
  label: string;
  line: number;
  releaseDate: Cell<string>;
  eoas?: Cell<string | boolean>;
  eol?: Cell<string | boolean>;
  link?: Cell<string | null>;
  /** The values of the mapping's extra keys (e.g. supportedIosVersions), by key. */
  extra: Record<string, Cell<unknown>>;
  /** Every comment and text value of the release: where its links name things. */
  text: string[];
}

export interface ProductFile {
  /** The file as shown in problems and citations, e.g. ../shared/sources/endoflife.date/products/pixel.md */
  path: string;
  mapping: ProductMapping;
  releases: Release[];
}

const COMMON_KEYS = ["releaseCycle", "releaseLabel", "releaseDate", "discontinued", "link"];

const isDay = (v: unknown): v is string => typeof v === "string" && Day.safeParse(v).success;

function commentOf(pair: Pair<Node, Node | null>): string {
  const parts = [(pair.key as Node | null)?.commentBefore, pair.value?.commentBefore, pair.value?.comment];
  return parts
    .filter((c): c is string => typeof c === "string")
    .map((c) => c.trim())
    .filter(Boolean)
    .join(" | ");
}

export function readProductFile(path: string, name: string, text: string): { product?: ProductFile; problems: SourceProblem[] } {
  const mapping = mappingFor(name);
  if (!mapping) return { problems: [{ file: path, line: 1, message: `no entry for "${name}" in the importer's table (importers/endoflife-mapping.ts)` }] };
  const { frontMatter, problems } = parseFrontMatter(path, text);
  if (!frontMatter || problems.length) return { problems };
  const { doc, lineOf } = frontMatter;
  const add = (line: number, message: string) => problems.push({ file: path, line, message });
  const lineAt = (n: Node | null | undefined) => (n?.range ? lineOf(n.range[0]) : 1);

  const root = doc.contents;
  if (!isMap(root)) {
    add(1, "front matter is not a map of keys");
    return { problems };
  }
  for (const column of ["eoas", "eol"] as const) {
    const key = `${column}Column`;
    const expected = mapping[column]?.label ?? null;
    const pair = root.items.find((p) => isScalar(p.key) && p.key.value === key);
    const found = pair && isScalar(pair.value) ? pair.value.value : null;
    if (found !== expected)
      add(
        pair ? lineAt(pair.key as Node) : 1,
        `${key} is ${found === null ? "not set" : `"${String(found)}"`}, but the importer's table reads this file's ${column} column as ${expected === null ? "unlabelled" : `"${expected}"`} (update importers/endoflife-mapping.ts if the file changed)`,
      );
  }
  // A page a curator read for a rule (checked) is ours to cite; one the file cites must still be named there.
  for (const page of mapping.pages)
    if (!page.checked && !text.includes(page.url)) add(1, `the importer's table cites ${page.url} for this file, which the file no longer names`);

  const templatePair = root.items.find((p) => isScalar(p.key) && p.key.value === "releaseLabel");
  const template = templatePair && isScalar(templatePair.value) && typeof templatePair.value.value === "string" ? templatePair.value.value : undefined;

  const releasesPair = root.items.find((p) => isScalar(p.key) && p.key.value === "releases");
  if (!releasesPair || !isSeq(releasesPair.value)) {
    add(releasesPair ? lineAt(releasesPair.key as Node) : 1, "releases must be a list of releases");
    return { problems };
  }
  const allowed = new Set([...COMMON_KEYS, ...(mapping.eoas ? ["eoas"] : []), ...(mapping.eol ? ["eol"] : []), ...mapping.extraKeys]);
  const releases: Release[] = [];
  const seen = new Map<string, number>();
  for (const item of releasesPair.value.items) {
    const release = readRelease(item as Node, allowed, template, lineAt, add);
    if (!release) continue;
    const earlier = seen.get(release.cycle);
    if (earlier !== undefined) add(release.line, `releaseCycle "${release.cycle}" is already used at line ${earlier}`);
    else seen.set(release.cycle, release.line);
    releases.push(release);
  }
  return problems.length ? { problems } : { product: { path, mapping, releases }, problems };
}

function readRelease(
  item: Node,
  allowed: Set<string>,
  template: string | undefined,
  lineAt: (n: Node | null | undefined) => number,
  add: (line: number, message: string) => void,
): Release | undefined {
  const line = lineAt(item);
  if (!isMap(item)) {
    add(line, "a release must be a map of keys");
    return undefined;
  }
  const cells = new Map<string, Cell<unknown>>();
  const text: string[] = [];
  if (item.commentBefore) text.push(item.commentBefore);
  for (const pair of (item as YAMLMap<Node, Node | null>).items) {
    const keyNode = pair.key as Node;
    const key = isScalar(keyNode) ? String(keyNode.value) : "";
    const keyLine = lineAt(keyNode);
    if (!allowed.has(key)) {
      add(keyLine, `unknown column "${key}": this file's releases may use ${[...allowed].join(", ")}`);
      continue;
    }
    const value = pair.value;
    if (value !== null && !isScalar(value)) {
      add(keyLine, `${key} must be a single value, not a list or map`);
      continue;
    }
    const cell = { value: value ? value.value : null, line: keyLine, comment: commentOf(pair) };
    cells.set(key, cell);
    if (cell.comment) text.push(cell.comment);
    if (typeof cell.value === "string") text.push(cell.value);
  }

  let failed = false;
  const bad = (l: number, message: string) => {
    failed = true;
    add(l, message);
  };
  const cycle = cells.get("releaseCycle");
  if (!cycle) bad(line, "release has no releaseCycle");
  else if (typeof cycle.value !== "string" || cycle.value === "") bad(cycle.line, `releaseCycle must be text, got ${describe(cycle.value)}`);
  const labelCell = cells.get("releaseLabel");
  if (labelCell && (typeof labelCell.value !== "string" || labelCell.value.trim() === ""))
    bad(labelCell.line, `releaseLabel must be text, got ${describe(labelCell.value)}`);
  if (!labelCell && template === undefined) bad(line, "release has no releaseLabel and the file has no releaseLabel template");
  const date = cells.get("releaseDate");
  if (!date) bad(line, "release has no releaseDate");
  else checkDay(date, "releaseDate", bad);
  for (const key of ["eoas", "eol", "discontinued"]) {
    const cell = cells.get(key);
    if (cell && typeof cell.value !== "boolean") checkDay(cell, key, bad);
  }
  const link = cells.get("link");
  if (link && link.value !== null && (typeof link.value !== "string" || !/^https?:\/\//.test(link.value)))
    bad(link.line, `link must be an http(s) address or null, got ${describe(link.value)}`);
  if (date && isDay(date.value))
    for (const key of ["eoas", "eol"]) {
      const cell = cells.get(key);
      if (cell && isDay(cell.value) && cell.value < date.value)
        bad(cell.line, `${key} ${cell.value} is before the releaseDate ${date.value} (line ${date.line})`);
    }
  if (failed) return undefined;

  const cycleValue = cycle!.value as string;
  return {
    cycle: cycleValue,
    label: labelCell ? (labelCell.value as string).trim() : template!.replaceAll("__RELEASE_CYCLE__", cycleValue),
    line,
    releaseDate: date as Cell<string>,
    eoas: cells.get("eoas") as Cell<string | boolean> | undefined,
    eol: cells.get("eol") as Cell<string | boolean> | undefined,
    link: cells.get("link") as Cell<string | null> | undefined,
    extra: Object.fromEntries([...cells].filter(([key]) => !COMMON_KEYS.includes(key) && key !== "eoas" && key !== "eol")),
    text,
  };
}

function checkDay(cell: Cell<unknown>, key: string, bad: (line: number, message: string) => void): void {
  const v = cell.value;
  if (typeof v !== "string") bad(cell.line, `${key} must be a date YYYY-MM-DD${key === "releaseDate" ? "" : " or true/false"}, got ${describe(v)}`);
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) bad(cell.line, `${key} "${v}" is not a date written YYYY-MM-DD`);
  else if (!isDay(v)) bad(cell.line, `${key} ${v} is not a real calendar day`);
}

const describe = (v: unknown) => (v === null ? "nothing (null)" : typeof v === "string" ? `"${v}"` : `${typeof v} ${String(v)}`);
