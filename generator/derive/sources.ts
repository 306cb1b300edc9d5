// How a source's provenance reads in words: read here on a day, or only cited
// by another source of the record (a page this project has not read itself).
import type { Source } from "../schema/record.ts";

export function sourceStatus(s: Source, byId: ReadonlyMap<string, Source>): string {
  if (s.checked !== undefined) return `checked ${s.checked}`;
  const citing = byId.get(s.citedBy!);
  return `cited by ${citing ? citing.publisher : s.citedBy}; not read by this project`;
}
