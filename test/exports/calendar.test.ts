// The support calendars read back with ical.js (test/helpers/ical.ts): one event per upcoming
// documented end, honest precision, stable UIDs, no minimum commitments, no
// past events, reminders before each end (and a twin of each calendar without
// them), escaped text, and the library's own line folding.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseICalendar, readCalendar, type CalendarEvent } from "../helpers/ical.ts";
import { foldLines } from "ical-generator";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { catalogEvents } from "../../generator/emit/calendar.ts";
import { fold } from "../../generator/derive/ics.ts";
import type { SupportEndEvent } from "../../generator/derive/calendar-events.ts";
import { buildTo, filesIn, PUBLISHED_FIXTURES } from "../helpers/build.ts";
import { REMINDER_DAYS } from "../../generator/contract/subscriptions.ts";

const parseCalendar = readCalendar;
type ParsedEvent = CalendarEvent;

const read = (dist: string, file: string) => readFileSync(path.join(dist, file), "utf8");
let dist: string;
let whole: ReturnType<typeof parseCalendar>;
/** Every upcoming end: the manufacturers' calendars together, soonest first. */
let all: ParsedEvent[];

beforeAll(async () => {
  dist = inject("fixtureDist"); // the fixture catalog as of 2026-11-22
  whole = parseCalendar(read(dist, "support-calendar.ics"));
  all = readdirSync(path.join(dist, "api/v1/calendar/manufacturers"))
    .flatMap((f) => parseCalendar(read(dist, `api/v1/calendar/manufacturers/${f}`)).events)
    .sort((a, b) => (a.start !== b.start ? (a.start < b.start ? -1 : 1) : a.uid < b.uid ? -1 : 1));
});

const UIDS_2026_11_22 = [
  "gamma-phone/security-us/security@devices.example", // 2027-Q2
  "gamma-phone/security-eu/security@devices.example", // 2028-06-30
  "hostile-device/os/os@devices.example", // 2029-02
  "hostile-device/security/security@devices.example",
  "epsilon-laptop/os/os@devices.example", // 2030-06
  "epsilon-laptop/security/security@devices.example",
  "alpha-phone/os/os@devices.example", // 2030-10
  "alpha-phone/security/security@devices.example", // 2031-10
];

