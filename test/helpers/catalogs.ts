// The two catalogs every third-party tool in test/tools/ checks: the hand-made
// fixtures (hostile text, a former slug, a withdrawn record, a draft) and the
// real catalog in data/, each built once per test file.
import path from "node:path";
import { beforeAll } from "vitest";
import { buildTo, FIXTURES } from "./build.ts";

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
