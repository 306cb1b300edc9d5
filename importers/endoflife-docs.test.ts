// docs/import.md is generated from the importer's tables (the phrasing
// table and the per-file mapping), so the page says exactly what the code
// applies: the committed page must be what the generator writes now.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { importDocsText, IMPORT_DOCS_PATH } from "./endoflife-docs.ts";

it("docs/import.md is generated from the importer's table (run npm run import -- docs)", () => {
  expect(readFileSync(IMPORT_DOCS_PATH, "utf8")).toBe(importDocsText());
});
