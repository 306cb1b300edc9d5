// npm run schema: regenerate what is derived from the zod schema and
// committed: data/device-record.schema.json (curators' editors validate data
// files against it through "$schema") and docs/record-fields.md. A test fails
// when either is out of date.
import { writeFileSync } from "node:fs";
import { curatorSchemaText, CURATOR_SCHEMA_PATH } from "../schema/json-schema.ts";
import { fieldDocsText, FIELD_DOCS_PATH } from "../schema/field-docs.ts";

writeFileSync(CURATOR_SCHEMA_PATH, curatorSchemaText());
writeFileSync(FIELD_DOCS_PATH, fieldDocsText());
console.log(`[schema] wrote ${CURATOR_SCHEMA_PATH} and ${FIELD_DOCS_PATH}`);
