// The JSON Schema of a device record, generated from the zod schema.
import { z } from "zod";
import { DeviceRecord } from "./record.ts";

export function deviceRecordJsonSchema(id: string) {
  return {
    ...z.toJSONSchema(DeviceRecord, { target: "draft-2020-12", io: "input" }),
    $id: id,
    title: "Device lifecycle record",
  };
}
