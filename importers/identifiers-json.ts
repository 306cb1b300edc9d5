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

/** JSON's white space. */
const isSpace = (c: string | undefined) => c === " " || c === "\n" || c === "\t" || c === "\r";

/**
 * The line of the value a path (member names and array indices, as zod gives
 * an issue's) leads to in a JSON text that parses: `["builds", 3, "version"]`,
 * the line of the fourth build's version. Where the path leaves the document
 * (a missing member, an index past the end), the line of the deepest value it
 * reaches: a missing member is named at the line its object opens on. Each
 * object's and array's members are found once and kept, so naming every
 * problem of a large file reads it about once.
 */
export function pathLines(text: string): (path: readonly PropertyKey[]) => number {
  const skipSpace = (i: number) => {
    while (isSpace(text[i])) i++;
    return i;
  };
  /** The offset just after the string that opens at i. */
  const skipString = (i: number) => {
    for (i++; i < text.length; i++) {
      if (text[i] === "\\") i++;
      else if (text[i] === '"') return i + 1;
    }
    return i;
  };
  /** The offset just after the value that starts at i. */
  const skipValue = (i: number) => {
    const c = text[i];
    if (c === '"') return skipString(i);
    if (c !== "{" && c !== "[") {
      while (i < text.length && !isSpace(text[i]) && text[i] !== "," && text[i] !== "}" && text[i] !== "]") i++;
      return i;
    }
    let depth = 0;
    while (i < text.length) {
      const d = text[i];
      if (d === '"') {
        i = skipString(i);
        continue;
      }
      if (d === "{" || d === "[") depth++;
      else if (d === "}" || d === "]") depth--;
      i++;
      if (depth === 0) return i;
    }
    return i;
  };
  /** Where each member's (or element's) value starts, for the object or array at an offset; the last of a repeated name, as JSON.parse keeps it. */
  const kept = new Map<number, Map<string | number, number>>();
  const membersAt = (start: number) => {
    let members = kept.get(start);
    if (members) return members;
    members = new Map();
    kept.set(start, members);
    const object = text[start] === "{";
    if (!object && text[start] !== "[") return members;
    let i = skipSpace(start + 1);
    for (let index = 0; i < text.length && text[i] !== "}" && text[i] !== "]"; index++) {
      let name: string | number = index;
      if (object) {
        const end = skipString(i);
        name = JSON.parse(text.slice(i, end)) as string;
        i = skipSpace(skipSpace(end) + 1);
      }
      members.set(name, i);
      i = skipSpace(skipValue(i));
      if (text[i] === ",") i = skipSpace(i + 1);
    }
    return members;
  };
  const newlines: number[] = [];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) newlines.push(i);
  /** The line of an offset: one more than the newlines before it. */
  const lineOf = (offset: number) => {
    let [lo, hi] = [0, newlines.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newlines[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  return (path) => {
    let at = skipSpace(0);
    for (const step of path) {
      const next = membersAt(at).get(text[at] === "[" ? Number(step) : String(step));
      if (next === undefined) break;
      at = next;
    }
    return lineOf(at);
  };
}
