// iCalendar line folding, shared by the build's calendars (emit/calendar.ts)
// and the fleet check's calendar (browser/fleet-worker.ts). ical-generator
// folds a whole calendar with a TextEncoder per character: about a
// microsecond a character in Node, several in a browser's worker, which for
// a fleet's thousand events is seconds. So each event is written unfolded
// and folded once here, by the same rule, byte for byte. No imports.

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
