// How a source's provenance reads in words: read here on a day, or only cited
// by another source of the record (a page this project has not read itself);
// and which sources have not been read for so long they may be out of date.
import { STALE_SOURCE_DAYS } from "../contract/verdicts.ts";
import type { DeviceRecord, Source } from "../schema/record.ts";
import { addDays } from "./dates.ts";

export function sourceStatus(s: Source, byId: ReadonlyMap<string, Source>): string {
  if (s.checked !== undefined) return `checked ${s.checked}`;
  const citing = byId.get(s.citedBy!);
  return `cited by ${citing ? citing.publisher : s.citedBy}; not read by this project`;
}

/**
 * The sources of a record read here more than STALE_SOURCE_DAYS before
 * `today`, that a fact of the record rests on (a commitment, a caveat, OS
 * versions, a code or a score): what may be out of date. A page only cited
 * by another source goes with the source that cites it.
 */
export function staleSources(r: DeviceRecord, today: string): Source[] {
  const before = addDays(today, -STALE_SOURCE_DAYS);
  const used = new Set(
    [...r.support.os, ...r.support.security, ...r.caveats]
      .flatMap((c) => c.sourceIds)
      .concat(
        (r.osVersions ?? []).flatMap((v) => v.sourceIds),
        r.variants.flatMap((v) => (v.identifiers ?? []).map((i) => i.sourceId)),
        r.evidence.repairability.map((x) => x.sourceId),
      ),
  );
  const byId = new Map(r.evidence.sources.map((s) => [s.id, s]));
  const readOn = (s: Source) => s.checked ?? byId.get(s.citedBy!)?.checked;
  return r.evidence.sources.filter((s) => used.has(s.id) && s.checked !== undefined && readOn(s)! < before);
}
