// The support calendars: /support-calendar.ics for the whole catalog (the
// next twelve months, bounded in bytes), /api/v1/calendar/manufacturers/<maker>.ics
// per manufacturer and /api/v1/calendar/<slug>.ics per published device
// (a note instead of events when nothing is upcoming, so the link in every
// record answers with a valid calendar). Each of them carries DISPLAY
// reminders before every documented end (derive/calendar-events.ts), and has
// a twin with the same events and no reminders: /support-calendar-no-alarms.ics
// and the same paths under /api/v1/calendar/no-alarms/.
//
// ical-generator writes every event and calendar property. Each event is
// written and folded once, by derive/ics.ts (as the fleet page's calendar is),
// and the calendars are the library's own header and footer around those
// events, folded by the same rule.
import ical, { escape as escapeText } from "ical-generator";
import { bySoonest, upcomingEnds, type SupportEndEvent } from "../derive/calendar-events.ts";
import { attribution, siteHost, urls, type Site } from "../derive/site.ts";
import { LICENSE } from "../contract/license.ts";
import { outputMemo } from "../derive/memo.ts";
import { manufacturersOf } from "../derive/manufacturers.ts";
import { addDays } from "../derive/dates.ts";
import { fold, icsEvent } from "../derive/ics.ts";
import { API, pathOf } from "../contract/resources.ts";
import { REMINDER_DAYS } from "../contract/subscriptions.ts";
import type { EmitContext, Emitter } from "./context.ts";

const NAME_SLOT = "\u0001name\u0001";
const NOTE_SLOT = "\u0001note\u0001";

/** Said in the whole-catalog calendar's description: what it leaves out, and where that is. */
const CATALOG_NOTE = ` This calendar holds the soonest endings of the next 12 months, as many as keep it under 1 MB; every ending is in its device's calendar (links.calendar of each record) and its manufacturer's (${pathOf(API.manufacturerCalendar, { manufacturer: "<manufacturer>" })}).`;

/** Said in every calendar's description: whether it reminds, and where its twin is. */
const alarmsNote = (alarms: boolean, twin: string) =>
  alarms
    ? ` Each event reminds ${REMINDER_DAYS.join(", ")} days before the first day its end can fall on (reminders already past are left out). The same events without reminders: ${twin}`
    : ` The same events with reminders ${REMINDER_DAYS.join(", ")} days before each end: ${twin}`;

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

const eventsMemo = outputMemo((r, site) => upcomingEnds(r, site).map((event) => ({ event, ...icsEvent(event) })));

/**
 * The whole-catalog calendar stays small enough for calendar apps to
 * subscribe to at any catalog size: the soonest endings whose period begins
 * within a year, as many as fit in this many bytes. Every ending stays in its
 * device's calendar and its manufacturer's (docs/exports.md#support-calendars).
 */
export const CATALOG_CALENDAR = { horizonDays: 366, maxBytes: 1_000_000 } as const;

/** An event written with its reminders (`text`) and without (`plain`). */
type Written = { event: SupportEndEvent; text: string; plain: string };

/** The soonest events (sorted) within the horizon that fit the byte budget beside the calendar's own lines. */
export function catalogEvents<T extends Pick<Written, "event" | "text">>(sorted: T[], now: string, budget: number): T[] {
  const horizon = addDays(now, CATALOG_CALENDAR.horizonDays);
  const kept: T[] = [];
  let bytes = 0;
  for (const e of sorted) {
    if (e.event.start > horizon) break;
    bytes += Buffer.byteLength(e.text);
    if (bytes > budget) break;
    kept.push(e);
  }
  return kept;
}

/**
 * Writes a calendar and its twin without reminders: the same head (but for
 * the note saying which it is), components and tail. A device's calendar is
 * a few kilobytes, written in one piece (one write, where its parts would be
 * several); the manufacturers' and the catalog's are written part by part.
 */
function writeBoth(
  out: EmitContext["out"],
  small: boolean,
  shell: ReturnType<typeof shells>,
  name: string,
  note: string,
  files: { alarms: string; plain: string; alarmsUrl: string; plainUrl: string },
  events: Written[],
  nothing: () => string,
): void {
  for (const alarms of [true, false]) {
    const { head, tail } = shell(name, note + alarmsNote(alarms, alarms ? files.plainUrl : files.alarmsUrl));
    const parts = events.length ? events.map((e) => (alarms ? e.text : e.plain)) : [nothing()];
    const file = alarms ? files.alarms : files.plain;
    if (small) out.write(file, [head, ...parts, tail].join(""));
    else out.writeParts(file, [head, ...parts, tail]);
  }
}

export const calendar: Emitter = {
  name: "calendar",
  emit({ catalog, site, out, layout, only, watching }) {
    // Each record's events serve its calendar, its manufacturer's and the catalog's.
    const eventsOf = eventsMemo(watching);
    const shell = shells(site);
    const u = urls(site);
    const everything: Written[] = [];
    for (const r of catalog.published) {
      const events = eventsOf(r, site);
      if (!only || only.has(r.slug)) {
        const note = () => nothingAheadNote(`${r.slug}/nothing-ahead@${siteHost(site)}`, `${r.name}: no documented end of updates ahead`, u.page(r.slug));
        const files = {
          alarms: API.deviceCalendar.file({ device_slug: r.slug }, layout),
          plain: API.deviceCalendarNoAlarms.file({ device_slug: r.slug }, layout),
          alarmsUrl: u.deviceCalendar(r.slug),
          plainUrl: u.deviceCalendarNoAlarms(r.slug),
        };
        writeBoth(out, true, shell, `Support endings: ${r.name}`, "", files, events, note);
      }
      everything.push(...events);
    }
    for (const m of manufacturersOf(catalog)) {
      if (only && !m.records.some((r) => only.has(r.slug))) continue;
      const events = m.records.flatMap((r) => eventsOf(r, site)).sort((a, b) => bySoonest(a.event, b.event));
      const note = () =>
        nothingAheadNote(`manufacturers/${m.slug}/nothing-ahead@${siteHost(site)}`, `${m.name} devices: no documented end of updates ahead`, u.browse());
      const files = {
        alarms: API.manufacturerCalendar.file({ manufacturer: m.slug }),
        plain: API.manufacturerCalendarNoAlarms.file({ manufacturer: m.slug }),
        alarmsUrl: u.manufacturerCalendar(m.slug),
        plainUrl: u.manufacturerCalendarNoAlarms(m.slug),
      };
      writeBoth(out, false, shell, `Support endings: ${m.name} devices`, "", files, events, note);
    }
    everything.sort((a, b) => bySoonest(a.event, b.event));
    const name = "Device support endings, next 12 months (Device Lifecycle Records)";
    const files = {
      alarms: API.supportCalendar.file({}),
      plain: API.supportCalendarNoAlarms.file({}),
      alarmsUrl: u.supportCalendar(),
      plainUrl: u.supportCalendarNoAlarms(),
    };
    // The events that fit with their reminders; the twin holds the same ones.
    const { head, tail } = shell(name, CATALOG_NOTE + alarmsNote(true, files.plainUrl));
    const kept = catalogEvents(everything, site.now, CATALOG_CALENDAR.maxBytes - Buffer.byteLength(head + tail));
    const note = () => nothingAheadNote(`nothing-ahead@${siteHost(site)}`, "No documented end of updates in the next 12 months", u.home());
    writeBoth(out, false, shell, name, CATALOG_NOTE, files, kept, note);
  },
};
