// The YAML front matter of a markdown file, parsed with positions and
// comments kept, so that every later problem can name its line and every
// value can be read together with the comment its author wrote beside it.
import { LineCounter, parseDocument, type Document } from "yaml";

/** A problem in an input file, shown as `file:line: message`. */
export interface SourceProblem {
  file: string;
  line: number;
  message: string;
}

export const formatSourceProblem = (p: SourceProblem) => `${p.file}:${p.line}: ${p.message}`;

export interface FrontMatter {
  doc: Document.Parsed;
  /** The 1-based line in the whole file of a character offset into the front matter. */
  lineOf: (offset: number) => number;
}

/**
 * The front matter between the first line `---` and the next one. YAML 1.2's
 * core schema keeps `2023-11-05` a string (no timestamp type), so dates are
 * checked by the reader, not silently turned into Date objects.
 */
export function parseFrontMatter(file: string, text: string): { frontMatter?: FrontMatter; problems: SourceProblem[] } {
  // A file checked out with Windows line endings reads as the same file: no value keeps a "\r".
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trimEnd() !== "---") return { problems: [{ file, line: 1, message: 'has no front matter: the file must start with a line "---"' }] };
  const close = lines.findIndex((l, i) => i > 0 && l.trimEnd() === "---");
  if (close === -1) return { problems: [{ file, line: lines.length, message: 'front matter is not closed: no second line "---"' }] };
  const yamlText = lines.slice(1, close).join("\n");
  const counter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter: counter, uniqueKeys: true, prettyErrors: false });
  const lineOf = (offset: number) => counter.linePos(offset).line + 1;
  const problems = [...doc.errors, ...doc.warnings].map((e) => ({
    file,
    line: lineOf(e.pos[0]),
    message: `YAML: ${e.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "")}`,
  }));
  return { frontMatter: { doc, lineOf }, problems };
}
