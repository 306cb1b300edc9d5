// Upcoming documented support endings as calendar events. Pure: the same
// records and the same day give the same events, with UIDs that depend only on
// the record, so a subscriber's calendar updates in place and never duplicates.
//
// A date is shown exactly as precise as its source: a day-precision end is a
// one-day all-day event; a month, quarter or year end is an all-day event
// spanning the whole period, with the precision in its summary, so it never
// looks like a known day. Minimum commitments ("at least until") are not
// endings and are never events.
//
// Each event carries reminders REMINDER_DAYS before its first day (the
// earliest day the end can fall on), and only those still ahead: a reminder
// whose day has passed is left out, or a calendar app would show it as
// overdue the moment someone subscribes. So an event's text changes on a
// reminder's day, a fact about dates like the event leaving the calendar
// once its end has passed.
import type { Commitment, DeviceRecord, PartialDate } from "../schema/record.ts";
import { REMINDER_DAYS } from "../contract/subscriptions.ts";
import { addDays, describeDate, periodOf } from "./dates.ts";
import { latestRevisionDay } from "./catalog.ts";
import { attribution, siteHost, urls, type Site } from "./site.ts";
import { sourceStatus } from "./sources.ts";
import { describeCoverage, describeScope } from "./verdict.ts";

const KIND_WORDS = { security: "security updates", os: "OS updates" } as const;
export type SupportKind = keyof typeof KIND_WORDS;

/** A documented end still ahead, in parts: what a calendar event and the home page's table are made of. */
export interface SupportEnd {
  uid: string;
  /** First day of the all-day event (YYYY-MM-DD). */
  start: string;
  /** The day after the last day (iCalendar's exclusive DTEND). */
  endExclusive: string;
  url: string;
  device: string;
  kind: SupportKind;
  what: string;
  coverage: string;
  end: PartialDate;
}

export interface SupportEndEvent extends SupportEnd {
  summary: string;
  description: string;
  /** DTSTAMP: the record's latest revision day, so output changes only when the record does. */
  stamp: string;
  /** The DISPLAY reminders still ahead, furthest first: days before `start`, and the text the alarm shows. */
  reminders: Reminder[];
}

export interface Reminder {
  days: number;
  description: string;
}

/**
 * The reminders of an event whose day is `site.now` or later, furthest first.
 * A period's reminder counts from its first day, the earliest the end can
 * be, and says so.
 */
export function remindersOf(e: Pick<SupportEnd, "start" | "end" | "url">, summary: string, now: string): Reminder[] {
  const exact = e.end.precision === "day";
  return REMINDER_DAYS.filter((days) => addDays(e.start, -days) >= now).map((days) => ({
    days,
    description: exact
      ? `In ${days} days: ${summary}. Scope, evidence and uncertainty: ${e.url}`
      : `In ${days} days the ${e.end.precision} of this documented end begins (${e.start}, the earliest day it can fall on): ${summary}. Scope, evidence and uncertainty: ${e.url}`,
  }));
}

function supportEndOf(r: DeviceRecord, kind: SupportKind, c: Commitment, site: Site): SupportEnd | null {
  const period = c.end ? periodOf(c.end) : null;
  // Listed through the end's last possible day, and gone the day the commitment has "ended" (its verdict's own transition), so the calendar changes on the same day as the record.
  if (!c.end || !period || period.last < site.now) return null;
  return {
    uid: `${r.slug}/${c.id}/${kind}@${siteHost(site)}`,
    start: period.first,
    endExclusive: addDays(period.last, 1),
    url: urls(site).page(r.slug),
    device: r.name,
    kind,
    what: KIND_WORDS[kind],
    coverage: describeCoverage(c),
    end: c.end,
  };
}

function eventOf(r: DeviceRecord, kind: SupportKind, c: Commitment, e: SupportEnd, site: Site): SupportEndEvent {
  const { precision, value } = e.end;
  const period = periodOf(e.end)!;
  const exact = precision === "day" || precision === "unknown";
  const when = exact ? value! : `${value} (${precision} precision)`;
  const who = e.coverage === "all variants" ? r.name : `${r.name} (${e.coverage})`;
  const dateLine = exact
    ? `Documented end: ${value} (day precision).`
    : `Documented end: ${describeDate(e.end)}: the source gives a ${precision}, not a day. Support ends on some day from ${period.first} to ${period.last}; this event spans that whole ${precision}.`;
  const sources = new Map(r.evidence.sources.map((s) => [s.id, s]));
  const sourceLines = c.sourceIds.flatMap((id) => {
    const s = sources.get(id);
    return s ? [`- ${s.publisher}, "${s.title}": ${s.url} (${sourceStatus(s, sources)})`] : [];
  });
  const caveatLines = r.caveats.map((cv) => `- ${cv.text} (${describeScope(cv.scope)})`);
  const description = [
    `${r.name} (${r.manufacturer}): ${KIND_WORDS[kind]} end.`,
    dateLine,
    `Applies to: ${e.coverage}.`,
    `Meaning in the source's terms: ${c.meaning}`,
    `Evidence level: ${c.evidenceLevel}.`,
    ...(sourceLines.length ? ["Sources:", ...sourceLines] : ["Sources: none recorded."]),
    ...(caveatLines.length ? ["Caveats:", ...caveatLines] : []),
    `Scope, evidence and uncertainty: ${e.url}`,
    "A documented end of updates, as the sources state it; not a certification of the device.",
    attribution(site).text,
  ].join("\n");
  const summary = `${who}: ${KIND_WORDS[kind]} end ${when}`;
  return { ...e, summary, description, stamp: latestRevisionDay(r), reminders: remindersOf(e, summary, site.now) };
}

/** Soonest first, ties by UID. */
export const bySoonest = (a: SupportEnd, b: SupportEnd) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0);

/** Each commitment of a record with its end still ahead, in record order. */
function endsAhead(r: DeviceRecord, site: Site) {
  return (["security", "os"] as const).flatMap((kind) =>
    r.support[kind].flatMap((c) => {
      const e = supportEndOf(r, kind, c, site);
      return e ? [{ kind, c, e }] : [];
    }),
  );
}

/**
 * A record's upcoming documented ends, OS and security separately and one per
 * commitment scope, soonest first: each whose last possible day is `site.now`
 * or later (a month that has begun may still end today or after).
 */
export function upcomingSupportEnds(r: DeviceRecord, site: Site): SupportEnd[] {
  return endsAhead(r, site)
    .map(({ e }) => e)
    .sort(bySoonest);
}

/** The same ends as calendar events, with their summary and description. */
export function upcomingEnds(r: DeviceRecord, site: Site): SupportEndEvent[] {
  return endsAhead(r, site)
    .map(({ kind, c, e }) => eventOf(r, kind, c, e, site))
    .sort(bySoonest);
}
