// generator/'s layers hold: every module's relative imports (type-only
// imports, re-exports and literal dynamic imports included, read by Oxc's
// parser) go to its own folder or to a folder of a lower rank, never sideways
// (emit and serve never import each other) and never up; and so they form no
// cycle. The importers (importers/, beside generator/) are a rank of their
// own: they import only generator's contract, schema, derive and load, their
// CLI (importers/cli/) the importers too, and nothing in generator/ imports
// them. Tests beside the modules are left out: a test may read fixtures
// through a higher layer.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "oxc-parser";
import { describe, expect, it } from "vitest";
import { tempDir } from "../helpers/build.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The folders whose modules the ranks govern. */
const APPS = ["generator", "importers"];

/** Each module under `root`'s apps (generator/, importers/) and the modules among them it imports. */
function importGraph(root: string): Map<string, string[]> {
  const files = APPS.filter((app) => existsSync(path.join(root, app)))
    .flatMap((app) => readdirSync(path.join(root, app), { recursive: true, encoding: "utf8" }).map((f) => path.join(app, f)))
    .filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !f.endsWith(".d.ts") && !f.split(path.sep).includes("fixtures"))
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
const RANKS: string[][] = [["contract"], ["schema"], ["derive"], ["load"], ["emit", "serve", "browser"], ["build", "synth"], ["watch"], ["cli"]];

/** The importers' rank: each of its layers and the layers it may import besides its own. */
const IMPORTERS: Record<string, string[]> = {
  importers: ["contract", "schema", "derive", "load"],
  "importers/cli": ["contract", "schema", "derive", "load", "importers"],
};

/**
 * A module's layer: under generator/, the folder it sits in, or its own name for a file at the top (build.ts,
 * watch.ts); under importers/, "importers/cli" for the CLI and "importers" for the rest.
 */
function layerOf(root: string, file: string): string {
  const [app, first, ...rest] = path.relative(root, file).split(path.sep) as [string, string, ...string[]];
  if (app === "importers") return first === "cli" && rest.length ? "importers/cli" : "importers";
  return first.replace(/\.ts$/, "");
}

/** Every import that goes sideways or up, or from the importers beyond the layers they may import, as "from → to". */
function rankViolations(root: string, graph: Map<string, string[]>): string[] {
  const rank = new Map(RANKS.flatMap((group, i) => group.map((layer) => [layer, i] as const)));
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (file.endsWith(".test.ts")) continue;
    const from = layerOf(root, file);
    for (const target of targets) {
      const to = layerOf(root, target);
      const edge = `${path.relative(root, file)} → ${path.relative(root, target)}`;
      if (from === to) continue;
      if (IMPORTERS[from]) {
        if (!IMPORTERS[from]!.includes(to)) found.push(edge);
      } else if (!rank.has(from) || !rank.has(to)) found.push(`${edge} (a layer with no rank)`);
      else if (rank.get(to)! >= rank.get(from)!) found.push(edge);
    }
  }
  return found.sort();
}

/** Writes each module (path → text) under a new folder and returns the folder. */
function project(prefix: string, modules: Record<string, string>): string {
  const dir = tempDir(prefix);
  for (const [file, text] of Object.entries(modules)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe("imports in generator/ and importers/", () => {
  it("go only down the ranks, with no exception", () => {
    const graph = importGraph(ROOT);
    expect([...graph.keys()].filter((f) => f.startsWith(path.join(ROOT, "importers"))).length).toBeGreaterThan(40);
    expect(rankViolations(ROOT, graph)).toEqual([]);
  });

  it("a sideways or upward import is found", () => {
    const dir = project("dl-ranks-", {
      "generator/contract/names.ts": "export const name = 1;\n",
      "generator/derive/pure.ts": 'import { name } from "../contract/names.ts";\nimport { core } from "../serve/core.ts";\nexport const pure = name + core;\n',
      "generator/serve/core.ts": "export const core = 2;\n",
      "generator/emit/out.ts": 'import type { core } from "../serve/core.ts";\nexport type Out = typeof core;\n',
    });
    expect(rankViolations(dir, importGraph(dir))).toEqual([
      "generator/derive/pure.ts → generator/serve/core.ts",
      "generator/emit/out.ts → generator/serve/core.ts",
    ]);
  });

  it("an importer's import of emit, serve or the site's CLI is found, and generator's import of an importer", () => {
    const dir = project("dl-importer-ranks-", {
      "generator/load/read.ts": "export const read = 1;\n",
      "generator/emit/writer.ts": "export const write = 2;\n",
      "generator/cli/args.ts": "export const args = 3;\n",
      "generator/build.ts": 'import { reader } from "../importers/reader.ts";\nexport const build = reader;\n',
      "importers/reader.ts":
        'import { read } from "../generator/load/read.ts";\nimport type { write } from "../generator/emit/writer.ts";\nexport const reader = read;\nexport type W = typeof write;\n',
      "importers/cli/import.ts":
        'import { reader } from "../reader.ts";\nimport { args } from "../../generator/cli/args.ts";\nexport const run = reader + args;\n',
    });
    expect(rankViolations(dir, importGraph(dir))).toEqual([
      "generator/build.ts → importers/reader.ts (a layer with no rank)",
      "importers/cli/import.ts → generator/cli/args.ts",
      "importers/reader.ts → generator/emit/writer.ts",
    ]);
  });

  it("form no cycle", () => {
    const graph = importGraph(ROOT);
    expect(graph.size).toBeGreaterThan(40);
    expect(cycles(graph).map((c) => c.map((f) => path.relative(ROOT, f)))).toEqual([]);
  });

  it("a cycle through a type-only import is found too", () => {
    const dir = project("dl-cycle-", {
      "generator/a/one.ts": 'import type { Two } from "../two.ts";\nexport type One = Two;\n',
      "generator/two.ts": 'export { three } from "./three.ts";\nexport type Two = string;\n',
      "generator/three.ts": 'export const three = () => import("./a/one.ts");\n',
      "generator/alone.ts": 'import { three } from "./three.ts";\nthree();\n',
    });
    expect(cycles(importGraph(dir)).map((c) => c.map((f) => path.relative(dir, f)))).toEqual([
      ["generator/a/one.ts", "generator/three.ts", "generator/two.ts"],
    ]);
  });
});
