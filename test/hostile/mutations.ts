// Near-valid catalogs: a valid generated catalog with one fault put into one
// record (or one file, or across two records), and the problem the build must
// report for it: the file, the field path, and what the message says. Schema
// faults are placed by walking the record with its JSON Schema, so every kind
// of field gets them; rule faults follow generator/load/validate.ts.
import fc from "fast-check";
import { compact } from "../../generator/derive/search.ts";
import { recordFile, type Raw } from "./arbitraries.ts";
import { isFreeText, spotsOf, type Node, type Spot } from "./schema-walk.ts";

type G = fc.GeneratorValue;

export interface Fault {
  kind: string;
  files: { name: string; text: string }[];
  /** The file name the problem must be reported in. */
  file: string;
  /** The field path, "" for the file as a whole, null for any field of the file. */
  path: string | null;
  message: RegExp;
}

/** Characters the schema refuses in free text, each for a reason an output has (see UNPUBLISHABLE in record.ts). */
const UNPUBLISHABLE_PIECES = ["\r", "\r\n", "\u0000", "\u0001", "\u000b", "\u001b", "\u007f", "\u0085", "\ud800", "\udfff", "\ufffe", "\uffff"];

const BAD_URLS = [
  "javascript:alert(1)",
  "JavaScript:alert(document.domain)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "file:///etc/passwd",
  "ftp://example.com/x",
  "vbscript:msgbox(1)",
  "//example.com/x",
  "https:example.com",
  "HTTPS://EXAMPLE.COM/",
  "https://user:pw@example.com/",
  "https://trusted.example@evil.example/",
  "https://example.com/a b",
  "https://exa\nmple.com/",
  "https://example.com/\u202egnp.exe",
  "https://",
  "example.com",
];
const BAD_DAYS = ["2026-02-30", "2025-02-29", "2026-13-01", "2026-00-10", "26-11-01", "2026-1-1", "2026-11-22T00:00:00Z", "2026/11/22", "", "yesterday"];
const BAD_DATES: { value: Raw; field: "value" | "precision" }[] = [
  { value: { value: "2030-10", precision: "day" }, field: "value" },
  { value: { value: "2030-10-01", precision: "month" }, field: "value" },
  { value: { value: "2030-Q5", precision: "quarter" }, field: "value" },
  { value: { value: "2030-13", precision: "month" }, field: "value" },
  { value: { value: "2030-02-30", precision: "day" }, field: "value" },
  { value: { value: "2030", precision: "unknown" }, field: "value" },
  { value: { precision: "year" }, field: "value" },
  { value: { value: 2030, precision: "year" }, field: "value" },
  { value: { value: "2030", precision: "decade" }, field: "precision" },
  { value: { value: "2030" }, field: "precision" },
];
const BAD_KEYS = ["colour", "Name", "slug ", "__proto__", "constructor", "toString"];

const pick = <T>(g: G, xs: readonly T[]): T => xs[g(fc.integer, { min: 0, max: xs.length - 1 })]!;
const wrongTypeFor = (n: Node): unknown[] =>
  n.type === "string" ? [42, null, true, ["x"], {}] : n.type === "array" ? ["x", {}, 7, null] : n.type === "object" ? ["x", [], 3, null] : [{}];

/** Sets (or deletes) the value at a path such as "support.os[0].end", defining keys so that "__proto__" is a plain key. */
function put(root: Raw, path: string, value: unknown, remove = false): void {
  const keys = path.match(/[^.[\]]+/g)!.map((k) => (/^\d+$/.test(k) ? Number(k) : k));
  const last = keys.pop()!;
  const parent = keys.reduce<Raw>((o, k) => o[k], root);
  if (remove) delete parent[last];
  else Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
}

interface Placed {
  path: string;
  message: RegExp;
}

