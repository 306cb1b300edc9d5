// A CSV export read in pieces: text arrives in chunks (File.stream() in the
// fleet page's worker), and each run of complete records goes to the one
// CSV parser (csv-parse) while the unfinished record waits for the next
// chunk. A line end splits records only outside quotes; RFC 4180 doubles a
// quote inside a quoted field, so counting quotes tells which side a line
// end is on. Memory stays bounded by the chunk, not the file.

/** A splitter of streamed CSV text at record boundaries. */
export function recordSplitter() {
  let carry = "";
  let quoted = false;
  return {
    /** The chunk's complete records (with those held back before), as text; "" while a record is still open. */
    push(text: string): string {
      let cut = -1;
      for (let i = 0; i < text.length; i++) {
        const ch = text.charCodeAt(i);
        if (ch === 34) quoted = !quoted;
        else if (ch === 10 && !quoted) cut = i + 1;
      }
      if (cut < 0) {
        carry += text;
        return "";
      }
      const out = carry + text.slice(0, cut);
      carry = text.slice(cut);
      return out;
    },
    /** What is left at the end of the stream (an unclosed quote included: the parser reports it). */
    end(): string {
      const out = carry;
      carry = "";
      return out;
    },
  };
}
