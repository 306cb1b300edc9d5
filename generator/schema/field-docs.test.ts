// The record field reference (field-docs.ts, docs/record-fields.md): one row
// per field of the zod schema, nested ones by their path, with its type, whether
// a curator must write it, and its meaning. That the committed file is current:
// record.test.ts.
import type { z } from "zod";
import { describe, expect, it } from "vitest";
import { API } from "../contract/resources.ts";
import {
  Caveat,
  Commitment,
  DeviceRecord,
  Identifier,
  OsVersions,
  PartialDate,
  RecallReview,
  Repairability,
  Revision,
  Scope,
  Source,
  Variant,
} from "./record.ts";
import { fieldDocsText } from "./field-docs.ts";

const text = fieldDocsText();
/** The table's rows, each split on the cell separators (an escaped "\|" stays inside its cell). */
const rows = text
  .split("\n")
  .filter((line) => line.startsWith("| `"))
  .map((line) => line.split(/(?<!\\)\|/).map((cell) => cell.trim()));
const byField = new Map(rows.map((cells) => [cells[1]!.slice(1, -1), { type: cells[2]!, required: cells[3]!, meaning: cells[4]! }]));

describe("fieldDocsText", () => {
  it("is a table of four cells a row, one row per field", () => {
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((cells) => cells.length !== 6)).toEqual([]);
    expect(byField.size).toBe(rows.length);
    expect(text).toContain("| Field | Type | Required | Meaning |");
    expect(text).toContain(`\`${API.recordSchema.path}\``);
    expect(text.endsWith("|\n")).toBe(true);
  });

  it.each<[string, z.ZodObject]>([
    ["", DeviceRecord as unknown as z.ZodObject],
    ["released", PartialDate as unknown as z.ZodObject],
    ["osVersions[]", OsVersions as unknown as z.ZodObject],
    ["variants[]", Variant],
    ["variants[].identifiers[]", Identifier],
    ["caveats[]", Caveat],
    ["caveats[].scope", Scope],
    ["support.os[]", Commitment as unknown as z.ZodObject],
    ["support.os[].scope", Scope],
    ["support.os[].lastUpdate", PartialDate as unknown as z.ZodObject],
    ["support.security[]", Commitment as unknown as z.ZodObject],
    ["support.security[].minimum", PartialDate as unknown as z.ZodObject],
    ["evidence.sources[]", Source as unknown as z.ZodObject],
    ["evidence.recallReview[]", RecallReview as unknown as z.ZodObject],
    ["evidence.repairability[]", Repairability as unknown as z.ZodObject],
    ["evidence.revisions[]", Revision as unknown as z.ZodObject],
  ])("lists every field of %j", (prefix, schema) => {
    const fields = Object.keys(schema.shape).map((key) => (prefix ? `${prefix}.${key}` : key));
    expect(fields.length).toBeGreaterThan(1);
    expect(fields.filter((f) => !byField.has(f))).toEqual([]);
  });

  it("lists each publication state's fields once, under publication", () => {
    expect([...byField.keys()].filter((f) => f.startsWith("publication"))).toEqual([
      "publication",
      "publication.state",
      "publication.note",
      "publication.reason",
      "publication.withdrawnOn",
      "publication.replacedBy",
    ]);
  });

  it.each([
    ["slug", "string"],
    ["deviceType", '"phone" \\| "tablet" \\| "laptop" \\| "chromebook" \\| "wearable" \\| "other"'],
    ["aliases", "array of string"],
    ["publication", "one of the shapes below"],
    ["publication.state", '"published" \\| "draft" \\| "withdrawn"'],
    ["released", "object"],
    ["released.precision", '"day" \\| "month" \\| "quarter" \\| "year" \\| "unknown"'],
    ["osVersions", "array of object"],
    ["variants[].identifiers[].kind", '"model-number" \\| "hardware-identifier" \\| "codename" \\| "sku" \\| "board" \\| "hwid-pattern"'],
    // A boolean that can only be true: written as the JSON value, never as the string "true", which the schema refuses.
    ["variants[].identifiers[].shared", "true"],
    ["support.os[].ended", "true"],
    ["support.security[].ended", "true"],
    ["evidence.recallReview[].result", '"no-match-on-date" \\| "match"'],
  ])("gives %s the type %s", (field, type) => expect(byField.get(field)?.type).toBe(type));

  it.each([
    ["slug", "yes"],
    ["name", "yes"],
    ["aliases", "no"],
    ["osVersions", "no"],
    ["publication.reason", "yes"],
    ["publication.note", "no"],
    ["released.value", "no"],
    ["released.precision", "yes"],
    ["support.os[].end", "no"],
    ["support.os[].meaning", "yes"],
    ["evidence.sources[].checked", "no"],
    ["evidence.revisions", "yes"],
  ])("says whether %s is required: %s", (field, required) => expect(byField.get(field)?.required).toBe(required));

  it.each([
    ["name", "Display name."],
    ["released", "First availability; support cannot end before it."],
    ["publication.withdrawnOn", "A calendar day, YYYY-MM-DD."],
    ["evidence.revisions[].reason", "Why it changed."],
    ["manufacturer", ""],
  ])("gives %s its meaning from the schema: %j", (field, meaning) => expect(byField.get(field)?.meaning).toBe(meaning));
});
