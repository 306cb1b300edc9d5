// The differential test (test/http/differential.ts) across the chain
// in-process, the preview and the Deno harness; test/netlify/netlify.test.ts
// adds netlify dev.
import { afterAll, beforeAll, inject } from "vitest";
import { startTarget, type HttpTarget } from "../helpers/targets.ts";
import { differentialTest } from "./differential.ts";

let fixture: HttpTarget[];
let list: HttpTarget[];
beforeAll(async () => {
  const names = ["chain", "preview", "deno"] as const;
  [fixture, list] = await Promise.all([
    Promise.all(names.map((n) => startTarget(n, inject("fixtureDist")))),
    Promise.all(names.map((n) => startTarget(n, inject("listDist")))),
  ]);
});
afterAll(() => Promise.all([...(fixture ?? []), ...(list ?? [])].map((t) => t.close())));

// Eight cases at a time: Deno answers one while this process serves the chain and the preview another.
differentialTest(() => ({ fixture, list }), 8);
