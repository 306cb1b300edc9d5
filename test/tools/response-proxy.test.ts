// Stoplight Prism's validating proxy (test/helpers/validating-proxy.ts) in
// front of the preview while the HTTP contract suites run (test/http/: the
// per-device endpoints and pages, the exports, the problems, and the list
// contract over the 300-record catalog). Their own tests run here once more,
// unchanged, through the proxy, and every endpoint of a build of data/ is
// requested through it too; then every exchange Prism checked against the
// build's OpenAPI document must be free of contract breaches
// (validating-proxy.ts contractBreaches).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { API } from "../../generator/contract/resources.ts";
import { filesIn, servePreview } from "../helpers/build.ts";
import { spread } from "../helpers/catalogs.ts";
import { mapConcurrent } from "../helpers/concurrency.ts";
import { socketTarget, type HttpTarget } from "../helpers/targets.ts";
import { contractBreaches, startValidatingProxy, type ValidatingProxy } from "../helpers/validating-proxy.ts";
import { exportsSuite } from "../http/exports.ts";
import { problemsSuite } from "../http/problems.ts";
import { recordsSuite } from "../http/records.ts";
import { listContract, publishedOf, walk } from "../list/contract.ts";

const proxies: ValidatingProxy[] = [];
/** The preview of `dist`, reached through Prism. */
async function throughPrism(dist: string): Promise<HttpTarget> {
  const upstream = await servePreview(dist);
  const proxy = await startValidatingProxy(upstream.url, dist);
  proxies.push(proxy);
  return socketTarget("preview", dist, proxy.url, async () => {
    await proxy.close();
    await upstream.close();
  });
}

let fixture: HttpTarget;
let list: HttpTarget;
beforeAll(async () => {
  [fixture, list] = await Promise.all([throughPrism(inject("fixtureDist")), throughPrism(inject("listDist"))]);
});
afterAll(() => Promise.all([fixture?.close(), list?.close()]));

describe("records, evidence and pages, through Prism", () => recordsSuite(() => fixture));
describe("exports, through Prism", () => exportsSuite(() => fixture));
describe("problems, through Prism", () => problemsSuite(() => fixture));
describe("the list contract, through Prism", () => listContract(() => list));

/** Records whose endpoints are requested through Prism (each answer passes its schema check): all of a smaller catalog. */
const RECORDS_CHECKED = 200;
/** Requests under way at once: Prism checks one answer while the preview serves the next. */
const CONCURRENT_REQUESTS = 8;
let data: HttpTarget;
beforeAll(async () => {
  data = await throughPrism(inject("dataDist"));
});
afterAll(() => data?.close());
describe("every endpoint of the data/ build, through Prism", () => {
  it("answers each record, its evidence, badge and calendar, the list walk, the dataset and its years, the feeds and the descriptions", async () => {
    const slugs = publishedOf(data.dist).map((r) => r.slug);
    const years = filesIn(path.join(data.dist, path.dirname(API.datasetYear.file({ year: "2000" })))).map((f) => f.replace(/\.csv$/, ""));
    const paths = [
      ...spread(slugs, RECORDS_CHECKED).flatMap((slug) => [
        `/api/v1/devices/${slug}`,
        `/api/v1/devices/${slug}/evidence`,
        `/api/v1/badge/${slug}`,
        `/api/v1/calendar/${slug}.ics`,
      ]),
      ...years.map((year) => `/api/v1/dataset?year=${year}`),
      "/api/v1/dataset",
      "/feed.xml",
      "/support-calendar.ics",
      "/api/v1/openapi.json",
      "/api/v1/schema/device-record.json",
      "/api/devices?limit=100",
    ];
    await mapConcurrent(paths, CONCURRENT_REQUESTS, async (p) => {
      const res = await data.fetch(p);
      await res.arrayBuffer();
      expect(res.status, p).toBe(200);
    });
    expect((await walk(data, { limit: "7" })).slugs).toEqual([...slugs].sort());
  }, 180_000); // about 1,000 requests through Prism: some ten seconds alone, far more beside the other suites on a loaded machine
});

describe("Prism's validating proxy", () => {
  it("found no response that breaks the OpenAPI document, and no request it refuses that the server took", () => {
    const exchanges = proxies.reduce((n, p) => n + p.exchanges(), 0);
    console.log(`prism: ${exchanges} exchanges through ${proxies.length} proxies; ${proxies.flatMap((p) => p.findings).length} with a finding`);
    expect(exchanges).toBeGreaterThan(300);
    expect(contractBreaches(proxies.flatMap((p) => p.findings))).toEqual([]);
  });
});
