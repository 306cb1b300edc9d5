// Measurement: how many output files a rebuild rewrites (issue 13). Netlify
// uploads every changed file and clients re-download every changed ETag, so a
// rebuild should change only what its change of meaning touches.
// Run directly, it is the child: prints one JSON line.
//   (a) a next-day rebuild: against the verdict transitions of that day
//   (b) a rebuild 30 days later
//   (c) a one-record edit (its text and a revision): every changed file must carry that record
//   (d) adding one record
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { STORAGE } from "../generator/contract/resources.ts";
import { recordText } from "../generator/schema/record.ts";
import { isMain, NOW, runChild } from "./lib.ts";

export interface ChurnCase {
  name: string;
  /** Files added, removed or rewritten, and their bytes in the second build. */
  files: number;
  bytes: number;
  /** Records whose verdict changed (a, b): the changes the day really brings. */
  transitions?: number;
  /** The target, when the case has one, and whether it holds. */
  limit?: number;
  pass?: boolean;
  /** (c): the changed files, and those that do not mention the edited record (unnecessary). */
  list?: string[];
  unnecessary?: string[];
}

export interface ChurnResult {
  devices: number;
  totalFiles: number;
  cases: ChurnCase[];
}

export async function measureChurn(catalogDir: string, workDir: string): Promise<ChurnResult> {
  const { json } = await runChild<ChurnResult>(import.meta.filename, [catalogDir, workDir], { timeoutMs: 60 * 60_000 });
  if (!json) throw new Error("churn child printed no result");
  return json;
}

interface FileState {
  sha1: string;
  size: number;
}

/** Every file under `dir`, by relative path, as a digest (a 10k build is too big to hold twice). */
function snapshot(dir: string): Map<string, FileState> {
  const files = new Map<string, FileState>();
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const bytes = readFileSync(path.join(e.parentPath, e.name));
    files.set(path.relative(dir, path.join(e.parentPath, e.name)), { sha1: createHash("sha1").update(bytes).digest("hex"), size: bytes.length });
  }
  return files;
}

function changed(a: Map<string, FileState>, b: Map<string, FileState>): { list: string[]; bytes: number } {
  const list = [...new Set([...a.keys(), ...b.keys()])].filter((f) => a.get(f)?.sha1 !== b.get(f)?.sha1).sort();
  return { list, bytes: list.reduce((n, f) => n + (b.get(f)?.size ?? 0), 0) };
}

const nextDay = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

if (isMain(import.meta.filename)) {
  const [catalogDir, workDir] = process.argv.slice(2) as [string, string];
  const { build } = await import("../generator/build.ts");
  const { siteFromEnv } = await import("../generator/derive/site.ts");
  const { readCatalog } = await import("../generator/load/read.ts");
  const { verdictOf } = await import("../generator/derive/verdict.ts");

  const buildAt = async (dataDir: string, day: string, name: string) => {
    const outDir = path.join(workDir, name);
    const report = await build({ dataDir, outDir, site: siteFromEnv({}, day) });
    if (!report.ok) throw new Error(`build failed: ${JSON.stringify(report.problems[0])}`);
    return snapshot(outDir);
  };
  const { records } = await readCatalog(catalogDir);
  const published = records.map((l) => l.record).filter((r) => r.publication.state === "published");
  const transitions = (from: string, to: string) =>
    published.filter((r) => {
      const [a, b] = [verdictOf(r, from), verdictOf(r, to)];
      return a.validFrom !== b.validFrom || a.code !== b.code;
    }).length;

  const base = await buildAt(catalogDir, NOW, "base");
  const cases: ChurnCase[] = [];
  for (const [name, days] of [
    ["(a) next-day rebuild", 1],
    ["(b) rebuild 30 days later", 30],
  ] as const) {
    const later = nextDay(NOW, days);
    const { list, bytes } = changed(base, await buildAt(catalogDir, later, `day-${days}`));
    const t = transitions(NOW, later);
    // Issue 35: each transition now reaches its manufacturer's pages, calendars and feed, its A–Z and list pages and its search card.
    const limit = days === 1 ? 20 * t + 20 : undefined;
    cases.push({ name, files: list.length, bytes, transitions: t, ...(limit !== undefined ? { limit, pass: list.length <= limit } : {}) });
  }

  // (c) and (d) on a copy of the catalog, so the caller's catalog stays as it was.
  const edited = path.join(workDir, "catalog-edited");
  cpSync(catalogDir, edited, { recursive: true });
  const target = published[Math.floor(published.length / 2)]!;
  const file = path.join(edited, "devices", `${target.slug}.json`);
  const record = JSON.parse(readFileSync(file, "utf8"));
  record.support.os[0].meaning += " (corrected wording)";
  record.evidence.revisions.push({ date: NOW, change: "OS meaning reworded", reason: "Churn benchmark edit" });
  writeFileSync(file, recordText(record));
  {
    const { list, bytes } = changed(base, await buildAt(edited, NOW, "edited"));
    // A change is necessary when the file carries the edited record (a removed file never is), or is the
    // ETag manifest and lists the ETag of a file that carries it (the manifest's entries are those files' hashes).
    const carries = (f: string) => existsSync(path.join(workDir, "edited", f)) && readFileSync(path.join(workDir, "edited", f)).includes(target.slug);
    const manifest = STORAGE.etagManifest.slice(1);
    const listed = (f: string) =>
      f === manifest &&
      Object.keys(JSON.parse(readFileSync(path.join(workDir, "edited", f), "utf8"))).some((p) => list.includes(p.slice(1)) && carries(p.slice(1)));
    const unnecessary = list.filter((f) => !carries(f) && !listed(f));
    cases.push({
      name: `(c) one-record edit (${target.slug})`,
      files: list.length,
      bytes,
      limit: 16,
      pass: list.length <= 16 && unnecessary.length === 0,
      list,
      unnecessary,
    });
  }
  const added = JSON.parse(readFileSync(file, "utf8"));
  const addedSlug = `${target.slug}-twin`;
  writeFileSync(
    path.join(edited, "devices", `${addedSlug}.json`),
    // A new device of its own: without the original's model codes, which no second record may repeat.
    `${JSON.stringify(
      {
        ...added,
        slug: addedSlug,
        name: `${added.name} Twin`,
        aliases: [],
        formerSlugs: [],
        variants: added.variants.map(({ identifiers: _, ...variant }: { identifiers?: unknown }) => variant),
      },
      null,
      2,
    )}\n`,
  );
  {
    const before = snapshot(path.join(workDir, "edited"));
    const { list, bytes } = changed(before, await buildAt(edited, NOW, "added"));
    cases.push({ name: `(d) one record added (${addedSlug})`, files: list.length, bytes });
  }
  console.log(JSON.stringify({ devices: published.length, totalFiles: base.size, cases } satisfies ChurnResult));
}
