// The list engine: GET /api/v1/devices (and the deprecated /api/devices) as
// pure functions. It parses and validates q/type/limit/cursor, pages the list
// index, and assembles the body. The build runs it to write the static pages
// of the plain walk; the edge function (serve/answers/list.ts) runs it for everything
// else, so every answer is byte-identical whoever computes it. No Node
// built-ins: it runs under Deno on Netlify's edge. See docs/list.md.
import { attribution, urls } from "./site.ts";
import { queryOf, type Query, type SortKey, type Tier } from "./search.ts";
import { plainPage, searchPage, type KeyPage, type ListIndex, type TypeFilter } from "./list-index.ts";
import type { ProblemCode } from "../contract/problems.ts";
import type { ListMeta } from "../schema/responses.ts";
import { DEFAULT_LIMIT, ITEMS, LIST_PARAMETERS, MAX_LIMIT, MAX_QUERY_LENGTH, SLUG_MAX_LENGTH, SLUG_PATTERN } from "../contract/list-params.ts";
import { API, STORAGE } from "../contract/resources.ts";
import { DEVICE_TYPES, isDeviceType } from "../contract/device-types.ts";

// ---- Cursors ----------------------------------------------------------------
// A cursor is the key of the last record returned, bound to the query:
// base64url (no padding) of "2.<query key>.<tier>.<slug>", where the query key
// is empty without q and type, a hash of the normalized q with q alone (as
// before the type filter, so those cursors stay valid), and otherwise a hash
// of q and the canonical type list. Exactly one spelling decodes to each key,
// so a plain-walk cursor can name a file.

// Version 2: four tiers (exact name, exact code, prefix, other); a version-1
// cursor ranked by three and is refused as invalid, so a walk started before
// the change starts again rather than skipping records.
const CURSOR_VERSION = "2";

/** cyrb53: a 53-bit string hash, as 14 hex digits. Not cryptographic: it tells one query from another. */
function hash53(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, "0");
}

/** A normalized q holds no tab, so a q with a type filter never hashes as a q alone. */
export const queryKey = (query: Query | null, types: TypeFilter = null) =>
  types ? hash53(`${query?.norm ?? ""}\ttype=${types.join(",")}`) : query ? hash53(query.norm) : "";

const cursorOf = (qk: string, key: SortKey) =>
  btoa(`${CURSOR_VERSION}.${qk}.${key.tier}.${key.slug}`).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

export const encodeCursor = (query: Query | null, key: SortKey, types: TypeFilter = null) => cursorOf(queryKey(query, types), key);

export interface DecodedCursor {
  queryKey: string;
  key: SortKey;
}

export function decodeCursor(cursor: string): DecodedCursor | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) return null;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, "+").replace(/_/g, "/"));
  } catch {
    return null;
  }
  const [version, qk, tier, slug, ...rest] = text.split(".");
  if (rest.length || version !== CURSOR_VERSION || qk === undefined || !/^([0-9a-f]{14})?$/.test(qk)) return null;
  if (tier === undefined || !/^[0-3]$/.test(tier)) return null;
  if (qk === "" && tier !== "0") return null;
  if (slug === undefined || slug.length > SLUG_MAX_LENGTH || !SLUG_PATTERN.test(slug)) return null;
  const key: SortKey = { tier: Number(tier) as Tier, slug };
  // Canonical spelling only (no other trailing bits): one key, one cursor, one file name.
  return cursorOf(qk, key) === cursor ? { queryKey: qk, key } : null;
}

// ---- Requests ---------------------------------------------------------------

export interface ListRequest {
  legacy: boolean;
  /** null without q, or when q has no letters or digits. */
  query: Query | null;
  /** The device types to list (canonical: the schema's order, each once); null without type, or with an empty one. */
  types: TypeFilter;
  limit: number;
  /** The cursor as given (canonical), and the key it names. */
  cursor: string | null;
  after: SortKey | null;
}

export interface ListProblem {
  code: ProblemCode;
  detail: string;
  members?: Record<string, unknown>;
}

