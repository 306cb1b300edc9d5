// The two catalogs every third-party tool in test/tools/ checks: the hand-made
// fixtures (hostile text, a former slug, a withdrawn record, a draft) and the
// real catalog in data/, each built once per test file.
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { buildTo, FIXTURES, freePort, servePreview, tempDir, type Preview } from "./build.ts";

export const DATA = path.resolve(import.meta.dirname, "../../data");

export const CATALOGS = { fixtures: FIXTURES, data: DATA } as const;
export type CatalogName = keyof typeof CATALOGS;

/** For a test file: both catalogs built (with the test origins) before its tests; `dist.fixtures`, `dist.data`. */
export function builtCatalogs(): Record<CatalogName, string> {
  const dist = {} as Record<CatalogName, string>;
  beforeAll(async () => {
    for (const name of Object.keys(CATALOGS) as CatalogName[]) dist[name] = (await buildTo(CATALOGS[name])).outDir;
  });
  return dist;
}

/**
 * At most `n` of `items`, spread evenly from the first, for checks that would
 * take minutes over every one of a large catalog's records (all of them when
 * there are `n` or fewer, as in the fixtures).
 */
export function spread<T>(items: T[], n: number): T[] {
  const step = Math.max(1, Math.ceil(items.length / n));
  return items.filter((_, i) => i % step === 0);
}

export interface ServedCatalog {
  /** The preview's origin, which every link of the build names ({site_url} and {base_url}). */
  origin: string;
  dist: string;
  preview: Preview;
}

/**
 * For a test file: both catalogs built with their links pointing at their own
 * preview server (so a client can follow every link) and served, with the
 * rate limit off, for all its tests.
 */
export function servedCatalogs(): Record<CatalogName, ServedCatalog> {
  const served = {} as Record<CatalogName, ServedCatalog>;
  beforeAll(async () => {
    for (const name of Object.keys(CATALOGS) as CatalogName[]) {
      const port = await freePort();
      const origin = `http://localhost:${port}`;
      const { outDir } = await buildTo(CATALOGS[name], undefined, path.join(tempDir(), "dist"), { siteUrl: origin, baseUrl: origin });
      served[name] = { origin, dist: outDir, preview: await servePreview(outDir, { port }) };
    }
  });
  afterAll(() => Promise.all(Object.values(served).map((s) => s.preview.close())));
  return served;
}
