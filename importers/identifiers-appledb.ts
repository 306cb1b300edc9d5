// AppleDB's device files (one per configuration: name, hardware identifier,
// board, A-numbers) and the supplement transcribed from newer upstream files,
// read into rows: each configuration's codes under the device its name
// names (identifiers-apple-names.ts). Only iPhones, iPads and Apple Watches:
// the catalog holds no Mac. Unreleased entries are set aside. Pure.
import type { Source } from "../generator/schema/record.ts";
import type { SourceProblem } from "./front-matter.ts";
import { shortCommit } from "./endoflife-proposals.ts";
import { appleDevice } from "./identifiers-apple-names.ts";
import { lineAt, lineOfKey, parseJson } from "./identifiers-json.ts";
import type { Code, SourceRow, SourceRead } from "./identifiers-merge.ts";
import type { SnapshotContext } from "./identifiers-samsung.ts";
import { fileSourceId, fileUrl, SOURCES } from "./sources.ts";

export const APPLEDB_FOLDERS = ["deviceFiles/Apple Watch", "deviceFiles/iPad", "deviceFiles/iPhone"];
export const APPLEDB_SUPPLEMENT = "supplement-littlebyteorg-2024-09-to-2026.json";
/** The fork the snapshot's files come from (its README), and the upstream the supplement's entries name. */
export const APPLEDB_UPSTREAM = "https://github.com/littlebyteorg/appledb";

export interface SourceFile {
  /** The path inside the source folder, e.g. deviceFiles/iPhone/iPhone15,4.json. */
  rel: string;
  /** The path shown in problems. */
  path: string;
  text: string;
}

interface Entry {
  name: unknown;
  identifier: unknown;
  board?: unknown;
  model?: unknown;
}

const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);

/** A device entry's codes, or the problems that keep it out (each at its line). */
function codesOf(
  e: Entry,
  file: string,
  text: string,
  from: number,
  problems: SourceProblem[],
): { name: string; regions?: string[]; codes: Code[] } | undefined {
  const before = problems.length;
  const bad = (key: string, message: string) => problems.push({ file, line: lineOfKey(text, key, from), message: `${key} ${message}` });
  if (typeof e.name !== "string" || !e.name.trim()) bad("name", "must be the device's name, text");
  if (typeof e.identifier !== "string" || !e.identifier.trim()) bad("identifier", "must be the hardware identifier, text (e.g. iPhone15,4)");
  const boards = list(e.board);
  const models = list(e.model);
  if (boards.some((b) => typeof b !== "string")) bad("board", "must be text or a list of text");
  if (models.some((m) => typeof m !== "string")) bad("model", "must be text or a list of text (A-numbers)");
  if (problems.length > before) return undefined;
  const device = appleDevice(e.name as string);
  const regions = device.regions ? { regions: device.regions } : {};
  return {
    ...device,
    codes: [
      { kind: "hardware-identifier", value: e.identifier as string, ...regions },
      ...(boards as string[]).map((value) => ({ kind: "board" as const, value, ...regions })),
      ...(models as string[]).map((value) => ({ kind: "model-number" as const, value, ...regions })),
    ],
  };
}

export function readAppleDb(files: SourceFile[], supplement: SourceFile | undefined, ctx: SnapshotContext): { run?: SourceRead; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  const rows: SourceRow[] = [];
  const setAside: Record<string, number> = {};
  const unreleased = (name: string) => /\bunreleased\b/i.test(name);
  for (const f of [...files].sort((a, b) => (a.rel < b.rel ? -1 : 1))) {
    const parsed = parseJson(f.path, f.text);
    problems.push(...parsed.problems);
    if (parsed.value === undefined) continue;
    if (typeof parsed.value !== "object" || parsed.value === null || Array.isArray(parsed.value)) {
      problems.push({ file: f.path, line: 1, message: "must hold one device, a JSON object" });
      continue;
    }
    const read = codesOf(parsed.value as Entry, f.path, f.text, 0, problems);
    if (!read) continue;
    if (unreleased(read.name)) {
      setAside["AppleDB lists the device as unreleased"] = (setAside["AppleDB lists the device as unreleased"] ?? 0) + 1;
      continue;
    }
    const source: Source = {
      id: fileSourceId("appledb", f.rel),
      url: fileUrl(SOURCES.appledb.repository, ctx.commit, f.rel),
      publisher: "AppleDB",
      title: `${f.rel} at commit ${shortCommit(ctx.commit)} (${ctx.commitDate})`,
      checked: ctx.checked,
    };
    rows.push({
      ref: { file: f.rel, line: lineOfKey(f.text, "name"), label: (parsed.value as Entry).name as string },
      manufacturer: "Apple",
      name: read.name,
      codes: read.codes,
      source,
    });
  }
  if (supplement) {
    const parsed = parseJson(supplement.path, supplement.text);
    problems.push(...parsed.problems);
    const devices = (parsed.value as { devices?: unknown } | undefined)?.devices;
    if (parsed.value !== undefined && !Array.isArray(devices)) problems.push({ file: supplement.path, line: 1, message: "must hold a devices list" });
    let from = 0;
    for (const d of Array.isArray(devices) ? devices : []) {
      const e = (d ?? {}) as Entry & { path?: unknown; commit?: unknown };
      const at = supplement.text.indexOf("{", Math.max(from, supplement.text.indexOf('"devices"')) + 1);
      from = at < 0 ? from : at;
      const line = lineAt(supplement.text, from);
      const before = problems.length;
      // "deviceFiles/iPhone/iPhone17,1.json", or "device/main.json (gh-pages build)": the file, then a note.
      const rel = typeof e.path === "string" ? e.path.replace(/\s*\([^)]*\)$/, "") : "";
      if (!/^[\w ,.-]+(\/[\w ,.-]+)*\.json$/.test(rel))
        problems.push({
          file: supplement.path,
          line: lineOfKey(supplement.text, "path", from),
          message: "path must name the upstream file the entry was read from (e.g. deviceFiles/iPhone/iPhone17,1.json)",
        });
      if (typeof e.commit !== "string" || !/^[0-9a-f]{40}$/.test(e.commit))
        problems.push({
          file: supplement.path,
          line: lineOfKey(supplement.text, "commit", from),
          message: "commit must be the 40-character upstream commit the entry was read at",
        });
      const read = codesOf(e, supplement.path, supplement.text, from, problems);
      from = supplement.text.indexOf("}", from) + 1;
      if (!read || problems.length > before) continue;
      rows.push({
        ref: { file: APPLEDB_SUPPLEMENT, line, label: e.name as string },
        manufacturer: "Apple",
        name: read.name,
        codes: read.codes,
        source: {
          id: fileSourceId("appledb", e.identifier as string),
          url: fileUrl(APPLEDB_UPSTREAM, e.commit as string, rel),
          publisher: "AppleDB",
          title: `${rel} at commit ${shortCommit(e.commit as string)} (transcribed in this project's AppleDB supplement)`,
          checked: ctx.checked,
        },
      });
    }
  }
  if (problems.length) return { problems };
  return {
    problems,
    run: {
      files: [...APPLEDB_FOLDERS.map((f) => `${f}/*.json`), ...(supplement ? [APPLEDB_SUPPLEMENT] : [])],
      rows,
      review: [],
      setAside,
    },
  };
}
