// The record JSON Schema for consumers, under /api/v1/schema/.
import { deviceRecordJsonSchema } from "../schema/json-schema.ts";
import { urls } from "../derive/site.ts";
import type { Emitter } from "./context.ts";

export const schemaFile: Emitter = {
  name: "schema",
  emit({ site, out }) {
    out.json("api/v1/schema/device-record.json", deviceRecordJsonSchema(urls(site).schema()));
  },
};
