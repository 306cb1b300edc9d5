// The JSON Schema of a device record, generated from the zod schema: served
// to consumers under /api/v1/schema/ and committed for curators' editors.
import path from "node:path";
import { z } from "zod";
import { DeviceRecord } from "./record.ts";
import { jsonText } from "../contract/json-text.ts";

export function deviceRecordJsonSchema(id?: string) {
  return {
    ...z.toJSONSchema(DeviceRecord, { target: "draft-2020-12", io: "input" }),
    ...(id ? { $id: id } : {}),
    title: "Device lifecycle record",
  };
}

export const CURATOR_SCHEMA_PATH = path.resolve(import.meta.dirname, "../../data/device-record.schema.json");

export const curatorSchemaText = () => jsonText(deviceRecordJsonSchema());