/** A fault in one record's fields, placed by the schema; null when the record has no field of that kind. */
function schemaFault(g: G, r: Raw, kind: string): Placed | null {
  const spots = spotsOf(r).filter((s) => s.path !== "");
  const choose = (ok: (s: Spot) => boolean) => {
    const xs = spots.filter(ok);
    return xs.length ? pick(g, xs) : null;
  };
  let s: Spot | null;
  switch (kind) {
    case "drop a required field":
      if (!(s = choose((x) => x.required))) return null;
      put(r, s.path, undefined, true);
      return { path: s.path, message: /is required|expected|invalid/i };
    case "wrong type":
      if (!(s = choose(() => true))) return null;
      put(r, s.path, pick(g, wrongTypeFor(s.node)));
      return { path: s.path, message: /expected|invalid/i };
    case "unknown key": {
      const objects = spotsOf(r).filter((x) => x.node.type === "object" && x.value && !Array.isArray(x.value));
      s = pick(g, objects);
      const key = pick(g, BAD_KEYS);
      const target = s.path === "" ? r : (s.value as Raw);
      Object.defineProperty(target, key, { value: "x", enumerable: true, writable: true, configurable: true });
      return { path: s.path, message: /unknown field/ };
    }
    case "bad day":
      if (!(s = choose((x) => typeof x.node.pattern === "string" && x.node.pattern.startsWith("^\\d{4}-")))) return null;
      put(r, s.path, pick(g, BAD_DAYS));
      return { path: s.path, message: /YYYY-MM-DD|calendar day/ };
    case "bad partial date": {
      if (!(s = choose((x) => x.node.properties?.precision !== undefined))) return null;
      const bad = pick(g, BAD_DATES);
      put(r, s.path, structuredClone(bad.value));
      return { path: `${s.path}.${bad.field}`, message: /precision|calendar day|must be absent|required|expected/i };
    }
    case "non-http(s) link":
      if (!(s = choose((x) => x.node.allOf !== undefined))) return null;
      put(r, s.path, pick(g, BAD_URLS));
      return { path: s.path, message: /http\(s\) URL|spaces|user name/ };
    case "empty text":
      if (!(s = choose((x) => isFreeText(x.node)))) return null;
      put(r, s.path, pick(g, ["", "   ", "\n\t "]));
      return { path: s.path, message: /must not be empty/ };
    case "unpublishable character": {
      if (!(s = choose((x) => isFreeText(x.node)))) return null;
      const text = s.value as string;
      const at = g(fc.integer, { min: 1, max: text.length });
      // Between two letters, so trimming cannot take it away.
      put(r, s.path, `${text.slice(0, at)}x${pick(g, UNPUBLISHABLE_PIECES)}x${text.slice(at)}`);
      return { path: s.path, message: /contains U\+[0-9A-F]{4} \(a (control character|lone surrogate|noncharacter)\)/ };
    }
    case "value outside its enumeration":
      if (!(s = choose((x) => Array.isArray(x.node.enum)))) return null;
      put(r, s.path, pick(g, ["toaster", "official", "no-recall", "week", "Published", ""]));
      return { path: s.path, message: /expected one of|invalid/i };
    case "malformed slug, id or region":
      if (!(s = choose((x) => typeof x.node.pattern === "string" && !x.node.pattern.startsWith("^\\d{4}-")))) return null;
      // Only values the field's own pattern refuses: "UPPER" is a malformed slug but a well-formed model code.
      put(
        r,
        s.path,
        pick(
          g,
          ["Bad Slug", "a--b", "-x", "UPPER", "Usa", "x_y", "é", ""].filter((v) => !new RegExp(s!.node.pattern as string, "u").test(v)),
        ),
      );
      return { path: s.path, message: /lowercase|single hyphens|ISO 3166|must/ };
    default:
      return null;
  }
}

const SCHEMA_KINDS = [
  "drop a required field",
  "wrong type",
  "unknown key",
  "bad day",
  "bad partial date",
  "non-http(s) link",
  "empty text",
  "unpublishable character",
  "value outside its enumeration",
  "malformed slug, id or region",
];

