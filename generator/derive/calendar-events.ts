// Upcoming documented support endings as calendar events. Pure: the same
// records and the same day give the same events, with UIDs that depend only on
// the record, so a subscriber's calendar updates in place and never duplicates.
//
// A date is shown exactly as precise as its source: a day-precision end is a
// one-day all-day event; a month, quarter or year end is an all-day event
// spanning the whole period, with the precision in its summary, so it never
// looks like a known day. Minimum commitments ("at least until") are not
// endings and are never events.
import type { Commitment, DeviceRecord, PartialDate } from "../schema/record.ts";
import { addDays, describeDate, periodOf } from "./dates.ts";
import { latestRevisionDay } from "./catalog.ts";
import { attribution, siteHost, urls, type Site } from "./site.ts";
import { describeCoverage, describeScope } from "./verdict.ts";

const KIND_WORDS = { security: "security updates", os: "OS updates" } as const;
type SupportKind = keyof typeof KIND_WORDS;

export interface SupportEndEvent {
  uid: string;
  /** First day of the all-day event (YYYY-MM-DD). */
  start: string;
  /** The day after the last day (iCalendar's exclusive DTEND). */
  endExclusive: string;
  summary: string;
  description: string;
  url: string;
  /** The parts the summary is made of, for pages that show them in their own words. */
  device: string;
  what: string;
  coverage: string;
  end: PartialDate;
  /** DTSTAMP: the record's latest revision day, so output changes only when the record does. */
  stamp: string;
}

function eventOf(r: DeviceRecord, kind: SupportKind, c: Commitment, site: Site): SupportEndEvent | null {
  const period = c.end ? periodOf(c.end) : null;
  if (!c.end || !period || period.last <= site.now) return null;
  const u = urls(site);
  const coverage = describeCoverage(c);
  const { precision, value } = c.end;
  const exact = precision === "day" || precision === "unknown";
  const when = exact ? value! : `${value} (${precision} precision)`;
  const who = coverage === "all variants" ? r.name : `${r.name} (${coverage})`;
  const dateLine = exact
    ? `Documented end: ${value} (day precision).`
    : `Documented end: ${describeDate(c.end)}: the source gives a ${precision}, not a day. Support ends on some day from ${period.first} to ${period.last}; this event spans that whole ${precision}.`;
  const sources = new Map(r.evidence.sources.map((s) => [s.id, s]));
  const sourceLines = c.sourceIds.flatMap((id) => {
    const s = sources.get(id);
    return s ? [`- ${s.publisher}, "${s.title}": ${s.url} (checked ${s.checked})`] : [];
  });
  const caveatLines = r.caveats.map((cv) => `- ${cv.text} (${describeScope(cv.scope)})`);
  const description = [
    `${r.name} (${r.manufacturer}): ${KIND_WORDS[kind]} end.`,
    dateLine,
    `Applies to: ${coverage}.`,
    `Meaning in the source's terms: ${c.meaning}`,
    `Evidence level: ${c.evidenceLevel}.`,
    ...(sourceLines.length ? ["Sources:", ...sourceLines] : ["Sources: none recorded."]),
    ...(caveatLines.length ? ["Caveats:", ...caveatLines] : []),
    `Scope, evidence and uncertainty: ${u.page(r.slug)}`,
    "A documented end of updates, as the sources state it; not a certification of the device.",
    attribution(site).text,
  ].join("\n");
  return {
    uid: `${r.slug}/${c.id}/${kind}@${siteHost(site)}`,
    start: period.first,
    endExclusive: addDays(period.last, 1),
    summary: `${who}: ${KIND_WORDS[kind]} end ${when}`,
    description,
    url: u.page(r.slug),
    device: r.name,
    what: KIND_WORDS[kind],
    coverage,
    end: c.end,
    stamp: latestRevisionDay(r),
  };
}

/** Soonest first, ties by UID. */
export const bySoonest = (a: SupportEndEvent, b: SupportEndEvent) =>
  a.start < b.start ? -1 : a.start > b.start ? 1 : a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;

/**
 * A record's upcoming documented ends, OS and security separately and one per
 * commitment scope, soonest first: each whose last possible day is after
 * `site.now` (a month that has begun may still end after today).
 */
export function upcomingEnds(r: DeviceRecord, site: Site): SupportEndEvent[] {
  return (["security", "os"] as const)
    .flatMap((kind) =>
      r.support[kind].flatMap((c) => {
        const e = eventOf(r, kind, c, site);
        return e ? [e] : [];
      }),
    )
    .sort(bySoonest);
}
