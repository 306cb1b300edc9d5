// The record's JSON Schema (json-schema.ts), as curators' editors and API
// consumers read it: a JSON Schema 2020-12 validator (ajv, strict) takes every
// fixture record file as written and refuses a broken one. The rules JSON
// Schema cannot say (dates against their precision, sources named, the
// catalog's rules) are the validator's: load/validate.ts, docs/record-rules.md.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import ajvFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { FIXTURE_DEVICES } from "../../test/helpers/records.ts";
import { curatorSchemaText, deviceRecordJsonSchema } from "./json-schema.ts";

type Json = Record<string, any>;

const ajv = new Ajv2020({ strict: true, allErrors: true });
ajvFormats.default(ajv);
const validate = ajv.compile(deviceRecordJsonSchema());
const FILES = readdirSync(FIXTURE_DEVICES).filter((f) => f.endsWith(".json"));
const file = (name: string): Json => JSON.parse(readFileSync(path.join(FIXTURE_DEVICES, name), "utf8"));
/** Where ajv says a record is wrong, e.g. "/support/os/0/ended must be boolean". */
const errors = (record: unknown) => (validate(record) ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message}`));

describe("deviceRecordJsonSchema", () => {
  it.each(FILES)("accepts the fixture record %s as written", (name) => {
    expect(errors(file(name))).toEqual([]);
  });

  it.each<[string, (r: Json) => void, string]>([
    ["without a name", (r) => delete r.name, " must have required property 'name'"],
    ["with an unknown field", (r) => (r.colour = "red"), " must NOT have additional properties"],
    ["with a device type not in the list", (r) => (r.deviceType = "toaster"), "/deviceType must be equal to one of the allowed values"],
    ["with a slug in capitals", (r) => (r.slug = "Alpha_Phone"), "/slug must match pattern"],
    [
      "with an unknown precision",
      (r) => (r.released = { value: "2030-10", precision: "weekly" }),
      "/released/precision must be equal to one of the allowed values",
    ],
    ["with ended written as a string", (r) => (r.support.security[0].ended = "true"), "/support/security/0/ended must be boolean"],
    ["with ended false (only true is written)", (r) => (r.support.os[0].ended = false), "/support/os/0/ended must be equal to constant"],
    ["without a variant", (r) => (r.variants = []), "/variants must NOT have fewer than 1 items"],
    ["with a region that is no code", (r) => (r.variants[0].regions = ["usa"]), "/variants/0/regions/0 must match pattern"],
    ["without a security commitment", (r) => (r.support.security = []), "/support/security must NOT have fewer than 1 items"],
    [
      "with a withdrawal without its reason",
      (r) => (r.publication = { state: "withdrawn", withdrawnOn: "2026-01-01" }),
      "/publication must have required property 'reason'",
    ],
    ["without a revision", (r) => (r.evidence.revisions = []), "/evidence/revisions must NOT have fewer than 1 items"],
  ])("refuses a record %s", (_, breakIt, error) => {
    const record = file("alpha-phone.json");
    breakIt(record);
    expect(errors(record).join("\n")).toContain(error);
  });

  it("refuses a record that is not an object at all", () => {
    expect(errors([])).toEqual([" must be object"]);
  });

  it.each([
    ["served under the API", "https://api.devices.example/api/v1/schema/device-record.json"],
    ["committed for curators", undefined],
  ])("names itself when %s", (_, id) => {
    const schema = deviceRecordJsonSchema(id);
    expect(schema.$id).toBe(id);
    expect(schema.title).toBe("Device lifecycle record");
    expect(schema.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
  });

  it("is committed for curators as the same schema, two-space indented, ending in a newline", () => {
    const text = curatorSchemaText();
    expect(JSON.parse(text)).toEqual(deviceRecordJsonSchema());
    expect(text.startsWith('{\n  "$schema": ')).toBe(true);
    expect(text.endsWith("}\n")).toBe(true);
  });
});
