// What is generated from the zod schema and committed stays current.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { curatorSchemaText, CURATOR_SCHEMA_PATH } from "./json-schema.ts";
import { fieldDocsText, FIELD_DOCS_PATH } from "./field-docs.ts";

it("data/device-record.schema.json matches the zod schema (run npm run schema)", () => {
  expect(readFileSync(CURATOR_SCHEMA_PATH, "utf8")).toBe(curatorSchemaText());
});

it("docs/record-fields.md matches the zod schema (run npm run schema)", () => {
  expect(readFileSync(FIELD_DOCS_PATH, "utf8")).toBe(fieldDocsText());
});

it("the published JSON Schema keeps precision and minimum commitments apart from ends", () => {
  const schema = JSON.parse(curatorSchemaText());
  const commitment = schema.properties.support.properties.security.items.properties;
  expect(Object.keys(commitment)).toEqual(expect.arrayContaining(["end", "minimum", "meaning", "evidenceLevel", "scope"]));
  expect(commitment.minimum.description).toMatch(/never converted/i);
});