/**
 * A type parameter: one device type or a comma-separated list of them, read
 * into its canonical form (the schema's order, each once), so every spelling
 * of one set is the same walk. Empty: no filter, as an empty q is no search.
 */
function parseTypes(raw: string | null): { ok: true; types: TypeFilter } | ({ ok: false } & ListProblem) {
  if (raw === null || raw === "") return { ok: true, types: null };
  const given = raw.split(",");
  const unknown = given.find((t) => !isDeviceType(t));
  if (unknown !== undefined) {
    return {
      ok: false,
      code: "invalid-type",
      detail: `type must be one of ${DEVICE_TYPES.join(", ")}, or several of them separated by commas (type=phone,tablet); got "${unknown.slice(0, 40)}".`,
      members: { allowed: DEVICE_TYPES },
    };
  }
  return { ok: true, types: DEVICE_TYPES.filter((t) => given.includes(t)) };
}

/** Reads q, type, limit and cursor. Any other parameter is ignored (docs/list.md#parameters). */
export function parseListRequest(url: URL): { ok: true; req: ListRequest } | ({ ok: false } & ListProblem) {
  const p = url.searchParams;
  for (const name of LIST_PARAMETERS) {
    if (p.getAll(name).length > 1) return { ok: false, code: "duplicate-parameter", detail: `Give "${name}" at most once.`, members: { parameter: name } };
  }
  let limit = DEFAULT_LIMIT;
  const rawLimit = p.get("limit");
  if (rawLimit !== null) {
    // ASCII digits only: Number() alone would take "1e2", "0x10", " 5", "+5" and "-0". Leading zeros
    // are decimal ("010" is ten); a run of digits too long for a double becomes Infinity, out of range.
    limit = /^[0-9]+$/.test(rawLimit) ? Number(rawLimit) : NaN;
    if (!(limit >= 1 && limit <= MAX_LIMIT)) {
      return {
        ok: false,
        code: "invalid-limit",
        detail: `limit must be a whole number from 1 to ${MAX_LIMIT}; got "${rawLimit.slice(0, 40)}".`,
        members: { minimum: 1, maximum: MAX_LIMIT },
      };
    }
  }
  const rawQ = p.get("q");
  if (rawQ !== null && [...rawQ].length > MAX_QUERY_LENGTH) {
    return { ok: false, code: "query-too-long", detail: `q may be at most ${MAX_QUERY_LENGTH} characters long.`, members: { maxLength: MAX_QUERY_LENGTH } };
  }
  const parsed = rawQ === null ? null : queryOf(rawQ);
  const query = parsed?.norm ? parsed : null;
  const typed = parseTypes(p.get("type"));
  if (!typed.ok) return typed;
  const { types } = typed;
  const cursor = p.get("cursor");
  let after: SortKey | null = null;
  if (cursor !== null) {
    const decoded = decodeCursor(cursor);
    if (!decoded)
      return {
        ok: false,
        code: "invalid-cursor",
        detail: "cursor is not a value this API issued. Take it unchanged from meta.nextCursor, or start again without one.",
      };
    if (decoded.queryKey !== queryKey(query, types)) {
      return {
        ok: false,
        code: "cursor-mismatch",
        detail: "This cursor belongs to a walk with another q or type. Repeat the q and type of the page it came from, or start again without a cursor.",
      };
    }
    after = decoded.key;
  }
  return { ok: true, req: { legacy: url.pathname === API.legacyList.path, query, types, limit, cursor, after } };
}

/** True when the build wrote this answer as a file: a v1 plain-walk page at the default limit, of every type or of one. */
export const isStaticCandidate = (req: ListRequest) =>
  !req.legacy && req.query === null && req.limit === DEFAULT_LIMIT && (req.types === null || req.types.length === 1);

/** The file of a static candidate (it exists when the cursor is a page boundary of this build). */
export const staticPagePath = (req: ListRequest) => STORAGE.listPage(req.cursor, req.types?.[0] ?? null);

// ---- Pages ------------------------------------------------------------------

