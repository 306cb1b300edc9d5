// The record JSON Schema for consumers.
import { deviceRecordJsonSchema } from "../schema/json-schema.ts";
import { urls } from "../derive/site.ts";
import { API } from "../contract/resources.ts";
import type { Emitter } from "./context.ts";

export const schemaFile: Emitter = {
  name: "schema",
  emit({ site, out }) {
    out.json(API.recordSchema.file({}), deviceRecordJsonSchema(urls(site).schema()));
  },
};
