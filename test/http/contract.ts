// The one HTTP contract suite, for any target (test/helpers/targets.ts):
// records and evidence, the identifier lookup, the OS releases, exports (dataset, badge, feed, calendars), the list,
// search and legacy endpoint, problems, conditional requests, CORS and
// methods, headers, and (where our code enforces it) the rate limit. One
// test file per target runs it: test/http/{chain,preview,deno}.test.ts and
// test/netlify/netlify.test.ts.
import { afterAll, beforeAll, describe, inject } from "vitest";
import { netlifyOrigins, socketTarget, startTarget, type HttpTarget, type TargetName } from "../helpers/targets.ts";
import { listContract } from "../list/contract.ts";
import { conditionalSuite } from "./conditional.ts";
import { exportsSuite } from "./exports.ts";
import { headersSuite } from "./headers.ts";
import { identifiersSuite } from "./identifiers.ts";
import { methodsSuite } from "./methods.ts";
import { osReleasesSuite } from "./os-releases.ts";
import { problemsSuite } from "./problems.ts";
import { rangesSuite } from "./ranges.ts";
import { rateLimitSuite } from "./rate-limit.ts";
import { recordsSuite } from "./records.ts";

/** The fixture catalog's and the 300-record catalog's targets, and a rate-limited one where our code enforces the limit. */
export async function startTargets(name: TargetName): Promise<{ fixture: HttpTarget; list: HttpTarget; limited: HttpTarget | null }> {
  const [fixtureDist, listDist] = [inject("fixtureDist"), inject("listDist")];
  if (name === "netlify") {
    const origins = netlifyOrigins();
    if (!origins) throw new Error("the Netlify target needs netlify dev: run npm run test:netlify");
    return { fixture: socketTarget(name, fixtureDist, origins.fixture), list: socketTarget(name, listDist, origins.list), limited: null };
  }
  const [fixture, list, limited] = await Promise.all([
    startTarget(name, fixtureDist),
    startTarget(name, listDist),
    startTarget(name, fixtureDist, { rateLimit: true }),
  ]);
  return { fixture, list, limited };
}

export function httpContract(name: TargetName) {
  let t: Awaited<ReturnType<typeof startTargets>>;
  beforeAll(async () => {
    t = await startTargets(name);
  });
  afterAll(async () => {
    await Promise.all([t?.fixture.close(), t?.list.close(), t?.limited?.close()]);
  });

  describe(`${name}: records, evidence and pages`, () => recordsSuite(() => t.fixture));
  describe(`${name}: exports`, () => exportsSuite(() => t.fixture));
  describe(`${name}: identifiers`, () => identifiersSuite(() => t.fixture));
  describe(`${name}: OS releases`, () => osReleasesSuite(() => t.fixture));
  describe(`${name}: list, search and the legacy endpoint`, () => listContract(() => t.list));
  describe(`${name}: problems`, () => problemsSuite(() => t.fixture));
  describe(`${name}: conditional requests and HEAD`, () =>
    conditionalSuite(
      () => t.fixture,
      () => t.list,
    ));
  describe(`${name}: lengths and byte ranges`, () =>
    rangesSuite(
      () => t.fixture,
      () => t.list,
    ));
  describe(`${name}: CORS and methods`, () => methodsSuite(() => t.fixture));
  describe(`${name}: headers`, () => headersSuite(() => t.fixture));
  // netlify dev does not emulate config.rateLimit; only real Netlify enforces it there (docs/list.md#rate-limit).
  if (name !== "netlify") describe(`${name}: rate limit`, () => rateLimitSuite(() => t.limited!));
}
