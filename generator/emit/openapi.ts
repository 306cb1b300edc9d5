// The OpenAPI description of the API, under /api/v1/.
import { buildOpenApi, OPENAPI_PATH } from "../schema/openapi.ts";
import type { Emitter } from "./context.ts";

export const openApiFile: Emitter = {
  name: "openapi",
  emit({ site, out }) {
    out.json(OPENAPI_PATH.slice(1), buildOpenApi(site));
  },
};
