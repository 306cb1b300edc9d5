// The Chromebook importer's copy of jay0lee/chromeos-update-directory, made
// from the upstream's analysed recovery images at one commit, in the shape of
// ../shared/sources/chromeos-update-directory (its README says what each file
// holds): aue-samples.json (one entry per data/images/<image>/<milestone>/
// data.json), models.json (every distinct (image, manufacturer, model, name,
// HWID pattern) row, with the dated samples of its own image its pattern
// matches), images-newest/ (each image's highest milestone file, unchanged),
// the upstream LICENSE (and NOTICE, if it has one) and a README naming the
// commit. The derived files are changes under Apache-2.0 §4(b): each says so
// in its note. Pure: file texts with their last-change dates in, files and
// problems (file:line) out; git is read by git-read.ts.
import type { SourceProblem } from "./front-matter.ts";
import type { CommitStamp } from "./git-read.ts";
import { hwidMatches, MODELS_FILE, NEWEST_FOLDER, SAMPLES_FILE } from "./chromeos-models.ts";
import { parseJson } from "./identifiers-json.ts";
import { SOURCES } from "./sources.ts";

/** The folder the importer's files are derived from. */
export const IMAGES_FOLDER = "data/images";
const IMAGE_FILE = /^data\/images\/([^/]+)\/(\d+)\/data\.json$/;
export const isImageFile = (path: string) => IMAGE_FILE.test(path);

export interface ImageFile {
  /** data/images/<image>/<milestone>/data.json */
  path: string;
  /** The last upstream commit that touched the file (its date, %cI). */
  lastChanged: string;
  text: string;
}

export interface ChromeCopyInput {
  /** The commit read, with its date as git writes it strictly (%cI). */
  head: CommitStamp;
  /** Every data/images/<image>/<milestone>/data.json at that commit. */
  images: ImageFile[];
  license?: string;
  notice?: string;
}

