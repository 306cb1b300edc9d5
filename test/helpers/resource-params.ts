// Parameters of the fixture catalog for each placeholder of the resource table
// (generator/contract/resources.ts), and the stored file behind an API path as
// the edge reads it: for the tests that walk the whole table or follow links.
import { API, FLAT, PAGES, resolveApiPath, type Resource } from "../../generator/contract/resources.ts";

/** A value of the fixture catalog for each placeholder name. */
const SAMPLE: Readonly<Record<string, string>> = {
  identifier: "SMA525F",
  device_slug: "alpha-phone",
  manufacturer: "example-maker",
  year: "2029",
  /** A month the fixture feed is archived in, as of 2026-11-22. */
  month: "2026-10",
  number: "1",
  type: "laptop",
  name: "api",
  file: "site.css",
  /** An OS with release records and one of its releases (data/os/, copied into every fixture build). */
  os: "windows",
  release: "11-23h2-e",
};

/** The parameters a resource's path takes, filled from the fixture catalog (`overrides` first). */
export const sampleParams = (r: Resource, overrides: Record<string, string> = {}) =>
  Object.fromEntries(
    [...r.path.matchAll(/\{([a-z_]+)\}/g)].map(([, n]) => [
      n!,
      r === PAGES.searchIndex ? "root.json" : r === PAGES.fleetIndex ? "fleet.json" : (overrides[n!] ?? SAMPLE[n!]!),
    ]),
  );

/** The file of a flat build behind an API path (a feed archive sits in a year folder), or the path itself when it names a file. */
export function storedFileOf(pathname: string): string {
  const resolved = resolveApiPath(pathname);
  const resource = resolved && API[resolved.name];
  return resource && "file" in resource ? resource.file(resolved.params as never, FLAT) : pathname;
}
