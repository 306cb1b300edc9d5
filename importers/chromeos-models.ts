// ChromeOS models from Google's recovery index and the Auto Update Expiration
// (AUE) its update server gives, as the pinned copy of
// jay0lee/chromeos-update-directory holds them (../shared/sources/
// chromeos-update-directory, Apache-2.0): models.json (every (image,
// manufacturer, name, HWID pattern) row over all image files),
// aue-samples.json (per analysed image file, the AUE the server gave ONE
// sampled HWID) and images-newest/ (each image's newest file: the names the
// index gives today). A model is one HWID pattern of one recovery image; its
// AUE is the newest sample of its own image whose HWID the pattern matches,
// tested as Google's recovery tool tests it (a JavaScript RegExp). A sample
// of another model on the same board never dates it: AUE belongs to a HWID,
// not to a board. Pure: texts in, models and problems (file:line) out.
import type { SourceProblem } from "./front-matter.ts";
import { elementLines, parseJson } from "./identifiers-json.ts";

export const MODELS_FILE = "models.json";
export const SAMPLES_FILE = "aue-samples.json";
export const NEWEST_FOLDER = "images-newest";

export interface SourceText {
  /** The path shown in problems. */
  path: string;
  text: string;
}

export interface AueSample {
  /** The upstream file analysed, e.g. data/images/atlas/130/data.json. */
  path: string;
  lastChanged: string;
  imageName: string;
  sampleHwid: string;
  /** The server's AUE as a month (YYYY-MM), or null when it gave none. */
  month: string | null;
}

export interface ChromeModel {
  image: string;
  /** The image's boards (several for a unified build); the model's own where its HWID pattern names one. */
  boards: string[];
  /** The board the pattern's first word names (^KRANE-ZDKS .* on kukui: krane), when the image lists it. */
  ownBoard?: string;
  manufacturer: string;
  /** Every name the index gave this pattern, in the order models.json lists them. */
  names: string[];
  /** The name the image's newest file gives it (what Google Admin shows now), else the last of names. */
  current: string;
  hwidmatch: string;
  /** Where its first row stands in models.json. */
  line: number;
  /** The upstream file of the image's newest analysis, when it still lists this pattern (images-newest). */
  listedIn?: string;
  /** The newest sample of its image whose HWID the pattern matches, and the earlier ones that said another month. */
  aue?: { sample: AueSample; earlier: AueSample[] };
}

export interface ChromeSources {
  models: SourceText;
  samples: SourceText;
  /** images-newest/<image>.json */
  newest: SourceText[];
}

/** A sample's milestone folder as a number (data/images/atlas/130/data.json → 130). */
const milestoneOf = (path: string) => Number(/\/(\d+)\/data\.json$/.exec(path)?.[1] ?? -1);

/** Newest first: the later upstream change, then the higher milestone. */
const newestFirst = (a: AueSample, b: AueSample) =>
  a.lastChanged < b.lastChanged ? 1 : a.lastChanged > b.lastChanged ? -1 : milestoneOf(b.path) - milestoneOf(a.path);

/** Whether a HWID matches a pattern, as the recovery tool tests it (a search, anchored only where the pattern says ^). */
export function hwidMatches(pattern: string, hwid: string): boolean {
  try {
    return new RegExp(pattern).test(hwid);
  } catch {
    return false;
  }
}

/** A ChromeOS board or recovery image as the index names it: octopus, falco-li. */
const BOARD = /^[a-z][a-z0-9-]{1,30}$/;

const isText = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