/** A fault against a whole-record rule of validate.ts. Always applicable: it adds what it needs. */
function ruleFault(g: G, r: Raw, kind: string): Placed {
  const kindOf = pick(g, ["os", "security"] as const);
  const cs: Raw[] = r.support[kindOf];
  const ci = g(fc.integer, { min: 0, max: cs.length - 1 });
  const c = cs[ci]!;
  const at = `support.${kindOf}[${ci}]`;
  const sourceId = r.evidence.sources[0].id;
  const dated = (end: Raw | undefined, minimum: Raw | undefined) => {
    r.released = { value: "2020", precision: "year" };
    Object.assign(c, { end, minimum, evidenceLevel: "manufacturer-dated", sourceIds: [sourceId] });
    if (!end) delete c.end;
    if (!minimum) delete c.minimum;
  };
  switch (kind) {
    case "dangling source reference": {
      const where = pick(g, ["commitment", "caveat", "repairability"] as const);
      if (where === "repairability") {
        r.evidence.repairability = [{ scheme: "Index", score: "8/10", sourceId: "no-such-source", checked: "2026-01-01" }];
        return { path: "evidence.repairability[0].sourceId", message: /source "no-such-source", which is not in evidence.sources/ };
      }
      if (where === "caveat") {
        r.caveats = [{ scope: {}, text: "A caveat", sourceIds: ["no-such-source"] }];
        return { path: "caveats[0].sourceIds[0]", message: /not in evidence.sources/ };
      }
      c.sourceIds = [...(c.sourceIds ?? []), "no-such-source"];
      return { path: `${at}.sourceIds[${c.sourceIds.length - 1}]`, message: /not in evidence.sources/ };
    }
    case "duplicate source id":
      r.evidence.sources.push({ ...r.evidence.sources[0] });
      return { path: `evidence.sources[${r.evidence.sources.length - 1}].id`, message: /duplicate source id/ };
    case "duplicate model":
      r.variants.push({ ...r.variants[0] });
      return { path: `variants[${r.variants.length - 1}].model`, message: /duplicate model/ };
    case "duplicate commitment id":
      r.support.security[0].id = r.support.os[0].id;
      return { path: "support.security[0].id", message: /duplicate commitment id/ };
    case "scope names an unknown model":
      c.scope = { models: ["not-one-of-the-variants"] };
      return { path: `${at}.scope.models[0]`, message: /not one of the record's variants/ };
    case "scope names a region no variant is sold in":
      for (const v of r.variants) v.regions = ["US"];
      c.scope = { regions: ["JP"] };
      return { path: `${at}.scope.regions[0]`, message: /not sold in by any variant/ };
    case "dated end without a source":
      dated({ value: "2030", precision: "year" }, undefined);
      c.sourceIds = [];
      return { path: `${at}.sourceIds`, message: /needs at least one source/ };
    case "unverified evidence with a date":
      dated(undefined, { value: "2030-10", precision: "month" });
      c.evidenceLevel = "unverified";
      return { path: `${at}.evidenceLevel`, message: /cannot carry a date/ };
    case "end before release":
      dated({ value: "2019-Q4", precision: "quarter" }, undefined);
      return { path: `${at}.end`, message: /before the start of support/ };
    case "minimum after the end":
      dated(
        { value: "2030-06", precision: "month" },
        pick(g, [
          { value: "2031", precision: "year" },
          { value: "2030-07-01", precision: "day" },
          { value: "2030-Q3", precision: "quarter" },
        ]),
      );
      return { path: `${at}.minimum`, message: /begins after the documented end/ };
    case "end and ceiling together":
      dated({ value: "2030-06", precision: "month" }, undefined);
      c.ceiling = { value: "2031", precision: "year" };
      return { path: `${at}.ceiling`, message: /documented end or an announced ceiling, not both/ };
    case "ceiling words beside an end":
      dated({ value: "2030-06", precision: "month" }, undefined);
      c.meaning = pick(g, ["Up to four years of updates", "The maker aims to support it for five years", "updates up to 2030"]);
      return { path: `${at}.end`, message: /an announced ceiling or aim, but the date is recorded as a documented end/ };
    case "recall match without notices":
      r.evidence.recallReview = [
        {
          registry: "Register",
          registryUrl: "https://register.example/",
          searchedOn: "2026-01-01",
          searched: { maker: "M", model: "q" },
          result: "match",
          matches: [],
        },
      ];
      return { path: "evidence.recallReview[0].matches", message: /must list the matching notices/ };
    case "code in another kind's format":
      r.variants[0].identifiers = [{ kind: "board", value: "SM-A525F", sourceId }];
      return { path: "variants[0].identifiers[0].value", message: /is not written as a board is/ };
    case "code twice in a record":
      r.variants[0].identifiers = [
        { kind: "model-number", value: "SM-A525F", sourceId },
        { kind: "model-number", value: "sm_a525f", sourceId },
      ];
      return { path: "variants[0].identifiers[1].value", message: /already listed at variants\[0\]\.identifiers\[0\]/ };
    case "former slug is the record's own":
      r.formerSlugs = [r.slug];
      return { path: "formerSlugs", message: /own slug/ };
    default: // "former slug listed twice"
      r.formerSlugs = ["old-twice", "old-twice"];
      return { path: "formerSlugs[1]", message: /listed twice/ };
  }
}

const RULE_KINDS = [
  "dangling source reference",
  "duplicate source id",
  "duplicate model",
  "duplicate commitment id",
  "scope names an unknown model",
  "scope names a region no variant is sold in",
  "dated end without a source",
  "unverified evidence with a date",
  "end before release",
  "minimum after the end",
  "end and ceiling together",
  "ceiling words beside an end",
  "recall match without notices",
  "former slug is the record's own",
  "former slug listed twice",
  "code in another kind's format",
  "code twice in a record",
];
const CATALOG_KINDS = [
  "duplicate slug",
  "former slug is another record's slug",
  "former slug claimed twice",
  "alias reads as another record's name",
  "one code on two records, not marked shared",
];
const FILE_KINDS = ["not JSON", "JSON but not an object", "an arbitrary JSON object", "file name differs from the slug"];

export const FAULT_KINDS = [...SCHEMA_KINDS, ...RULE_KINDS, ...CATALOG_KINDS, ...FILE_KINDS];

/** The later of two file names in the order the loader reads them: a cross-record problem is reported there. */
const later = (a: string, b: string) => (a < b ? b : a);

/** A fault of the given kind in a copy of a valid catalog (at least two records). */
export function faultyCatalog(g: G, catalog: Raw[], kind: string): Fault {
  const records = structuredClone(catalog);
  const t = g(fc.integer, { min: 0, max: records.length - 1 });
  const r = records[t]!;
  const other = records[(t + 1) % records.length]!;
  // Files keep the names of the valid catalog, whatever a fault does to a slug.
  const names = records.map((x) => `${x.slug}.json`);
  const files = () => records.map((x, i) => ({ name: names[i]!, text: recordFile(x).text }));
  const own = names[t]!;

  if (SCHEMA_KINDS.includes(kind)) {
    // A record may lack a kind of field (no link, say); every record has objects for an unknown key.
    const placed = schemaFault(g, r, kind);
    return placed ? { kind, files: files(), file: own, ...placed } : { kind: "unknown key", files: files(), file: own, ...schemaFault(g, r, "unknown key")! };
  }
  if (RULE_KINDS.includes(kind)) {
    const placed = ruleFault(g, r, kind);
    return { kind, files: files(), file: own, ...placed };
  }
  switch (kind) {
    case "duplicate slug": {
      const copy = `${r.slug}-copy.json`;
      return { kind, files: [...files(), { name: copy, text: recordFile(r).text }], file: later(own, copy), path: "slug", message: /duplicate slug/ };
    }
    case "former slug is another record's slug":
      r.formerSlugs = [other.slug];
      return { kind, files: files(), file: own, path: "formerSlugs[0]", message: /is the current slug of/ };
    case "former slug claimed twice":
      r.formerSlugs = ["shared-old-slug"];
      other.formerSlugs = ["shared-old-slug"];
      return { kind, files: files(), file: later(own, names[(t + 1) % records.length]!), path: "formerSlugs[0]", message: /also claimed by/ };
    case "one code on two records, not marked shared":
      r.variants[0].identifiers = [{ kind: "model-number", value: "SM-Z999F", sourceId: r.evidence.sources[0].id }];
      other.variants[0].identifiers = [{ kind: "model-number", value: "sm_z999f", sourceId: other.evidence.sources[0].id }];
      return { kind, files: files(), file: own, path: "variants[0].identifiers[0].value", message: /is also a code of/ };
    case "alias reads as another record's name": {
      if (!compact(other.name)) other.name = `${other.name} Shared Name 7`;
      // A withdrawn record is not searched, so its name may live on as an alias: the other record must be listed.
      if (other.publication.state === "withdrawn") other.publication = { state: "published" };
      // The search compares letters and digits only, ignoring case and accents.
      r.aliases = [pick(g, [other.name, other.name.toUpperCase(), `  ${other.name.replace(/\s+/g, "-")}  `])];
      if (compact(r.aliases[0]) !== compact(other.name)) r.aliases = [other.name];
      return { kind, files: files(), file: own, path: "aliases[0]", message: /reads as the name of/ };
    }
    case "not JSON": {
      const text = recordFile(r).text;
      const broken = pick(g, [text.slice(0, g(fc.integer, { min: 0, max: text.length - 2 })), `${text},`, text.replace("{", "{'"), "", "\u0000"]);
      return { kind, files: [...files().filter((f) => f.name !== own), { name: own, text: broken }], file: own, path: "", message: /not valid JSON/ };
    }
    case "JSON but not an object": {
      const value = g(() => fc.jsonValue().filter((v) => v === null || typeof v !== "object" || Array.isArray(v)));
      return {
        kind,
        files: [...files().filter((f) => f.name !== own), { name: own, text: JSON.stringify(value) }],
        file: own,
        path: "",
        message: /expected object/i,
      };
    }
    case "an arbitrary JSON object": {
      const value = g(() => fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 8 }));
      return { kind, files: [...files().filter((f) => f.name !== own), { name: own, text: JSON.stringify(value) }], file: own, path: null, message: /./ };
    }
    default: {
      // "file name differs from the slug"
      const name = `${r.slug}-renamed.json`;
      return {
        kind,
        files: [...files().filter((f) => f.name !== own), { name, text: recordFile(r).text }],
        file: name,
        path: "slug",
        message: /differs from the file name/,
      };
    }
  }
}