describe("/support-calendar.ics and the manufacturers' calendars", () => {
  it("the manufacturers' calendars hold one event per upcoming documented end, OS and security separate, one per scope", () => {
    expect(all.map((e) => e.uid)).toEqual(UIDS_2026_11_22);
    expect(readdirSync(path.join(dist, "api/v1/calendar/manufacturers")).sort()).toEqual([
      "example-maker.ics",
      "hyperlink-https-evil-example.ics",
      "sample-devices.ics",
    ]);
    expect(parseCalendar(read(dist, "api/v1/calendar/manufacturers/example-maker.ics")).name).toBe("Support endings: Example Maker devices");
  });

  it("the whole-catalog calendar holds the soonest ends of the next 12 months, soonest first, and says where the rest are", () => {
    expect(whole.name).toBe("Device support endings, next 12 months (Device Lifecycle Records)");
    // From 2026-11-22 the horizon is 2027-11-23: only the US models' 2027-Q2 end begins before it.
    expect(whole.events.map((e) => e.uid)).toEqual(UIDS_2026_11_22.slice(0, 1));
    expect(read(dist, "support-calendar.ics").replace(/\r\n /g, "")).toMatch(
      /X-WR-CALDESC:.*every ending is in its device's calendar .* and its manufacturer's \(\/api\/v1\/calendar\/manufacturers\/<manufacturer>.ics\)/,
    );
  });

  it("shows no past ends, no minimum commitments and no announced ceilings", () => {
    for (const e of all) expect(e.end > "2026-11-22").toBe(true);
    // delta-watch ended in 2020/2021, gamma's OS in 2024-03; beta-tablet has only a minimum commitment; theta-watch only "up to" ceilings.
    expect(all.some((e) => /delta-watch|gamma-phone\/os|beta-tablet|theta-watch/.test(e.uid))).toBe(false);
    for (const e of all) expect(e.summary).not.toMatch(/at least|up to/);
  });

  it("has no event for an end without a date, an observed last update, a listing as continuing or a lapsed minimum", () => {
    // iota-phone: ended, date not documented; kappa-phone: ended on its last update observed (2024-05-13, not an announced end);
    // lambda-tablet: listed as continuing on 2026-08-22; mu-phone: a minimum that passed in 2024 and a listing over a year old.
    const slugs = ["iota-phone", "kappa-phone", "lambda-tablet", "mu-phone"];
    expect(all.some((e) => slugs.some((s) => e.uid.startsWith(`${s}/`)))).toBe(false);
    for (const slug of slugs) {
      const cal = parseICalendar(read(dist, `api/v1/calendar/${slug}.ics`));
      expect(cal.getAllSubcomponents("vevent"), slug).toEqual([]);
      expect(cal.getAllSubcomponents("vjournal").map((n) => n.getFirstPropertyValue("uid"))).toEqual([`${slug}/nothing-ahead@devices.example`]);
    }
    const note = parseICalendar(read(dist, "api/v1/calendar/iota-phone.ics")).getFirstSubcomponent("vjournal")!;
    expect(note.getFirstPropertyValue("summary")).toBe("Iota Phone: no documented end of updates ahead");
    expect(note.getFirstPropertyValue("description")).toContain("ended on a day the source does not give or known only from the last update observed");
    const maker = parseICalendar(read(dist, "api/v1/calendar/manufacturers/sample-devices.ics"));
    expect(maker.getAllSubcomponents("vevent")).toEqual([]);
    expect(maker.getAllSubcomponents("vjournal")).toHaveLength(1);
  });

  it("shows a month, quarter or year end as the whole period, with its precision, never as a known day", () => {
    const month = all.find((e) => e.uid.startsWith("alpha-phone/security"))!;
    expect(month).toMatchObject({ allDay: true, start: "2031-10-01", end: "2031-11-01" });
    expect(month.summary).toBe("Alpha Phone: security updates end 2031-10 (month precision)");
    expect(month.description).toContain("the source gives a month, not a day");
    expect(month.description).toContain("from 2031-10-01 to 2031-10-31");

    const quarter = all.find((e) => e.uid.startsWith("gamma-phone/security-us"))!;
    expect(quarter).toMatchObject({ allDay: true, start: "2027-04-01", end: "2027-07-01" });
    expect(quarter.summary).toBe("Gamma Phone (models G-US; regions US): security updates end 2027-Q2 (quarter precision)");

    const day = all.find((e) => e.uid.startsWith("gamma-phone/security-eu"))!;
    expect(day).toMatchObject({ allDay: true, start: "2028-06-30", end: "2028-07-01" });
    expect(day.summary).toBe("Gamma Phone (models G-EU; regions DE, FR): security updates end 2028-06-30");
    expect(day.description).toContain("(day precision)");
  });

  it("describes scope, caveats, meaning, evidence and sources, and links the device page", () => {
    const us = all.find((e) => e.uid.startsWith("gamma-phone/security-us"))!;
    expect(us.url).toBe("https://devices.example/devices/gamma-phone");
    expect(us.description).toContain("Applies to: models G-US; regions US.");
    expect(us.description).toContain("- Carrier builds may arrive weeks later (regions US; carriers ExampleCarrier)");
    expect(us.description).toContain("Meaning in the source's terms: 5 years from launch");
    expect(us.description).toContain("Evidence level: manufacturer-dated.");
    expect(us.description).toContain("https://maker.example/policy (checked 2026-11-01)");
    expect(us.description).toContain("public dataset license v1");
    expect(us.description).not.toMatch(/\bsecure\b/i);
  });

  it("keeps an end through its period's last day, and drops it the day it has ended (when the verdict says so)", async () => {
    const maker = (dir: string) => parseCalendar(read(dir, "api/v1/calendar/manufacturers/example-maker.ics")).events.map((e) => e.uid);
    expect(maker((await buildTo(undefined, "2027-06-30")).outDir)).toContain("gamma-phone/security-us/security@devices.example");
    expect(maker((await buildTo(undefined, "2027-07-01")).outDir)).not.toContain("gamma-phone/security-us/security@devices.example");
  });

  it("is byte-identical for another build day with the same events: stable UIDs, DTSTAMP from the record", async () => {
    const other = await buildTo(undefined, "2026-12-15");
    expect(read(other.outDir, "support-calendar.ics")).toBe(read(dist, "support-calendar.ics"));
    expect(read(dist, "support-calendar.ics")).toMatch(/DTSTAMP:20261101T000000Z/);
  });

  it("is RFC 5545 text: CRLF line ends and no line over 75 octets", () => {
    const text = read(dist, "support-calendar.ics");
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    for (const line of text.split("\r\n")) {
      expect(line).not.toContain("\n");
      expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    }
  });
});

