// A curator's decisions on the identifier importers' review lists, read from
// data/identifier-decisions.json. The importers never guess: a near name, a
// name Google Play gives several codenames, a code two records would share,
// all wait in the review list. A curator who has checked one writes a
// decision: take the row's codes (all, or the ones listed) into a record, or
// set the row aside, always with the reason. The merge applies it and the
// report and the record's revision quote it. Pure.
import { z } from "zod";
import type { SourceProblem } from "./front-matter.ts";
import { elementLines, parseJson } from "./identifiers-json.ts";

export const DECISIONS_FILE = "identifier-decisions.json";

const Decision = z
  .object({
    importer: z.enum(["samsung", "appledb", "sofa", "android", "surface", "aer", "eprel"]),
    row: z.string().min(1),
    decision: z.enum(["accept", "reject"]),
    record: z.string().min(1).optional(),
    variant: z.number().int().min(0).optional(),
    codes: z.array(z.string().min(1)).min(1).optional(),
    shared: z.literal(true).optional(),
    reason: z.string().min(20, "must say why, in a sentence a reviewer can check"),
  })
  .strict()
  .superRefine((d, ctx) => {
    if (d.decision === "accept" && !d.record) ctx.addIssue({ code: "custom", path: ["record"], message: "an accepted row must name the record it goes to" });
    if (d.decision === "reject" && (d.codes || d.shared || d.variant !== undefined))
      ctx.addIssue({ code: "custom", path: ["decision"], message: "a rejected row takes no codes, variant or shared" });
  });

export type Decision = z.infer<typeof Decision> & { file: string; line: number };

const Decisions = z.object({ $comment: z.string().optional(), decisions: z.array(z.unknown()) }).strict();

/** The decisions with the line each starts on, or every problem of the file as file:line. */
export function readDecisions(file: string, text: string): { decisions: Decision[]; problems: SourceProblem[] } {
  const parsed = parseJson(file, text);
  if (parsed.value === undefined) return { decisions: [], problems: parsed.problems };
  const top = Decisions.safeParse(parsed.value);
  if (!top.success) return { decisions: [], problems: [{ file, line: 1, message: 'must be {"decisions": [...]} (see docs/import-identifiers.md#decisions)' }] };
  // Each entry's line, whatever the entry holds: the elements of the decisions array, a member of the top-level object.
  const starts = elementLines(text, 2);
  const problems: SourceProblem[] = [];
  const decisions: Decision[] = [];
  const seen = new Map<string, number>();
  top.data.decisions.forEach((entry, i) => {
    const line = starts[i] ?? 1;
    const d = Decision.safeParse(entry);
    if (!d.success) {
      for (const issue of d.error.issues)
        problems.push({ file, line, message: `decision ${i + 1}${issue.path.length ? ` ${issue.path.join(".")}` : ""}: ${issue.message}` });
      return;
    }
    const key = `${d.data.importer}\u0000${d.data.row}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      problems.push({ file, line, message: `decision ${i + 1}: the ${d.data.importer} row "${d.data.row}" is decided already at line ${earlier}` });
    seen.set(key, line);
    decisions.push({ ...d.data, file, line });
  });
  return { decisions, problems };
}