const REPOSITORY = SOURCES.chromeos.repository.replace(/^https:\/\//, "");

/** The derived files' notes: what each row is, and that it is upstream's data changed (Apache-2.0 §4(b)). */
const CHANGED = "Changed from upstream (Apache-2.0 §4(b)) by `npm run import -- chromebooks-copy`";
const SAMPLES_NOTE = `${CHANGED}: one entry per analysed recovery image (data/images/<image>/<milestone>/data.json); lastChanged is the date of the last upstream commit touching it; aueDate is the update server _eol_date for sampleHwid ("None" as null)`;
const MODELS_NOTE = `${CHANGED}: union of (image, manufacturer, model, name, hwidmatch) over all data/images files; aue lists the dated samples of its image whose sampleHwid matches hwidmatch, tested as the importer tests it (a JavaScript RegExp search)`;

/**
 * JSON as the pinned copy was written (Python's json.dumps, indent 1, every
 * character outside ASCII escaped, no final newline), so a copy made again
 * from the pinned commit is byte for byte the pinned one.
 */
export const asciiJson = (value: unknown) =>
  JSON.stringify(value, null, 1).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** The commit's date in UTC, to the second, as the pinned copy's header gives it (2026-08-22T22:06:25Z). */
const utc = (date: string) => new Date(date).toISOString().replace(/\.\d{3}Z$/, "Z");

interface Analysis {
  path: string;
  image: string;
  milestone: number;
  lastChanged: string;
  text: string;
  imageName: string;
  boards: string[];
  version: string | number;
  chromeMilestone: string;
  sampleHwid: string;
  aueDate: string | null;
  rows: { manufacturer: string; model: string; name: string; hwidmatch: string }[];
}

const isText = (v: unknown): v is string => typeof v === "string";
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.every(isText);
const PARALLEL = ["manufacturers", "models", "names", "hwidmatches"] as const;

/** One analysed image file, or the problem that keeps it from being read. */
function readAnalysis(file: ImageFile): { analysis?: Analysis; problem?: SourceProblem } {
  const at = IMAGE_FILE.exec(file.path);
  if (!at) return { problem: { file: file.path, line: 1, message: "is not data/images/<image>/<milestone>/data.json" } };
  const parsed = parseJson(file.path, file.text);
  if (parsed.value === undefined) return { problem: parsed.problems[0]! };
  const d = parsed.value as Record<string, unknown>;
  const fail = (message: string) => ({ problem: { file: file.path, line: 1, message } });
  if (typeof d !== "object" || d === null || Array.isArray(d)) return fail("must be an object");
  if (!isText(d.image_name) || !isTextList(d.boards) || !isText(d.chromeos_release_chrome_milestone) || !isText(d.sample_hwid))
    return fail("image_name, chromeos_release_chrome_milestone and sample_hwid must be text, boards a list of text");
  if (!isText(d.version) && typeof d.version !== "number") return fail("version must be text or a number");
  if (!isText(d.aue_date)) return fail('aue_date must be text (a date, or "None")');
  const lists = PARALLEL.map((k) => d[k]);
  if (!lists.every(isTextList) || new Set(lists.map((l) => (l as string[]).length)).size !== 1)
    return fail(`${PARALLEL.join(", ")} must be lists of text of one length`);
  const [manufacturers, models, names, hwidmatches] = lists as string[][];
  return {
    analysis: {
      path: file.path,
      image: at[1]!,
      milestone: Number(at[2]),
      lastChanged: file.lastChanged,
      text: file.text,
      imageName: d.image_name,
      boards: d.boards,
      version: d.version as string | number,
      chromeMilestone: d.chromeos_release_chrome_milestone,
      sampleHwid: d.sample_hwid,
      // Upstream writes a missing AUE as the text "None" (Python's).
      aueDate: d.aue_date === "None" ? null : d.aue_date,
      rows: manufacturers!.map((manufacturer, i) => ({ manufacturer, model: models![i]!, name: names![i]!, hwidmatch: hwidmatches![i]! })),
    },
  };
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function deriveChromeosCopy(input: ChromeCopyInput): { files: { path: string; text: string }[]; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  if (input.license === undefined)
    problems.push({ file: "LICENSE", line: 1, message: "not found at the commit: the Apache-2.0 license must come with the files" });
  const analyses: Analysis[] = [];
  for (const file of [...input.images].sort((a, b) => byText(a.path, b.path))) {
    const { analysis, problem } = readAnalysis(file);
    if (problem) problems.push(problem);
    if (analysis) analyses.push(analysis);
  }
  if (!analyses.length && !problems.length) problems.push({ file: IMAGES_FOLDER, line: 1, message: "holds no data/images/<image>/<milestone>/data.json" });
  if (problems.length) return { files: [], problems };

  const header = { repository: REPOSITORY, commit: input.head.commit, commitDate: utc(input.head.date) };
  const samples = analyses.map((a) => ({
    path: a.path,
    lastChanged: a.lastChanged,
    imageName: a.imageName,
    boards: a.boards,
    version: a.version,
    chromeMilestone: a.chromeMilestone,
    sampleHwid: a.sampleHwid,
    aueDate: a.aueDate,
  }));

  // Rows in the order first met (files by path, rows as each file lists them), then grouped by (image, manufacturer, model): a stable sort keeps the first-met order within a group.
  const rows = new Map<string, { imageName: string; boards: string[]; manufacturer: string; model: string; name: string; hwidmatch: string }>();
  for (const a of analyses)
    for (const r of a.rows) {
      const key = JSON.stringify([a.imageName, r.manufacturer, r.model, r.name, r.hwidmatch]);
      if (!rows.has(key)) rows.set(key, { imageName: a.imageName, boards: a.boards, ...r });
    }
  const dated = analyses.filter((a) => a.aueDate !== null);
  const models = [...rows.values()]
    .sort((x, y) => byText(x.imageName, y.imageName) || byText(x.manufacturer, y.manufacturer) || byText(x.model, y.model))
    .map((r) => ({
      ...r,
      // Only its own image's samples: a HWID answers for the image it was sampled on.
      aue: dated
        .filter((a) => a.imageName === r.imageName && hwidMatches(r.hwidmatch, a.sampleHwid))
        .sort((x, y) => byText(x.lastChanged, y.lastChanged) || byText(x.path, y.path))
        .map((a) => ({ aueDate: a.aueDate, sampleHwid: a.sampleHwid, path: a.path, lastChanged: a.lastChanged })),
    }));

  const newest = new Map<string, Analysis>();
  for (const a of analyses) if ((newest.get(a.image)?.milestone ?? -1) < a.milestone) newest.set(a.image, a);

  const files = [
    { path: SAMPLES_FILE, text: asciiJson({ ...header, note: SAMPLES_NOTE, samples }) },
    { path: MODELS_FILE, text: asciiJson({ ...header, note: MODELS_NOTE, models }) },
    ...[...newest.values()].map((a) => ({ path: `${NEWEST_FOLDER}/${a.image}.json`, text: a.text })),
    { path: "LICENSE", text: input.license! },
    ...(input.notice === undefined ? [] : [{ path: "NOTICE", text: input.notice }]),
  ];
  const withAue = models.filter((m) => m.aue.length).length;
  files.push({
    path: "README.md",
    text: readme(input, { samples: samples.length, dated: dated.length, models: models.length, withAue, images: newest.size }),
  });
  return { files, problems };
}

function readme(input: ChromeCopyInput, n: { samples: number; dated: number; models: number; withAue: number; images: number }): string {
  const when = `${utc(input.head.date).slice(0, 16).replace("T", " ")} UTC`;
  return `# ChromeOS boards, models and AUE dates (copy)

From ${REPOSITORY}, commit \`${input.head.commit}\` (${when}), Apache License 2.0 (\`LICENSE\`${input.notice === undefined ? "; the repository has no NOTICE file" : ", and its `NOTICE`"}), made by
\`npm run import -- chromebooks-copy\` (importers/chromeos-copy.ts) from the commit's \`data/images/\` and the
date of the last commit touching each file. Its bots read Google's ChromeOS recovery index and ask Google's update
server for each board's Auto Update Expiration.

| Path | What |
| --- | --- |
| \`images-newest/<image>.json\` | unchanged copies of \`data/images/<image>/<milestone>/data.json\` for the highest milestone of each of ${n.images} recovery images |
| \`aue-samples.json\` | derived: one entry per analysed image file (${n.samples}; ${n.dated} with a date): \`path\`, \`lastChanged\`, \`sampleHwid\`, \`aueDate\` |
| \`models.json\` | derived: ${n.models} distinct (image, manufacturer, model, name, hwidmatch) rows over all image files; \`aue\` lists the dated samples of the row's image whose \`sampleHwid\` matches its \`hwidmatch\` (${n.withAue} rows have at least one) |

The derived files are changes to upstream files under Apache-2.0 §4(b); each says so in its \`note\`. What may be
taken, and how: facts (board ↔ model ↔ HWID pattern, AUE month) with attribution "Google ChromeOS recovery index and
update server, via jay0lee/chromeos-update-directory". Keep \`LICENSE\` with any copy of the files. How the importer
reads them: docs/import-chromebooks.md.
`;
}
