// JSON source files read with their lines: a parse error names its line, and
// a reader can give each entry the line it starts on. Pure.
import type { SourceProblem } from "./front-matter.ts";

/** The 1-based line of a character offset. */
export const lineAt = (text: string, offset: number) => (offset <= 0 ? 1 : text.slice(0, offset).split("\n").length);

/** The parsed JSON, or the problem at the line JSON.parse names. */
export function parseJson(file: string, text: string): { value?: unknown; problems: SourceProblem[] } {
  try {
    return { value: JSON.parse(text), problems: [] };
  } catch (e) {
    const message = (e as Error).message;
    const at = /position (\d+)/.exec(message);
    const line = /line (\d+)/.exec(message);
    return { problems: [{ file, line: at ? lineAt(text, Number(at[1])) : line ? Number(line[1]) : 1, message: `not valid JSON: ${message}` }] };
  }
}

/** The line of the first `"key":` after a given offset (1 when absent): where an object's entry stands. */
export function lineOfKey(text: string, key: string, from = 0): number {
  const i = text.indexOf(`${JSON.stringify(key)}:`, from);
  return i < 0 ? 1 : lineAt(text, i);
}

/**
 * The line each object of the top-level array starts on, in order: the
 * Google Play list is one array of 39,037 objects, and a problem in one of
 * them must name its line. (An element that is not an object has no line
 * here; the reader reports it at the array's first line.)
 */
export function objectLines(text: string): number[] {
  const lines: number[] = [];
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\n") line++;
    else if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") {
      if (depth === 1 && c === "{") lines.push(line);
      depth++;
    } else if (c === "}" || c === "]") depth--;
  }
  return lines;
}
