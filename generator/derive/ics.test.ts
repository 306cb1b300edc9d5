// iCalendar events and line folding (ics.ts): RFC 5545 §3.1, no line over 75
// octets, never splitting a UTF-8 character, and unfolding gives the text
// back; reminders after every property, and an event without them the same
// with or without.
import { describe, expect, it } from "vitest";
import { fold, icsEvent, type IcsEvent } from "./ics.ts";

const octets = (s: string) => new TextEncoder().encode(s).length;
/** RFC 5545 unfolding: a CRLF followed by one space is removed. */
const unfold = (s: string) => s.replace(/\r\n /g, "");
const lines = (s: string) => s.split("\r\n");

describe("fold", () => {
  it.each([
    ["short ASCII", "SUMMARY:Alpha Phone: security updates end 2031-10"],
    ["exactly 74 octets", `X:${"a".repeat(72)}`],
    ["75 octets", `X:${"a".repeat(73)}`],
    ["long ASCII", `DESCRIPTION:${"word ".repeat(60)}`],
    ["two-octet letters", `SUMMARY:${"é".repeat(100)}`],
    ["three-octet characters", `SUMMARY:${"華為".repeat(60)}`],
    ["four-octet emoji (surrogate pairs)", `SUMMARY:${"📱".repeat(50)}`],
    ["mixed widths", `DESCRIPTION:a${"é華📱".repeat(30)}z`],
  ])("%s: every line at most 75 octets, unfolds to the input, valid UTF-8", (_, line) => {
    const folded = fold(line);
    for (const l of lines(folded)) expect(octets(l)).toBeLessThanOrEqual(75);
    expect(unfold(folded)).toBe(line);
    // A split surrogate pair would encode as U+FFFD and not round-trip.
    for (const l of lines(folded)) expect(new TextDecoder("utf-8", { fatal: true }).decode(new TextEncoder().encode(l))).toBe(l);
    expect(
      lines(folded)
        .slice(1)
        .every((l) => l.startsWith(" ")),
    ).toBe(true);
  });

  it.each([
    [`X:${"a".repeat(72)}`, 1], // 74 octets: no fold
    [`X:${"a".repeat(73)}`, 2], // 75 octets: folded before the octet that would pass 74, as ical-generator does
    [`X:${"a".repeat(72 + 74)}`, 2], // 148 octets: 74, then a space and 74
    [`X:${"a".repeat(72 + 75)}`, 3],
  ])("a line of %j folds into %d lines", (line, count) => expect(lines(fold(line))).toHaveLength(count));

  it("folds each line of a multi-line text on its own, keeping the CRLFs", () => {
    const text = ["BEGIN:VEVENT", `SUMMARY:${"x".repeat(100)}`, "END:VEVENT"].join("\r\n");
    const out = lines(fold(text));
    expect(out[0]).toBe("BEGIN:VEVENT");
    expect(out.at(-1)).toBe("END:VEVENT");
    expect(out).toHaveLength(4);
  });

  it("keeps a folded emoji whole on one side of the break", () => {
    const folded = fold(`X:${"a".repeat(71)}📱b`); // 73 octets, then a 4-octet character that would pass 74
    expect(lines(folded)).toEqual([`X:${"a".repeat(71)}`, " 📱b"]);
  });

  it("leaves an empty text empty", () => expect(fold("")).toBe(""));
});

describe("icsEvent", () => {
  const event: IcsEvent = {
    uid: "alpha-phone/security@example.org",
    start: "2031-10-01",
    endExclusive: "2031-11-01",
    stamp: "2026-01-05",
    summary: "Alpha Phone: security updates end",
    description: `Documented end: ${"October 2031, ".repeat(8)}and a line break\nafter it`,
    url: "https://example.org/devices/alpha-phone",
  };
  const reminded = { ...event, reminders: [{ days: 30, description: "In 30 days" }] };

  it.each([
    ["without reminders", event, 0],
    ["with a reminder", reminded, 1],
  ])("%s: one all-day VEVENT, folded, %d VALARM after the URL", (_, e, alarms) => {
    const { text } = icsEvent(e);
    for (const l of lines(text)) expect(octets(l)).toBeLessThanOrEqual(75);
    const unfolded = unfold(text);
    expect(unfolded.startsWith("BEGIN:VEVENT\r\n")).toBe(true);
    expect(unfolded.endsWith("END:VEVENT\r\n")).toBe(true);
    expect(unfolded).toContain("DTSTART;VALUE=DATE:20311001\r\n");
    expect(unfolded).toContain("DTEND;VALUE=DATE:20311101\r\n");
    expect(unfolded).toContain("DESCRIPTION:Documented end: October 2031\\, ");
    expect(unfolded.match(/BEGIN:VALARM/g) ?? []).toHaveLength(alarms);
    if (alarms) expect(unfolded.indexOf("BEGIN:VALARM")).toBeGreaterThan(unfolded.indexOf("\r\nURL"));
  });

  it("writes the same event without its reminders as plain, and an event with none the same both ways", () => {
    expect(icsEvent(reminded).plain).toBe(icsEvent(event).text);
    expect(icsEvent(event).plain).toBe(icsEvent(event).text);
  });
});
