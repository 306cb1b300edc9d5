// The fleet check's static index (/fleet-index/v1/fleet.json, docs/fleet.md;
// its shape in fleet-files.ts), as a pure function of the published records:
// everything the /fleet page needs to match a whole export in the browser in
// one request, never the API. It holds the list's compact index (the same
// text as /api/v1/list/index.txt, so names rank exactly as the list and the
// site search rank them: derive/list-index.ts matchPositions), each record's
// verdict, documented ends and upcoming ends, and every identifier key
// (contract/identifiers.ts) with the records that carry it. One file, so a
// deploy can never pair one version's index with another's facts. It does
// not hold the build day: it changes when a record, a verdict or the set of
// upcoming ends does.
import type { Commitment, DeviceRecord } from "../schema/record.ts";
import { upcomingEnds } from "./calendar-events.ts";
import { deviceSummary } from "./documents.ts";
import { identifierCarriers } from "./identifiers.ts";
import { formatListIndex } from "./list-index.ts";
import { attribution, urls, type Site } from "./site.ts";
import { describeCoverage } from "./verdict.ts";
import { FLEET_INDEX_FORMAT, type FleetEnd, type FleetEvent, type FleetIndex } from "./fleet-files.ts";

const endOf = (c: Commitment): FleetEnd => [
  c.end?.value ?? null,
  c.end?.precision ?? null,
  describeCoverage(c),
  c.minimum?.value ?? null,
  c.minimum?.precision ?? null,
];

/** The last OS version the hardware takes ("iOS 18"), where a range documents its last; the newest of several. */
const takesOf = (r: DeviceRecord): string | null => {
  const last = (r.osVersions ?? []).filter((v) => v.last !== undefined).at(-1);
  return last ? `${last.os} ${last.last}` : null;
};

/** A published record's row of the index: its name, maker, verdict, documented ends, upcoming ends and last OS version. */
export function fleetDevice(r: DeviceRecord, site: Site): FleetIndex["devices"][number] {
  const { code, headline } = deviceSummary(r, site).verdict;
  const upcoming = upcomingEnds(r, site).map((e): FleetEvent => [e.uid, e.start, e.endExclusive, e.summary, e.stamp]);
  return [r.name, r.manufacturer, code, headline, r.support.security.map(endOf), r.support.os.map(endOf), upcoming, takesOf(r)];
}

/** The index of the published records (in slug order, as catalogOf gives them). */
export function fleetIndex(published: readonly DeviceRecord[], site: Site): FleetIndex {
  const position = new Map(published.map((r, i) => [r.slug, i]));
  const identifiers: Record<string, number[]> = {};
  for (const [key, carriers] of identifierCarriers(published)) identifiers[key] = [...new Set(carriers.map((c) => position.get(c.record.slug)!))];
  return {
    format: FLEET_INDEX_FORMAT,
    pages: urls(site).page(""),
    attribution: attribution(site).text,
    license: urls(site).license(),
    index: formatListIndex([...published], site),
    devices: published.map((r) => fleetDevice(r, site)),
    identifiers,
  };
}
