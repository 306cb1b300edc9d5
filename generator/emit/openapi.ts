// The OpenAPI description of the API.
import { buildOpenApi } from "./openapi-document.ts";
import { API } from "../contract/resources.ts";
import type { Emitter } from "./context.ts";

export const openApiFile: Emitter = {
  name: "openapi",
  emit({ site, out }) {
    out.json(API.openapi.file({}), buildOpenApi(site));
  },
};
