// The source copies' only git access: what a clone of an upstream holds at a
// commit and when each file last changed, read with git itself (git log,
// ls-tree, cat-file), so the copy cites exactly the commits the upstream has.
// The derivations (chromeos-copy.ts, xiaomi-copy.ts) are pure functions of
// what these return.
import { execFileSync } from "node:child_process";

/** A commit as the copies cite it: its hash and its committer date as git writes it strictly (%cI, with the committer's offset). */
export interface CommitStamp {
  commit: string;
  date: string;
}

/** A file's text at one commit; none where the commit deleted it. */
export interface FileVersion extends CommitStamp {
  text?: string;
}

// data/images holds 16 MB of JSON at one commit; git's answer is read whole.
const git = (clone: string, args: string[], input?: string): Buffer =>
  execFileSync("git", ["-C", clone, ...args], { maxBuffer: 1 << 30, stdio: ["pipe", "pipe", "pipe"], ...(input === undefined ? {} : { input }) });

const lines = (clone: string, args: string[]) =>
  git(clone, args)
    .toString("utf8")
    .split("\n")
    .filter((l) => l !== "");

const stamp = (line: string): CommitStamp => {
  const [commit, date] = line.split(" ");
  return { commit: commit!, date: date! };
};

/** The commit a ref names (a branch, HEAD), or undefined when the clone has no such ref. */
export function commitAt(clone: string, ref: string): CommitStamp | undefined {
  try {
    return stamp(lines(clone, ["log", "-1", "--format=%H %cI", `${ref}^{commit}`, "--"])[0]!);
  } catch {
    return undefined;
  }
}

/** The text of each `<commit>:<path>` spec, in order; undefined for a path the commit does not hold. One git process for all. */
function blobs(clone: string, specs: string[]): (string | undefined)[] {
  if (!specs.length) return [];
  const out = git(clone, ["cat-file", "--batch"], specs.map((s) => `${s}\n`).join(""));
  const texts: (string | undefined)[] = [];
  let at = 0;
  for (const _ of specs) {
    const end = out.indexOf(0x0a, at);
    // "<sha> blob <size>", then the bytes and a newline; "<spec> missing" for a path the commit lacks.
    const size = /^[0-9a-f]+ blob (\d+)$/.exec(out.subarray(at, end).toString("utf8"))?.[1];
    texts.push(size === undefined ? undefined : out.subarray(end + 1, end + 1 + Number(size)).toString("utf8"));
    at = size === undefined ? end + 1 : end + 1 + Number(size) + 1;
  }
  return texts;
}

/** The texts of `paths` at `commit`, in order; undefined for a path the commit does not hold. */
export const textsAt = (clone: string, commit: string, paths: string[]) =>
  blobs(
    clone,
    paths.map((p) => `${commit}:${p}`),
  );

/** Every file under `folder` at `commit`, as paths from the repository's root, in git's order. */
export function filesUnder(clone: string, commit: string, folder: string): string[] {
  return lines(clone, ["ls-tree", "-r", "--name-only", commit, "--", folder]);
}

/** For each file `git log` names under `folder` up to `commit`, the last commit that touched it. */
export function lastChanges(clone: string, commit: string, folder: string): Map<string, CommitStamp> {
  const last = new Map<string, CommitStamp>();
  let current: CommitStamp | undefined;
  // Newest first: a file's first mention is its last change. Without rename detection, which would read every blob of
  // the history (a blob-less clone fetches each one): a renamed file's new path is named by the commit that made it.
  for (const line of lines(clone, ["log", "--no-renames", "--format=commit %H %cI", "--name-only", commit, "--", folder])) {
    if (line.startsWith("commit ")) current = stamp(line.slice("commit ".length));
    else if (current && !last.has(line)) last.set(line, current);
  }
  return last;
}

/** Every version of `file` on `ref`'s history, oldest first: each commit that changed it, with its text there (none where the commit deleted it). */
export function fileHistory(clone: string, ref: string, file: string): FileVersion[] {
  const commits = lines(clone, ["log", "--reverse", "--format=%H %cI", ref, "--", file]).map(stamp);
  const texts = blobs(
    clone,
    commits.map((c) => `${c.commit}:${file}`),
  );
  return commits.map((c, i) => ({ ...c, ...(texts[i] === undefined ? {} : { text: texts[i] }) }));
}
