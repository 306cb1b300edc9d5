// Every file the edge reads (contract/resources.ts STORAGE) has one writer,
// emit/edge-files.ts. The fixture catalog is built one emitter at a time, as
// build.ts runs them, and each file is credited to every emitter that wrote
// or rewrote it (through the writer or, as Eleventy does, on its own): the
// edge emitter must be the only one at a STORAGE path, and write nothing
// else. It runs last, so its ETag manifest names every other emitter's files.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ERROR_PAGES, STORAGE } from "../../generator/contract/resources.ts";
import { catalogOf } from "../../generator/derive/catalog.ts";
import { chooseLayout, NETLIFY_MAX_FOLDER_ENTRIES } from "../../generator/derive/layout.ts";
import { edgeFiles } from "../../generator/emit/edge-files.ts";
import { emitters } from "../../generator/emit/index.ts";
import { OutputWriter } from "../../generator/emit/writer.ts";
import { readCatalog, readOsReleases } from "../../generator/load/read.ts";
import { FIXTURES, SITE, tempDir } from "../helpers/build.ts";

/** Each STORAGE entry as a pattern of paths: a function's parameter is any one path segment. */
const STORAGE_PATHS = Object.entries(STORAGE).map(([name, entry]) => {
  const SLOT = "\u0000";
  const example = typeof entry === "string" ? entry : entry(SLOT);
  const source = example.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(SLOT, "[^/]+");
  return { name, pattern: new RegExp(`^${source}$`) };
});

const isStorage = (file: string) => STORAGE_PATHS.some((s) => s.pattern.test(file));

/** What breaks the rule: a STORAGE path another emitter wrote, or a file the edge emitter wrote outside STORAGE. */
function violations(writers: Map<string, string[]>): string[] {
  return [...writers].flatMap(([file, by]) =>
    isStorage(file)
      ? by.filter((name) => name !== edgeFiles.name).map((name) => `${name} wrote ${file}`)
      : by.includes(edgeFiles.name)
        ? [`${edgeFiles.name} wrote ${file}, not in STORAGE`]
        : [],
  );
}

/** Each file under `dir` ("/api/v1/...") with what tells a rewrite apart: its modification time in nanoseconds and its size. */
function stamps(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const abs = path.join(e.parentPath, e.name);
        const s = statSync(abs, { bigint: true });
        return [`/${path.relative(dir, abs).split(path.sep).join("/")}`, `${s.mtimeNs}:${s.size}`];
      }),
  );
}

/** Every file of the fixture build, with the emitters that wrote it, in the order they ran. */
const writers = new Map<string, string[]>();

beforeAll(async () => {
  const { records, problems } = await readCatalog(FIXTURES);
  expect(problems).toEqual([]);
  const os = await readOsReleases(FIXTURES);
  const catalog = catalogOf(records.map((r) => r.record));
  const root = path.join(tempDir(), "dist");
  const out = new OutputWriter(root);
  const layout = chooseLayout(
    catalog.published.map((r) => r.slug),
    NETLIFY_MAX_FOLDER_ENTRIES,
  );
  let before = new Map<string, string>();
  for (const e of emitters) {
    await e.emit({
      catalog,
      osReleases: os.files,
      site: { ...SITE, now: "2026-11-22" },
      out,
      layout,
      maxFolderEntries: NETLIFY_MAX_FOLDER_ENTRIES,
      watching: false,
      // Not a watch session: no emitter hands work to another thread.
      beside: () => {
        throw new Error(`${e.name} ran work beside a single build`);
      },
      besideDone: async () => {},
    });
    const after = stamps(root);
    for (const [file, stamp] of after) if (before.get(file) !== stamp) writers.set(file, [...(writers.get(file) ?? []), e.name]);
    before = after;
  }
}, 120_000);

describe("the files the edge reads", () => {
  it("are written by the edge emitter alone, which writes nothing else", () => {
    expect(writers.size).toBeGreaterThan(100);
    expect(violations(writers)).toEqual([]);
  });

  it("include a file for every STORAGE entry", () => {
    const files = [...writers.keys()];
    expect(STORAGE_PATHS.filter((s) => !files.some((f) => s.pattern.test(f))).map((s) => s.name)).toEqual([]);
  });

  it("come last, so the ETag manifest names every other emitter's large files", () => {
    expect(emitters.at(-1)).toBe(edgeFiles);
    expect(writers.get(STORAGE.etagManifest)).toEqual([edgeFiles.name]);
  });

  it("leave the site's error pages to the pages, rendered in the site's layout", () => {
    expect(writers.get(ERROR_PAGES.notFound)).toEqual(["eleventy"]);
    expect(writers.get(ERROR_PAGES.methodNotAllowed)).toEqual(["eleventy"]);
  });

  // The check can fail: a list page written by another emitter, or the edge writing a page.
  it("would catch a second writer", () => {
    const wrong = new Map([
      [STORAGE.listPage(null, "phone"), ["list", edgeFiles.name]],
      [STORAGE.goneProblem("eta-phone"), ["api-records"]],
      [ERROR_PAGES.notFound, [edgeFiles.name]],
    ]);
    expect(violations(wrong)).toEqual([
      "list wrote /api/v1/list/pages/first.phone.json",
      "api-records wrote /api/v1/problems/gone/eta-phone.json",
      `${edgeFiles.name} wrote /404.html, not in STORAGE`,
    ]);
  });
});
