// The Xiaomi importer's copy of XiaomiFirmwareUpdater/xiaomi_devices, made
// from three of its branches in the shape of ../shared/sources/xiaomi-devices
// (its README says what each file holds): eol.json, aer.json and Google
// Play's devices.json (as gplay-devices.json) unchanged from each branch's
// head; eol-history.json (for each (brand, name) the end-of-support list ever
// held, the first and last commit listing it) and aer-history.json (for each
// device of the security-update list, each distinct set of its values in the
// order first seen), derived from every version of eol.json and aer.json on
// their branches; the LICENSE, identical on the three; and a README whose
// table names each file's commit, as the importer reads it. The files are
// GPL-3.0: the derived ones say in their note that they were changed
// (GPL-3.0 §5a), and the copy stays beside the run, never in data/. Pure:
// file versions in, files and problems (file:line) out; git is read by
// git-read.ts.
import type { SourceProblem } from "./front-matter.ts";
import type { CommitStamp, FileVersion } from "./git-read.ts";
import { parseJson, pathLines } from "./identifiers-json.ts";
import { isObject, XIAOMI_FILES } from "./xiaomi-sources.ts";
import { SOURCES } from "./sources.ts";

/** The branches read, and the file each holds upstream. */
export const XIAOMI_BRANCHES = { eol: "eol.json", aer: "aer.json", gplay: "devices.json" } as const;
type Branch = keyof typeof XIAOMI_BRANCHES;

export interface XiaomiCopyInput {
  /** Every version of eol.json on branch eol, oldest first. */
  eol: FileVersion[];
  /** Every version of aer.json on branch aer, oldest first. */
  aer: FileVersion[];
  /** devices.json at the head of branch gplay. */
  gplay: FileVersion;
  /** LICENSE at the head of each branch. */
  licenses: Record<Branch, string | undefined>;
}

/** The values of a security-update entry the history follows. */
const AER_FIELDS = ["releaseDate", "securityUpdateEol", "updateFrequencyTl", "shippedVersion", "futureVersion"] as const;

