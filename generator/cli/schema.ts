// npm run schema: regenerate data/device-record.schema.json, the JSON Schema
// curators' editors validate data files against (each file's "$schema").
// A test fails when the committed file is out of date with the zod schema.
import { writeFileSync } from "node:fs";
import { curatorSchemaText, CURATOR_SCHEMA_PATH } from "../schema/json-schema.ts";

writeFileSync(CURATOR_SCHEMA_PATH, curatorSchemaText());
console.log(`[schema] wrote ${CURATOR_SCHEMA_PATH}`);