export function readChromeModels(src: ChromeSources): { models: ChromeModel[]; samples: AueSample[]; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  const add = (file: string, line: number, message: string) => problems.push({ file, line, message });

  // The samples: one per analysed image file.
  const samples: AueSample[] = [];
  const s = parseJson(src.samples.path, src.samples.text);
  problems.push(...s.problems);
  const sampleList = (s.value as { samples?: unknown } | undefined)?.samples;
  if (!s.problems.length && !Array.isArray(sampleList)) add(src.samples.path, 1, 'must be an object with a "samples" list');
  const sampleLines = elementLines(src.samples.text, 2);
  (Array.isArray(sampleList) ? sampleList : []).forEach((e: Record<string, unknown>, i) => {
    const line = sampleLines[i] ?? 1;
    if (!e || typeof e !== "object") {
      add(src.samples.path, line, "a sample must be an object");
      return;
    }
    const aue = e.aueDate;
    if (!isText(e.path) || !/^data\/images\/[^/]+\/\d+\/data\.json$/.test(e.path)) {
      add(src.samples.path, line, "path must be data/images/<image>/<milestone>/data.json");
      return;
    }
    if (!isText(e.imageName) || !isText(e.sampleHwid) || !isText(e.lastChanged)) {
      add(src.samples.path, line, "imageName, sampleHwid and lastChanged must be text");
      return;
    }
    if (aue !== null && (typeof aue !== "string" || !/^\d{4}-(0[1-9]|1[0-2])-\d{2}/.test(aue))) {
      add(src.samples.path, line, `aueDate must be a date "YYYY-MM-DD …" or null (got ${JSON.stringify(aue)})`);
      return;
    }
    samples.push({ path: e.path, lastChanged: e.lastChanged, imageName: e.imageName, sampleHwid: e.sampleHwid, month: aue === null ? null : aue.slice(0, 7) });
  });

  // The names each image's newest file gives, by pattern.
  const currentName = new Map<string, string>();
  for (const f of src.newest) {
    const n = parseJson(f.path, f.text);
    problems.push(...n.problems);
    const d = n.value as { image_name?: unknown; names?: unknown; hwidmatches?: unknown } | undefined;
    if (!d) continue;
    if (!isText(d.image_name) || !Array.isArray(d.names) || !Array.isArray(d.hwidmatches) || d.names.length !== d.hwidmatches.length) {
      add(f.path, 1, "must hold image_name and parallel names and hwidmatches lists");
      continue;
    }
    d.hwidmatches.forEach((h, i) => {
      const name = (d.names as unknown[])[i];
      if (isText(h) && isText(name)) currentName.set(`${d.image_name}\n${h}`, name.trim());
    });
  }
  // The newest analysed file of each image (the highest milestone folder): what images-newest copies.
  const newestPath = new Map<string, string>();
  for (const x of samples) {
    const had = newestPath.get(x.imageName);
    if (!had || milestoneOf(x.path) > milestoneOf(had)) newestPath.set(x.imageName, x.path);
  }

  // The models: one per (image, HWID pattern), every name its rows gave it.
  const m = parseJson(src.models.path, src.models.text);
  problems.push(...m.problems);
  const rows = (m.value as { models?: unknown } | undefined)?.models;
  if (!m.problems.length && !Array.isArray(rows)) add(src.models.path, 1, 'must be an object with a "models" list');
  const rowLines = elementLines(src.models.text, 2);
  const byKey = new Map<string, ChromeModel>();
  (Array.isArray(rows) ? rows : []).forEach((e: Record<string, unknown>, i) => {
    const line = rowLines[i] ?? 1;
    if (!e || typeof e !== "object") {
      add(src.models.path, line, "a model row must be an object");
      return;
    }
    if (!isText(e.imageName) || !BOARD.test(e.imageName)) {
      add(src.models.path, line, "imageName must be a ChromeOS board name in lower case");
      return;
    }
    // Some rows list an empty board beside the real ones: it names nothing and is left out.
    if (!Array.isArray(e.boards) || e.boards.some((b) => typeof b !== "string" || (b !== "" && !BOARD.test(b)))) {
      add(src.models.path, line, "boards must be a list of ChromeOS board names in lower case");
      return;
    }
    const boards = (e.boards as string[]).filter(Boolean);
    if (!isText(e.manufacturer) || !isText(e.name)) {
      add(src.models.path, line, "manufacturer and name must be text");
      return;
    }
    if (!isText(e.hwidmatch)) {
      add(src.models.path, line, "hwidmatch must be a HWID pattern");
      return;
    }
    try {
      new RegExp(e.hwidmatch);
    } catch (err) {
      add(src.models.path, line, `hwidmatch is not a regular expression: ${(err as Error).message}`);
      return;
    }
    const key = `${e.imageName}\n${e.hwidmatch}`;
    const name = e.name.trim();
    const had = byKey.get(key);
    if (had) {
      if (!had.names.includes(name)) had.names.push(name);
      return;
    }
    const first = /^\^?([A-Z0-9]+)/.exec(e.hwidmatch)?.[1]?.toLowerCase();
    byKey.set(key, {
      image: e.imageName,
      boards,
      ...(first && first !== e.imageName && boards.includes(first) ? { ownBoard: first } : {}),
      manufacturer: e.manufacturer.trim(),
      names: [name],
      current: name,
      hwidmatch: e.hwidmatch,
      line,
    });
  });
  const models = [...byKey.values()];
  for (const model of models) {
    const now = currentName.get(`${model.image}\n${model.hwidmatch}`);
    model.current = now ?? model.names.at(-1)!;
    if (now && !model.names.includes(now)) model.names.push(now);
    if (now) model.listedIn = newestPath.get(model.image);
    // Only its own image's samples, and only those whose HWID the pattern matches.
    const own = samples.filter((x) => x.imageName === model.image && hwidMatches(model.hwidmatch, x.sampleHwid)).sort(newestFirst);
    const dated = own.filter((x) => x.month !== null);
    if (dated.length) model.aue = { sample: dated[0]!, earlier: dated.filter((x) => x.month !== dated[0]!.month) };
  }
  return { models, samples, problems };
}
