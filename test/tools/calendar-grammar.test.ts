// The calendars of a build of the fixture catalog and of data/ (the
// whole-catalog one, each manufacturer's, and each device's: all of the
// fixtures', 150 spread over data/'s) against the
// RFC 5545 grammar (rfc5545.abnf, run by apg-js, with the RFC's cardinality
// rules: ical-grammar.ts), and read by ical.js, the parser the calendar tests
// use: each holds at least one component.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseICalendar } from "../helpers/ical.ts";
import { describe, expect, it } from "vitest";
import { filesIn } from "../helpers/build.ts";
import { builtCatalogs, spread } from "../helpers/catalogs.ts";
import { icalendarProblems } from "./ical-grammar.ts";

/** Device calendars checked per build (one writer, so a spread of them, with reminders and without); every manufacturer's and the catalog's. */
const DEVICE_CALENDARS_CHECKED = 150;

function calendarsOf(root: string): string[] {
  const all = filesIn(root).filter((f) => f.endsWith(".ics"));
  // Each device's calendar and its twin without reminders.
  const devices = all.filter((f) => /^api\/v1\/calendar\/(no-alarms\/)?[^/]+\.ics$/.test(f));
  return [...all.filter((f) => !devices.includes(f)), ...spread(devices, DEVICE_CALENDARS_CHECKED)];
}

describe("the calendars under RFC 5545", () => {
  const dist = builtCatalogs();

  // The grammar run grows with the catalog (the whole-catalog calendar alone holds every device's ends): a generous guard, not a figure.
  it("every calendar of both builds follows the grammar and its cardinality rules", { timeout: 300_000 }, () => {
    const found: Record<string, string[]> = {};
    let checked = 0;
    for (const [catalog, root] of Object.entries(dist)) {
      for (const file of calendarsOf(root)) {
        checked += 1;
        const problems = icalendarProblems(readFileSync(path.join(root, file), "utf8"));
        if (problems.length) found[`${catalog}: ${file}`] = problems;
      }
    }
    expect(found).toEqual({});
    expect(checked).toBeGreaterThan(60);
  });

  it("ical.js reads every calendar, and each holds at least one component", () => {
    for (const root of Object.values(dist)) {
      for (const file of calendarsOf(root)) {
        const cal = parseICalendar(readFileSync(path.join(root, file), "utf8"));
        expect(cal.name, file).toBe("vcalendar");
        expect(cal.getAllSubcomponents().length, file).toBeGreaterThan(0);
      }
    }
  });

  it("the grammar check refuses what the RFC forbids", () => {
    const calendar = (...lines: string[]) => `${["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//x//y//EN", ...lines, "END:VCALENDAR"].join("\r\n")}\r\n`;
    const event = (...lines: string[]) => ["BEGIN:VEVENT", "UID:a", "DTSTAMP:20261122T000000Z", ...lines, "END:VEVENT"];
    const alarm = (...lines: string[]) => ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:soon", ...lines, "END:VALARM"];
    expect(icalendarProblems(calendar(...event("DTSTART;VALUE=DATE:20270101")))).toEqual([]);
    expect(icalendarProblems(calendar(...event("DTSTART;VALUE=DATE:20270101", ...alarm("TRIGGER:-P90D"))))).toEqual([]);
    for (const [why, text] of [
      ["no component", calendar()],
      ["a date with dashes", calendar(...event("DTSTART;VALUE=DATE:2027-01-01"))],
      ["month 13", calendar(...event("DTSTART;VALUE=DATE:20271301"))],
      ["an unescaped comma in text", calendar(...event("DTSTART;VALUE=DATE:20270101", "SUMMARY:a, b"))],
      ["UID twice", calendar(...event("DTSTART;VALUE=DATE:20270101", "UID:b"))],
      ["no DTSTART", calendar(...event())],
      ["LF line ends", calendar(...event("DTSTART;VALUE=DATE:20270101")).replaceAll("\r\n", "\n")],
      ["a line of 76 octets", calendar(...event("DTSTART;VALUE=DATE:20270101", `SUMMARY:${"x".repeat(68)}`))],
      ["an alarm before a property", calendar(...event("DTSTART;VALUE=DATE:20270101", ...alarm("TRIGGER:-P7D"), "SUMMARY:a"))],
      ["an alarm without a trigger", calendar(...event("DTSTART;VALUE=DATE:20270101", ...alarm()))],
      ["a trigger that is no duration", calendar(...event("DTSTART;VALUE=DATE:20270101", ...alarm("TRIGGER:-7 days")))],
    ])
      expect(icalendarProblems(text!), why).not.toEqual([]);
  });
});
