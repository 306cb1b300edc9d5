// The support calendars: /support-calendar.ics for the whole catalog (the
// next twelve months, bounded in bytes), /api/v1/calendar/manufacturers/<maker>.ics
// per manufacturer and /api/v1/calendar/<slug>.ics per published device
// (a note instead of events when nothing is upcoming, so the link in every
// record answers with a valid calendar).
//
// ical-generator writes every event and calendar property. Its line folding
// costs about a microsecond per character (a TextEncoder per character), which
// for a 50,000-device catalog is minutes, and folding the device calendars
// and the catalog calendar would fold each event twice. So each event is
// written and folded once, by `fold` below (the same rule, byte for byte), and
// the calendars are the library's own header and footer around those events.
import ical, { escape as escapeText, ICalEventTransparency } from "ical-generator";
import { bySoonest, upcomingEnds, type SupportEndEvent } from "../derive/calendar-events.ts";
import { attribution, siteHost, urls, type Site } from "../derive/site.ts";
import { LICENSE } from "../contract/license.ts";
import { perRecord } from "../derive/memo.ts";
import { manufacturersOf } from "../derive/manufacturers.ts";
import { addDays } from "../derive/dates.ts";
import { fold } from "../derive/ics-fold.ts";
import { API } from "../contract/resources.ts";
import type { Emitter } from "./context.ts";

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

const NAME_SLOT = "\u0001name\u0001";
const NOTE_SLOT = "\u0001note\u0001";

/** Said in the whole-catalog calendar's description: what it leaves out, and where that is. */
const CATALOG_NOTE =
  " This calendar holds the soonest endings of the next 12 months, as many as keep it under 1 MB; every ending is in its device's calendar (links.calendar of each record) and its manufacturer's (/api/v1/calendar/manufacturers/<manufacturer>.ics).";

/**
 * The calendar's own lines for a site, as a function of the calendar name:
 * rendered once, unfolded, and refolded per name (a render per device would
 * fold the same lines 50,000 times).
 */
function shells(site: Site): (name: string, note?: string) => { head: string; tail: string } {
  const text = ical({
    name: NAME_SLOT,
    // ical-generator escapes event text but writes the calendar name and description as given.
    description: `${escapeText(`Upcoming documented ends of OS and security updates. ${attribution(site).text}.`, false)}${NOTE_SLOT}`,
    prodId: { company: "Device Lifecycle Records", product: "Support calendar", language: "EN" },
    url: site.siteUrl,
    ttl: 86_400,
  })
    .toString()
    .replace(/\r\n /g, "");
  const end = text.lastIndexOf("END:VCALENDAR");
  // RFC 5545 ends every content line, the last one too, with CRLF.
  const tail = `${text.slice(end)}\r\n`;
  return (name, note = "") => ({
    head: fold(
      text
        .slice(0, end)
        .replaceAll(NAME_SLOT, () => escapeText(name, false))
        .replaceAll(NOTE_SLOT, () => escapeText(note, false)),
    ),
    tail,
  });
}

const scratch = ical();

function eventText(e: SupportEndEvent): string {
  const text = scratch
    .createEvent({
      id: e.uid,
      start: midnight(e.start),
      end: midnight(e.endExclusive),
      allDay: true,
      stamp: midnight(e.stamp),
      summary: e.summary,
      description: e.description,
      url: e.url,
      transparency: ICalEventTransparency.TRANSPARENT,
    })
    .toString();
  scratch.clear();
  return fold(text);
}

/**
 * RFC 5545 §3.4: a VCALENDAR holds at least one component, so a calendar with
 * no documented end ahead says so in one: a VJOURNAL note (a dated text, which
 * calendar apps keep out of their day views) with the words and the page to
 * read. Its DTSTAMP is the day v1 began (the license's effective day), the
 * last time this wording changed, so the bytes stay the same from day to day.
 */
