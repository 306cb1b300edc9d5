// The OS release files' JSON Schema as an editor reads it: a JSON Schema
// 2020-12 validator (ajv, strict) takes every imported file as written and
// refuses a broken one; the committed copy is current.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { OS_RELEASE_SCHEMA_PATH, osReleaseJsonSchema, osReleaseSchemaText } from "./os-release-json-schema.ts";

const ajv = new Ajv2020({ strict: true, allErrors: true });
ajvFormats.default(ajv);
const validate = ajv.compile(osReleaseJsonSchema());
const DIR = path.resolve(import.meta.dirname, "../../data/os");
const FILES = readdirSync(DIR).filter((f) => f.endsWith(".json"));
const file = (name: string) => JSON.parse(readFileSync(path.join(DIR, name), "utf8"));
const errors = (value: unknown) => (validate(value) ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message}`));

describe("osReleaseJsonSchema", () => {
  it.each(FILES)("accepts data/os/%s as written", (name) => expect(errors(file(name))).toEqual([]));

  it("refuses an edition family that does not exist and a release without its security statement", () => {
    const f = file("windows.json");
    f.releases[0].edition = "workstation";
    delete f.releases[1].security;
    expect(errors(f)).toEqual(
      expect.arrayContaining(["/releases/0/edition must be equal to one of the allowed values", "/releases/1 must have required property 'security'"]),
    );
  });

  it("is committed as generated (npm run schema)", () => {
    expect(readFileSync(OS_RELEASE_SCHEMA_PATH, "utf8")).toBe(osReleaseSchemaText());
  });
});
