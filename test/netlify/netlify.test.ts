// The Netlify target: the HTTP contract suite against `netlify dev --offline`,
// and the differential test across all four targets. Run by test/netlify/run.ts
// (npm run test:netlify), which starts netlify dev and passes its addresses.
import { afterAll, beforeAll, describe, inject } from "vitest";
import { netlifyOrigins, socketTarget, startTarget, type HttpTarget } from "../helpers/targets.ts";
import { httpContract } from "../http/contract.ts";
import { differentialTest } from "../http/differential.ts";

httpContract("netlify");

describe("the differential test across the chain, the preview, Deno and netlify dev", () => {
  let fixture: HttpTarget[];
  let list: HttpTarget[];
  beforeAll(async () => {
    const origins = netlifyOrigins()!;
    const names = ["chain", "preview", "deno"] as const;
    const [fixtureDist, listDist] = [inject("fixtureDist"), inject("listDist")];
    const [ours, oursList] = await Promise.all([
      Promise.all(names.map((n) => startTarget(n, fixtureDist))),
      Promise.all(names.map((n) => startTarget(n, listDist))),
    ]);
    fixture = [...ours, socketTarget("netlify", fixtureDist, origins.fixture)];
    list = [...oursList, socketTarget("netlify", listDist, origins.list)];
  });
  afterAll(() => Promise.all([...(fixture ?? []), ...(list ?? [])].map((t) => t.close())));

  differentialTest(() => ({ fixture, list }));
});