function pageKeys(index: ListIndex, req: ListRequest): KeyPage {
  return req.query ? searchPage(index, req.query, req.after, req.limit, req.types) : plainPage(index, req.after?.slug ?? null, req.limit, req.types);
}

/** The query string of the next page, its parameters in normalized form (so it is the same whoever computes it). */
export function nextQuery(req: ListRequest, cursor: string): string {
  const params = new URLSearchParams();
  if (req.query) params.set("q", req.query.norm);
  if (req.types) params.set("type", req.types.join(","));
  if (req.limit !== DEFAULT_LIMIT) params.set("limit", String(req.limit));
  params.set("cursor", cursor);
  // The type list's commas as written (no other value holds one): ?type=phone,tablet.
  return `?${params}`.replace(/%2C/g, ",");
}

export interface PageResult {
  page: KeyPage;
  nextCursor: string | null;
}

export function pageResult(index: ListIndex, req: ListRequest): PageResult {
  const page = pageKeys(index, req);
  const last = page.keys[page.keys.length - 1];
  return { page, nextCursor: page.more && last ? encodeCursor(req.query, last, req.types) : null };
}

/** Where an item text (`JSON.stringify(item, null, 2)`) gives its own `updated`: a raw line break only ever starts a line, and only a top-level member's line is indented by two spaces. */
const UPDATED_MEMBER = '\n  "updated": ';

/** The `updated` day of a list item text (a record document without its attribution), read without parsing the whole item. */
function updatedOf(item: string): string {
  const start = item.indexOf(UPDATED_MEMBER);
  if (start < 0) throw new Error('list item has no top-level "updated"');
  const from = start + UPDATED_MEMBER.length;
  const end = item.indexOf("\n", from);
  const value = item.slice(from, end < 0 ? undefined : end);
  return JSON.parse(value.endsWith(",") ? value.slice(0, -1) : value);
}

/** meta of a v1 page, for its item texts; every member is documented in docs/list.md#meta. */
export function pageMeta(header: ListIndex["header"], req: ListRequest, { page, nextCursor }: PageResult, items: string[]): ListMeta {
  const { site } = header;
  return {
    nextCursor,
    next: nextCursor ? `${urls(site).list()}${nextQuery(req, nextCursor)}` : null,
    limit: req.limit,
    total: page.total,
    query: req.query ? req.query.norm : null,
    type: req.types ? [...req.types] : null,
    order: req.query ? "exact-name-first" : "slug",
    updated: items.map(updatedOf).reduce<string | null>((max, d) => (max === null || d > max ? d : max), null),
    attribution: attribution(site),
  };
}

const indent = (json: string, by: string) => json.replaceAll("\n", `\n${by}`);

/**
 * The v1 page body from standalone item texts (each `JSON.stringify(item, null, 2)`):
 * byte for byte `JSON.stringify({ devices: items, meta }, null, 2) + "\n"`
 * (list.test.ts), without parsing or re-serializing the items.
 */
export function pageText(items: string[], meta: object): string {
  const array = items.length ? `[\n    ${items.map((t) => indent(t, "    ")).join(",\n    ")}\n  ]` : "[]";
  return `{\n  "${ITEMS}": ${array},\n  "meta": ${indent(JSON.stringify(meta, null, 2), "  ")}\n}\n`;
}

/** The legacy body: the bare array of the same items, `JSON.stringify(items, null, 2) + "\n"`. */
export function legacyText(items: string[]): string {
  return items.length ? `[\n  ${items.map((t) => indent(t, "  ")).join(",\n  ")}\n]\n` : "[]\n";
}

/**
 * The standalone item text of a device from its static record file: the record
 * document is the list item plus a last member, "attribution" (documents.ts),
 * so the item is the document cut before that member.
 */
export function itemFromDocument(doc: string): string {
  const cut = doc.lastIndexOf(',\n  "attribution": ');
  if (cut < 0 || !doc.endsWith("\n}\n") || doc.indexOf(',\n  "', cut + 1) >= 0) throw new Error("record file is not an item followed by its attribution");
  return `${doc.slice(0, cut)}\n}`;
}

// ---- Answers ----------------------------------------------------------------
