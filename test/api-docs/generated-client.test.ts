// A client generated from the served OpenAPI document, as an integrator makes
// one: openapi-typescript writes the types, TypeScript 5 type-checks a
// program using them with openapi-fetch (a number for limit and year, a string
// refused), and the same program runs against the preview. openapi-typescript
// needs TypeScript 5's JS API, which the project's TypeScript 7 lacks, so both
// come from test/openapi-toolchain/ (see its package.json).
import { mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MAX_LIMIT } from "../../generator/contract/list-params.ts";
import { servePreview, tempDir, type Preview } from "../helpers/build.ts";

const TOOLCHAIN = path.resolve(import.meta.dirname, "../openapi-toolchain");
const fromToolchain = createRequire(path.join(TOOLCHAIN, "package.json"));

/** What an integrator writes: every call typed by the generated paths. The @ts-expect-error lines fail the check if a string were accepted. */
const PROGRAM = `import createClient from "openapi-fetch";
import type { paths } from "./schema";

export async function run(baseUrl: string) {
  const client = createClient<paths>({ baseUrl });
  const page = await client.GET("/api/v1/devices", { params: { query: { limit: ${MAX_LIMIT} } } });
  if (page.error) throw new Error(page.error.detail);
  const slugs: string[] = page.data.devices.map((d) => d.slug);
  const next: string | null = page.data.meta.nextCursor;
  const second = await client.GET("/api/v1/devices", { params: { query: { limit: 2, cursor: next ?? undefined } } });
  const record = await client.GET("/api/v1/devices/{device_slug}", { params: { path: { device_slug: slugs[0]! } } });
  const year = await client.GET("/api/v1/dataset/{year}.csv", { params: { path: { year: 2030 } }, parseAs: "text" });
  const shields = await client.GET("/api/v1/shields/{device_slug}", { params: { path: { device_slug: slugs[0]! } } });
  const bad = await client.GET("/api/v1/devices", { params: { query: { limit: ${MAX_LIMIT + 1} } } });
  // @ts-expect-error limit is an integer, not text
  void (() => client.GET("/api/v1/devices", { params: { query: { limit: "100" } } }));
  // @ts-expect-error year is an integer, not text
  void (() => client.GET("/api/v1/dataset", { params: { query: { year: "2030" } } }));
  return {
    slugs,
    next,
    secondCount: second.data?.devices.length,
    recordName: record.data?.name,
    yearStatus: year.response.status,
    shieldsMessage: shields.data?.message,
    badStatus: bad.response.status,
    badProblem: bad.error?.type,
  };
}
`;

let preview: Preview;
let work: string;
beforeAll(async () => {
  preview = await servePreview(inject("listDist"));
  work = tempDir("dl-openapi-client-");
  mkdirSync(work, { recursive: true });
});
afterAll(() => preview?.close());

describe("a client generated with openapi-typescript and openapi-fetch", () => {
  it("is generated from the served document, type-checks with TypeScript 5, and runs against the preview with limit: 100", async () => {
    const { default: openapiTS, astToString } = await import(pathToFileURL(fromToolchain.resolve("openapi-typescript")).href);
    // TypeScript 5 (the toolchain's), typed by its own declarations: the project's "typescript" is TypeScript 7.
    const ts = fromToolchain("typescript") as typeof import("../openapi-toolchain/node_modules/typescript/lib/typescript.js");
    expect(ts.version).toMatch(/^5\./);

    const document = await (await fetch(`${preview.url}/api/v1/openapi.json`)).json();
    writeFileSync(path.join(work, "schema.d.ts"), astToString(await openapiTS(document)));
    writeFileSync(path.join(work, "client.ts"), PROGRAM);

    // The generated parameter types are numbers.
    const program = ts.createProgram([path.join(work, "client.ts")], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
      types: [],
      paths: { "openapi-fetch": [path.dirname(fromToolchain.resolve("openapi-fetch/package.json"))] },
    });
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const where = d.file ? `${path.basename(d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}: ` : "";
      return `${where}${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
    });
    expect(problems).toEqual([]);

    // The same program, run: transpiled by TypeScript 5, openapi-fetch imported from the toolchain.
    const js = ts
      .transpileModule(PROGRAM, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } })
      .outputText.replace('"openapi-fetch"', JSON.stringify(pathToFileURL(fromToolchain.resolve("openapi-fetch")).href));
    const runnable = path.join(work, "client.mjs");
    writeFileSync(runnable, js);
    const { run } = await import(pathToFileURL(runnable).href);
    const got = await run(preview.url);
    expect(got.slugs).toHaveLength(MAX_LIMIT);
    expect(got.next).toEqual(expect.any(String));
    expect(got.secondCount).toBe(2);
    expect(got.recordName).toEqual(expect.any(String));
    expect([200, 404]).toContain(got.yearStatus);
    expect(got.shieldsMessage).toEqual(expect.any(String));
    expect([got.badStatus, got.badProblem]).toEqual([400, "/docs/problems#invalid-limit"]);
    // Generating and type-checking a whole client takes a while on a busy machine; nothing here is timed.
  }, 240_000);
});
