// Property tests over generated catalogs, each built for real: a valid record
// with hostile text in every free-text field is accepted and every fact
// reaches every output intact; a near-valid one is rejected naming its file
// and field, and nothing is written. FC_SEED and FC_RUNS override the seed and
// the run counts; each test prints how many cases it tried.
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { build } from "../../generator/build.ts";
import { DeviceRecord } from "../../generator/schema/record.ts";
import { formatProblem } from "../../generator/load/validate.ts";
import { buildTo, SITE, treeDigests } from "../helpers/build.ts";
import { HOSTILE_PIECES, makeCatalog, makeRecord, NOW, recordFile, runs, SEED, writeCatalog } from "./arbitraries.ts";
import { checkOutputs } from "./facts.ts";
import { FAULT_KINDS, faultyCatalog } from "./mutations.ts";
import { declaredFields, isFreeText, schemaPath, spotsOf } from "./schema-walk.ts";

const site = { ...SITE, now: NOW };
const ACCEPTED_RUNS = runs(30);
// Each run puts every kind of fault into its own copy of one generated catalog.
const REJECTED_RUNS = runs(10);
const PROPERTY_TIMEOUT = 300_000;

describe("generated catalogs", () => {
  it("the generator fills every field the schema declares, and every free-text field with hostile text", () => {
    const seen = new Map<string, string[]>();
    for (const [i, g] of fc.sample(fc.gen(), { seed: SEED, numRuns: 100 }).entries())
      for (const spot of spotsOf(makeRecord(g, i))) {
        const p = schemaPath(spot.path).replace(/\[\]$/, "");
        seen.set(p, [...(seen.get(p) ?? []), ...(typeof spot.value === "string" ? [spot.value] : [])]);
      }
    const declared = declaredFields();
    expect(
      [...declared.keys()].filter((p) => !seen.has(p)),
      "schema fields the generator never writes",
    ).toEqual([]);
    const tame = [...declared].filter(([p, node]) => isFreeText(node) && !seen.get(p)!.some((v) => HOSTILE_PIECES.some((h) => v.includes(h))));
    expect(
      tame.map(([p]) => p),
      "free-text fields never given hostile text",
    ).toEqual([]);
  });

  it(
    `a valid catalog is accepted and every fact survives into every output (${ACCEPTED_RUNS} catalogs)`,
    async () => {
      const tried = { catalogs: 0, records: 0, facts: 0 };
      await fc.assert(
        fc.asyncProperty(fc.gen(), async (g) => {
          const raws = makeCatalog(g);
          const dataDir = writeCatalog(raws.map(recordFile));
          const outDir = path.join(dataDir, "dist");
          try {
            const report = await build({ dataDir, outDir, site });
            expect(report.problems).toEqual([]);
            tried.facts += await checkOutputs(
              outDir,
              raws.map((r) => DeviceRecord.parse(r)),
            );
            tried.catalogs += 1;
            tried.records += raws.length;
          } finally {
            rmSync(dataDir, { recursive: true, force: true });
          }
        }),
        { seed: SEED, numRuns: ACCEPTED_RUNS, endOnFailure: true },
      );
      console.log(`[hostile] accepted: ${tried.catalogs} catalogs, ${tried.records} records, ${tried.facts} facts compared (seed ${SEED})`);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    `a near-valid catalog is rejected naming the file and field, and nothing is written (${REJECTED_RUNS} × ${FAULT_KINDS.length} catalogs)`,
    async () => {
      // A good build stands in for the previous deploy; half the faulty builds target it, half a folder that does not exist yet.
      const previous = (await buildTo()).outDir;
      const digest = treeDigests(previous);
      const tally = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(fc.gen(), async (g) => {
          const catalog = makeCatalog(g);
          for (const kind of FAULT_KINDS) {
            const fault = faultyCatalog(g, catalog, kind);
            const dataDir = writeCatalog(fault.files);
            const outDir = g(fc.boolean) ? previous : path.join(dataDir, "dist");
            const beside = readdirSync(path.dirname(outDir)).sort();
            try {
              const report = await build({ dataDir, outDir, site });
              const file = (name: string) => path.join(dataDir, "devices", name);
              const lines = report.problems.map(formatProblem).join("\n");
              expect(report.ok, `${fault.kind}: accepted`).toBe(false);
              const hit = report.problems.find(
                (p) => p.file === file(fault.file) && (fault.path === null || p.path === fault.path) && fault.message.test(p.message),
              );
              expect(hit, `${fault.kind}: expected ${fault.file}: ${fault.path ?? "any field"}: ${fault.message} among\n${lines}`).toBeDefined();
              for (const p of report.problems)
                expect(
                  fault.files.map((f) => file(f.name)),
                  `${fault.kind}: names a file of the catalog`,
                ).toContain(p.file);
              expect(readdirSync(path.dirname(outDir)).sort(), `${fault.kind}: nothing written beside the output`).toEqual(beside);
              if (outDir === previous) expect(treeDigests(previous), `${fault.kind}: previous output untouched`).toEqual(digest);
              else expect(existsSync(outDir), `${fault.kind}: no output folder`).toBe(false);
            } finally {
              rmSync(dataDir, { recursive: true, force: true });
            }
            tally.set(fault.kind, (tally.get(fault.kind) ?? 0) + 1);
          }
        }),
        { seed: SEED, numRuns: REJECTED_RUNS, endOnFailure: true },
      );
      const total = [...tally.values()].reduce((a, b) => a + b, 0);
      console.log(
        `[hostile] rejected: ${total} faulty catalogs, ${tally.size} fault kinds (${[...tally].map(([k, n]) => `${k}: ${n}`).join("; ")}) (seed ${SEED})`,
      );
    },
    PROPERTY_TIMEOUT,
  );
});
