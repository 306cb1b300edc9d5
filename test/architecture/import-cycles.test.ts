// generator/ has no import cycle: every module's relative imports (type-only
// imports, re-exports and literal dynamic imports included, read by Oxc's
// parser) form a directed acyclic graph. The layers this keeps apart:
// contract/ (names and numbers) below schema/, derive/ and serve/.
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

describe("imports in generator/", () => {
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