describe("/api/v1/calendar/<slug>.ics", () => {
  it("a device with no documented end ahead gets a calendar that says so in a note (RFC 5545: at least one component), with no event", () => {
    const text = read(dist, "api/v1/calendar/beta-tablet.ics");
    const cal = parseICalendar(text);
    expect(cal.getAllSubcomponents("vevent")).toEqual([]);
    const notes = cal.getAllSubcomponents("vjournal");
    expect(notes).toHaveLength(1);
    expect(notes[0]!.getFirstPropertyValue("summary")).toBe("Beta Tablet: no documented end of updates ahead");
    expect(notes[0]!.getFirstPropertyValue("url")).toBe("https://devices.example/devices/beta-tablet");
    expect(notes[0]!.getFirstPropertyValue("uid")).toBe("beta-tablet/nothing-ahead@devices.example");
  });

  it("exists for every published device and together they hold the manufacturers' events", () => {
    const files = readdirSync(path.join(dist, "api/v1/calendar"))
      .filter((f) => f.endsWith(".ics"))
      .sort();
    expect(files).toEqual(PUBLISHED_FIXTURES.map((s) => `${s}.ics`));
    const all = files.flatMap((f) => parseCalendar(read(dist, `api/v1/calendar/${f}`)).events);
    expect(all.map((e) => e.uid).sort()).toEqual([...UIDS_2026_11_22].sort());
    expect(parseCalendar(read(dist, "api/v1/calendar/beta-tablet.ics")).events).toEqual([]);
    expect(parseCalendar(read(dist, "api/v1/calendar/theta-watch.ics")).events).toEqual([]);
    expect(parseCalendar(read(dist, "api/v1/calendar/gamma-phone.ics")).name).toBe("Support endings: Gamma Phone");
  });

  it("escapes hostile text: commas, semicolons, newlines and quotes survive a round trip", () => {
    const name = 'Hostile "Quoted" <script>alert(1)</script>\nNext line, comma';
    const cal = parseCalendar(read(dist, "api/v1/calendar/hostile-device.ics"));
    expect(cal.name).toBe(`Support endings: ${name}`);
    const os = cal.events.find((e) => e.uid.startsWith("hostile-device/os"))!;
    expect(os.summary).toBe(`${name}: OS updates end 2029-02 (month precision)`);
    expect(os.description).toContain('Meaning in the source\'s terms: meaning with "quotes", commas and <tags>\nand a newline');
    const raw = read(dist, "api/v1/calendar/hostile-device.ics");
    expect(raw).not.toMatch(/\r\nNext line/); // a newline in the text never starts a content line
  });
});

