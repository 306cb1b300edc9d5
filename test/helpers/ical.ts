// The tests' one iCalendar reader: ical.js, the parser calendar clients use.
// (test/tools/ical-grammar.ts is not a reader: it checks a text against the
// RFC 5545 grammar.)
import ICAL from "ical.js";

/** The parsed VCALENDAR, for a test that walks its properties or components itself. */
export const parseICalendar = (text: string) => new ICAL.Component(ICAL.parse(text));

export interface CalendarEvent {
  uid: string;
  summary: string;
  description: string;
  /** ical.js's text of DTSTART and DTEND: YYYY-MM-DD for a date. */
  start: string;
  end: string;
  /** Both ends are dates, not times. */
  allDay: boolean;
  url: string;
  /** How many times each property that must occur once occurs (an injected line would add one). */
  counts: Record<string, number>;
  /** Its VALARM components: the action, the trigger in seconds relative to the start (negative: before), and the text shown. */
  alarms: { action: string; trigger: number; related: string; description: string }[];
}

// ical.js leaves an X- property's TEXT escaped; RFC 5545 §3.3.11 unescaping.
const unescapeText = (s: string) => s.replace(/\\([\\;,nN])/g, (_, c: string) => (c.toLowerCase() === "n" ? "\n" : c));

/** A calendar's name (X-WR-CALNAME) and its events. */
export function readCalendar(text: string): { name: string; events: CalendarEvent[] } {
  const cal = parseICalendar(text);
  const events = cal.getAllSubcomponents("vevent").map((v) => {
    const e = new ICAL.Event(v);
    const counts = Object.fromEntries(["uid", "dtstart", "dtend", "summary", "description", "url"].map((p) => [p, v.getAllProperties(p).length]));
    return {
      uid: e.uid,
      summary: e.summary,
      description: e.description,
      start: e.startDate.toString(),
      end: e.endDate.toString(),
      allDay: e.startDate.isDate && e.endDate.isDate,
      url: String(v.getFirstPropertyValue("url")),
      counts,
      alarms: v.getAllSubcomponents("valarm").map((a) => {
        const trigger = a.getFirstProperty("trigger")!;
        return {
          action: String(a.getFirstPropertyValue("action")),
          trigger: (trigger.getFirstValue() as ICAL.Duration).toSeconds(),
          related: String(trigger.getParameter("related") ?? "START"),
          description: String(a.getFirstPropertyValue("description")),
        };
      }),
    };
  });
  return { name: unescapeText(String(cal.getFirstPropertyValue("x-wr-calname"))), events };
}
