// npm run schema: regenerate what is derived from the zod schema and
// committed: data/device-record.schema.json (curators' editors validate data
// files against it through "$schema"), docs/record-fields.md, and
// data/os-release.schema.json (the OS release files'). A test fails
// when either is out of date.
import { writeFileSync } from "node:fs";
import { curatorSchemaText, CURATOR_SCHEMA_PATH } from "../schema/json-schema.ts";
import { fieldDocsText, FIELD_DOCS_PATH } from "../schema/field-docs.ts";
import { OS_RELEASE_SCHEMA_PATH, osReleaseSchemaText } from "../schema/os-release-json-schema.ts";

writeFileSync(CURATOR_SCHEMA_PATH, curatorSchemaText());
writeFileSync(FIELD_DOCS_PATH, fieldDocsText());
writeFileSync(OS_RELEASE_SCHEMA_PATH, osReleaseSchemaText());
console.log(`[schema] wrote ${CURATOR_SCHEMA_PATH}, ${FIELD_DOCS_PATH} and ${OS_RELEASE_SCHEMA_PATH}`);
