// The JSON Schema of an OS release file (data/os/<os>.json), generated from
// its zod schema (os-release.ts) for curators' editors, as the device
// record's is (json-schema.ts); npm run schema writes it.
import path from "node:path";
import { z } from "zod";
import { OsReleaseFile } from "./os-release.ts";
import { jsonText } from "../contract/json-text.ts";

export const osReleaseJsonSchema = () => ({
  ...z.toJSONSchema(OsReleaseFile, { target: "draft-2020-12", io: "input" }),
  title: "OS release records of one operating system",
});

export const OS_RELEASE_SCHEMA_PATH = path.resolve(import.meta.dirname, "../../data/os-release.schema.json");

export const osReleaseSchemaText = () => jsonText(osReleaseJsonSchema());