function nothingAheadNote(uid: string, summary: string, url: string): string {
  const lines = [
    "BEGIN:VJOURNAL",
    `UID:${escapeText(uid, false)}`,
    `DTSTAMP:${LICENSE.effective.replaceAll("-", "")}T000000Z`,
    `SUMMARY:${escapeText(summary, false)}`,
    `DESCRIPTION:${escapeText(`${summary}. Nothing in this calendar is a documented end of OS or security updates still to come: the ends are unknown, only "at least until" commitments, "up to" ceilings or listings of support as continuing, ended on a day the source does not give or known only from the last update observed, or already past. An event appears here when a documented end is added. Scope, evidence and uncertainty of each record: ${url}`, false)}`,
    `URL:${url}`,
    "END:VJOURNAL",
  ];
  return fold(`${lines.join("\r\n")}\r\n`);
}

/** A calendar's components: its events, or the note that there are none. */
const componentsOf = (events: Written[], note: () => string) => (events.length ? events.map((e) => e.text) : [note()]);

const eventsOf = perRecord((r, site) => upcomingEnds(r, site).map((event) => ({ event, text: eventText(event) })));

/**
 * The whole-catalog calendar stays small enough for calendar apps to
 * subscribe to at any catalog size: the soonest endings whose period begins
 * within a year, as many as fit in this many bytes. Every ending stays in its
 * device's calendar and its manufacturer's (docs/exports.md#support-calendars).
 */
export const CATALOG_CALENDAR = { horizonDays: 366, maxBytes: 1_000_000 } as const;

type Written = { event: SupportEndEvent; text: string };

/** The soonest events (sorted) within the horizon that fit the byte budget beside the calendar's own lines. */
export function catalogEvents(sorted: Written[], now: string, budget: number): Written[] {
  const horizon = addDays(now, CATALOG_CALENDAR.horizonDays);
  const kept: Written[] = [];
  let bytes = 0;
  for (const e of sorted) {
    if (e.event.start > horizon) break;
    bytes += Buffer.byteLength(e.text);
    if (bytes > budget) break;
    kept.push(e);
  }
  return kept;
}

export const calendar: Emitter = {
  name: "calendar",
  emit({ catalog, site, out, layout, only }) {
    const shell = shells(site);
    const everything: Written[] = [];
    for (const r of catalog.published) {
      const events = eventsOf(r, site);
      if (!only || only.has(r.slug)) {
        const { head, tail } = shell(`Support endings: ${r.name}`);
        const note = () =>
          nothingAheadNote(`${r.slug}/nothing-ahead@${siteHost(site)}`, `${r.name}: no documented end of updates ahead`, urls(site).page(r.slug));
        out.writeParts(API.deviceCalendar.file({ device_slug: r.slug }, layout), [head, ...componentsOf(events, note), tail]);
      }
      everything.push(...events);
    }
    for (const m of manufacturersOf(catalog)) {
      if (only && !m.records.some((r) => only.has(r.slug))) continue;
      const events = m.records.flatMap((r) => eventsOf(r, site)).sort((a, b) => bySoonest(a.event, b.event));
      const { head, tail } = shell(`Support endings: ${m.name} devices`);
      const note = () =>
        nothingAheadNote(
          `manufacturers/${m.slug}/nothing-ahead@${siteHost(site)}`,
          `${m.name} devices: no documented end of updates ahead`,
          urls(site).browse(),
        );
      out.writeParts(API.manufacturerCalendar.file({ manufacturer: m.slug }), [head, ...componentsOf(events, note), tail]);
    }
    everything.sort((a, b) => bySoonest(a.event, b.event));
    const { head, tail } = shell("Device support endings, next 12 months (Device Lifecycle Records)", CATALOG_NOTE);
    const kept = catalogEvents(everything, site.now, CATALOG_CALENDAR.maxBytes - Buffer.byteLength(head + tail));
    const note = () => nothingAheadNote(`nothing-ahead@${siteHost(site)}`, "No documented end of updates in the next 12 months", urls(site).home());
    out.writeParts(API.supportCalendar.file({}), [head, ...componentsOf(kept, note), tail]);
  },
};
