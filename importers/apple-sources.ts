// SOFA's v2 feeds and AppleDB's os-builds.json, checked before anything reads
// them: a file that is not JSON, or whose entries lack a field the importers
// use or hold the wrong kind of value, gives every problem as file:line (the
// line of the entry it concerns, or of the object a missing field belongs
// to), in words a curator can act on, and no value. Fields the importers do
// not use are kept as read: SOFA and AppleDB add fields. Pure: text in, the
// typed value or the problems out.
import { z } from "zod";
import { Day } from "../generator/schema/record.ts";
import type { AppleBuild, SofaFeed } from "./apple-crosscheck.ts";
import type { SourceProblem } from "./front-matter.ts";
import { parseJson, pathLines } from "./identifiers-json.ts";

/** SOFA's macOS feed, with the majors each model runs (macs-models.ts reads them). */
export interface SofaMacFeed extends SofaFeed {
  Models: Record<string, { MarketingName: string; OSVersions: number[] }>;
}

/** AppleDB's builds as os-builds.json holds them, and the day its copy was taken. */
export interface AppleBuilds {
  date: string;
  builds: AppleBuild[];
}

/** A value as a problem quotes it. */
function shown(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") return "an object";
  if (typeof v === "string") return v.length > 40 ? `${JSON.stringify(v.slice(0, 40))}…` : JSON.stringify(v);
  return String(v);
}

/** The error of a value that must be `what`: a missing one says so, a wrong one says what it holds. */
const must = (what: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? `is missing: it must be ${what}` : `must be ${what}, not ${shown(issue.input)}`),
});

const text = (what: string) => z.string(must(what)).min(1, must(what));
/** SOFA's days: "2026-08-17T00:00:00Z" or "2026-07-27". */
const sofaDay = (what: string) => z.string(must(what)).refine((s) => (s.length === 10 || s[10] === "T") && Day.safeParse(s.slice(0, 10)).success, must(what));

const release = (what: string) =>
  z.looseObject(
    {
      ProductVersion: text('the release\'s version, text such as "14.8.1"'),
      ReleaseDate: sofaDay("the release's day, YYYY-MM-DD (a time may follow)"),
    },
    must(what),
  );

const SofaFeedShape = z.looseObject(
  {
    OSVersions: z.array(
      z.looseObject(
        {
          OSVersion: text('the cycle\'s name, text such as "Sonoma 14" or "18"'),
          Latest: release("the cycle's latest release, an object with its ProductVersion and ReleaseDate"),
          SecurityReleases: z.array(
            release("an object: one release with its ProductVersion and ReleaseDate").extend({
              UniqueCVEsCount: z.int(must("the count of CVEs the release fixed, a whole number")).min(0, must("a count, 0 or more")).optional(),
            }),
            must("a list of the cycle's releases, each with its ProductVersion and ReleaseDate"),
          ),
        },
        must("an object: one OS cycle with its OSVersion, Latest and SecurityReleases"),
      ),
      must("a list of the OS cycles, each with its OSVersion, Latest and SecurityReleases"),
    ),
  },
  must("a JSON object: SOFA's feed of one OS, with its OSVersions"),
);

const SofaMacFeedShape = SofaFeedShape.extend({
  Models: z.record(
    z.string(),
    z.looseObject(
      {
        MarketingName: text("the model's name, text"),
        OSVersions: z
          .array(z.number(must("a macOS major, a number such as 15")), must("a list of the macOS majors the model runs, numbers such as 15"))
          .min(1, "must name at least one macOS major"),
      },
      must("an object with the model's MarketingName and OSVersions"),
    ),
    must("an object mapping each hardware identifier to its model"),
  ),
});

const AppleBuildsShape = z.looseObject(
  {
    date: z
      .string(must("the day AppleDB's copy was taken, YYYY-MM-DD"))
      .refine((s) => Day.safeParse(s).success, must("the day AppleDB's copy was taken, YYYY-MM-DD")),
    builds: z.array(
      z.looseObject(
        {
          osStr: text('the OS\'s name, text such as "macOS"'),
          version: text('the version, text such as "14.6.1"'),
          released: z.string(must("the release day as text, or null")).nullable(),
          deviceMap: z.array(text("a device identifier, text"), must("a list of the device identifiers that received the build")),
        },
        must("an object: one build with its osStr, version, released and deviceMap"),
      ),
      must("a list of builds"),
    ),
  },
  must("a JSON object with the copy's date and its builds"),
);

/** Members whose names are keys (hardware identifiers), quoted in a problem. */
const KEYED = new Set(["Models"]);
/** The member that names an entry of a list in a problem. */
const LABELS = ["OSVersion", "ProductVersion", "version"];

/** Where a problem is, in words: `OSVersions 2 ("Sonoma 14"), SecurityReleases 5 ("14.8.1")`, and the field it concerns. */
function placeOf(path: readonly PropertyKey[], value: unknown): { context: string[]; field?: string } {
  const parts: string[] = [];
  let at = value;
  let keyed = false;
  for (const step of path) {
    at = at !== null && typeof at === "object" ? (at as Record<PropertyKey, unknown>)[step] : undefined;
    if (typeof step === "number") {
      const label =
        at !== null && typeof at === "object" ? LABELS.map((k) => (at as Record<string, unknown>)[k]).find((v) => typeof v === "string") : undefined;
      parts.push(`${parts.pop()} ${step + 1}${label ? ` (${JSON.stringify(label)})` : ""}`);
    } else if (keyed) parts.push(`${parts.pop()} ${JSON.stringify(step)}`);
    else parts.push(String(step));
    keyed = typeof step === "string" && !keyed && KEYED.has(step);
  }
  const field = parts.pop();
  return { context: parts, ...(field ? { field } : {}) };
}

/** The value checked with a shape, or every problem, each at the line of the entry it concerns. */
function readShape<T>(shape: z.ZodType<T>, file: string, source: string): { value?: T; problems: SourceProblem[] } {
  const parsed = parseJson(file, source);
  if (parsed.problems.length) return { problems: parsed.problems };
  const checked = shape.safeParse(parsed.value);
  if (checked.success) return { value: checked.data, problems: [] };
  const lineOf = pathLines(source);
  const problems = checked.error.issues.map((issue) => {
    const { context, field } = placeOf(issue.path, parsed.value);
    const message = `${context.length ? `${context.join(", ")}: ` : ""}${field ? `${field} ` : ""}${issue.message}`;
    return { file, line: lineOf(issue.path), message };
  });
  return { problems: problems.sort((a, b) => a.line - b.line) };
}

/** SOFA's v2 feed of one OS (ios, watchos, macos): its OS cycles and their releases. */
export function readSofaFeed(file: string, source: string): { feed?: SofaFeed; problems: SourceProblem[] } {
  const { value, problems } = readShape(SofaFeedShape, file, source);
  return { ...(value ? { feed: value } : {}), problems };
}

/** SOFA's v2 macOS feed with its Models: the macOS majors each hardware identifier runs. */
export function readSofaMacFeed(file: string, source: string): { feed?: SofaMacFeed; problems: SourceProblem[] } {
  const { value, problems } = readShape(SofaMacFeedShape, file, source);
  return { ...(value ? { feed: value } : {}), problems };
}

/** AppleDB's os-builds.json: every build with the identifiers that received it, and its copy's day. */
export function readAppleBuilds(file: string, source: string): { builds?: AppleBuilds; problems: SourceProblem[] } {
  const { value, problems } = readShape(AppleBuildsShape, file, source);
  return { ...(value ? { builds: value } : {}), problems };
}
