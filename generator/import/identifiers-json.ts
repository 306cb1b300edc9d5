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
 * The line each element of an array starts on, in order, whatever the element
 * is, for the arrays `depth` levels down: 1, the elements of a top-level
 * array (the Google Play list, 39,037 objects); 2, those of an array that is
 * a member of the top-level object (the curator's decisions). A problem with
 * any element, one that is not an object included, names its own line, and
 * the elements after it keep theirs.
 */
export function elementLines(text: string, depth = 1): number[] {
  const lines: number[] = [];
  /** The containers open at this point: "[" or "{". */
  const open: string[] = [];
  let line = 1;
  let inString = false;
  /** An element of a counted array starts at the next character that is not white space. */
  let expecting = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") line++;
    else if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c !== " " && c !== "\t" && c !== "\r") {
      if (expecting && c !== "]") lines.push(line);
      expecting = false;
      if (c === '"') inString = true;
      else if (c === "{" || c === "[") {
        open.push(c);
        expecting = c === "[" && open.length === depth;
      } else if (c === "}" || c === "]") open.pop();
      else if (c === "," && open.length === depth && open.at(-1) === "[") expecting = true;
    }
  }
  return lines;
}
