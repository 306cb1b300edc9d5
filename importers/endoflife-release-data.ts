// endoflife.date's release-data files (releases/<product>.json): what its bots
// scraped from the manufacturers' pages (Samsung's security-update list,
// Motorola's and Sony's pages, Microsoft's Surface table), a few hours newer
// than the product files. Where a release's `eol` there differs from the
// product file's, the newer fact wins, and the record says so in a revision
// entry of its own. Pure: text in, entries or problems (file:line) out.
import { Day } from "../generator/schema/record.ts";
import type { SourceProblem } from "./front-matter.ts";

export interface ReleaseDataText {
  /** releases/<name>, e.g. "samsung-mobile.json": the product file "samsung-mobile.md" it belongs to. */
  name: string;
  path: string;
  text: string;
}

export interface ReleaseDataEntry {
  /** The release cycle, as the product file's releaseCycle. */
  name: string;
  eol: boolean | string;
  line: number;
}

export interface ReleaseDataFile {
  name: string;
  path: string;
  entries: Map<string, ReleaseDataEntry>;
}

/** The product file a release-data file belongs to. */
export const productFileOf = (name: string) => name.replace(/\.json$/, ".md");

export function readReleaseDataFile(input: ReleaseDataText): { file?: ReleaseDataFile; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  let json: unknown;
  try {
    json = JSON.parse(input.text);
  } catch (e) {
    const at = /position (\d+)/.exec(String(e))?.[1];
    const line = at ? input.text.slice(0, Number(at)).split("\n").length : 1;
    return { problems: [{ file: input.path, line, message: `not JSON: ${(e as Error).message}` }] };
  }
  const releases = (json as { releases?: unknown }).releases;
  if (!releases || typeof releases !== "object" || Array.isArray(releases))
    return { problems: [{ file: input.path, line: 1, message: '"releases" must be an object of releases by name' }] };
  // JSON keeps no positions: a release's line is the first line that opens its key.
  const lines = input.text.split("\n");
  const lineOf = (name: string) => lines.findIndex((l) => l.trimStart().startsWith(`${JSON.stringify(name)}:`)) + 1 || 1;
  const entries = new Map<string, ReleaseDataEntry>();
  for (const [name, value] of Object.entries(releases as Record<string, { eol?: unknown }>)) {
    const eol = value?.eol;
    if (eol === undefined) continue;
    if (typeof eol !== "boolean" && !(typeof eol === "string" && Day.safeParse(eol).success))
      problems.push({ file: input.path, line: lineOf(name), message: `eol of "${name}" must be true, false or a day YYYY-MM-DD, got ${JSON.stringify(eol)}` });
    else entries.set(name, { name, eol, line: lineOf(name) });
  }
  return problems.length ? { problems } : { file: { name: input.name, path: input.path, entries }, problems };
}
