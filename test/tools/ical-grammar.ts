// A strict RFC 5545 check of an iCalendar text: the physical form (CRLF line
// ends, lines of at most 75 octets, folding), the grammar of rfc5545.abnf run
// by apg-js, and the cardinality rules the RFC writes as comments beside its
// ABNF (3.6.1, 3.6.3, 3.6.6, 3.7): which properties are REQUIRED, which MUST NOT occur
// more than once, DTEND and DURATION never together.
import { readFileSync } from "node:fs";
import path from "node:path";
import apg from "apg-js";

const api = new apg.apgApi(readFileSync(path.join(import.meta.dirname, "rfc5545.abnf"), "utf8"));
api.generate();
if (api.errors.length) throw new Error(`rfc5545.abnf: ${api.errorsToAscii()}`);
const grammar = api.toObject();

/** Per component: properties REQUIRED once, and those that MUST NOT occur more than once. */
const CARDINALITY: Record<string, { once: string[]; atMostOnce: string[] }> = {
  VCALENDAR: { once: ["PRODID", "VERSION"], atMostOnce: ["CALSCALE", "METHOD"] },
  // DTSTART is REQUIRED in a VEVENT when the calendar has no METHOD (these calendars have none).
  VEVENT: {
    once: ["DTSTAMP", "UID", "DTSTART"],
    atMostOnce: [
      "CLASS",
      "CREATED",
      "DESCRIPTION",
      "GEO",
      "LAST-MODIFIED",
      "LOCATION",
      "ORGANIZER",
      "PRIORITY",
      "SEQUENCE",
      "STATUS",
      "SUMMARY",
      "TRANSP",
      "URL",
      "RECURRENCE-ID",
      "DTEND",
      "DURATION",
    ],
  },
  // 3.6.6: every calendar here writes DISPLAY alarms, in which DESCRIPTION is REQUIRED too.
  VALARM: { once: ["ACTION", "TRIGGER", "DESCRIPTION"], atMostOnce: ["DURATION", "REPEAT", "SUMMARY"] },
  VJOURNAL: {
    once: ["DTSTAMP", "UID"],
    atMostOnce: ["CLASS", "CREATED", "DTSTART", "LAST-MODIFIED", "ORGANIZER", "RECURRENCE-ID", "SEQUENCE", "STATUS", "SUMMARY", "URL"],
  },
};

/** Every way `text` breaks RFC 5545; empty when it is a valid iCalendar stream. */
export function icalendarProblems(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith("\r\n")) problems.push("the last line does not end with CRLF (3.1)");
  const physical = text.split("\r\n").slice(0, -1);
  physical.forEach((line, i) => {
    if (/[\r\n]/.test(line)) problems.push(`line ${i + 1}: a bare CR or LF (3.1: lines end with CRLF)`);
    if (Buffer.byteLength(line) > 75) problems.push(`line ${i + 1}: ${Buffer.byteLength(line)} octets (3.1: at most 75)`);
  });
  // 3.1: unfolding removes each CRLF followed by one space or tab.
  const unfolded = text.replace(/\r\n[ \t]/g, "");
  const parser = new apg.apgLib.parser();
  const result = parser.parse(grammar, "icalstream", apg.apgLib.utils.stringToChars(unfolded));
  if (!result.success)
    problems.push(
      `not an icalstream (rfc5545.abnf): parsed ${result.maxMatched} of ${result.length} characters, stopped near ${JSON.stringify(unfolded.slice(result.maxMatched - 60, result.maxMatched + 40))}`,
    );
  else problems.push(...cardinalityProblems(unfolded));
  return problems;
}

function cardinalityProblems(unfolded: string): string[] {
  const problems: string[] = [];
  const stack: { name: string; counts: Map<string, number> }[] = [];
  for (const line of unfolded.split("\r\n").slice(0, -1)) {
    const [, begin] = /^BEGIN:(.+)$/i.exec(line) ?? [];
    const [, end] = /^END:(.+)$/i.exec(line) ?? [];
    if (begin) stack.push({ name: begin.toUpperCase(), counts: new Map() });
    else if (end) {
      const { name, counts } = stack.pop()!;
      const rule = CARDINALITY[name];
      if (!rule) continue;
      for (const p of rule.once) if (counts.get(p) !== 1) problems.push(`${name}: ${p} occurs ${counts.get(p) ?? 0} times (REQUIRED, at most once)`);
      for (const p of rule.atMostOnce) if ((counts.get(p) ?? 0) > 1) problems.push(`${name}: ${p} occurs ${counts.get(p)} times (at most once)`);
      if (counts.has("DTEND") && counts.has("DURATION")) problems.push(`${name}: DTEND and DURATION together`);
    } else {
      const property = /^[^;:]+/.exec(line)![0].toUpperCase();
      const counts = stack.at(-1)!.counts;
      counts.set(property, (counts.get(property) ?? 0) + 1);
    }
  }
  return problems;
}
