// npm run diff -- BASE HEAD [--now YYYY-MM-DD] [--max-chars N]
// What a change to data/devices/ does for readers, between two git refs of
// this repository: each catalog is read from git (git archive), loaded and
// validated as the build loads it, and compared with derive/catalog-diff.ts.
// Prints Markdown (the pull-request workflow posts it as a comment). Exits 1
// when HEAD's catalog does not validate, naming each problem.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { catalogDiff, changeSummary } from "../derive/catalog-diff.ts";
import { readCatalog } from "../load/read.ts";
import { formatProblem, type Problem } from "../load/validate.ts";
import { cliCommand, resolveNow } from "../load/flags.ts";

const { values, positionals } = cliCommand({ now: { type: "string" }, "max-chars": { type: "string" } });
if (positionals.length !== 2) {
  console.error("usage: npm run diff -- BASE HEAD [--now YYYY-MM-DD] [--max-chars N]   (two git refs, e.g. origin/main HEAD)");
  process.exit(2);
}
const [baseRef, headRef] = positionals as [string, string];
const now = resolveNow(values.now as string | undefined);
// A pull-request comment holds 65,536 characters: the workflow passes a limit under it.
const maxChars = values["max-chars"] === undefined ? Number.POSITIVE_INFINITY : Number(values["max-chars"]);
if (!(Number.isInteger(maxChars) && maxChars > 0) && maxChars !== Number.POSITIVE_INFINITY) {
  console.error(`error: --max-chars must be a positive integer (got "${values["max-chars"]}")`);
  process.exit(2);
}
const DEVICES = "data/devices";

/** The catalog at a ref, extracted into a fresh folder (data/devices/*.json), loaded and validated. */
async function catalogAt(ref: string, work: string) {
  const dir = path.join(work, ref.replace(/[^A-Za-z0-9._-]/g, "_"));
  mkdirSync(dir, { recursive: true });
  try {
    execFileSync("git", ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], { stdio: "ignore" });
  } catch {
    console.error(`error: "${ref}" is not a commit of this repository`);
    process.exit(2);
  }
  const tar = execFileSync("git", ["archive", "--format=tar", ref, "--", DEVICES], { maxBuffer: 1 << 30 });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  return readCatalog(path.join(dir, "data"));
}

const work = mkdtempSync(path.join(tmpdir(), "dl-diff-"));
try {
  const [base, head] = [await catalogAt(baseRef, work), await catalogAt(headRef, work)];
  const relative = (p: Problem): Problem => ({ ...p, file: path.relative(work, p.file).replace(/^[^/]+\//, "") });
  if (head.problems.length) {
    for (const p of head.problems) console.error(formatProblem(relative(p)));
    console.error(`\n${head.problems.length} problem(s) in ${DEVICES} at ${headRef}; no summary.`);
    process.exit(1);
  }
  // A base that did not validate (an older rule) is compared as far as it loads.
  if (base.problems.length)
    console.error(`note: ${base.problems.length} problem(s) in ${DEVICES} at ${baseRef}; those records are left out of the comparison.`);
  const changes = catalogDiff(
    base.records.map((r) => r.record),
    head.records.map((r) => r.record),
    now,
  );
  process.stdout.write(changeSummary(changes, { base: baseRef, head: headRef, now }, maxChars));
} finally {
  rmSync(work, { recursive: true, force: true });
}