describe("reminders", () => {
  const DAY = 86_400;
  /** Every calendar with reminders beside its twin without them. */
  const twins = () =>
    filesIn(dist)
      .filter((f) => f.endsWith(".ics") && !f.includes("no-alarms"))
      .map((f) => [f, f === "support-calendar.ics" ? "support-calendar-no-alarms.ics" : f.replace("api/v1/calendar/", "api/v1/calendar/no-alarms/")] as const);

  it("remind 90, 30 and 7 days before each documented end (DISPLAY, with a description), counted from its first possible day", () => {
    expect(REMINDER_DAYS).toEqual([90, 30, 7]);
    expect(all.length).toBeGreaterThan(0);
    for (const e of all) {
      expect(
        e.alarms.map((a) => a.trigger),
        e.uid,
      ).toEqual([-90 * DAY, -30 * DAY, -7 * DAY]);
      for (const a of e.alarms) {
        expect(a).toMatchObject({ action: "DISPLAY", related: "START" });
        expect(a.description).toContain(e.summary);
        expect(a.description).toContain(e.url);
      }
    }
    const quarter = all.find((e) => e.uid.startsWith("gamma-phone/security-us"))!;
    expect(quarter.alarms[1]!.description).toBe(
      "In 30 days the quarter of this documented end begins (2027-04-01, the earliest day it can fall on): Gamma Phone (models G-US; regions US): security updates end 2027-Q2 (quarter precision). Scope, evidence and uncertainty: https://devices.example/devices/gamma-phone",
    );
    const day = all.find((e) => e.uid.startsWith("gamma-phone/security-eu"))!;
    expect(day.alarms[2]!.description).toBe(
      "In 7 days: Gamma Phone (models G-EU; regions DE, FR): security updates end 2028-06-30. Scope, evidence and uncertainty: https://devices.example/devices/gamma-phone",
    );
  });

  it("every calendar has a twin without reminders: the same events, no VALARM, and each says where the other is", () => {
    const pairs = twins();
    expect(pairs.length).toBe(1 + 3 + PUBLISHED_FIXTURES.length);
    for (const [withAlarms, without] of pairs) {
      const a = parseCalendar(read(dist, withAlarms));
      const b = parseCalendar(read(dist, without));
      expect(read(dist, without), without).not.toContain("VALARM");
      expect(b.events.every((e) => e.alarms.length === 0)).toBe(true);
      expect(b.events.map(({ alarms, ...e }) => e)).toEqual(a.events.map(({ alarms, ...e }) => e));
      expect(b.name).toBe(a.name);
      const desc = (file: string) => String(parseICalendar(read(dist, file)).getFirstPropertyValue("x-wr-caldesc")).replace(/\\([\\;,])/g, "$1"); // ical.js leaves an X- property escaped
      expect(desc(withAlarms)).toContain(`The same events without reminders: https://api.devices.example/${without}`);
      expect(desc(without)).toContain(`The same events with reminders 90, 30, 7 days before each end: https://api.devices.example/${withAlarms}`);
    }
  });

  it("leaves out a reminder whose day has passed, so a new subscriber meets no overdue one", async () => {
    // Gamma's US end begins 2027-04-01: its 90-day reminder was 2027-01-01, its 30-day one is 2027-03-02.
    const later = await buildTo(undefined, "2027-02-15");
    const us = parseCalendar(read(later.outDir, "api/v1/calendar/gamma-phone.ics")).events.find((e) => e.uid.startsWith("gamma-phone/security-us"))!;
    expect(us.alarms.map((a) => a.trigger)).toEqual([-30 * DAY, -7 * DAY]);
    const eu = parseCalendar(read(later.outDir, "api/v1/calendar/gamma-phone.ics")).events.find((e) => e.uid.startsWith("gamma-phone/security-eu"))!;
    expect(eu.alarms).toHaveLength(3);
  });
});

describe("catalogEvents", () => {
  const e = (start: string, bytes: number) => ({ event: { start } as SupportEndEvent, text: "x".repeat(bytes) });
  it("keeps the soonest events that begin within the horizon and fit the byte budget", () => {
    const sorted = [e("2026-12-01", 100), e("2027-01-01", 100), e("2027-06-01", 100), e("2027-11-23", 100), e("2027-11-24", 100)];
    expect(catalogEvents(sorted, "2026-11-22", 1_000).map((x) => x.event.start)).toEqual(["2026-12-01", "2027-01-01", "2027-06-01", "2027-11-23"]);
    expect(catalogEvents(sorted, "2026-11-22", 250).map((x) => x.event.start)).toEqual(["2026-12-01", "2027-01-01"]);
  });
});

describe("fold", () => {
  it("folds exactly as ical-generator does", () => {
    const samples = [
      "",
      "SHORT:line",
      `DESCRIPTION:${"a".repeat(200)}`,
      `SUMMARY:${"Évil 日本語 😀, ".repeat(20)}`,
      `X:${"é".repeat(37)}a${"😀".repeat(30)}`,
      ["BEGIN:VEVENT", `DESCRIPTION:${"x\\, ".repeat(50)}`, "END:VEVENT", ""].join("\r\n"),
    ];
    for (const s of samples) expect(fold(s)).toBe(foldLines(s));
  });
});
