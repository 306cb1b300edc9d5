// Validation of the OS release records (data/os/<os>.json): each file
// parsed by its schema (schema/os-release.ts), named for its OS, every
// problem as file, field and message, as the device records' are. Pure:
// file contents in, releases or problems out.
import { OsReleaseFile } from "../schema/os-release.ts";
import { OS_RELEASE_OSES } from "../contract/os-releases.ts";
import { zodProblems, type Problem } from "./validate.ts";

export interface RawOsFile {
  /** Path as shown to people, e.g. data/os/windows.json */
  file: string;
  /** The OS the file name implies ("windows"). */
  name: string;
  text: string;
}

/** The files in OS_RELEASE_OSES order (the API lists them so), or every problem. */
export function validateOsReleases(files: readonly RawOsFile[]): { files: OsReleaseFile[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const parsed: OsReleaseFile[] = [];
  for (const f of files) {
    if (!(OS_RELEASE_OSES as readonly string[]).includes(f.name)) {
      problems.push({ file: f.file, path: "", message: `is not named for an OS with release records (${OS_RELEASE_OSES.join(", ")})` });
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(f.text);
    } catch (e) {
      problems.push({ file: f.file, path: "", message: `is not valid JSON: ${(e as Error).message}` });
      continue;
    }
    const result = OsReleaseFile.safeParse(json);
    if (!result.success) problems.push(...zodProblems(f.file, result.error));
    else if (result.data.os !== f.name) problems.push({ file: f.file, path: "os", message: `is "${result.data.os}", but the file is named for ${f.name}` });
    else parsed.push(result.data);
  }
  parsed.sort((a, b) => OS_RELEASE_OSES.indexOf(a.os) - OS_RELEASE_OSES.indexOf(b.os));
  return { files: problems.length ? [] : parsed, problems };
}
