// The importers' last check before writing: the real validator on the whole
// catalog with the proposals. A proposal that breaks a rule (alone or with
// the catalog: a slug, a name or a code another record holds) is not written
// and says why; the others are checked again without it. Pure.
import type { DeviceRecord } from "../generator/schema/record.ts";
import { formatProblem, validateFiles, type LoadedRecord, type RawFile } from "../generator/load/validate.ts";
import { recordText } from "../generator/schema/record.ts";

export function keepValid(catalog: LoadedRecord[], proposals: DeviceRecord[], devicesDir: string): { kept: DeviceRecord[]; rejected: Map<string, string> } {
  const fileOf = (slug: string) => `${devicesDir}/${slug}.json`;
  // A proposal that rewrites a record (a refresh) takes its place: the earlier version is not checked beside it.
  const rewritten = new Set(proposals.map((r) => r.slug));
  const catalogFiles: RawFile[] = catalog
    .filter((l) => !rewritten.has(l.record.slug))
    .map((l) => ({ file: l.file, slug: l.record.slug, text: recordText(l.record) }));
  const baseline = new Set(validateFiles(catalogFiles).problems.map(formatProblem));
  const rejected = new Map<string, string>();
  let kept = proposals;
  for (;;) {
    const found = validateFiles([...catalogFiles, ...kept.map((r) => ({ file: fileOf(r.slug), slug: r.slug, text: recordText(r) }))]).problems.filter(
      (p) => !baseline.has(formatProblem(p)),
    );
    if (!found.length) break;
    const about = (slug: string) => found.filter((f) => f.file === fileOf(slug) || f.message.includes(fileOf(slug)));
    const culprits = kept.filter((r) => about(r.slug).length);
    if (!culprits.length) throw new Error(`validation problems no proposal explains: ${found.map(formatProblem).join("; ")}`);
    for (const c of culprits)
      rejected.set(
        c.slug,
        `fails validation: ${about(c.slug)
          .map((f) => `${f.path || "(file)"}: ${f.message.replaceAll(`${devicesDir}/`, "devices/")}`)
          .join("; ")}`,
      );
    kept = kept.filter((r) => !culprits.includes(r));
  }
  return { kept, rejected };
}
