// An iCalendar event and its line folding, shared by the build's calendars
// (emit/calendar.ts) and the fleet check's calendar (browser/fleet-worker.ts),
// so both write the same event the same way. Browser-safe: ical-generator and
// nothing of Node. ical-generator folds a whole calendar with a TextEncoder
// per character: about a microsecond a character in Node, several in a
// browser's worker, which for a fleet's thousand events is seconds, and
// folding the device calendars and the catalog calendar would fold each event
// twice. So each event is written unfolded and folded once here, by the same
// rule, byte for byte.
import ical, { ICalAlarmType, ICalEventTransparency } from "ical-generator";

/** An all-day event: its days, its words and its page, and the DISPLAY reminders (days before `start`) it may carry. */
export interface IcsEvent {
  uid: string;
  start: string;
  endExclusive: string;
  /** DTSTAMP: a day that changes only when the event's meaning does, so the bytes stay put from day to day. */
  stamp: string;
  summary: string;
  description: string;
  url: string;
  reminders?: readonly { days: number; description: string }[];
}

const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

const scratch = ical();

/** A component's lines that ical-generator writes for the event's reminders (text values are escaped, so only its own lines start so). */
const ALARMS = /^BEGIN:VALARM\r\n[\s\S]*?^END:VALARM\r\n/gm;

/**
 * The event's VEVENT, with its reminders (`text`) and without (`plain`), each
 * folded. ical-generator writes VALARM components before the URL property,
 * and RFC 5545's grammar (eventc = ... eventprop *alarmc ...) puts them after
 * every property, so they are moved to the end of the event.
 */
export function icsEvent(e: IcsEvent): { text: string; plain: string } {
  const written = scratch
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
      // TRIGGER:-P<n>D, relative to DTSTART: the reminder's day at the subscriber's midnight.
      alarms: (e.reminders ?? []).map((r) => ({ type: ICalAlarmType.display, trigger: r.days * 86_400, description: r.description })),
    })
    .toString();
  scratch.clear();
  const alarms = written.match(ALARMS);
  if (!alarms) {
    const text = fold(written);
    return { text, plain: text };
  }
  const plain = written.replace(ALARMS, "");
  const end = plain.lastIndexOf("END:VEVENT");
  return { text: fold(plain.slice(0, end) + alarms.join("") + plain.slice(end)), plain: fold(plain) };
}

/** RFC 5545 §3.1 folding as ical-generator does it: a line break and a space before the octet that would pass 74. */
export function fold(text: string): string {
  return text.split("\r\n").map(foldLine).join("\r\n");
}

function foldLine(line: string): string {
  let out = "";
  let start = 0;
  let octets = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    octets += size;
    if (octets > 74) {
      out += `${line.slice(start, i)}\r\n `;
      start = i;
      octets = size;
    }
    if (pair) i++;
  }
  return out + line.slice(start);
}
