// Every output family, in the order the build runs them. To add an output,
// write an Emitter in its own module and list it here.
import type { Emitter } from "./context.ts";
import { apiRecords } from "./api-records.ts";
import { schemaFile } from "./schema.ts";
import { netlifyRules } from "./netlify.ts";
import { pages } from "./pages.ts";

export const emitters: Emitter[] = [apiRecords, schemaFile, netlifyRules, pages];