const REPOSITORY = SOURCES.xiaomi.repository.replace(/^https:\/\//, "");
const CHANGED = "Changed from upstream (GPL-3.0 §5a) by `npm run import -- xiaomi-copy`";

/** JSON as the pinned copy was written (indent 1, no final newline), so a copy made again from the pinned commits is byte for byte the pinned one. */
const json = (value: unknown) => JSON.stringify(value, null, 1);
/** A file at a commit, named as `git show` takes it. */
const at = (v: CommitStamp, file: string) => `${v.commit.slice(0, 7)}:${file}`;

/** The (brand, name) entries of one end-of-support list, and the time the list says it was updated. */
function eolEntries(v: FileVersion, problems: SourceProblem[]): { entries: [string, string][]; updateAt?: string } | undefined {
  const file = at(v, XIAOMI_BRANCHES.eol);
  const parsed = parseJson(file, v.text!);
  problems.push(...parsed.problems);
  const list = parsed.value;
  if (list === undefined) return undefined;
  if (!isObject(list) || !Array.isArray(list.phone)) {
    problems.push({ file, line: 1, message: 'must be an object with a list "phone" of brand groups' });
    return undefined;
  }
  const lineOf = pathLines(v.text!);
  const entries: [string, string][] = [];
  for (const [g, group] of (list.phone as unknown[]).entries()) {
    if (!isObject(group)) {
      problems.push({ file, line: lineOf(["phone", g]), message: "a brand group must be an object" });
      continue;
    }
    for (const [brand, items] of Object.entries(group)) {
      if (!Array.isArray(items)) {
        problems.push({ file, line: lineOf(["phone", g, brand]), message: `brand group "${brand}" must be a list` });
        continue;
      }
      for (const [i, e] of (items as unknown[]).entries()) {
        if (isObject(e) && typeof e.brand === "string" && typeof e.deviceName === "string") entries.push([e.brand, e.deviceName]);
        else problems.push({ file, line: lineOf(["phone", g, brand, i]), message: "an entry must be an object with text brand and deviceName" });
      }
    }
  }
  return { entries, ...(typeof list.updateAt === "string" ? { updateAt: list.updateAt } : {}) };
}

function eolHistory(versions: FileVersion[], problems: SourceProblem[]) {
  const seen = new Map<string, { brand: string; deviceName: string; firstSeen: Record<string, string>; lastSeen: CommitStamp }>();
  let newest = new Set<string>();
  for (const v of versions) {
    const read = eolEntries(v, problems);
    if (!read) continue;
    newest = new Set();
    for (const [brand, deviceName] of read.entries) {
      // Keys sort as (brand, name) in code-unit order, as the pinned copy sorts them: NUL sorts before any character.
      const key = `${brand}\u0000${deviceName}`;
      newest.add(key);
      const stamp = { commit: v.commit, date: v.date };
      const had = seen.get(key);
      if (had) had.lastSeen = stamp;
      else
        seen.set(key, { brand, deviceName, firstSeen: { ...stamp, ...(read.updateAt === undefined ? {} : { listUpdateAt: read.updateAt }) }, lastSeen: stamp });
    }
  }
  const devices = [...seen.keys()].sort().map((key) => ({ ...seen.get(key)!, inNewest: newest.has(key) }));
  const start = versions[0]!.date.slice(0, 10);
  return {
    repository: REPOSITORY,
    branch: "eol",
    file: XIAOMI_BRANCHES.eol,
    commitsRead: versions.length,
    note: `${CHANGED} from the branch's versions up to ${versions.at(-1)!.date.slice(0, 10)}: firstSeen = the oldest commit of branch eol whose eol.json lists the device; the branch starts ${start}, so every device already listed then has firstSeen ${start}`,
    devices,
  };
}

function aerHistory(versions: FileVersion[], problems: SourceProblem[]) {
  const history = new Map<string, Record<string, string>[]>();
  for (const v of versions) {
    const file = at(v, XIAOMI_BRANCHES.aer);
    const parsed = parseJson(file, v.text!);
    if (parsed.value === undefined) {
      problems.push(...parsed.problems);
      continue;
    }
    const items = isObject(parsed.value) ? parsed.value.items : undefined;
    if (!Array.isArray(items)) {
      problems.push({ file, line: 1, message: 'must be an object with a list "items"' });
      continue;
    }
    const lineOf = pathLines(v.text!);
    for (const [i, item] of (items as unknown[]).entries()) {
      if (!isObject(item) || typeof item.deviceName !== "string" || !AER_FIELDS.every((k) => typeof item[k] === "string")) {
        problems.push({ file, line: lineOf(["items", i]), message: `an entry needs text deviceName, ${AER_FIELDS.join(", ")}` });
        continue;
      }
      const values = Object.fromEntries(AER_FIELDS.map((k) => [k, item[k] as string]));
      const list = history.get(item.deviceName) ?? [];
      history.set(item.deviceName, list);
      // A set of values seen before, even if others came between, is not a change.
      if (!list.some((had) => AER_FIELDS.every((k) => had[k] === values[k]))) list.push({ ...values, firstSeenCommit: v.commit, firstSeenDate: v.date });
    }
  }
  return {
    repository: REPOSITORY,
    branch: "aer",
    file: XIAOMI_BRANCHES.aer,
    commitsRead: versions.length,
    note: `${CHANGED} from the branch's versions up to ${versions.at(-1)!.date.slice(0, 10)}: for each deviceName, each distinct set of values in the order first seen in the branch history`,
    devices: [...history.keys()].sort().map((deviceName) => ({ deviceName, values: history.get(deviceName)! })),
  };
}

export function deriveXiaomiCopy(input: XiaomiCopyInput): { files: { path: string; text: string }[]; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  for (const branch of ["eol", "aer"] as const) {
    if (!input[branch].length)
      problems.push({ file: `${branch}:${XIAOMI_BRANCHES[branch]}`, line: 1, message: `not found: branch ${branch} has no version of it` });
    for (const v of input[branch])
      if (v.text === undefined)
        problems.push({ file: at(v, XIAOMI_BRANCHES[branch]), line: 1, message: "deleted by this commit: a history with a gap is not read" });
  }
  if (input.gplay.text === undefined) problems.push({ file: at(input.gplay, XIAOMI_BRANCHES.gplay), line: 1, message: "not found" });
  const licenses = Object.entries(input.licenses);
  for (const [branch, text] of licenses)
    if (text === undefined) problems.push({ file: `${branch}:LICENSE`, line: 1, message: "not found: the GPL-3.0 license must come with the lists" });
  if (new Set(licenses.flatMap(([, t]) => (t === undefined ? [] : [t]))).size > 1)
    problems.push({ file: "LICENSE", line: 1, message: "differs between the branches eol, aer and gplay: which one covers the copy is unclear" });
  if (problems.length) return { files: [], problems };

  const eol = eolHistory(input.eol, problems);
  const aer = aerHistory(input.aer, problems);
  if (problems.length) return { files: [], problems };
  const head = (branch: "eol" | "aer") => input[branch].at(-1)!;
  return {
    files: [
      { path: XIAOMI_FILES.eol, text: head("eol").text! },
      { path: XIAOMI_FILES.aer, text: head("aer").text! },
      { path: XIAOMI_FILES.gplay, text: input.gplay.text! },
      { path: XIAOMI_FILES.eolHistory, text: json(eol) },
      { path: XIAOMI_FILES.aerHistory, text: json(aer) },
      { path: "LICENSE", text: input.licenses.eol! },
      { path: "README.md", text: readme(input, eol.devices.length, aer.devices.filter((d) => d.values.length > 1).length) },
    ],
    problems,
  };
}

function readme(input: XiaomiCopyInput, eolNames: number, aerChanged: number): string {
  const day = (v: CommitStamp) => v.date.slice(0, 10);
  const head = (v: CommitStamp, branch: string) => `\`${branch}\`, \`${v.commit}\` (${day(v)})`;
  const span = (vs: FileVersion[], branch: string) => `\`${branch}\`, ${vs.length} commits ${day(vs[0]!)} to ${day(vs.at(-1)!)}`;
  return `# Xiaomi, Redmi and POCO support lists (copy)

From ${REPOSITORY}, GNU GPL v3 (\`LICENSE\`, identical on each branch used), made by
\`npm run import -- xiaomi-copy\` (importers/xiaomi-copy.ts). Its bots save Xiaomi's own lists from trust.mi.com
(Xiaomi Security Center) into one branch each:

| Path | Branch, commit, date | What |
| --- | --- | --- |
| \`${XIAOMI_FILES.aer}\` | ${head(input.aer.at(-1)!, "aer")} | unchanged: Xiaomi's Android Enterprise Recommended list |
| \`${XIAOMI_FILES.eol}\` | ${head(input.eol.at(-1)!, "eol")} | unchanged: Xiaomi's end-of-security-support list; no dates per device |
| \`${XIAOMI_FILES.eolHistory}\` | ${span(input.eol, "eol")} | derived: for each of ${eolNames} (brand, name) pairs ever listed, the first and last commit that lists it and whether the newest list has it |
| \`${XIAOMI_FILES.aerHistory}\` | ${span(input.aer, "aer")} | derived: for each device, each distinct set of values in the order first seen (${aerChanged} devices changed something) |
| \`${XIAOMI_FILES.gplay}\` | ${head(input.gplay, "gplay")} | unchanged \`${XIAOMI_BRANCHES.gplay}\`: Xiaomi/Redmi/POCO rows of Google Play's certified-devices list |

The derived files are modified works under GPL-3.0 §5: each names its branch and says how it was made. What may be
taken, and how: the facts (names, months, model codes) with attribution "Xiaomi Security Center (trust.mi.com), via
XiaomiFirmwareUpdater/xiaomi_devices"; model codes: "Google Play certified devices". A copy of these files must stay
under GPL-3.0 with \`LICENSE\`; never put them in data/: take the facts, not the files. How the importer reads them:
docs/import-xiaomi.md.
`;
}
