// generator/'s layers hold: every module's relative imports (type-only
// imports, re-exports and literal dynamic imports included, read by Oxc's
// parser) go to its own folder or to a folder of a lower rank, never sideways
// (emit and serve never import each other) and never up; and so they form no
// cycle. Tests beside the modules are left out: a test may read fixtures
// through a higher layer.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "oxc-parser";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers/build.ts";

const GENERATOR = path.resolve(import.meta.dirname, "../../generator");

/** Each module under `root` and the modules under `root` it imports. */
function importGraph(root: string): Map<string, string[]> {
  const files = readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => path.join(root, f));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { module, errors } = parseSync(file, readFileSync(file, "utf8"));
    if (errors.length) throw new Error(`${file}: ${errors[0]!.message}`);
    const specifiers = [
      ...module.staticImports.map((i) => i.moduleRequest.value),
      ...module.staticExports.flatMap((e) => e.entries.flatMap((x) => (x.moduleRequest ? [x.moduleRequest.value] : []))),
      ...module.dynamicImports.map((d) => /^["'](.*)["']$/.exec(readFileSync(file, "utf8").slice(d.moduleRequest.start, d.moduleRequest.end))?.[1] ?? ""),
    ];
    const targets = specifiers.filter((s) => s.startsWith(".")).map((s) => path.resolve(path.dirname(file), s));
    graph.set(file, [...new Set(targets.filter((t) => known.has(t)))]);
  }
  return graph;
}

/** The strongly connected components with more than one module, or a module importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/**
 * The ranks, lowest first (ARCHITECTURE.md): a module imports only its own
 * folder and the folders of lower ranks. The validator (load) uses derive's
 * dates and normalisation, so load sits above derive.
 */
const RANKS: string[][] = [["contract"], ["schema"], ["derive"], ["load"], ["emit", "serve", "browser"], ["build", "import", "synth"], ["watch"], ["cli"]];

/** A module's layer: the folder under generator/ it sits in, or its own name for a file at the top (build.ts, watch.ts). */
const layerOf = (root: string, file: string) => path.relative(root, file).split(path.sep)[0]!.replace(/\.ts$/, "");

/** Every import that goes sideways or up, as "from → to". */
function rankViolations(root: string, graph: Map<string, string[]>): string[] {
  const rank = new Map(RANKS.flatMap((group, i) => group.map((layer) => [layer, i] as const)));
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (file.endsWith(".test.ts")) continue;
    const from = layerOf(root, file);
    for (const target of targets) {
      const to = layerOf(root, target);
      if (from === to) continue;
      if (!rank.has(from) || !rank.has(to)) found.push(`${path.relative(root, file)} → ${path.relative(root, target)} (a layer with no rank)`);
      else if (rank.get(to)! >= rank.get(from)!) found.push(`${path.relative(root, file)} → ${path.relative(root, target)}`);
    }
  }
  return found.sort();
}

describe("imports in generator/", () => {
  it("go only down the ranks, with no exception", () => {
    expect(rankViolations(GENERATOR, importGraph(GENERATOR))).toEqual([]);
  });

  it("a sideways or upward import is found", () => {
    const dir = tempDir("dl-ranks-");
    for (const d of ["contract", "derive", "emit", "serve"]) mkdirSync(path.join(dir, d));
    writeFileSync(path.join(dir, "contract/names.ts"), "export const name = 1;\n");
    writeFileSync(
      path.join(dir, "derive/pure.ts"),
      'import { name } from "../contract/names.ts";\nimport { core } from "../serve/core.ts";\nexport const pure = name + core;\n',
    );
    writeFileSync(path.join(dir, "serve/core.ts"), "export const core = 2;\n");
    writeFileSync(path.join(dir, "emit/out.ts"), 'import type { core } from "../serve/core.ts";\nexport type Out = typeof core;\n');
    expect(rankViolations(dir, importGraph(dir))).toEqual(["derive/pure.ts → serve/core.ts", "emit/out.ts → serve/core.ts"]);
  });

  it("form no cycle", () => {
    const graph = importGraph(GENERATOR);
    expect(graph.size).toBeGreaterThan(40);
    expect(cycles(graph).map((c) => c.map((f) => path.relative(GENERATOR, f)))).toEqual([]);
  });

  it("a cycle through a type-only import is found too", () => {
    const dir = tempDir("dl-cycle-");
    mkdirSync(path.join(dir, "a"));
    writeFileSync(path.join(dir, "a/one.ts"), 'import type { Two } from "../two.ts";\nexport type One = Two;\n');
    writeFileSync(path.join(dir, "two.ts"), 'export { three } from "./three.ts";\nexport type Two = string;\n');
    writeFileSync(path.join(dir, "three.ts"), 'export const three = () => import("./a/one.ts");\n');
    writeFileSync(path.join(dir, "alone.ts"), 'import { three } from "./three.ts";\nthree();\n');
    expect(cycles(importGraph(dir)).map((c) => c.map((f) => path.relative(dir, f)))).toEqual([["a/one.ts", "three.ts", "two.ts"]]);
  });
});
